package room

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestATournamentsTableIsNotLeftAtOneKey: the waiting room of a
// tournament's table the player was just taken to (its match dealt,
// the table's first word on its way) asks before q leaves it, as the
// table does in play: a q pressed twice at the last match's end, the
// second as the session took the player here, left this table and lost
// its match for them. q again leaves; at an ordinary table's waiting
// room one q leaves, as before.
func TestATournamentsTableIsNotLeftAtOneKey(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: side.Now().Add(-time.Minute), Length: time.Hour, Back: 2 * time.Minute, Away: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	tb := side.TourneyTable(t, id, 2*time.Minute, 10*time.Minute)
	own, err := side.H.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:test", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	q := tea.KeyPressMsg{Code: 'q', Text: "q"}
	leaves := func(turn common.Turn) bool {
		if turn.Cmd == nil {
			return false
		}
		_, ok := turn.Cmd().(common.LeaveTable)
		return ok
	}
	for _, lang := range []string{"en", "tr"} {
		c := side.Common(ctx, "key:test", "", "ann", lang)
		c.Tour = f
		c.At = &common.Membership{T: tb, M: tables.NewMember("key:test", "ann", "", 0), Tourney: true, Ctx: ctx, Cancel: cancel}
		p := &Page{}
		if leaves(p.Update(c, q)) {
			t.Errorf("%s: one q left a tournament's table from its waiting room", lang)
		}
		if want := c.LeaveWords("leave.confirm"); c.Flash != want {
			t.Errorf("%s: after one q the room says %q, want %q", lang, c.Flash, want)
		}
		if !leaves(p.Update(c, q)) {
			t.Errorf("%s: q again did not leave", lang)
		}
		// Another key in between: asked again.
		p.Update(c, q)
		p.Update(c, tea.KeyPressMsg{Code: 'x', Text: "x"})
		if leaves(p.Update(c, q)) {
			t.Errorf("%s: q, another key, q left", lang)
		}

		c.At = &common.Membership{T: own, M: tables.NewMember("key:test", "ann", "", 0), Ctx: ctx, Cancel: cancel}
		if !leaves((&Page{}).Update(c, q)) {
			t.Errorf("%s: one q did not leave an ordinary table's waiting room", lang)
		}
	}
}
