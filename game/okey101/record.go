package okey101

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"okey/game/internal/jsonl"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// RecordVersion is the version of the record format this package writes:
// version 2 derives each hand's deal from the seed through SHA-256
// (rng.DerivedByHash), version 1 through an invertible mix. A record
// of version 1 is still read and replays as it was dealt; a record of
// a version above this one is refused with ErrRecordVersion.
const RecordVersion = 2

// oldestRecordVersion is the oldest version still read.
const oldestRecordVersion = 1

// GameName is what a record of 101 says in its header's "game".
const GameName = "101"

// The ways a record can be refused; test with errors.Is.
var (
	ErrRecordCorrupt  = errors.New("damaged match record")
	ErrRecordVersion  = errors.New("match record of an unknown version")
	ErrRecordGame     = errors.New("match record of another game")
	ErrRecordMismatch = errors.New("match record does not replay as written")
)

// Record is a whole match as data: the rules, the seed and every action
// in order, plus how each hand was dealt (so a replay can check it deals
// the same). It has the shape of the classic game's record, with the game
// named in the header.
//
// On disk it is JSON Lines, one object a line: a header
//
//	{"okey":"record","version":1,"game":"101","rules":"default","seed":42,"meta":{…}}
//
// then, in order, a line per deal and a line per action:
//
//	{"deal":1,"dealer":2,"indicator":"R4"}
//	{"a":"discard","s":2,"t":"K9"}
//	{"a":"draw","s":3}
//	{"a":"open","s":3,"m":[["R1","R2","R3"],["K7","Y7","B7"]]}
//	{"a":"layoff","s":3,"t":"R4","i":0,"e":"low"}
//
// Appending a line per action keeps the file a valid record at every
// step.
type Record struct {
	// Version is the record format's version the match is played
	// under, which decides how its deals come from the seed; 0 means
	// the version this package writes.
	Version int
	Rules   Rules
	Seed    uint64
	// Meta is free text for the program that wrote the record (player
	// names, bot levels); replaying ignores it.
	Meta    map[string]string
	Deals   []DealInfo
	Actions []Action
}

type recordHeader struct {
	Okey    string            `json:"okey"`
	Version int               `json:"version"`
	Game    string            `json:"game"`
	Rules   Rules             `json:"rules"`
	Seed    uint64            `json:"seed"`
	Meta    map[string]string `json:"meta,omitempty"`
}

type actionLine struct {
	A string        `json:"a"`
	S int           `json:"s"`
	T *tile.Tile    `json:"t,omitempty"`
	I *int          `json:"i,omitempty"`
	E string        `json:"e,omitempty"`
	M [][]tile.Tile `json:"m,omitempty"`
	P bool          `json:"p,omitempty"`
}

// HeaderLine is the record's first line, newline included.
func (r *Record) HeaderLine() []byte {
	return jsonl.Line(recordHeader{Okey: "record", Version: r.version(), Game: GameName, Rules: r.Rules, Seed: r.Seed, Meta: r.Meta})
}

// ActionLine is an action's line, newline included.
func ActionLine(a Action) []byte {
	l := actionLine{A: a.Kind.String(), S: a.Seat}
	t, i := a.Tile, a.Meld
	switch a.Kind {
	case ActDiscard:
		l.T = &t
	case ActLayOff:
		l.T, l.I = &t, &i
		if a.End != meld.AnyEnd {
			l.E = a.End.String()
		}
	case ActTakeBack:
		l.T, l.I = &t, &i
	case ActOpen, ActLay:
		l.M, l.P = a.Melds, a.Pairs
	}
	return jsonl.Line(l)
}

// DealLine is a deal's line, newline included.
func DealLine(d DealInfo) []byte { return jsonl.Line(d) }

// Marshal writes the whole record as JSON Lines.
func (r *Record) Marshal() []byte {
	return jsonl.Write(r.HeaderLine(), r.Deals, r.Actions, startsHand, ActionLine)
}

// startsHand reports whether a deals a new hand (a deal line follows it).
func startsHand(a Action) bool { return a.Kind == ActNextHand }

// ParseRecord reads a record written by Marshal. It checks the form of
// every line, not that the actions are legal: Replay does that.
func ParseRecord(b []byte) (Record, error) {
	lines, err := jsonl.Split(b, ErrRecordCorrupt)
	if err != nil {
		return Record{}, err
	}
	var probe struct {
		Okey    string `json:"okey"`
		Version int    `json:"version"`
		Game    string `json:"game"`
	}
	if err := json.Unmarshal(lines[0], &probe); err != nil || probe.Okey != "record" {
		return Record{}, fmt.Errorf("%w: line 1 is not a record header", ErrRecordCorrupt)
	}
	if probe.Game != GameName {
		game := probe.Game
		if game == "" {
			game = "classic Okey"
		}
		return Record{}, fmt.Errorf("%w: a record of %s, not of 101", ErrRecordGame, game)
	}
	if probe.Version < oldestRecordVersion || probe.Version > RecordVersion {
		return Record{}, fmt.Errorf("%w: version %d (this program reads versions %d to %d)", ErrRecordVersion, probe.Version, oldestRecordVersion, RecordVersion)
	}
	var h recordHeader
	if err := json.Unmarshal(lines[0], &h); err != nil {
		return Record{}, fmt.Errorf("%w: line 1: %v", ErrRecordCorrupt, err)
	}
	rec := Record{Version: h.Version, Rules: h.Rules, Seed: h.Seed, Meta: h.Meta}
	if rec.Deals, rec.Actions, err = jsonl.Body[DealInfo](lines[1:], ErrRecordCorrupt, parseActionLine); err != nil {
		return Record{}, err
	}
	return rec, nil
}

func parseActionLine(ln []byte) (Action, error) {
	var al actionLine
	if err := json.Unmarshal(ln, &al); err != nil {
		return Action{}, err
	}
	k, err := ParseActionKind(al.A)
	if err != nil {
		return Action{}, err
	}
	a := Action{Kind: k, Seat: al.S, Tile: tile.NoTile}
	need := func(what string, ok bool) error {
		if !ok {
			return fmt.Errorf("%s without %s", k, what)
		}
		return nil
	}
	switch k {
	case ActDiscard:
		if err := need("a tile", al.T != nil); err != nil {
			return Action{}, err
		}
		a.Tile = *al.T
	case ActLayOff, ActTakeBack:
		if err := need("a tile and a meld", al.T != nil && al.I != nil); err != nil {
			return Action{}, err
		}
		a.Tile, a.Meld = *al.T, *al.I
		if err := a.End.UnmarshalText([]byte(al.E)); err != nil {
			return Action{}, err
		}
	case ActOpen, ActLay:
		if err := need("melds", len(al.M) > 0); err != nil {
			return Action{}, err
		}
		a.Melds, a.Pairs = al.M, al.P
	}
	return a, nil
}

// Game is a match being played with its record kept alongside: the
// convenient way to play, save and resume. Unlike State it is not a
// value; it owns its record.
type Game struct {
	state State
	rec   Record
}

// NewGame starts a match and its record.
func NewGame(r Rules, seed uint64, meta map[string]string) (*Game, error) {
	s, err := NewMatch(r, seed)
	if err != nil {
		return nil, err
	}
	return startGame(s, Record{Version: RecordVersion, Rules: r, Seed: seed, Meta: maps.Clone(meta)}), nil
}

// startGame is a game whose first state is s and whose record so far is
// rec with s's deal.
func startGame(s State, rec Record) *Game {
	rec.Deals = []DealInfo{s.DealInfo()}
	return &Game{state: s, rec: rec}
}

// version is the record's format version, 0 read as today's.
func (r *Record) version() int {
	if r.Version == 0 {
		return RecordVersion
	}
	return r.Version
}

// StartGame is the game of rec before its first action: its rules,
// seed, meta and version, so that the actions of rec apply to it as
// they were played (Replay applies them and checks the deals).
func StartGame(rec Record) (*Game, error) {
	s, err := rec.Start()
	if err != nil {
		return nil, err
	}
	return startGame(s, Record{Version: rec.version(), Rules: rec.Rules, Seed: rec.Seed, Meta: maps.Clone(rec.Meta)}), nil
}

// Start is the first state of the match the record holds, its deals
// derived from the seed as the record's version says.
func (r Record) Start() (State, error) {
	return newMatch(r.Rules, r.Seed, r.version())
}

// State is the match as it stands.
func (g *Game) State() State { return g.state }

// Record is a copy of the match's record so far.
func (g *Game) Record() Record {
	r := g.rec
	r.Meta = maps.Clone(g.rec.Meta)
	r.Deals = slices.Clone(g.rec.Deals)
	r.Actions = make([]Action, len(g.rec.Actions))
	for i, a := range g.rec.Actions {
		r.Actions[i] = a.Clone()
	}
	return r
}

// Apply plays an action and records it. The lines to append to a saved
// record are returned with the events (the action's line, and a deal line
// when the action dealt a new hand).
func (g *Game) Apply(a Action) (events []Event, lines []byte, err error) {
	n, evs, err := g.state.Apply(a)
	if err != nil {
		return nil, nil, err
	}
	g.state = n
	g.rec.Actions = append(g.rec.Actions, a.Clone())
	lines = ActionLine(a)
	if a.Kind == ActNextHand {
		d := n.DealInfo()
		g.rec.Deals = append(g.rec.Deals, d)
		lines = append(lines, DealLine(d)...)
	}
	return evs, lines, nil
}

// Replay plays a record from the start and returns the game where it
// ends. It fails with ErrRecordMismatch when a deal differs from the one
// recorded, and with ErrRecordCorrupt when an action is illegal.
func Replay(rec Record) (*Game, error) {
	g, err := StartGame(rec)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRecordCorrupt, err)
	}
	if err := checkDeal(rec, 0, g.state.DealInfo()); err != nil {
		return nil, err
	}
	for i, a := range rec.Actions {
		if _, _, err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("%w: action %d (%v): %w", ErrRecordCorrupt, i+1, a, err)
		}
		if a.Kind == ActNextHand {
			if err := checkDeal(rec, len(g.rec.Deals)-1, g.state.DealInfo()); err != nil {
				return nil, err
			}
		}
	}
	if len(rec.Deals) > len(g.rec.Deals) {
		return nil, fmt.Errorf("%w: %d deals recorded, %d played", ErrRecordMismatch, len(rec.Deals), len(g.rec.Deals))
	}
	return g, nil
}

func checkDeal(rec Record, i int, got DealInfo) error {
	if i >= len(rec.Deals) {
		return nil // a record may leave deal lines out
	}
	if want := rec.Deals[i]; want != got {
		return fmt.Errorf("%w: hand %d (deal %d) was dealt by seat %d with indicator %v, replay deals by seat %d with indicator %v",
			ErrRecordMismatch, want.Hand, want.Redeal, want.Dealer, want.Indicator, got.Dealer, got.Indicator)
	}
	return nil
}
