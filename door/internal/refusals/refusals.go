// Package refusals writes a door's refusals to the log once in a while
// per address and reason, each line with the count of refusals it
// stands for. A client that knocks ten thousand times a second must not
// write ten thousand lines: the operator reads one a minute, with its
// count, and the log's disk and the node's CPU stay the players'. Both
// doors (SSH and the browser) note their refusals here.
package refusals

import (
	"log/slog"
	"sync"
	"time"
)

// Log notes refusals and writes them once in a while. Its zero value
// is not usable: make one with New.
type Log struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	seen map[key]*tally
}

// key is what a line is written for: one reason, one address.
type key struct{ msg, addr string }

// tally is what was noted of a key since its last line.
type tally struct {
	last  time.Time // when its last line was written
	count int64     // refusals since then, not written yet
}

// Every is how long a reason and an address wait between two lines.
const Every = time.Minute

// MaxKeys bounds the addresses remembered (and "others"): past it, the lines of keys
// quiet for a whole Every are forgotten, and if none is, the refusals of
// new addresses are written under the address "others".
const MaxKeys = 4096

// New is a log that writes to log (nil: nothing is written, refusals
// are still counted) at most once every Every a reason and address;
// now is the clock (nil: time.Now).
func New(log *slog.Logger, now func() time.Time) *Log {
	if now == nil {
		now = time.Now
	}
	return &Log{log: log, every: Every, now: now, seen: map[key]*tally{}}
}

// Note notes one refusal for msg of addr, with attrs (as slog's) to
// write with it: the first at once, then one line an Every with the
// count of refusals since the line before ("count"). It reports whether
// it wrote a line.
func (l *Log) Note(msg, addr string, attrs ...any) bool {
	now := l.now()
	var swept []line
	l.mu.Lock()
	k := key{msg, addr}
	t, ok := l.seen[k]
	if !ok {
		if len(l.seen) >= MaxKeys {
			swept = l.sweep(now)
		}
		if len(l.seen) >= MaxKeys {
			k.addr = "others"
			t = l.seen[k]
		}
		if t == nil {
			t = &tally{}
			l.seen[k] = t
		}
	}
	t.count++
	write := t.last.IsZero() || now.Sub(t.last) >= l.every
	n := t.count
	if write {
		t.last, t.count = now, 0
	}
	l.mu.Unlock()
	if l.log == nil {
		return write
	}
	for _, s := range swept {
		l.log.Warn(s.msg, "addr", s.addr, "count", s.count)
	}
	if write {
		l.log.Warn(msg, append([]any{"addr", k.addr, "count", n}, attrs...)...)
	}
	return write
}

// line is a key's refusals not written yet, as it is forgotten.
type line struct {
	key
	count int64
}

// sweep forgets the keys whose last line is an Every old: their next
// refusal writes a line at once anyway. What they had not written yet
// is returned, to be written (not lost). Its caller holds mu.
func (l *Log) sweep(now time.Time) []line {
	var out []line
	for k, t := range l.seen {
		if now.Sub(t.last) >= l.every {
			if t.count > 0 {
				out = append(out, line{k, t.count})
			}
			delete(l.seen, k)
		}
	}
	return out
}
