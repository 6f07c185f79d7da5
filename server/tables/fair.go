package tables

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"okey/game/classic"
	"okey/game/format"
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

// drawSeal draws a match's seed, salt and bots' key from r (the
// format makes the seal of them: game/format's SealFrom).
func drawSeal(r io.Reader) (format.Seal, error) {
	if r == nil {
		return format.Seal{}, errors.New("drawing a seed: no source of randomness")
	}
	var b [format.SealBytes]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return format.Seal{}, fmt.Errorf("drawing a seed: %w", err)
	}
	return format.SealFrom(b), nil
}

// header is a saved record's seed and meta, as both games' headers
// carry them (zero values for a header that cannot be read).
func header(record []byte) (uint64, map[string]string) {
	head, _, _ := bytes.Cut(record, []byte{'\n'})
	var h struct {
		Seed uint64            `json:"seed"`
		Meta map[string]string `json:"meta"`
	}
	if err := json.Unmarshal(head, &h); err != nil {
		return 0, nil
	}
	return h.Seed, h.Meta
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

// ErrNotOver is a record whose match is not over.
var ErrNotOver = errors.New("the record's match is not over")

// RecordResults are the seats' results a finished one-hand match's
// record ends with, in its game's measure, more being better (a
// duplicate round's table's, scored against the field), as its game's
// referee replaying it says: what a duplicate tournament's field scores
// are recounted from. ErrNotOver: the record's match is not over, or
// has no one hand's outcome.
func RecordResults(gameName string, record []byte) ([classic.NumSeats]int, error) {
	ref, err := replayed(gameName, record)
	if err != nil {
		return [classic.NumSeats]int{}, err
	}
	o, ok := ref.Outcome()
	if _, _, over := ref.Standings(); !ok || !over {
		return [classic.NumSeats]int{}, ErrNotOver
	}
	return o.Results(), nil
}

// RecordPlaces are the places a finished match's record ends with, as
// its game's referee replaying it says (1 to 4, equal for a tie): what
// a tournament's standings are recounted from.
func RecordPlaces(gameName string, record []byte) ([classic.NumSeats]int, error) {
	ref, err := replayed(gameName, record)
	if err != nil {
		return [classic.NumSeats]int{}, err
	}
	places, _, ok := ref.Standings()
	if !ok {
		return places, ErrNotOver
	}
	return places, nil
}

// replayed is the referee of gameName's record, replayed.
func replayed(gameName string, record []byte) (referee, error) {
	k, ok := FindKind(gameName)
	if !ok {
		return nil, fmt.Errorf("game %q: not offered here", gameName)
	}
	return k.restore(record)
}
