// Package record is the match record both games keep, written once:
// its framing (JSON Lines: a header, the first deal, then each action
// with the next deal after every action that deals a hand), its header
// (ReadHeader, the one reader of which game and which format a record
// is), the ways a record is refused, Game, a match being played with
// its record kept alongside, Replay, which plays a record from the
// start and checks it deals as written, and Read, which takes a record
// from a stream and stops at the first line that cannot belong to it.
//
// What a rules set, an action and a deal hold is each game's own: a
// game describes them to this package with a Spec, a type of no size
// whose methods say how to start a match, write and read an action and
// compare deals, and names Record and Game as aliases of this package's
// types under its Spec (classic.Record, okey101.Record, …). A user of
// one game imports only that game.
//
// The files:
//
//	record.go  Spec, Record (its header line, Marshal, Unmarshal), the errors
//	header.go  Header, ReadHeader: a record's game, version, meta and Format
//	game.go    Game (a state with its record), Apply, Replay
//	stream.go  Read, a record from an io.Reader with each batch of lines
//	           replayed as it comes (a game's Record.Follower); its limits
//
// It reads no file: Read takes an io.Reader its caller opened.
package record

import (
	"encoding/json"
	"errors"
	"fmt"

	"okey/game"
	"okey/game/internal/jsonl"
)

// Version is the version of the record format both games write:
// version 2 derives each hand's deal from the seed through SHA-256
// (rng.DerivedByHash), version 1 through an invertible mix. A record of
// version 1 is still read and replays as it was dealt; a record of a
// version above this one is refused with ErrVersion.
const Version = 2

// OldestVersion is the oldest version still read.
const OldestVersion = 1

// The ways a record can be refused, the same for both games; test with
// errors.Is.
var (
	ErrCorrupt  = errors.New("damaged match record")
	ErrVersion  = errors.New("match record of an unknown version")
	ErrGame     = errors.New("match record of another game")
	ErrMismatch = errors.New("match record does not replay as written")
)

// State is what a game's match state does for its record: play an
// action (the pure reducer) and say how its hand was dealt.
type State[S, A, E, D any] interface {
	Apply(a A) (S, []E, error)
	DealInfo() D
}

// Spec is what a game tells its record: a type of no size whose methods
// are the game's part of the record. R is the game's rules (which JSON
// carries as text), S its state, A an action, E an event and D how a
// hand was dealt (a deal line's JSON, with a "deal" key).
type Spec[R, S, A, E, D any] interface {
	// Kind is the game, as a record's header names it.
	Kind() game.Kind
	// Start is the first state of a match under rules and seed, its
	// deals derived from the seed as the record's version says.
	Start(rules R, seed uint64, version int) (S, error)
	// SameDeal reports whether the deal recorded, want, is the deal
	// replayed, got.
	SameDeal(want, got D) bool
	// StartsHand reports whether a deals a new hand (a deal line
	// follows its line).
	StartsHand(a A) bool
	// Keep is the copy of a a record keeps: a deep one where an action
	// holds slices, so the caller's may change.
	Keep(a A) A
	// ActionLine is a's line, newline included.
	ActionLine(a A) []byte
	// ParseAction reads an action's line; the error says what is wrong
	// with it (Unmarshal adds the line's number and ErrCorrupt).
	ParseAction(line []byte) (A, error)
}

// Record is a whole match as data: the rules, the seed and every action
// in order, plus how each hand was dealt (so that a replay can check it
// deals the same). Saving, resuming, replays and bug reports all use it.
//
// On disk it is JSON Lines, one object a line: a header that names the
// game (a header that names none is classic Okey's: ReadHeader)
//
//	{"okey":"record","version":2,"game":"classic","rules":"default","seed":42,"meta":{…}}
//
// then, in order, a line per deal and a line per action (each game's
// own, as its Record says):
//
//	{"deal":1,"dealer":2,"dice":[5,2],"indicator":"R4"}
//	{"a":"discard","s":3,"t":"K9"}
//	{"a":"draw","s":0}
//
// Appending a line per action keeps the file a valid record at every
// step.
type Record[G Spec[R, S, A, E, D], R any, S State[S, A, E, D], A, E, D any] struct {
	// Version is the record format's version the match is played
	// under, which decides how its deals come from the seed; 0 means
	// the version this package writes.
	Version int
	Rules   R
	Seed    uint64
	// Meta is free text for the program that wrote the record (player
	// names, bot levels, the fair-deal commitment); replaying ignores it.
	Meta    map[string]string
	Deals   []D
	Actions []A
}

type header[R any] struct {
	Okey    string            `json:"okey"`
	Version int               `json:"version"`
	Game    string            `json:"game"`
	Rules   R                 `json:"rules"`
	Seed    uint64            `json:"seed"`
	Meta    map[string]string `json:"meta,omitempty"`
}

// version is the record's format version, 0 read as today's.
func (r *Record[G, R, S, A, E, D]) version() int {
	if r.Version == 0 {
		return Version
	}
	return r.Version
}

// HeaderLine is the record's first line, newline included.
func (r *Record[G, R, S, A, E, D]) HeaderLine() []byte {
	var g G
	return jsonl.Line(header[R]{Okey: "record", Version: r.version(), Game: string(g.Kind()), Rules: r.Rules, Seed: r.Seed, Meta: r.Meta})
}

// Marshal writes the whole record as JSON Lines.
func (r *Record[G, R, S, A, E, D]) Marshal() []byte {
	var g G
	return jsonl.Write(r.HeaderLine(), r.Deals, r.Actions, g.StartsHand, g.ActionLine)
}

// DealLine is a deal's line, newline included.
func DealLine[D any](d D) []byte { return jsonl.Line(d) }

// Unmarshal reads a record written by Marshal into r. It checks the
// form of every line, and that the header is of this game and of a
// version this package reads, not that the actions are legal: Replay
// does that. It fails with ErrCorrupt, ErrGame or ErrVersion.
func (r *Record[G, R, S, A, E, D]) Unmarshal(b []byte) error {
	var g G
	lines, err := jsonl.Split(b, ErrCorrupt)
	if err != nil {
		return err
	}
	probe, err := readProbe(lines[0])
	if err != nil {
		return err
	}
	if k := game.Kind(probe.Game); k != g.Kind() {
		return fmt.Errorf("%w: a record of %s, not of %s", ErrGame, k.Title(), g.Kind().Title())
	}
	if probe.Version < OldestVersion || probe.Version > Version {
		return fmt.Errorf("%w: version %d (this program reads versions %d to %d)", ErrVersion, probe.Version, OldestVersion, Version)
	}
	var h header[R]
	if err := json.Unmarshal(lines[0], &h); err != nil {
		return fmt.Errorf("%w: line 1: %v", ErrCorrupt, err)
	}
	rec := Record[G, R, S, A, E, D]{Version: h.Version, Rules: h.Rules, Seed: h.Seed, Meta: h.Meta}
	if rec.Deals, rec.Actions, err = jsonl.Body[D](lines[1:], ErrCorrupt, g.ParseAction); err != nil {
		return err
	}
	*r = rec
	return nil
}
