package table

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// A bot that fails MaxBotFailures times in a row is replaced by plain
// moves for the rest of the match, at either game's table: a broken bot
// never stalls the table, nor slows it down by a timeout at every turn.
const MaxBotFailures = 3

// ErrNoAnswer is a bot's failure to answer in time, at either table.
var ErrNoAnswer = errors.New("no answer in time")

// Ask asks decide for a bot's action under ctx, written once for both
// games' bots: the answer comes within timeout whether decide returns or
// not (else the error wraps ErrNoAnswer), and a good answer no sooner
// than delay after the question, so that the move before it stays on
// screen for a moment (a cancelled ctx cuts the pause short). It blocks:
// call it from a tea.Cmd. decide runs in a goroutine of its own whose
// late answer is dropped, and is handed a context that ends with the
// timeout.
func Ask[A any](ctx context.Context, delay, timeout time.Duration, decide func(context.Context) (A, error)) (A, error) {
	start := time.Now()
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type reply struct {
		a   A
		err error
	}
	answer := make(chan reply, 1) // a late answer is left there
	go func() {
		a, err := decide(actx)
		answer <- reply{a, err}
	}()
	var r reply
	select {
	case r = <-answer:
	case <-actx.Done():
		r.err = fmt.Errorf("%w (%v)", ErrNoAnswer, timeout)
	}
	if wait := delay - time.Since(start); wait > 0 && r.err == nil {
		tm := time.NewTimer(wait)
		select {
		case <-tm.C:
		case <-ctx.Done():
			tm.Stop()
		}
	}
	return r.a, r.err
}

// Fail counts a failure of seat's bot in failed (each seat's failures
// in a row, which a good answer sets back to 0), at either game's
// table; it reports whether the bot is to be replaced by plain moves
// now (the count starting again), and what the player is told of it in
// l's words (why: the failure's).
func Fail(failed []int, seat int, l *Look, why error) (replace bool, news string) {
	failed[seat]++
	w := l.Words
	name, reason := w.SeatName(seat), l.Reason(why)
	if failed[seat] >= MaxBotFailures {
		failed[seat] = 0
		return true, w.Tr.T("status.botreplaced", name, reason)
	}
	return false, w.Tr.T("status.botfail", name, reason)
}
