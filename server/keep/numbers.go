package keep

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/kit/store"
)

// The hall's number: the next table's number is the key "next" of the
// bucket okey_hall, written at its revision, so that no number is ever
// given twice, across nodes and restarts.
//
// A writer of the store without the cluster's secret can put an older
// number back (it is the cluster's seal, and opens), or delete it with
// the tables numbered past it. So each node also keeps the highest
// number it knows given — by itself, or heard of from the others (Seen)
// — in a file of its state directory, which the store's writers do not
// reach: a number kept in the store at or below it is an older one put
// back, refused, logged and written over, and no number is given twice
// by a node that has given or seen a higher one, whatever is deleted.

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
	// given is the file that keeps high, the highest number this node
	// knows given ("": kept in memory alone).
	given string
	mu    sync.Mutex
	high  int
	// took is the number Take wrote last and its revision (rev 0:
	// none): the next Take tries to write past it at that revision at
	// once, and reads the store only when another node took one since,
	// saving a round trip per table a tournament's round opens (takeMu
	// guards it).
	takeMu sync.Mutex
	took   struct {
		next int
		rev  uint64
		// spare are numbers written past with another's (the store's
		// next is past them): the next Takes give them with no round
		// trip.
		spare []int
	}
	// waiting counts the Takes waiting for takeMu: the one that holds
	// it writes past a number for each (at most takeBatch in all), so
	// that tables opened at once wait for one round trip, not one each
	// in turn, which on a starved machine could pass the hall's wait.
	waiting atomic.Int32
}

// takeBatch is the most numbers one write of Take takes: those a node
// stopping leaves spare are never given (numbers are never given twice;
// some are skipped).
const takeBatch = 32

// givenFile is the file, in the tables' folder, of the highest table
// number a node knows given.
const givenFile = "numbers-given"

// openNumbers makes (or finds) the hall's bucket; dir is the tables'
// folder, where the highest number given is kept ("": nowhere).
func openNumbers(ctx context.Context, eng *Engine, n *notes, tables *TableBook, dir string) (*Numbers, error) {
	kv, err := tablesBucketIn(ctx, eng, hallBucket, "okey serve: the hall (the next table's number)")
	if err != nil {
		return nil, err
	}
	k := &Numbers{hall: kv, eng: eng, tables: tables, notes: n}
	if dir != "" {
		k.given = filepath.Join(dir, givenFile)
		b, err := os.ReadFile(k.given)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("the highest table number given: %w", err)
		default:
			if k.high, err = strconv.Atoi(strings.TrimSpace(string(b))); err != nil || k.high < 0 {
				return nil, fmt.Errorf("the highest table number given, in %s: %q", k.given, b)
			}
		}
	}
	return k, nil
}

// Seen notes that table number n was given (by this node or another):
// no number at or below it is given again, and a number kept in the
// store at or below it is an older one put back.
func (k *Numbers) Seen(n int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if n <= k.high {
		return
	}
	k.high = n
	if k.given == "" {
		return
	}
	if err := store.WriteAtomic(k.given, []byte(strconv.Itoa(n)+"\n")); err != nil {
		k.log.Error("keeping the highest table number given", "err", err)
	}
}

// past is the next number n read from the store, or past the highest
// known given if n is not (an older number put back: logged).
func (k *Numbers) past(n int) int {
	k.mu.Lock()
	high := k.high
	k.mu.Unlock()
	if n > high {
		return n
	}
	if n > 0 {
		k.replayed("the next table's number", "kept", n, "given", high)
	}
	return high + 1
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
// written: a number is never given twice. A number in the store that
// does not open, or is lower (put back), is written over.
func (k *Numbers) Save(n int) error {
	k.Seen(n - 1)
	ctx, cancel := EngineCtx()
	defer cancel()
	v := k.eng.Seal.Seal(nextPlace, []byte(strconv.Itoa(n)))
	for try := 0; ; try++ {
		var rev uint64
		var err error
		if k.nextRev == 0 {
			rev, err = k.hall.Create(ctx, nextKey, v)
		} else {
			rev, err = k.hall.Update(ctx, nextKey, v, k.nextRev)
		}
		if err == nil {
			k.nextRev = rev
			return nil
		}
		if !isWrongSequence(err) || try == forgeryTries {
			return fmt.Errorf("the next table's number: %w", err)
		}
		e, gerr := k.hall.Get(ctx, nextKey)
		if gerr != nil {
			return fmt.Errorf("the next table's number: %w (%v)", err, gerr)
		}
		if have, _ := k.readNext(e.Value()); have > n {
			return fmt.Errorf("the next table's number: %w (%d kept)", err, have)
		}
		k.nextRev = e.Revision() // not a node's, or older: written over
	}
}

// Load is the number the next table gets, as last saved (0 if
// never): past the highest this node knows given, whatever the store
// says.
func (k *Numbers) Load(ctx context.Context) (int, error) {
	n := 0
	e, err := k.hall.Get(ctx, nextKey)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
	case err != nil:
		return 0, fmt.Errorf("the next table's number: %w", err)
	default:
		k.nextRev = e.Revision()
		if n, err = k.readNext(e.Value()); err != nil {
			return 0, err
		}
	}
	k.mu.Lock()
	high := k.high
	k.mu.Unlock()
	if n == 0 && high == 0 {
		return 0, nil
	}
	return k.past(n), nil
}

// Take takes the next table's number from the store, for a node
// that shares it with others: read at a revision, written back one
// higher at that revision, again if another node was quicker. No number
// is ever given twice, across nodes and restarts. Takes made at once
// share a write: it goes past a number for each Take waiting, and those
// take theirs without asking the store (waiting).
func (k *Numbers) Take(ctx context.Context) (int, error) {
	k.waiting.Add(1)
	k.takeMu.Lock()
	k.waiting.Add(-1)
	defer k.takeMu.Unlock()
	if len(k.took.spare) > 0 {
		n := k.took.spare[0]
		k.took.spare = k.took.spare[1:]
		return n, nil
	}
	for known := k.took.rev != 0; ; known = false {
		n, rev := 1, uint64(0)
		var err error
		if known {
			// As this node wrote it last: no other node took one since,
			// or the write below is refused and the store read.
			n, rev = k.took.next, k.took.rev
		} else {
			var e jetstream.KeyValueEntry
			e, err = getSoon(ctx, k.eng.budget(), k.hall, nextKey)
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
		}
		n = k.past(n)
		// One for this Take and one for each waiting behind it.
		many := 1 + min(int(k.waiting.Load()), takeBatch-1)
		v := k.eng.Seal.Seal(nextPlace, []byte(strconv.Itoa(n+many)))
		var wrote uint64
		if rev == 0 {
			wrote, err = k.hall.Create(ctx, nextKey, v)
		} else {
			wrote, err = k.hall.Update(ctx, nextKey, v, rev)
		}
		switch {
		case err == nil:
			k.took.next, k.took.rev = n+many, wrote
			for i := 1; i < many; i++ {
				k.took.spare = append(k.took.spare, n+i)
			}
			k.Seen(n + many - 1)
			return n, nil
		case isWrongSequence(err):
			k.took.rev = 0
			continue // another node took this one
		case unavailable(err) && ctx.Err() == nil:
			// Not answered (a cluster electing a leader): asked
			// again; had it landed, its number is skipped, never
			// given twice.
			k.took.rev = 0
			time.Sleep(100 * time.Millisecond)
			continue
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
