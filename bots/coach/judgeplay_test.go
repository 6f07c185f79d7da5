//go:build tune

package coach

import (
	"context"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// TestJudgeAgainstPlay is issue 41's second point, a measurement built
// only with the tune tag (it takes many minutes):
//
//	OKEY_DECISIONS=500 OKEY_GAME=classic nice -n 10 go test -tags tune ./bots/coach -run JudgeAgainstPlay -v -timeout 0
//
// It deals hands (seeds 1, 2, …; one hand each) with the seat under
// review (seed mod 4) played by OKEY_LEVEL (easy: it errs most, so the
// judge has most to say) and the other three by normal, and reviews
// that seat at the defaults (seed 1). For every decision where the
// judge's best move B is not the move played A, with predicted loss L,
// it plays A and B on the real deal — the true state, hidden tiles and
// wall as they were — OKEY_PLAYS times each (default 64), the same
// bots at every seat with other seeds, the same seed for A and B in
// each continuation, and takes the realised difference D, B's net
// points less A's. It regresses D on L over the decisions (slope and
// intercept with 95% intervals: a judge that is right has slope 1 and
// intercept 0), and reports the mean predicted and realised loss per
// label and per kind of decision. It fails only on a broken run: the
// figures are for docs/review.md.
func TestJudgeAgainstPlay(t *testing.T) {
	want := envInt(t, "OKEY_DECISIONS", 500)
	plays := envInt(t, "OKEY_PLAYS", 64)
	level := os.Getenv("OKEY_LEVEL")
	if level == "" {
		level = "easy"
	}
	for _, g := range []string{GameClassic, Game101} {
		if w := os.Getenv("OKEY_GAME"); w != "" && w != g {
			continue
		}
		var pts []calPoint
		for h := 0; len(pts) < want; h++ {
			seed, seat := uint64(h+1), h%4
			lv := [4]string{"normal", "normal", "normal", "normal"}
			lv[seat] = level
			var got []calPoint
			if g == GameClassic {
				got = calClassic(t, seed, seat, lv, plays)
			} else {
				got = cal101(t, seed, seat, lv, plays)
			}
			pts = append(pts, got...)
			if h%10 == 9 {
				t.Logf("%s: %d hands, %d decisions", g, h+1, len(pts))
			}
		}
		reportCal(t, g, pts)
	}
}

func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a number from 1", name, s)
	}
	return n
}

// calPoint is one decision: the judge's predicted loss of the move
// played against its best, the loss realised in play on the real deal
// (with its standard error over the continuations), the label and the
// kind of decision.
type calPoint struct {
	pred, real, se float64
	label          Label
	kind           string
}

func calClassic(t *testing.T, seed uint64, seat int, lv [4]string, plays int) []calPoint {
	t.Helper()
	ctx := context.Background()
	rec := classicRecord(t, seed, lv)
	ps, err := PointsClassic(rec, seat, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out []calPoint
	for _, p := range ps {
		v := p.State.View(seat)
		d, best, err := judgeClassic(ctx, v, p.Played, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Label == Only || best == p.Played {
			continue
		}
		diffs := make([]float64, plays)
		for k := range plays {
			bs := seed<<20 ^ uint64(p.Index)<<8 ^ uint64(k)
			diffs[k] = playClassicOn(t, p.State, best, lv, bs, seat) - playClassicOn(t, p.State, p.Played, lv, bs, seat)
		}
		m, se := meanSE(diffs)
		out = append(out, calPoint{pred: d.Loss, real: m, se: se, label: d.Label, kind: kindClassic(&v, p.Played, best)})
	}
	return out
}

// playClassicOn plays a from the true state s and the hand to its end
// with bots of the levels lv seeded from seed, and returns seat's net
// points.
func playClassicOn(t *testing.T, s classic.State, a classic.Action, lv [4]string, seed uint64, seat int) float64 {
	t.Helper()
	ctx := context.Background()
	s, _, err := s.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i, l := range lv {
		bs[i], _ = botsclassic.New(l, botsclassic.Options{Seed: seed*4 + uint64(i)})
	}
	for s.Phase() == game.Playing && s.Moves() < rollout.MaxActions*4 {
		x, err := bs[s.Turn()].Decide(ctx, s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(x); err != nil {
			t.Fatal(err)
		}
	}
	return rollout.ValueClassic(s, seat)
}

// kindClassic names a classic decision by the two moves compared.
func kindClassic(v *classic.View, a, b classic.Action) string {
	has := func(k classic.ActionKind) bool { return a.Kind == k || b.Kind == k }
	okeyFinish := func(x classic.Action) bool { return x.Kind == classic.ActFinish && v.Analyzer.IsOkey(x.Tile) }
	switch {
	case has(classic.ActShow):
		return "gösterme"
	case v.Stage == classic.MustDraw:
		return "draw or take"
	case okeyFinish(a) || okeyFinish(b):
		return "okey finish"
	case has(classic.ActFinish) && has(classic.ActDiscard):
		return "finish now or hold"
	}
	return "discard"
}

func cal101(t *testing.T, seed uint64, seat int, lv [4]string, plays int) []calPoint {
	t.Helper()
	ctx := context.Background()
	rec := record101(t, seed, lv)
	ps, err := Points101(rec, seat, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out []calPoint
	for _, p := range ps {
		v := p.State.View(seat)
		d, best, err := judge101(ctx, v, p.Played, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Label == Only || same101(best, p.Played) {
			continue
		}
		diffs := make([]float64, plays)
		for k := range plays {
			bs := seed<<20 ^ uint64(p.Index)<<8 ^ uint64(k)
			diffs[k] = play101On(t, p.State, best, lv, bs, seat) - play101On(t, p.State, p.Played, lv, bs, seat)
		}
		m, se := meanSE(diffs)
		out = append(out, calPoint{pred: d.Loss, real: m, se: se, label: d.Label, kind: kind101(&v, p.Played, best)})
	}
	return out
}

// play101On is playClassicOn for 101.
func play101On(t *testing.T, s okey101.State, a okey101.Action, lv [4]string, seed uint64, seat int) float64 {
	t.Helper()
	ctx := context.Background()
	s, _, err := s.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i, l := range lv {
		bs[i], _ = bots101.New(l, bots101.Options{Seed: seed*4 + uint64(i)})
	}
	for s.Phase() == game.Playing && s.Moves() < rollout.MaxActions*4 {
		x, err := bs[s.Turn()].Decide(ctx, s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(x); err != nil {
			t.Fatal(err)
		}
	}
	return rollout.Value101(s, seat)
}

// kind101 names a decision of 101 by the two moves compared and, for a
// discard, whether the seat laid off this turn before it.
func kind101(v *okey101.View, a, b okey101.Action) string {
	has := func(k okey101.ActionKind) bool { return a.Kind == k || b.Kind == k }
	switch {
	case v.Stage == okey101.StageDraw:
		return "draw or take"
	case has(okey101.ActOpen):
		return "opening"
	case has(okey101.ActLay):
		return "laying down"
	case has(okey101.ActLayOff):
		return "lay-off"
	case has(okey101.ActTakeBack):
		return "take-back"
	case has(okey101.ActGiveBack):
		return "give back"
	}
	for i := len(v.History) - 1; i >= 0; i-- {
		e := v.History[i]
		if e.Seat != v.Seat || e.Kind == okey101.EvDraw || e.Kind == okey101.EvTake {
			break
		}
		if e.Kind == okey101.EvLayOff {
			return "discard after a lay-off"
		}
	}
	return "discard"
}

func meanSE(xs []float64) (mean, se float64) {
	m, half := meanCI(xs)
	return m, half / 1.96
}

// fit is the least-squares line y = a + b·x with the 95% half-widths
// of a and b.
func fit(xs, ys []float64) (a, ha, b, hb float64) {
	n := float64(len(xs))
	if n < 3 {
		return 0, math.Inf(1), 0, math.Inf(1)
	}
	mx, my := 0.0, 0.0
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= n
	my /= n
	sxx, sxy := 0.0, 0.0
	for i := range xs {
		sxx += (xs[i] - mx) * (xs[i] - mx)
		sxy += (xs[i] - mx) * (ys[i] - my)
	}
	if sxx == 0 {
		return my, math.Inf(1), 0, math.Inf(1)
	}
	b = sxy / sxx
	a = my - b*mx
	ss := 0.0
	for i := range xs {
		e := ys[i] - a - b*xs[i]
		ss += e * e
	}
	s2 := ss / (n - 2)
	return a, 1.96 * math.Sqrt(s2*(1/n+mx*mx/sxx)), b, 1.96 * math.Sqrt(s2/sxx)
}

// reportCal logs the regression over every decision, then the mean
// predicted and realised loss (and the regression, with enough
// decisions) per label and per kind.
func reportCal(t *testing.T, g string, pts []calPoint) {
	t.Helper()
	line := func(name string, ps []calPoint) string {
		var xs, ys []float64
		for _, p := range ps {
			xs, ys = append(xs, p.pred), append(ys, p.real)
		}
		mp, _ := meanCI(xs)
		mr, hr := meanCI(ys)
		s := fmt.Sprintf("%-26s n %4d  predicted %7.3f  realised %7.3f (%7.3f to %7.3f)", name, len(ps), mp, mr, mr-hr, mr+hr)
		if len(ps) >= 20 {
			a, ha, b, hb := fit(xs, ys)
			s += fmt.Sprintf("  slope %5.2f (%5.2f to %5.2f)  intercept %7.3f (%7.3f to %7.3f)", b, b-hb, b+hb, a, a-ha, a+ha)
		}
		return s
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: the judge against play, %d decisions\n  %s\n", g, len(pts), line("all", pts))
	group := func(key func(calPoint) string) {
		m := map[string][]calPoint{}
		for _, p := range pts {
			m[key(p)] = append(m[key(p)], p)
		}
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			fmt.Fprintf(&b, "  %s\n", line(k, m[k]))
		}
	}
	group(func(p calPoint) string { return "label " + string(p.label) })
	group(func(p calPoint) string { return "kind " + p.kind })
	t.Log(b.String())
	if len(pts) == 0 {
		t.Fatal("no decision compared")
	}
}
