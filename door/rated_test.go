package door

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"okey/server/keep"
)

// TestTableShowsRatings: at a served table, the panel of a seat whose
// player has a rating in the table's game says it ("player 12.3"); a
// guest's says "player".
func TestTableShowsRatings(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	annKey := newKey(t)
	id := keep.KeyPrefix + gossh.FingerprintSHA256(annKey.PublicKey())
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	if err := srv.book.Set(ctx, "classic", keep.RatedEntry{ID: id, Name: "ann", Mu: 30, Sigma: 4, Games: 7}); err != nil {
		t.Fatal(err)
	}
	ann := dial(t, addr, "ann", dialOpts{key: annKey})
	openTable(t, ann)
	guest := dial(t, addr, "gus", dialOpts{w: 80, h: 24}) // the narrowest panels
	sit(t, guest)
	ann.press("s")
	// 30 - 3×4 = 18.0, on both players' screens.
	guest.waitFor("player 18.0", 10*time.Second)
	scr := ann.waitFor("Hand 1 ·", 10*time.Second)
	g := guest.term.String()
	// (The points beside it may be 19: a bot that shows the indicator
	// takes one from the others.)
	if strings.Count(g, "player 18.0 · ") != 1 {
		t.Errorf("the guest's screen shows ann's rating %d times:\n%s", strings.Count(g, "player 18.0 · "), g)
	}
	if !strings.Contains(scr, "player · 20 pts") && !strings.Contains(scr, "player ·") {
		t.Errorf("ann's screen: the guest's panel is not a plain player's:\n%s", scr)
	}
	for _, line := range strings.Split(g, "\n") {
		if ansi.StringWidth(line) > 80 {
			t.Fatalf("a line of %d columns at 80:\n%s", ansi.StringWidth(line), g)
		}
	}
}
