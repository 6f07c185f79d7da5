package keep

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"
)

// The hall's number: the next table's number is the key "next" of the
// bucket okey_hall, written at its revision, so that no number is ever
// given twice, across nodes and restarts.

// The hall's bucket and its key.
const (
	hallBucket = "okey_hall"
	nextKey    = "next"
)

// Numbers is the tables' numbers in the store: the next one, saved by
// a node alone, taken by a node among others.
type Numbers struct {
	hall jetstream.KeyValue
	eng  *Engine
	// tables are counted past when the number kept is refused.
	tables *TableBook
	// nextRev is the revision of the next number as last written (0:
	// none yet). Only the hall writes it, under its lock.
	nextRev uint64
	*notes
}

// openNumbers makes (or finds) the hall's bucket.
func openNumbers(ctx context.Context, eng *Engine, n *notes, tables *TableBook) (*Numbers, error) {
	kv, err := tablesBucketIn(ctx, eng, hallBucket, "okey serve: the hall (the next table's number)")
	if err != nil {
		return nil, err
	}
	return &Numbers{hall: kv, eng: eng, tables: tables, notes: n}, nil
}

// nextPlace is where the next table's number is sealed for.
const nextPlace = hallBucket + "/" + nextKey

// readNext is the number a value of the key "next" holds; one that does
// not open is logged and read as 0 (the caller then counts from the
// tables it finds), never taken.
func (k *Numbers) readNext(v []byte) (int, error) {
	b, err := k.eng.Seal.openKept(nextPlace, v)
	if err != nil {
		k.refused("the next table's number")
		return 0, nil
	}
	n, err := strconv.Atoi(string(b))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("the next table's number: %q", b)
	}
	return n, nil
}

// Save records the number the next table gets, at the revision last
// written: a number is never given twice.
func (k *Numbers) Save(n int) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	v := k.eng.Seal.Seal(nextPlace, []byte(strconv.Itoa(n)))
	var rev uint64
	var err error
	if k.nextRev == 0 {
		rev, err = k.hall.Create(ctx, nextKey, v)
	} else {
		rev, err = k.hall.Update(ctx, nextKey, v, k.nextRev)
	}
	if err != nil {
		return fmt.Errorf("the next table's number: %w", err)
	}
	k.nextRev = rev
	return nil
}

// Load is the number the next table gets, as last saved (0 if
// never).
func (k *Numbers) Load(ctx context.Context) (int, error) {
	e, err := k.hall.Get(ctx, nextKey)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("the next table's number: %w", err)
	}
	k.nextRev = e.Revision()
	return k.readNext(e.Value())
}

// Take takes the next table's number from the store, for a node
// that shares it with others: read at a revision, written back one
// higher at that revision, again if another node was quicker. No number
// is ever given twice, across nodes and restarts.
func (k *Numbers) Take(ctx context.Context) (int, error) {
	for {
		n, rev := 1, uint64(0)
		e, err := k.hall.Get(ctx, nextKey)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
		case err != nil:
			return 0, fmt.Errorf("the next table's number: %w", err)
		default:
			if n, err = k.readNext(e.Value()); err != nil {
				return 0, err
			}
			if n < 1 {
				// Forged: past every table kept, never one of theirs.
				if n, err = k.pastTables(ctx); err != nil {
					return 0, err
				}
			}
			rev = e.Revision()
		}
		v := k.eng.Seal.Seal(nextPlace, []byte(strconv.Itoa(n+1)))
		if rev == 0 {
			_, err = k.hall.Create(ctx, nextKey, v)
		} else {
			_, err = k.hall.Update(ctx, nextKey, v, rev)
		}
		switch {
		case err == nil:
			return n, nil
		case isWrongSequence(err):
			continue // another node took this one
		case ctx.Err() != nil:
			return 0, fmt.Errorf("the next table's number: %w", ctx.Err())
		default:
			return 0, fmt.Errorf("the next table's number: %w", err)
		}
	}
}

// pastTables is the number after every table kept (1 if none).
func (k *Numbers) pastTables(ctx context.Context) (int, error) {
	ids, err := k.tables.IDs(ctx)
	if err != nil {
		return 0, err
	}
	n := 1
	for _, id := range ids {
		if i, err := strconv.Atoi(id); err == nil && i >= n {
			n = i + 1
		}
	}
	return n, nil
}
