package record

import (
	"bytes"
	"encoding/json"
	"fmt"

	"okey/game"
)

// The keys of a header's meta that say a match's format, each written
// by the package that plays the format (game/daily, game/duplicate) and
// read here, where every reader of a record finds them: a hand of the
// local daily, a hand of okey serve's daily, a hand of a duplicate
// table. A record with none is an ordinary match.
const (
	MetaDaily       = "daily"
	MetaServedDaily = "daily_served"
	MetaDuplicate   = "duplicate"
)

// Format is the format of play a record's match belongs to.
type Format uint8

// The formats a header can name.
const (
	// Match is an ordinary match, local or served.
	Match Format = iota
	// Daily is a hand of the local daily (its seed is the date's).
	Daily
	// ServedDaily is a hand of okey serve's daily (its seed the day's
	// secret's, committed to).
	ServedDaily
	// Duplicate is a hand of a duplicate table (the first hand of a
	// match of its own).
	Duplicate
)

var formatNames = [...]string{Match: "match", Daily: "daily", ServedDaily: "served daily", Duplicate: "duplicate"}

// String is the format's name, as a message says it.
func (f Format) String() string { return game.EnumName(formatNames[:], f, "format") }

// Header is what a record's first line says of its match: which game,
// the version of the record format it is written in, and the meta the
// program that wrote it kept (which names the format).
type Header struct {
	// Kind is the game; a header that names none is classic Okey's
	// (its records named no game before both games' records did).
	Kind    game.Kind
	Version int
	Meta    map[string]string
}

// Format is the format the header's meta names: a served daily's hand,
// a daily's, a duplicate table's, or else an ordinary match.
func (h Header) Format() Format {
	switch {
	case h.has(MetaServedDaily):
		return ServedDaily
	case h.has(MetaDaily):
		return Daily
	case h.has(MetaDuplicate):
		return Duplicate
	}
	return Match
}

func (h Header) has(key string) bool {
	_, ok := h.Meta[key]
	return ok
}

// probe is the part of a header every reader reads first.
type probe struct {
	Okey    string `json:"okey"`
	Version int    `json:"version"`
	Game    string `json:"game"`
}

// readProbe reads the game and version of a header line: ErrCorrupt
// when line is no record's header.
func readProbe(line []byte) (probe, error) {
	var p probe
	if err := json.Unmarshal(line, &p); err != nil || p.Okey != "record" {
		return p, fmt.Errorf("%w: line 1 is not a record header", ErrCorrupt)
	}
	if p.Game == "" {
		p.Game = string(game.Classic)
	}
	return p, nil
}

// ReadHeader reads the header of record b (the whole record or its
// first line alone), the one place a record's game and format are read
// from: ErrCorrupt when its first line is no record's header, ErrGame
// (with Kind the name written) when it names a game this program does
// not know. It checks neither the version nor the meta's form (a
// record's Unmarshal does), nor anything past the first line.
func ReadHeader(b []byte) (Header, error) {
	line, _, _ := bytes.Cut(b, []byte{'\n'})
	p, err := readProbe(line)
	if err != nil {
		return Header{}, err
	}
	var m struct {
		Meta map[string]string `json:"meta"`
	}
	_ = json.Unmarshal(line, &m) // a meta that does not read names no format; Unmarshal refuses it
	h := Header{Kind: game.Kind(p.Game), Version: p.Version, Meta: m.Meta}
	if _, err := game.ParseKind(p.Game); err != nil {
		return h, fmt.Errorf("%w: a record of the game %q: %w", ErrGame, p.Game, err)
	}
	return h, nil
}
