package keep

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The fence: every write that decides who owns something names what it
// follows — an append the sequence of its subject's last message, an
// entry, a lease or a number the revision last read — so a writer that
// lost the thing can never write it again (ErrFenced). A refusal is
// believed only once a read says what came after (readPast: a replica
// may lag the write that fenced it), and what came after a record's
// last is believed a node's only if it opens (forgeryTries).

// ErrFenced is a write the engine refused because another writer has
// written the table since: this one no longer holds it.
var ErrFenced = errors.New("the table was written by another writer (fenced)")

// forgeryTries is how many times in a row an append is written after
// forged messages before it is taken as fenced: a forger appending as
// fast as the table can is a store being written to without end.
const forgeryTries = 3

// readPast reads with read until what it reads is past seq (a sequence
// or a revision), and at most staleTries times: a write was just refused
// because the store holds something newer, but a read may be answered
// by a replica that lags (direct gets are served by any), and what it
// says is only believed once it is that newer thing.
func readPast(ctx context.Context, seq uint64, read func(context.Context) (uint64, error)) error {
	for try := 1; ; try++ {
		got, err := read(ctx)
		if err != nil || got > seq || try == staleTries {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(staleWait):
		}
	}
}

// staleTries and staleWait bound readPast: half a second for a replica
// to catch up with a write its cluster has acknowledged.
const (
	staleTries = 10
	staleWait  = 50 * time.Millisecond
)

// isWrongSequence reports whether err is the engine refusing a write
// made at a sequence or revision that is no longer the last.
func isWrongSequence(err error) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) {
		return apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
			apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant
	}
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch)
}

// ratingTries is how often an update at a revision (a player's rating,
// a player's day) is tried again when another writer changed the value
// first.
const ratingTries = 50

// afterMoved waits before try n+2 of an update at a revision refused
// because the value was written since it was read: a read answered by
// a replica behind the last write (or an older value put back, written
// over by another node meanwhile) finds the same revision again at
// once, so the tries are spread over about four seconds, not spent in
// a burst.
func afterMoved(ctx context.Context, n int) error {
	t := time.NewTimer(time.Duration(min(n+1, 20)) * 5 * time.Millisecond)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
