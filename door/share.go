package door

import (
	"net"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// A client's fair share of the server, kept per address: how fast it may
// open connections (a token bucket, checked before the SSH handshake
// costs anything), and how fast it may guess codes (each wrong code
// after the first few doubles the wait before the next, across
// connections).

// connLimiter is a token bucket per address for new connections.
type connLimiter struct {
	mu    sync.Mutex
	per   rate.Limit
	burst int
	by    map[string]*rate.Limiter
}

// maxTracked is how many addresses the limits remember before they
// forget those with nothing to hold against them.
const maxTracked = 10_000

// newConnLimiter lets an address open perMinute connections a minute,
// burst at once; perMinute 0 is no limit (nil).
func newConnLimiter(perMinute, burst int) *connLimiter {
	if perMinute <= 0 {
		return nil
	}
	return &connLimiter{per: rate.Limit(float64(perMinute) / 60), burst: max(1, burst), by: map[string]*rate.Limiter{}}
}

// allow takes a token for a connection from host.
func (c *connLimiter) allow(host string, now time.Time) bool {
	if c == nil {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.by[host]
	if !ok {
		if len(c.by) >= maxTracked {
			// Forget the addresses whose buckets are full again: they
			// would start afresh anyway.
			for h, l := range c.by {
				if l.TokensAt(now) >= float64(c.burst) {
					delete(c.by, h)
				}
			}
		}
		l = rate.NewLimiter(c.per, c.burst)
		c.by[host] = l
	}
	return l.AllowN(now, 1)
}

// guesses counts wrong codes per address, across connections.
type guesses struct {
	// free is how many wrong codes cost nothing (0: none ever waits).
	free int
	mu   sync.Mutex
	by   map[string]*guessState
}

type guessState struct {
	wrong int
	last  time.Time // the last wrong code
	until time.Time // no code is tried before this
}

// Wrong codes: the first few (Config.FreeGuesses) cost nothing (a typo,
// a code read wrong); each one after waits twice as long as the one
// before, from guessWait up to guessMaxWait; an address with no wrong
// code for guessForget starts afresh.
const (
	guessWait    = 2 * time.Second
	guessMaxWait = 10 * time.Minute
	guessForget  = 30 * time.Minute
)

// newGuesses counts wrong codes, free of them costing nothing (0: no
// limit at all).
func newGuesses(free int) *guesses { return &guesses{free: free, by: map[string]*guessState{}} }

// wait is how long host must wait before its next code is tried (0: at
// once).
func (g *guesses) wait(host string, now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	st, ok := g.by[host]
	if !ok || now.Sub(st.last) >= guessForget {
		return 0
	}
	return max(0, st.until.Sub(now))
}

// wrong counts a wrong code from host and sets its wait.
func (g *guesses) wrong(host string, now time.Time) {
	if g.free <= 0 {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	st, ok := g.by[host]
	if !ok || now.Sub(st.last) >= guessForget {
		if len(g.by) >= maxTracked {
			for h, s := range g.by {
				if now.Sub(s.last) >= guessForget {
					delete(g.by, h)
				}
			}
		}
		st = &guessState{}
		g.by[host] = st
	}
	st.wrong++
	st.last = now
	if n := st.wrong - g.free; n > 0 {
		d := guessMaxWait
		if n < 20 {
			d = min(guessMaxWait, guessWait<<(n-1))
		}
		st.until = now.Add(d)
	}
}

func hostOf(a net.Addr) string {
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}
