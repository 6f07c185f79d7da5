package game

import (
	"errors"
	"fmt"
)

// RulesError is a rules configuration a game's ParseRules or Validate
// refused. Reason names the fault with a word that does not change
// (each game's rules.go lists its own: "unknown", "points.range", …)
// and Args are its values, so that a user interface can say it in its
// own language from Game and Reason alone; Error is the English text.
// It wraps the game's ErrRules.
type RulesError struct {
	// Game is the game whose rules were refused.
	Game   Kind
	Reason string
	Args   []any
	err    error
	format string
}

// NewRulesError is a RulesError of game that wraps err (the game's
// ErrRules): reason, the English text's format and the arguments both
// take.
func NewRulesError(game Kind, err error, reason, format string, a ...any) error {
	return &RulesError{Game: game, Reason: reason, Args: a, err: err, format: format}
}

func (e *RulesError) Error() string {
	return e.err.Error() + ": " + fmt.Sprintf(e.format, e.Args...)
}

func (e *RulesError) Unwrap() error { return e.err }

// The reasons an action is refused in both games. Every error a game's
// Apply returns wraps one of these or one of the game's own Err…
// reasons; test with errors.Is.
var (
	ErrBadAction  = errors.New("malformed action")
	ErrWrongPhase = errors.New("not possible now")
	ErrWrongSeat  = errors.New("not this seat's turn")
	ErrMustDraw   = errors.New("draw or take first")
	ErrNotHeld    = errors.New("tile not held")
	ErrEmptyStack = errors.New("nothing to take")
	ErrWallEmpty  = errors.New("the wall is empty")
)

// MoveError is an action of either game that Apply refused, with the
// reason.
type MoveError[A fmt.Stringer] struct {
	Action A
	Err    error  // one of the Err… reasons, the game's or the ones above
	Cause  error  // what lies under Err (101's meld package's reason), if anything
	Detail string // what exactly, for a person
}

func (e *MoveError[A]) Error() string {
	msg := fmt.Sprintf("%v: %v", e.Action, e.Err)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// Unwrap gives the reason and its cause to errors.Is and errors.As.
func (e *MoveError[A]) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// Refuse is the error of an action a refused for reason err, the detail
// written with format and args ("" for none).
func Refuse[A fmt.Stringer](a A, err error, format string, args ...any) error {
	d := ""
	if format != "" {
		d = fmt.Sprintf(format, args...)
	}
	return &MoveError[A]{Action: a, Err: err, Detail: d}
}

// RefuseCause is the error of an action a refused for reason err
// because of cause, which is its detail too.
func RefuseCause[A fmt.Stringer](a A, err, cause error) error {
	return &MoveError[A]{Action: a, Err: err, Cause: cause, Detail: cause.Error()}
}

// Step is the frame of both games' reducers, and their contract: it
// copies s, lets apply change the copy in place (a game's own mutation,
// given as a method expression such as (*State).apply) and returns the
// copy and the events, or s itself unchanged and the error. So a game's
// Apply never changes the state it is given: callers may keep old
// states, and the events it returns are the caller's to keep. An
// illegal action's error is a *MoveError wrapping one of the reasons
// (this package's shared ones or the game's own Err…). The events are
// complete: a draw carries the tile drawn, so a game's Event.Redact
// comes before another seat sees them.
func Step[S, A, E any](s S, a A, apply func(*S, A) ([]E, error)) (S, []E, error) {
	n := s
	evs, err := apply(&n, a)
	if err != nil {
		return s, nil, err
	}
	return n, evs, nil
}

// CheckMove refuses a (kind and seat are its own) when kind is not
// within first..last (the game's action kinds, the next-hand one last)
// or seat is no seat (ErrBadAction), or when no hand is under way
// (ErrWrongPhase): what both games' Apply check first of every action
// but the next-hand one.
func CheckMove[A fmt.Stringer, K ~uint8](a A, kind, first, last K, seat int, phase Phase) error {
	switch {
	case kind < first || kind > last:
		return Refuse(a, ErrBadAction, "unknown action")
	case seat < 0 || seat >= NumSeats:
		return Refuse(a, ErrBadAction, "no seat %d", seat)
	case phase != Playing:
		return Refuse(a, ErrWrongPhase, "the %s", phase)
	}
	return nil
}
