package classic

import (
	"errors"
	"fmt"

	"okey/game"
	"okey/game/tile"
)

// ActionKind is what a player (or the table) does.
type ActionKind uint8

// The actions of a match.
const (
	// Show is gösterme: showing the other copy of the indicator before
	// one's first draw (the starter: before the first discard).
	ActShow ActionKind = iota + 1
	// Draw takes the top tile of the wall.
	ActDraw
	// Take takes the top of the previous player's discard stack.
	ActTake
	// Discard throws a tile onto one's own discard stack.
	ActDiscard
	// Finish discards a tile to the centre and lays down the other 14 as
	// a winning hand.
	ActFinish
	// EndHand ends the hand when the wall is out and the player to move
	// does not take the previous discard.
	ActEndHand
	// NextHand deals the next hand after a hand is over.
	ActNextHand
)

var actionNames = [...]string{
	ActShow: "show", ActDraw: "draw", ActTake: "take", ActDiscard: "discard",
	ActFinish: "finish", ActEndHand: "end", ActNextHand: "next",
}

func (k ActionKind) String() string { return game.EnumName(actionNames[:], k, "action") }

// ParseActionKind reads an action's name as String writes it.
func ParseActionKind(s string) (ActionKind, error) {
	return game.ParseEnum[ActionKind](actionNames[:], s, "action")
}

// Action is one move. Tile is the tile discarded (ActDiscard, ActFinish); the
// other kinds leave it NoTile. Seat is ignored by NextHand.
type Action struct {
	Kind ActionKind
	Seat int
	Tile tile.Tile
}

func (a Action) String() string {
	switch a.Kind {
	case ActDiscard, ActFinish:
		return fmt.Sprintf("seat %d %s %v", a.Seat, a.Kind, a.Tile)
	case ActNextHand:
		return "next hand"
	}
	return fmt.Sprintf("seat %d %s", a.Seat, a.Kind)
}

// Shorthands for building actions.

// ShowAction is gösterme by seat.
func ShowAction(seat int) Action { return Action{Kind: ActShow, Seat: seat, Tile: tile.NoTile} }

// DrawAction draws from the wall.
func DrawAction(seat int) Action { return Action{Kind: ActDraw, Seat: seat, Tile: tile.NoTile} }

// TakeAction takes the previous player's discard.
func TakeAction(seat int) Action { return Action{Kind: ActTake, Seat: seat, Tile: tile.NoTile} }

// DiscardAction discards t.
func DiscardAction(seat int, t tile.Tile) Action {
	return Action{Kind: ActDiscard, Seat: seat, Tile: t}
}

// FinishAction discards t and lays down the rest.
func FinishAction(seat int, t tile.Tile) Action { return Action{Kind: ActFinish, Seat: seat, Tile: t} }

// EndHandAction ends a hand whose wall is out.
func EndHandAction(seat int) Action { return Action{Kind: ActEndHand, Seat: seat, Tile: tile.NoTile} }

// NextHandAction deals the next hand.
func NextHandAction() Action { return Action{Kind: ActNextHand, Seat: -1, Tile: tile.NoTile} }

// The reasons an action of classic Okey alone is refused. Every error
// Apply returns wraps one of them or one of the reasons both games
// share (game.ErrWrongPhase, game.ErrNotHeld, …); test with errors.Is.
var (
	ErrMustDiscard  = errors.New("already drew: discard now")
	ErrWallNotEmpty = errors.New("the wall is not empty")
	ErrShowLate     = errors.New("too late to show the indicator")
	ErrShowNoTile   = errors.New("the indicator's tile is not held")
	ErrShown        = errors.New("the indicator was already shown")
	ErrNoIndicator  = errors.New("these rules have no indicator")
	ErrNotWinning   = errors.New("the hand does not win")
	ErrSeatLeft     = errors.New("this seat has left the match")
)

// MoveError is an action that Apply refused, with the reason (package
// game's, the same for both games).
type MoveError = game.MoveError[Action]

// EventKind is what happened, for logs and screens.
type EventKind uint8

// The events Apply reports.
const (
	EvDeal EventKind = iota + 1
	EvShow
	EvDraw
	EvTake
	EvDiscard
	EvFinish
	EvWallOut
	EvHandOver
	EvLeave
	EvMatchOver
)

var eventNames = [...]string{
	EvDeal: "deal", EvShow: "show", EvDraw: "draw", EvTake: "take",
	EvDiscard: "discard", EvFinish: "finish", EvWallOut: "wall out",
	EvHandOver: "hand over", EvLeave: "leave", EvMatchOver: "match over",
}

func (k EventKind) String() string { return game.EnumName(eventNames[:], k, "event") }

// Event is one public thing that happened. Tile is the tile shown, taken,
// discarded or finished with; a draw's tile is known only to the drawer,
// so Apply reports it but views carry draws with NoTile (see Redact).
// From is the seat a taken tile came from, or -1.
type Event struct {
	Kind EventKind
	Seat int
	Tile tile.Tile
	From int
}

// Redact is the event as seat may see it: another seat's draw loses its
// tile.
func (e Event) Redact(seat int) Event {
	if e.Kind == EvDraw && e.Seat != seat {
		e.Tile = tile.NoTile
	}
	return e
}
