package door

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/server/keep"
	"okey/server/servetest"
)

// TestTheAddressRuleCountsRankablePlayersOnly: behind one address (a
// carrier's NAT, a campus), the first player who could be ranked takes
// the day's ranked place, not whoever starts first: a guest, and a key
// made today, play the day as practice and leave the place free; the
// first key seen before the day is ranked; a second such key there is
// practice. An IPv6 home's /64s count as its /56, unless the server
// counts by /64.
func TestTheAddressRuleCountsRankablePlayersOnly(t *testing.T) {
	t.Parallel()
	eng, _, err := keep.OpenDir(context.Background(), t.TempDir(), keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	book, err := keep.OpenDailyBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	noon := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	d := daily.DateOf(noon)
	desk := func(prefix int) *dailyDesk {
		return &dailyDesk{book: book, ctx: ctx, log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			now: func() time.Time { return noon }, random: servetest.Random(7), prefix: prefix}
	}
	// Keys seen before the day, and one made today.
	for _, id := range []string{"key:SHA256:ann", "key:SHA256:bob", "key:SHA256:cem", "key:SHA256:dil"} {
		if _, err := book.FirstSeen(ctx, id, noon.Add(-48*time.Hour), nil); err != nil {
			t.Fatal(err)
		}
	}
	const nat = "198.51.100.9"
	for _, c := range []struct {
		desk     *dailyDesk
		g        game.Kind
		id, addr string
		want     string
	}{
		{desk(56), game.Classic, "guest:PASSER", nat, keep.PracticeGuest},
		{desk(56), game.Classic, "key:SHA256:new", nat, keep.PracticeNewKey},
		{desk(56), game.Classic, "key:SHA256:ann", nat, ""},
		{desk(56), game.Classic, "key:SHA256:bob", nat, keep.PracticeAddr},
		// One home's /64s, as the limits count them.
		{desk(56), game.Okey101, "key:SHA256:cem", "2001:db8:7:1::/64", ""},
		{desk(56), game.Okey101, "key:SHA256:dil", "2001:db8:7:2::/64", keep.PracticeAddr},
		{desk(64), game.Classic, "key:SHA256:cem", "2001:db8:7:1::/64", ""},
		{desk(64), game.Classic, "key:SHA256:dil", "2001:db8:7:2::/64", ""},
	} {
		got, err := c.desk.standing(ctx, c.g, d, c.id, c.addr, true)
		if err != nil || got != c.want {
			t.Errorf("%s from %s (counted by /%d): %q (%v), want %q", c.id, c.addr, c.desk.prefix, got, err, c.want)
		}
	}
}
