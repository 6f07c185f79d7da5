package serve

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/ui/serve/common"

	tea "charm.land/bubbletea/v2"
)

// keyScreen is a table's screen that notes the keys it is given.
type keyScreen struct{ keys []string }

func (k *keyScreen) Init() tea.Cmd { return nil }
func (k *keyScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if kp, ok := msg.(tea.KeyPressMsg); ok {
		k.keys = append(k.keys, kp.String())
	}
	return k, nil
}
func (k *keyScreen) View() tea.View { return tea.NewView("") }
func (k *keyScreen) Close() error   { return nil }

// TestKeysWaitForAMovingTable: keys pressed at the table's screen while
// its table moves to another node are kept, said to be kept, and given
// to the screen in order once the seat is back (no key press lost or
// silently ignored); past maxHeld the player is told more are not kept;
// if the seat never comes back, the lobby's line says how many were not
// played.
func TestKeysWaitForAMovingTable(t *testing.T) {
	var mu sync.Mutex
	now := time.Unix(1_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv, _ := testServer(t, func(c *Config) { c.Now = clock })
	s := newSession(srv, context.Background(), "key:test", "", "ann", "127.0.0.1", "en")
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	scr := &keyScreen{}
	s.seat.scr, s.page = scr, common.Table
	s.reseat = &common.Reseating{ID: "1", Until: now.Add(reseatFor)}
	press := func(k string) {
		s.onKey(tea.KeyPressMsg{Code: rune(k[0]), Text: k})
	}
	for _, k := range []string{"x", "?", "d"} {
		press(k)
	}
	if len(scr.keys) != 0 {
		t.Fatalf("the screen was given %v while its table moved", scr.keys)
	}
	if got := s.seat.moveLine(&s.c, s.reseat); !strings.Contains(got, "wait for it (3)") {
		t.Fatalf("the line while moving: %q", got)
	}
	// The seat is back: they are played, in order.
	s.reseat = nil
	s.seat.playHeld(&s.c)
	if strings.Join(scr.keys, "") != "x?d" {
		t.Fatalf("the screen was given %v, want x ? d", scr.keys)
	}
	if got := s.seat.moveLine(&s.c, s.reseat); !strings.Contains(got, "your keys (3) were played") {
		t.Fatalf("the line once back: %q", got)
	}

	// More than maxHeld: the player is told the rest are not kept.
	s.reseat = &common.Reseating{ID: "1", Until: now.Add(reseatFor)}
	for range maxHeld + 2 {
		press("x")
	}
	if len(s.seat.held) != maxHeld || !strings.Contains(s.seat.moveLine(&s.c, s.reseat), "more are not kept") {
		t.Fatalf("%d keys held, line %q", len(s.seat.held), s.seat.moveLine(&s.c, s.reseat))
	}
	// The seat never comes back: the lobby says what was not played.
	mu.Lock()
	now = now.Add(reseatFor + time.Second)
	mu.Unlock()
	s.onReseat()
	if !strings.Contains(s.c.Flash, "(16) were not played") || len(s.seat.held) != 0 {
		t.Fatalf("the lobby's line: %q, %d keys still held", s.c.Flash, len(s.seat.held))
	}
}
