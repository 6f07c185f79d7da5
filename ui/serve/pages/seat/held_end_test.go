package seat

import (
	"context"
	"testing"

	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestHeldEndGoesToTheEndPage: a duplicate round's table that ends a
// player's match with its result held (round.held) sends them to the
// end page with their own place and score only — not to the last
// word a table's unknown reason would give, nor the duplicate scores.
func TestHeldEndGoesToTheEndPage(t *testing.T) {
	side := commontest.New(t)
	c := side.Common(context.Background(), "key:test", "", "ann", "en")
	held := seatmsg.Held{Table: "12", Tourney: "t1", Game: "101", Place: 2, Score: 37}
	p := &Page{}
	got := p.onClosed(c, tables.Msg{Closed: "round.held", Held: &held})
	if got.To != common.End || got.Pass != any(held) || got.Bye != "" {
		t.Fatalf("round.held turned to page %d passing %#v (bye %q)", got.To, got.Pass, got.Bye)
	}
}
