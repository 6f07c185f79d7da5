package okey101

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// ActionKind is what a player (or the table) does.
type ActionKind uint8

// The actions of a match of 101.
const (
	// ActDraw takes the top tile of the wall.
	ActDraw ActionKind = iota + 1
	// ActTake takes the previous player's last discard, which must go
	// onto the table this turn.
	ActTake
	// ActGiveBack puts a taken discard back; the player then draws.
	ActGiveBack
	// ActOpen lays the first melds (runs and sets worth the threshold),
	// or with Pairs five pairs or more.
	ActOpen
	// ActLay lays new runs and sets (after opening with melds) or pairs
	// (after opening with pairs).
	ActLay
	// ActLayOff adds Tile to table meld Meld, at End for a run.
	ActLayOff
	// ActTakeBack puts Tile in the place of an okey of table meld Meld and
	// takes the okey into the rack.
	ActTakeBack
	// ActDiscard throws Tile and ends the turn; the last tile of the rack
	// finishes the hand.
	ActDiscard
	// ActNextHand deals the next hand after a hand is over.
	ActNextHand
)

var actionNames = [...]string{
	ActDraw: "draw", ActTake: "take", ActGiveBack: "giveback", ActOpen: "open",
	ActLay: "lay", ActLayOff: "layoff", ActTakeBack: "takeback",
	ActDiscard: "discard", ActNextHand: "next",
}

func (k ActionKind) String() string { return game.EnumName(actionNames[:], k, "action") }

// ParseActionKind reads an action's name as String writes it.
func ParseActionKind(s string) (ActionKind, error) {
	return game.ParseEnum[ActionKind](actionNames[:], s, "action")
}

// Action is one move. Which fields matter depends on the kind: Tile for
// lay-offs, take-backs and discards; Meld (an index into the table) and
// End for lay-offs and take-backs; Melds (groups of tiles, each read as
// a run, set or pair by the referee) and Pairs for openings and lays.
type Action struct {
	Kind  ActionKind
	Seat  int
	Tile  tile.Tile
	Meld  int
	End   meld.End
	Melds [][]tile.Tile
	Pairs bool
}

func (a Action) String() string {
	switch a.Kind {
	case ActNextHand:
		return "next hand"
	case ActDiscard:
		return fmt.Sprintf("seat %d discard %v", a.Seat, a.Tile)
	case ActLayOff:
		end := ""
		if a.End != meld.AnyEnd {
			end = " at the " + a.End.String() + " end"
		}
		return fmt.Sprintf("seat %d lay off %v on meld %d%s", a.Seat, a.Tile, a.Meld, end)
	case ActTakeBack:
		return fmt.Sprintf("seat %d take back an okey from meld %d with %v", a.Seat, a.Meld, a.Tile)
	case ActOpen, ActLay:
		gs := make([]string, len(a.Melds))
		for i, g := range a.Melds {
			gs[i] = tile.FormatTiles(g)
		}
		what := a.Kind.String()
		if a.Pairs {
			what += " pairs"
		}
		return fmt.Sprintf("seat %d %s [%s]", a.Seat, what, strings.Join(gs, " | "))
	}
	return fmt.Sprintf("seat %d %s", a.Seat, a.Kind)
}

// Clone is a deep copy.
func (a Action) Clone() Action {
	b := a
	b.Melds = make([][]tile.Tile, len(a.Melds))
	for i, g := range a.Melds {
		b.Melds[i] = slices.Clone(g)
	}
	if a.Melds == nil {
		b.Melds = nil
	}
	return b
}

// Shorthands for building actions.

// Draw draws from the wall.
func Draw(seat int) Action { return Action{Kind: ActDraw, Seat: seat, Tile: tile.NoTile} }

// Take takes the previous player's discard.
func Take(seat int) Action { return Action{Kind: ActTake, Seat: seat, Tile: tile.NoTile} }

// GiveBack gives a taken discard back.
func GiveBack(seat int) Action { return Action{Kind: ActGiveBack, Seat: seat, Tile: tile.NoTile} }

// Open opens with runs and sets.
func Open(seat int, melds ...[]tile.Tile) Action {
	return Action{Kind: ActOpen, Seat: seat, Tile: tile.NoTile, Melds: melds}
}

// OpenPairs opens with pairs.
func OpenPairs(seat int, pairs ...[]tile.Tile) Action {
	return Action{Kind: ActOpen, Seat: seat, Tile: tile.NoTile, Melds: pairs, Pairs: true}
}

// Lay lays down new melds (or pairs, for a pair opener) after opening.
func Lay(seat int, melds ...[]tile.Tile) Action {
	return Action{Kind: ActLay, Seat: seat, Tile: tile.NoTile, Melds: melds}
}

// LayOff lays t off onto table meld m, at end for a run.
func LayOff(seat int, t tile.Tile, m int, end meld.End) Action {
	return Action{Kind: ActLayOff, Seat: seat, Tile: t, Meld: m, End: end}
}

// TakeBack puts t in the place of an okey of table meld m.
func TakeBack(seat int, t tile.Tile, m int) Action {
	return Action{Kind: ActTakeBack, Seat: seat, Tile: t, Meld: m}
}

// Discard throws t.
func Discard(seat int, t tile.Tile) Action { return Action{Kind: ActDiscard, Seat: seat, Tile: t} }

// NextHand deals the next hand.
func NextHand() Action { return Action{Kind: ActNextHand, Seat: -1, Tile: tile.NoTile} }

// The reasons an action of 101 alone is refused. Every error Apply
// returns wraps one of them or one of the reasons both games share
// (game.ErrWrongPhase, game.ErrNotHeld, …), and, for a bad meld, lay-off
// or take-back, the meld package's reason too; test with errors.Is.
var (
	ErrFirstTurn     = errors.New("the dealer's first turn is a discard only")
	ErrAlreadyDrew   = errors.New("already drew or took this turn")
	ErrGaveBack      = errors.New("the discard was given back: draw from the wall")
	ErrTakeUnused    = errors.New("the taken tile must go onto the table this turn (or be given back)")
	ErrNothingTaken  = errors.New("no taken tile to give back")
	ErrNotOpened     = errors.New("open first")
	ErrOpened        = errors.New("already opened")
	ErrThreshold     = errors.New("the opening is worth too little")
	ErrTooFewPairs   = errors.New("an opening with pairs needs five pairs")
	ErrTakenNotIn    = errors.New("the taken tile must be in the opening")
	ErrNotMeld       = errors.New("not a run or set")
	ErrNotPair       = errors.New("not a pair")
	ErrPairsOnly     = errors.New("opened with pairs: only pairs may be laid")
	ErrNoPairs       = errors.New("opened with runs and sets: pairs may not be laid")
	ErrKeepOne       = errors.New("a tile must stay in the rack")
	ErrNoMeld        = errors.New("no such meld on the table")
	ErrLayOffRefused = errors.New("cannot lay off")
	ErrMovesOkey     = errors.New("would change what an okey stands for")
	ErrTakeBack      = errors.New("cannot take the okey back")
)

// MoveError is an action Apply refused, with the reason and, for a bad
// meld, lay-off or take-back, the meld package's reason as its Cause
// (package game's, the same for both games).
type MoveError = game.MoveError[Action]

// EventKind is what happened, for logs and screens.
type EventKind uint8

// The events Apply reports.
const (
	EvDeal EventKind = iota + 1
	EvDraw
	EvTake
	EvGiveBack
	EvOpen
	EvLay
	EvLayOff
	EvTakeBack
	EvDiscard
	EvPenalty
	EvFinish
	EvWallOut
	EvVoid
	EvHandOver
	EvMatchOver
)

var eventNames = [...]string{
	EvDeal: "deal", EvDraw: "draw", EvTake: "take", EvGiveBack: "give back",
	EvOpen: "open", EvLay: "lay", EvLayOff: "lay off", EvTakeBack: "take back",
	EvDiscard: "discard", EvPenalty: "penalty", EvFinish: "finish",
	EvWallOut: "wall out", EvVoid: "void", EvHandOver: "hand over", EvMatchOver: "match over",
}

func (k EventKind) String() string { return game.EnumName(eventNames[:], k, "event") }

// MarshalText writes the event's name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// PenaltyReason is why 101 was charged.
type PenaltyReason uint8

// The penalties of RULES.md.
const (
	// PenaltyOkey: an okey discarded, not to finish.
	PenaltyOkey PenaltyReason = iota + 1
	// PenaltyIslek: a tile discarded that could be laid off (işler taş),
	// not to finish.
	PenaltyIslek
	// PenaltyFeed: under the feed option, a discard the next player took
	// and opened with; the seat that discarded it pays.
	PenaltyFeed
)

func (p PenaltyReason) String() string {
	switch p {
	case PenaltyOkey:
		return "discarded an okey"
	case PenaltyIslek:
		return "discarded an işler taş"
	case PenaltyFeed:
		return "fed an opening"
	}
	return "-"
}

// MarshalText writes the reason.
func (p PenaltyReason) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// PenaltyPoints is what one penalty costs, never multiplied.
const PenaltyPoints = 101

// Event is one public thing that happened. Tile is the tile drawn,
// taken, given back, laid off, used for a take-back or discarded (a
// draw's tile is known only to the drawer: views redact it); From is the
// seat a tile was taken from or given back to (-1 otherwise); Meld the
// index of the table meld concerned (for an opening or a lay, of the
// first new meld); Melds the melds laid, as read; Points the opening's
// value (or number of pairs) or a penalty's cost; Reason a penalty's.
type Event struct {
	Kind   EventKind
	Seat   int
	Tile   tile.Tile
	From   int
	Meld   int
	Melds  []meld.Meld
	Points int
	Reason PenaltyReason
}

// Redact is the event as seat may see it: another seat's draw loses its
// tile.
func (e Event) Redact(seat int) Event {
	if e.Kind == EvDraw && e.Seat != seat {
		e.Tile = tile.NoTile
	}
	return e
}

// clone copies the event's melds.
func (e Event) clone() Event {
	if e.Melds != nil {
		ms := make([]meld.Meld, len(e.Melds))
		for i, m := range e.Melds {
			ms[i] = m.Clone()
		}
		e.Melds = ms
	}
	return e
}
