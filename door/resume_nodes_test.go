package door

import (
	"strings"
	"testing"
	"time"

	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// TestResumeCodeRefusedOnEveryNode: a guest connected to node a, away
// (their bot playing) but connected, keeps their seat against their
// resume code typed on node c — at a table node b runs and at one node a
// runs — refused with the same words as on the guest's own node; once
// the guest's connection has ended, the code takes the seat back there.
// The table's node decides, since it alone knows every session at the
// table, from whichever node.
func TestResumeCodeRefusedOnEveryNode(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	away := func(c *Config) { c.AwayAfter = 300 * time.Millisecond }
	a, addrA := testServer(t, steadyNode(url, "a"), away)
	b, addrB := testServer(t, steadyNode(url, "b"))
	_, addrC := testServer(t, steadyNode(url, "c"))

	// Table 1, run by node b: bob opens it, gus (a guest on node a)
	// sits, the match starts.
	bob := dial(t, addrB, "bob", dialOpts{key: newKey(t)})
	openTable(t, bob)
	gus := dial(t, addrA, "gus", dialOpts{from: "127.0.0.31"})
	code1 := resumeCode(t, gus)
	sit(t, gus)
	bob.waitFor("2. gus", 10*time.Second)
	bob.press("s")
	gus.waitFor("Hand 1 ·", 10*time.Second)

	// Table 2, run by node a: guy, a guest on node a, opens it alone.
	guy := dial(t, addrA, "guy", dialOpts{from: "127.0.0.32"})
	guy.waitFor("Tables (1 of", 10*time.Second)
	code2 := resumeCode(t, guy)
	guy.press("n")
	guy.waitFor("A new table", 5*time.Second)
	guy.press("enter")
	guy.waitFor("s starts the match", 10*time.Second)
	guy.press("s")
	guy.waitFor("Hand 1 ·", 10*time.Second)
	if got := a.hall.Owned(); len(got) != 1 || got[0] != "2" {
		t.Fatalf("node a runs %v, not table 2", got)
	}
	if got := b.hall.Owned(); len(got) != 1 || got[0] != "1" {
		t.Fatalf("node b runs %v, not table 1", got)
	}

	for _, c := range []struct {
		table, code string
		seat        int
		guest       *client
	}{{"1", code1, 1, gus}, {"2", code2, 0, guy}} {
		// The guest presses nothing: away, their bot playing, still
		// connected.
		waitSummary(t, a, c.table, "the guest away", func(s *tables.Summary) bool { return s.Players[c.seat].Kind == seatmsg.Away })

		eve := dial(t, addrC, "eve", dialOpts{from: "127.0.0.33"})
		eve.waitFor("Tables (2 of", 10*time.Second)
		eve.press("r")
		eve.waitFor("resume code:", 5*time.Second)
		eve.press(c.code, "enter")
		eve.waitFor("Its player is connected: a resume code does not take a seat in play.", 10*time.Second)
		if s := summary(a, c.table); s == nil || s.Owners[c.seat] != common.GuestID(normalized(c.code)) {
			t.Fatalf("table %s: the guest lost their seat to a code typed on another node: %+v", c.table, s)
		}
		if scr := c.guest.term.String(); strings.Contains(scr, "connected again from elsewhere") {
			t.Fatalf("table %s: the guest was cut off:\n%s", c.table, scr)
		}

		// The guest really leaves: the code takes the seat back.
		c.guest.close()
		deadline := time.Now().Add(30 * time.Second)
		for {
			eve.press(c.code, "enter")
			if _, ok := eve.await(2*time.Second, func(s string) bool { return strings.Contains(s, "q leave the table") }); ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("table %s: the code never took the seat back once the guest had gone:\n%s", c.table, eve.term.String())
			}
		}
		eve.close()
	}
}

// normalized is a resume code as shown, without its dash.
func normalized(code string) string {
	c, _ := common.NormCode(code, common.ResumeLen)
	return c
}
