package tables

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"okey/game/fair"
)

// Fair deals. Every match's seed is drawn from the server's source of
// randomness (crypto/rand unless a test gives another), with a salt of
// its own; the table shows every seat and watcher the commitment to
// them (package game/fair) from the first deal, and writes the
// commitment and the salt in the record's meta. The seed and salt reach
// no session before the match is over: then the seats are shown them,
// and "record TABLE", run over ssh, prints the record of the table's
// last finished match — never of a match in play, which would give its
// deals away — for okey verify to check.

// DefaultRandom is where seeds and salts come from unless Config.Random
// says otherwise.
var DefaultRandom io.Reader = rand.Reader

// seal is a match's secret, the seed and the salt, and the commitment
// to them that is shown.
type seal struct {
	seed   uint64
	salt   []byte
	commit fair.Commitment
	// botKey keys the bots' random sources for the match: drawn beside
	// the seed, never from it, so that nothing a bot does is a function
	// of the deals' secret.
	botKey uint64
	// none: the match has no commitment (begun before the server made
	// them, restored from its record).
	none bool
}

// drawSeal draws a match's seed and salt from r.
func drawSeal(r io.Reader) (seal, error) {
	if r == nil {
		return seal{}, errors.New("drawing a seed: no source of randomness")
	}
	var b [8 + fair.SaltLen + 8]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return seal{}, fmt.Errorf("drawing a seed: %w", err)
	}
	s := seal{seed: binary.BigEndian.Uint64(b[:8]), salt: b[8 : 8+fair.SaltLen], botKey: binary.BigEndian.Uint64(b[8+fair.SaltLen:])}
	s.commit = fair.Commit(s.seed, s.salt)
	return s, nil
}

// addTo writes the commitment and the salt into a record's meta.
func (s seal) addTo(meta map[string]string) {
	for k, v := range fair.Meta(s.seed, s.salt) {
		meta[k] = v
	}
}

// sealOf is the seal a saved record carries in its header (both games'
// headers have the seed and the meta), for a table restored after a
// restart; a record without a commitment gives a seal marked none.
func sealOf(record []byte) seal {
	head, _, _ := bytes.Cut(record, []byte{'\n'})
	var h struct {
		Seed uint64            `json:"seed"`
		Meta map[string]string `json:"meta"`
	}
	if err := json.Unmarshal(head, &h); err != nil {
		return seal{none: true}
	}
	c, err := fair.Check(h.Seed, h.Meta)
	if err != nil {
		return seal{none: true}
	}
	salt, _ := hex.DecodeString(h.Meta[fair.MetaSalt])
	return seal{seed: h.Seed, salt: salt, commit: c}
}

// RecordOver reports whether record, a match of the game named
// gameName, is of a match that is over: only then may it be given out
// (its header holds the seed that decides the deals), by any node.
func RecordOver(gameName string, record []byte) bool {
	k, ok := FindKind(gameName)
	if !ok || len(record) == 0 {
		return false
	}
	ref, err := k.restore(record)
	if err != nil {
		return false
	}
	st, _ := ref.Stage()
	return st == stMatchOver
}
