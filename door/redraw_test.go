package door

import (
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// frameCount counts the frames each player's session was asked for:
// one for every message its program handled (the program asks for the
// view after each).
type frameCount struct {
	mu sync.Mutex
	n  map[string]int
}

// TestIdleSessionWakesForNothing: a session sitting in a lobby where
// nothing changes handles no message at all and is sent nothing (it
// once woke every second to poll the hall); a table opened by
// another player reaches its screen, with a handful of messages, and
// then it sleeps again.
func TestIdleSessionWakesForNothing(t *testing.T) {
	t.Parallel()
	count := &frameCount{n: map[string]int{}}
	_, addr := testServer(t, func(c *Config) { c.onFrame = count.seen })
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	defer ann.close()
	ann.waitFor("Tables (0 of", 10*time.Second)

	// still reports how many messages ann's session handled, and how many
	// bytes it was sent, over d.
	still := func(d time.Duration) (msgs int, sent int64) {
		m0, b0 := count.of("ann"), ann.received()
		time.Sleep(d)
		return count.of("ann") - m0, ann.received() - b0
	}
	// settle waits until a second goes by with nothing handled or sent
	// (a frame asked for may be written late on a loaded machine), for
	// at most 30 s: a session that woke every second never settles.
	settle := func(what string) {
		for end := time.Now().Add(30 * time.Second); ; {
			if msgs, sent := still(time.Second); msgs == 0 && sent == 0 {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("%s: still handling messages or sent bytes after 30 s", what)
			}
		}
	}
	// The first frames, and the query of the background colour, which
	// Bubble Tea sends at its first tick (a second after the start).
	time.Sleep(1500 * time.Millisecond)
	settle("the lobby at first")
	if msgs, sent := still(3500 * time.Millisecond); msgs != 0 || sent != 0 {
		t.Errorf("an idle lobby, 3.5 s: %d messages handled, %d bytes sent; want none", msgs, sent)
	}

	bob := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	defer bob.close()
	before := count.of("ann")
	openTable(t, bob)
	ann.waitFor("Table 1 ·", 5*time.Second)
	if n := count.of("ann") - before; n > 4 {
		t.Errorf("a table opened: %d messages for ann; want a few", n)
	}
	settle("the table shown")
	if msgs, sent := still(2 * time.Second); msgs != 0 || sent != 0 {
		t.Errorf("the lobby again idle, 2 s: %d messages handled, %d bytes sent; want none", msgs, sent)
	}
}

func (c *frameCount) seen(user string, _ tea.View) {
	c.mu.Lock()
	c.n[user]++
	c.mu.Unlock()
}

func (c *frameCount) of(user string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[user]
}
