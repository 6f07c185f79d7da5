package playdaily

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/par"
	"okey/game"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/ui/stats"
)

func date(t *testing.T, s string) daily.Date {
	t.Helper()
	d, err := daily.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// file is a statistics file with the dailies given as "date game"
// (practice when it ends in " p"), each done with par known.
func file(entries ...string) *stats.File {
	f := stats.New()
	for i, e := range entries {
		w := strings.Fields(e)
		g, _ := game.ParseKind(w[1])
		d := stats.Daily{ID: fmt.Sprint(i), Date: w[0], Game: w[1], Hands: daily.Hands(g), Practice: len(w) > 2}
		for k := 0; k < daily.Hands(g); k++ {
			d.Scores = append(d.Scores, i)
			d.Par = append(d.Par, 0)
		}
		f.Dailies = append(f.Dailies, d)
	}
	return &f
}

// The record or practice, and what is asked first: a table of days,
// clocks and what was played.
func TestDecide(t *testing.T) {
	for _, tc := range []struct {
		name        string
		f           *stats.File
		game        game.Kind
		date, today string // date "" is today's
		practice    bool
		why         string
		ask         Ask
	}{
		{"today, first time", file(), game.Classic, "", "2026-11-24", false, "", AskNone},
		{"today, played already", file("2026-11-24 classic"), game.Classic, "", "2026-11-24", true, "daily.why.again", AskNone},
		{"today, the other game played", file("2026-11-24 101"), game.Classic, "", "2026-11-24", false, "", AskNone},
		{"today, only practised", file("2026-11-24 classic p"), game.Classic, "", "2026-11-24", false, "", AskNone},
		{"today named by --date", file(), game.Okey101, "2026-11-24", "2026-11-24", false, "", AskNone},
		{"a past day", file(), game.Classic, "2026-11-20", "2026-11-24", true, "daily.why.past", AskNone},
		{"a day before the epoch", file(), game.Classic, "2020-01-01", "2026-11-24", true, "daily.why.past", AskNone},
		{"a future day asks", file(), game.Classic, "2026-11-25", "2026-11-24", true, "daily.why.future", AskFuture},
		{"a clock before the epoch asks", file(), game.Classic, "", "2001-01-01", false, "", AskClockBack},
		{"a clock gone back asks", file("2026-12-10 classic"), game.Classic, "", "2026-12-01", false, "", AskClockBack},
		{"a clock far ahead asks", file("2026-12-10 classic"), game.Classic, "", "2031-05-02", false, "", AskClockAhead},
		{"a year on does not", file("2026-12-10 classic"), game.Classic, "", "2027-12-10", false, "", AskNone},
		{"practice on a later day is no clock gone back", file("2027-01-10 classic p"), game.Classic, "", "2026-12-01", false, "", AskNone},
		{"a future day with a clock before the epoch asks of the clock", file(), game.Classic, "2026-11-25", "2001-01-01", true, "daily.why.future", AskFuture},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d daily.Date
			if tc.date != "" {
				d = date(t, tc.date)
			}
			today := date(t, tc.today)
			c := Decide(tc.f, tc.game, d, today)
			want := today
			if tc.date != "" {
				want = d
			}
			if c.Date != want || c.Practice != tc.practice || c.Why != tc.why || c.Ask != tc.ask {
				t.Fatalf("Decide = %+v, want date %s practice %v why %q ask %d", c, want, tc.practice, tc.why, tc.ask)
			}
		})
	}
}

func TestStreak(t *testing.T) {
	for _, tc := range []struct {
		name  string
		f     *stats.File
		today string
		want  int
	}{
		{"none", file(), "2026-11-24", 0},
		{"today only", file("2026-11-24 classic"), "2026-11-24", 1},
		{"up to yesterday: today not played yet", file("2026-11-22 101", "2026-11-23 classic"), "2026-11-24", 2},
		{"a gap breaks it", file("2026-11-20 classic", "2026-11-22 classic", "2026-11-23 classic", "2026-11-24 101"), "2026-11-24", 3},
		{"two games a day count one day", file("2026-11-23 classic", "2026-11-23 101", "2026-11-24 classic"), "2026-11-24", 2},
		{"practice is no day played", file("2026-11-23 classic p", "2026-11-24 classic"), "2026-11-24", 1},
		{"over a month's end", file("2026-10-31 classic", "2026-11-01 classic"), "2026-11-01", 2},
		{"broken two days ago", file("2026-11-21 classic"), "2026-11-24", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Streak(tc.f, date(t, tc.today)); got != tc.want {
				t.Fatalf("Streak = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestSparkline(t *testing.T) {
	for _, tc := range []struct {
		vs   []int
		want string
	}{
		{nil, ""},
		{[]int{5}, "▄"},
		{[]int{2, 2, 2}, "▄▄▄"},
		{[]int{0, 7}, "▁█"},
		{[]int{-3, -2, -1, 0, 1, 2, 3, 4}, "▁▂▃▄▅▆▇█"},
		{[]int{0, 1, 9, 5}, "▁▂█▅"},
		{[]int{-101, 40}, "▁█"},
	} {
		if got := Sparkline(tc.vs); got != tc.want {
			t.Errorf("Sparkline(%v) = %q, want %q", tc.vs, got, tc.want)
		}
	}
}

func TestBest(t *testing.T) {
	f := file("2026-11-22 classic", "2026-11-23 classic", "2026-11-24 classic p", "2026-11-24 101")
	// The scores of entry i are i a hand against par 0: entry 1 made +4,
	// entry 2 (practice, +8) and entry 3 (101) do not count.
	d, total, ok := Best(f, game.Classic)
	if !ok || d.Date != "2026-11-23" || total != 4 {
		t.Fatalf("Best = %+v %d %v", d, total, ok)
	}
	if _, _, ok := Best(file(), game.Classic); ok {
		t.Fatal("a best with nothing played")
	}
}

func TestShare(t *testing.T) {
	words := map[string]string{
		"daily.share.game.classic": "classic", "daily.share.game.101": "101",
		"daily.share.vspar": "%s vs par", "daily.share.sofar": "%s vs par after %d of %d hands",
		"daily.share.nopar": "par not known yet", "daily.share.practice": "practice",
	}
	tr := func(k string, args ...any) string { return fmt.Sprintf(words[k], args...) }
	for _, tc := range []struct {
		name string
		d    stats.Daily
		want string
	}{
		{"done", stats.Daily{Date: "2026-11-24", Game: "classic", Hands: 4, Scores: []int{0, 2, 6, 4}, Par: []int{0, 1, 1, 1}}, "okey daily 2026-11-24 · classic · +9 vs par · ▁▂█▅"},
		{"101 below par, practice", stats.Daily{Date: "2026-11-20", Game: "101", Hands: 2, Practice: true, Scores: []int{50, 60}, Par: []int{40, 40}}, "okey daily 2026-11-20 · 101 · -30 vs par · █▁ · practice"},
		{"half way", stats.Daily{Date: "2026-11-24", Game: "classic", Hands: 4, Scores: []int{1}, Par: []int{1, 1, 1, 1}}, "okey daily 2026-11-24 · classic · 0 vs par after 1 of 4 hands · ▄"},
		{"no par", stats.Daily{Date: "2026-11-24", Game: "classic", Hands: 4, Scores: []int{1}}, "okey daily 2026-11-24 · classic · par not known yet"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Share(tr, tc.d)
			if got != tc.want {
				t.Fatalf("Share = %q, want %q", got, tc.want)
			}
			if strings.ContainsAny(got, "\x1b\n") {
				t.Fatal("a line to share with an escape or a newline")
			}
		})
	}
}

// Score reads a daily hand's record the way par scores it: the hand
// played by the hard bot in seat 0 with par's seeds scores par.
func TestScoreIsPars(t *testing.T) {
	for _, g := range game.Kinds() {
		set, line := dayAndPar(t, g)
		h := set.Hands[0]
		rec, half := playHand(t, g, h)
		got, err := Score(g, rec)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if got != line.Hands[0].Score {
			t.Fatalf("%s: Score = %d, par's hand 1 = %d", g, got, line.Hands[0].Score)
		}
		if _, err := Score(g, half); !errors.Is(err, ErrNotDone) {
			t.Fatalf("%s: a hand half played: %v", g, err)
		}
	}
	if _, err := Score(game.Classic, []byte("not a record")); err == nil {
		t.Fatal("a damaged record scored")
	}
}

// playHand plays hand h with hard bots seeded as par and the table seed
// them (each built for every decision from its seat's seed), and
// returns its whole record and its record after the first action.
func playHand(t *testing.T, g game.Kind, h daily.Hand) (whole, half []byte) {
	t.Helper()
	ctx := context.Background()
	if g == game.Classic {
		m, err := daily.ClassicRecord(h).Game()
		if err != nil {
			t.Fatal(err)
		}
		var bots [4]botsclassic.PerDecision
		for s := range bots {
			bots[s] = botsclassic.PerDecision{Level: par.Level, Seed: h.Bots[s], Build: botsclassic.New}
		}
		for m.State().Phase() == game.Playing {
			if half == nil && m.State().Moves() == 1 {
				half = marshal(m.Record())
			}
			s := m.State().Turn()
			a, err := bots[s].Decide(ctx, m.State().View(s))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := m.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		return marshal(m.Record()), half
	}
	m, err := daily.Record101(h).Game()
	if err != nil {
		t.Fatal(err)
	}
	var bots [4]bots101.PerDecision
	for s := range bots {
		bots[s] = bots101.PerDecision{Level: par.Level, Seed: h.Bots[s], Build: bots101.New}
	}
	for {
		st := m.State()
		switch st.Phase() {
		case game.MatchOver:
			return marshal(m.Record()), half
		case game.HandOver:
			if _, _, err := m.Apply(okey101.NextHand()); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if half == nil && st.Moves() == 1 {
			half = marshal(m.Record())
		}
		s := st.Turn()
		a, err := bots[s].Decide(ctx, st.View(s))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

func marshal[R any, P interface {
	*R
	Marshal() []byte
}](r R) []byte {
	return P(&r).Marshal()
}

// BenchmarkScore is what the end of a daily's hand costs the app: its
// record read and replayed to score it (twice: as it ends, and as enter
// goes on).
func BenchmarkScore(b *testing.B) {
	for _, g := range game.Kinds() {
		set, _ := daily.New(g, mustDate("2026-11-24"))
		t := &testing.T{}
		rec, _ := playHand(t, g, set.Hands[0])
		b.Run(string(g), func(b *testing.B) {
			for b.Loop() {
				if _, err := Score(g, rec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
