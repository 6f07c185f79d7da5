package seat

import (
	"context"
	"strings"
	"testing"
	"time"

	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"

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
	now := time.Unix(1_000_000, 0)
	side := commontest.New(t)
	side.SetNow(now)
	c := side.Common(context.Background(), "key:test", "", "ann", "en")
	scr := &keyScreen{}
	p := &Page{scr: scr}
	p.reseat = &common.Reseating{ID: "1", Until: now.Add(reseatFor)}
	press := func(k string) {
		p.Update(c, tea.KeyPressMsg{Code: rune(k[0]), Text: k})
	}
	for _, k := range []string{"x", "?", "d"} {
		press(k)
	}
	if len(scr.keys) != 0 {
		t.Fatalf("the screen was given %v while its table moved", scr.keys)
	}
	if got := p.moveLine(c); !strings.Contains(got, "wait for it (3)") {
		t.Fatalf("the line while moving: %q", got)
	}
	// The seat is back: they are played, in order.
	p.reseat = nil
	p.playHeld(c)
	if strings.Join(scr.keys, "") != "x?d" {
		t.Fatalf("the screen was given %v, want x ? d", scr.keys)
	}
	if got := p.moveLine(c); !strings.Contains(got, "your keys (3) were played") {
		t.Fatalf("the line once back: %q", got)
	}

	// More than maxHeld: the player is told the rest are not kept.
	p.reseat = &common.Reseating{ID: "1", Until: now.Add(reseatFor)}
	for range maxHeld + 2 {
		press("x")
	}
	if len(p.held) != maxHeld || !strings.Contains(p.moveLine(c), "more are not kept") {
		t.Fatalf("%d keys held, line %q", len(p.held), p.moveLine(c))
	}
	// The seat never comes back: the lobby says what was not played.
	side.SetNow(now.Add(reseatFor + time.Second))
	p.onReseat(c, false)
	if !strings.Contains(c.Flash, "(16) were not played") || len(p.held) != 0 {
		t.Fatalf("the lobby's line: %q, %d keys still held", c.Flash, len(p.held))
	}
}
