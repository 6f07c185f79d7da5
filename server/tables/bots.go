package tables

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"okey/kit/seatmsg"
)

// asker puts a table's questions to its bots, one at a time, each in a
// goroutine of its own bounded by the bot timeout; the answer comes back
// on answer, to the table's goroutine, which owns the asker. An answer
// to a question dropped since (the table moved on) is stale.
type asker struct {
	// asking is the seat being asked (-1: none), id the question's
	// number: answers with another number are stale.
	asking int
	id     uint64
	answer chan botAnswer
	// held is the answer to the question under way when it came before
	// the bot's delay was over: played as the delay ends (answered),
	// so that when a move shows says nothing of how long the bot took.
	held *botAnswer
	// panicked: a bot's panic has been logged with its stack (once a
	// table).
	panicked bool
	// hardInstead counts the moves its experts played as hard's, no
	// search slot coming free in time (searchSlot): the first is
	// logged at info, the rest at debug.
	hardInstead int
	// busy is the first of those moves in the deal it was played in,
	// which the players are told of once (seatmsg.Update's
	// ServerBusy); nil before any.
	busy *seatmsg.ServerBusy

	timeout time.Duration
	done    <-chan struct{} // the table's end: an answer nobody takes
	log     *slog.Logger
	fault   func(where, table string)
	table   string
}

// botAnswer is a bot's answer to question id: seat's move, or why not.
type botAnswer struct {
	id   uint64
	seat int
	move any
	err  error
}

// ask puts q, the question to seat's bot, in a goroutine.
func (a *asker) ask(seat int, q func(context.Context) (any, error)) {
	a.id++
	a.asking = seat
	id, timeout, answer, done, log, fault, tid := a.id, a.timeout, a.answer, a.done, a.log, a.fault, a.table
	first := !a.panicked
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		var mv any
		var err error
		func() {
			// A bot's bug costs its move, not the server: the table plays
			// a plain move instead (answered). Bots' seeds come from the
			// table's state, so the same panic would come back after
			// every restart.
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%w: %v", errBotPanicked, r)
					if first {
						log.Error("a bot panicked", "table", tid, "seat", seat, "panic", r, "stack", string(debug.Stack()))
					}
				}
			}()
			if fault != nil {
				fault("bot", tid)
			}
			mv, err = q(ctx)
		}()
		select {
		case answer <- botAnswer{id: id, seat: seat, move: mv, err: err}:
		case <-done:
		}
	}()
}

// cancel drops the question under way: its answer will be stale.
func (a *asker) cancel() {
	if a.asking >= 0 {
		a.id++
		a.asking = -1
	}
	a.held = nil
}

// current reports whether ans answers the question under way.
func (a *asker) current(ans botAnswer) bool { return a.asking >= 0 && ans.id == a.id }

// take reports whether ans answers the question under way, which is
// then answered.
func (a *asker) take(ans botAnswer) bool {
	if !a.current(ans) {
		return false
	}
	a.held = nil
	if errors.Is(ans.err, errBotPanicked) {
		a.panicked = true // its stack is logged once a table
	}
	a.asking = -1
	return true
}
