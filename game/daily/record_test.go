package daily

import (
	"errors"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// A daily hand's record names its day, survives the record's own
// format, and is recognised as that day's hand — and only as long as its
// seed, rules and version are the day's.
func TestRecordNamesItsDaily(t *testing.T) {
	s := mustSet(t, game.Classic, "2026-11-24")
	h := s.Hands[2]
	rec := ClassicRecord(h)
	rec.Meta = s.Meta(h, false)
	rec.Meta["seat1"] = "hard" // the caller's own meta stays beside it
	if rec.Meta[MetaDaily] != "v1 classic 2026-11-24 hand 3" {
		t.Fatalf("meta %v", rec.Meta)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	gr := g.Record()
	back, err := classic.ParseRecord(gr.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	n, err := IdentifyClassic(back)
	if err != nil || n.Set.Date != s.Date || n.Hand != h || n.Practice {
		t.Fatalf("IdentifyClassic: %+v, %v", n, err)
	}

	s1 := mustSet(t, game.Okey101, "2027-01-01")
	r1 := Record101(s1.Hands[1])
	r1.Meta = s1.Meta(s1.Hands[1], true)
	g1, err := r1.Game()
	if err != nil {
		t.Fatal(err)
	}
	gr1 := g1.Record()
	back1, err := okey101.ParseRecord(gr1.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if n, err := Identify101(back1); err != nil || n.Hand.N != 2 || !n.Practice || n.Set.Game != game.Okey101 {
		t.Fatalf("Identify101: %+v, %v", n, err)
	}
}

func TestRecordNotTheDaily(t *testing.T) {
	s := mustSet(t, game.Classic, "2026-11-24")
	good := func() classic.Record {
		r := ClassicRecord(s.Hands[0])
		r.Meta = s.Meta(s.Hands[0], false)
		return r
	}
	tests := []struct {
		name   string
		change func(*classic.Record)
		want   error
	}{
		{"no daily", func(r *classic.Record) { r.Meta = map[string]string{"seat1": "hard"} }, ErrNotDaily},
		{"another seed", func(r *classic.Record) { r.Seed++ }, ErrDailyMismatch},
		{"another hand's seed", func(r *classic.Record) { r.Seed = s.Hands[1].Seed }, ErrDailyMismatch},
		{"other rules", func(r *classic.Record) { r.Rules.Points = 10 }, ErrDailyMismatch},
		{"another version", func(r *classic.Record) { r.Version = 1 }, ErrDailyMismatch},
		{"a 101 daily's name", func(r *classic.Record) { r.Meta[MetaDaily] = "v1 101 2026-11-24 hand 1" }, ErrDailyMismatch},
		{"version 2 of the daily", func(r *classic.Record) { r.Meta[MetaDaily] = "v2 classic 2026-11-24 hand 1" }, ErrDailyMeta},
		{"no such hand", func(r *classic.Record) { r.Meta[MetaDaily] = "v1 classic 2026-11-24 hand 5" }, ErrDailyMeta},
		{"hand 01", func(r *classic.Record) { r.Meta[MetaDaily] = "v1 classic 2026-11-24 hand 01" }, ErrDailyMeta},
		{"a bad date", func(r *classic.Record) { r.Meta[MetaDaily] = "v1 classic 2026-02-30 hand 1" }, ErrDailyMeta},
		{"words missing", func(r *classic.Record) { r.Meta[MetaDaily] = "v1 classic 2026-11-24" }, ErrDailyMeta},
		{"practice not yes", func(r *classic.Record) { r.Meta[MetaPractice] = "no" }, ErrDailyMeta},
	}
	if _, err := IdentifyClassic(good()); err != nil {
		t.Fatalf("the good record: %v", err)
	}
	for _, tc := range tests {
		r := good()
		tc.change(&r)
		if _, err := IdentifyClassic(r); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// A classic daily's name on a record of 101 is not that daily.
	r1 := Record101(s.Hands[0])
	r1.Meta = s.Meta(s.Hands[0], false)
	if _, err := Identify101(r1); !errors.Is(err, ErrDailyMismatch) {
		t.Errorf("a classic daily's meta on a 101 record: %v", err)
	}
}

// TestSeatSeeds: a daily hand's match seats the day's bots (par's), a
// match whose meta names a daily it is not seats its own, and so does
// any other match.
func TestSeatSeeds(t *testing.T) {
	s, err := New(game.Classic, mustDate(t, "2026-11-24"))
	if err != nil {
		t.Fatal(err)
	}
	h := s.Hands[2]
	own := func(seed uint64) [4]uint64 { return [4]uint64{seed * 4, seed*4 + 1, seed*4 + 2, seed*4 + 3} }
	for _, tc := range []struct {
		name string
		seed uint64
		meta map[string]string
		want [4]uint64
	}{
		{"the day's hand", h.Seed, s.Meta(h, false), h.Bots},
		{"the day's hand, practice", h.Seed, s.Meta(h, true), h.Bots},
		{"a daily's name on another seed", h.Seed + 1, s.Meta(h, false), own(h.Seed + 1)},
		{"a damaged daily name", h.Seed, map[string]string{MetaDaily: "v1 classic 2026-11-24 hand 9"}, own(h.Seed)},
		{"an ordinary match", 42, map[string]string{"program": "okey"}, own(42)},
		{"no meta", 42, nil, own(42)},
	} {
		if got := SeatSeeds(tc.seed, tc.meta); got != tc.want {
			t.Errorf("%s: SeatSeeds = %x, want %x", tc.name, got, tc.want)
		}
	}
	if h.Bots == own(h.Seed) {
		t.Fatal("the day's bots are the match seed's own: the test tells nothing")
	}
}
