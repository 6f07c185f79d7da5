package classic

import (
	"encoding/json"
	"fmt"
	"slices"

	"okey/game"
	"okey/game/internal/jsonl"
	"okey/game/record"
	"okey/game/tile"
)

// Record is a whole match of classic Okey as data: the rules, the seed
// and every action in order, plus how each hand was dealt. Its framing,
// header and errors are package record's, the same for both games; its
// lines are
//
//	{"okey":"record","version":2,"game":"classic","rules":"default","seed":42,"meta":{…}}
//	{"deal":1,"dealer":2,"dice":[5,2],"indicator":"R4"}
//	{"a":"discard","s":3,"t":"K9"}
//	{"a":"draw","s":0}
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

// spec is classic Okey's part of its record (a record.Spec).
type spec struct{}

func (spec) Kind() game.Kind { return game.Classic }

func (spec) Start(r Rules, seed uint64, version int) (State, error) {
	return newMatch(r, seed, version)
}

func (spec) SameDeal(want, got DealInfo) bool {
	return want.Hand == got.Hand && want.Dealer == got.Dealer && want.Indicator == got.Indicator && slices.Equal(want.Dice, got.Dice)
}

func (spec) StartsHand(a Action) bool { return a.Kind == ActNextHand }

func (spec) Keep(a Action) Action { return a }

type actionLine struct {
	A string     `json:"a"`
	S int        `json:"s"`
	T *tile.Tile `json:"t,omitempty"`
}

func (spec) ActionLine(a Action) []byte {
	l := actionLine{A: a.Kind.String(), S: a.Seat}
	if a.Kind == ActDiscard || a.Kind == ActFinish {
		t := a.Tile
		l.T = &t
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
	if k == ActDiscard || k == ActFinish {
		if al.T == nil {
			return Action{}, fmt.Errorf("%s without a tile", k)
		}
		a.Tile = *al.T
	}
	return a, nil
}

// String says how the hand was dealt, for a replay that deals it
// otherwise.
func (d DealInfo) String() string {
	return fmt.Sprintf("hand %d by seat %d with dice %v and indicator %v", d.Hand, d.Dealer, d.Dice, d.Indicator)
}
