package okey101

import (
	"encoding/json"
	"fmt"

	"okey/game"
	"okey/game/internal/jsonl"
	"okey/game/okey101/meld"
	"okey/game/record"
	"okey/game/tile"
)

// Record is a whole match of 101 as data: the rules, the seed and every
// action in order, plus how each hand was dealt. Its framing, header
// and errors are package record's, the same for both games; its lines
// are
//
//	{"okey":"record","version":2,"game":"101","rules":"default","seed":42,"meta":{…}}
//	{"deal":1,"dealer":2,"indicator":"R4"}
//	{"a":"discard","s":2,"t":"K9"}
//	{"a":"draw","s":3}
//	{"a":"open","s":3,"m":[["R1","R2","R3"],["K7","Y7","B7"]]}
//	{"a":"layoff","s":3,"t":"R4","i":0,"e":"low"}
//
// Marshal writes it, ParseRecord reads it, its Replay plays it (and its
// Game is the match before its first action).
type Record = record.Record[spec, Rules, State, Action, Event, DealInfo]

// Game is a match being played with its record kept alongside: the
// convenient way to play, save and resume (package record's, under
// this game).
type Game = record.Game[spec, Rules, State, Action, Event, DealInfo]

// NewGame starts a match and its record.
func NewGame(r Rules, seed uint64, meta map[string]string) (*Game, error) {
	return record.NewGame[spec](r, seed, meta)
}

// ParseRecord reads a record written by Marshal. It checks the form of
// every line, not that the actions are legal: Record.Replay does that.
func ParseRecord(b []byte) (Record, error) {
	var rec Record
	err := rec.Unmarshal(b)
	return rec, err
}

// DealLine is a deal's line, newline included.
func DealLine(d DealInfo) []byte { return record.DealLine(d) }

// spec is 101's part of its record (a record.Spec).
type spec struct{}

func (spec) Kind() game.Kind { return game.Okey101 }

func (spec) Start(r Rules, seed uint64, version int) (State, error) {
	return newMatch(r, seed, version)
}

func (spec) SameDeal(want, got DealInfo) bool { return want == got }

func (spec) StartsHand(a Action) bool { return a.Kind == ActNextHand }

func (spec) Keep(a Action) Action { return a.Clone() }

type actionLine struct {
	A string        `json:"a"`
	S int           `json:"s"`
	T *tile.Tile    `json:"t,omitempty"`
	I *int          `json:"i,omitempty"`
	E string        `json:"e,omitempty"`
	M [][]tile.Tile `json:"m,omitempty"`
	P bool          `json:"p,omitempty"`
}

func (spec) ActionLine(a Action) []byte {
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

func (spec) ParseAction(ln []byte) (Action, error) {
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

// String says how the hand was dealt, for a replay that deals it
// otherwise.
func (d DealInfo) String() string {
	return fmt.Sprintf("hand %d (deal %d) by seat %d with indicator %v", d.Hand, d.Redeal, d.Dealer, d.Indicator)
}
