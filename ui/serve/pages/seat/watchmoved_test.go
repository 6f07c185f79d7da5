package seat

import (
	"context"
	"testing"
	"time"

	"okey/kit/i18n"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestSpectatorOfAMovedTableHasNoSeat: one watching a table that moves
// to another node reads that it moved and play resumes, or, once it
// gives up, where to find it — never of "your seat", which a spectator
// has none of (the player's lines said "you are back in your seat",
// "your seat is kept").
func TestSpectatorOfAMovedTableHasNoSeat(t *testing.T) {
	side := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		p := &Page{}
		p.reseat = &common.Reseating{ID: "7", Watch: true, Until: side.Now().Add(time.Minute)}
		p.onJoined(c, common.JoinedMsg{T: commontest.Table{}, M: tables.NewMember("key:test", "ann", "127.0.0.1", -1), Seat: -1, Moved: true})
		if got := p.moveLine(c); got != tr.T("table.movedback.watch") {
			t.Errorf("%s: a spectator back at the moved table reads %q", lang, got)
		}

		c = side.Common(context.Background(), "key:test", "", "ann", lang)
		p = &Page{}
		p.reseat = &common.Reseating{ID: "7", Watch: true, Until: side.Now().Add(-time.Second)}
		p.onReseat(c, false)
		if c.Flash != tr.T("table.moved.watch") {
			t.Errorf("%s: a spectator whose table did not come back reads %q", lang, c.Flash)
		}
	}
}
