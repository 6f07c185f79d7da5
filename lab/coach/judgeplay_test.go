//go:build tune

package coach_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// TestJudgeAgainstPlay sets the judge's verdicts against what the moves
// went on to win in play, a measurement built only with the tune tag (it
// takes many minutes):
//
//	OKEY_DECISIONS=500 OKEY_GAME=classic nice -n 10 go -C lab test -tags tune ./coach -run JudgeAgainstPlay -v -timeout 0
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
// label and per kind of decision. Each loss is also read a second time
// on OKEY_READ2 worlds of their own (default 64): with that read as an
// instrument the slope is not pulled toward 0 by the noise of the
// first (errors in the predictor), and by bins of predicted loss it
// reads the true loss the first read's bin holds. It fails only on a
// broken run: the figures are for docs/studies/review-judge.md.
func TestJudgeAgainstPlay(t *testing.T) {
	want := envInt(t, "OKEY_DECISIONS", 500)
	plays := envInt(t, "OKEY_PLAYS", 64)
	level := os.Getenv("OKEY_LEVEL")
	if level == "" {
		level = "easy"
	}
	for _, g := range game.Kinds() {
		if w := os.Getenv("OKEY_GAME"); w != "" && w != string(g) {
			continue
		}
		var pts []calPoint
		for h := 0; len(pts) < want; h++ {
			seed, seat := uint64(h+1), h%4
			lv := [4]string{"normal", "normal", "normal", "normal"}
			lv[seat] = level
			var got []calPoint
			if g == game.Classic {
				got = calClassic(t, seed, seat, lv, plays)
			} else {
				got = cal101(t, seed, seat, lv, plays)
			}
			pts = append(pts, got...)
			if h%10 == 9 {
				t.Logf("%s: %d hands, %d decisions", g, h+1, len(pts))
			}
		}
		reportCal(t, string(g), pts)
	}
}

// reads2 is the number of worlds of the second read (OKEY_READ2,
// default 64).
func reads2(t *testing.T) int { return envInt(t, "OKEY_READ2", 64) }

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
	// half is the 95% half-width of pred; pred2 a second read of the
	// same loss on worlds of its own (OKEY_READ2 of them, unclipped),
	// whose noise is independent of pred's: the instrument that tells a
	// slope pulled toward 0 by the noise in pred (errors in the
	// predictor) from a judge that is wrong.
	half, pred2 float64
	label       coach.Label
	kind        string
}

// playedHalf is the 95% half-width of the loss of the move played in d.
func playedHalf(d coach.Decision) float64 {
	for _, c := range d.Candidates {
		if c.Move == d.Played {
			return c.Half
		}
	}
	return 0
}

// read2 is the best's lead over the move played read once more on n
// worlds of a seed of their own (play plays [best, played]).
func read2(t *testing.T, n int, play rollout.Play) float64 {
	t.Helper()
	vals, err := rollout.Compare(context.Background(), nil, 0, n, 2, nil, play)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := rollout.Paired(vals[0], vals[1])
	return m
}

func calClassic(t *testing.T, seed uint64, seat int, lv [4]string, plays int) []calPoint {
	t.Helper()
	ctx := context.Background()
	rec := classicRecord(t, seed, lv)
	ps, err := coach.PointsClassic(rec, seat, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out []calPoint
	for _, p := range ps {
		v := p.State.View(seat)
		d, best, err := coach.JudgeClassicBest(ctx, v, p.Played, coach.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Label == coach.Only || best == p.Played {
			continue
		}
		diffs := make([]float64, plays)
		for k := range plays {
			bs := seed<<20 ^ uint64(p.Index)<<8 ^ uint64(k)
			diffs[k] = playClassicOn(t, p.State, best, lv, bs, seat) - playClassicOn(t, p.State, p.Played, lv, bs, seat)
		}
		m, se := meanSE(diffs)
		ps := []*rollout.PlayerClassic{rollout.NewPlayerClassic(), rollout.NewPlayerClassic()}
		p2 := read2(t, reads2(t), rollout.CandidatesClassic(&v, []classic.Action{best, p.Played}, seed<<20^uint64(p.Index)^0x2222, ps))
		out = append(out, calPoint{pred: d.Loss, real: m, se: se, half: playedHalf(d), pred2: p2, label: d.Label, kind: kindClassic(&v, p.Played, best)})
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
	ps, err := coach.Points101(rec, seat, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out []calPoint
	for _, p := range ps {
		v := p.State.View(seat)
		d, best, err := coach.Judge101Best(ctx, v, p.Played, coach.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Label == coach.Only || coach.Same101(best, p.Played) {
			continue
		}
		diffs := make([]float64, plays)
		for k := range plays {
			bs := seed<<20 ^ uint64(p.Index)<<8 ^ uint64(k)
			diffs[k] = play101On(t, p.State, best, lv, bs, seat) - play101On(t, p.State, p.Played, lv, bs, seat)
		}
		m, se := meanSE(diffs)
		ps := []*rollout.Player101{rollout.NewPlayer101(), rollout.NewPlayer101()}
		p2 := read2(t, reads2(t), rollout.Candidates101(&v, []okey101.Action{best, p.Played}, seed<<20^uint64(p.Index)^0x2222, ps))
		out = append(out, calPoint{pred: d.Loss, real: m, se: se, half: playedHalf(d), pred2: p2, label: d.Label, kind: kind101(&v, p.Played, best)})
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
			lam := reliability(ps)
			iv, lo, hi := ivSlope(ps)
			s += fmt.Sprintf("  reliability %.2f, slope/reliability %5.2f  IV slope %5.2f (%5.2f to %5.2f)", lam, b/lam, iv, lo, hi)
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
	fmt.Fprintf(&b, "  by predicted loss (bins of a sixth of the decisions each):\n")
	for _, bin := range bins(pts, 6) {
		var pr, p2, re []float64
		for _, p := range bin {
			pr, p2, re = append(pr, p.pred), append(p2, p.pred2), append(re, p.real)
		}
		mp, _ := meanCI(pr)
		m2, h2 := meanCI(p2)
		mr, hr := meanCI(re)
		fmt.Fprintf(&b, "    n %4d  predicted %7.3f (%7.3f to %7.3f)  second read %7.3f (%7.3f to %7.3f)  realised %7.3f (%7.3f to %7.3f)\n",
			len(bin), mp, bin[0].pred, bin[len(bin)-1].pred, m2, m2-h2, m2+h2, mr, mr-hr, mr+hr)
	}
	t.Log(b.String())
	if len(pts) == 0 {
		t.Fatal("no decision compared")
	}
}

// reliability is the share of the spread of the predicted losses that
// is not their own noise: 1 − mean(se²)/var(pred), se the standard
// error of each (half/1.96). An OLS slope over noisy predictors is the
// true one times this (regression dilution); the loss is cut at 0, so
// the figure is a rough one.
func reliability(ps []calPoint) float64 {
	var xs []float64
	noise := 0.0
	for _, p := range ps {
		xs = append(xs, p.pred)
		se := p.half / 1.96
		if !math.IsInf(se, 0) {
			noise += se * se
		}
	}
	m, _ := meanCI(xs)
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	v /= float64(len(xs) - 1)
	return 1 - noise/float64(len(xs))/v
}

// ivSlope is the slope of realised on predicted with the second read
// as the instrument, cov(real, pred2)/cov(pred, pred2), and its 95%
// interval from 2,000 bootstrap resamples of the decisions: the noise
// of pred does not pull it toward 0, as it does OLS's.
func ivSlope(ps []calPoint) (slope, lo, hi float64) {
	iv := func(idx func(i int) int) float64 {
		n := len(ps)
		var mp, m2, mr float64
		for i := range n {
			p := ps[idx(i)]
			mp, m2, mr = mp+p.pred, m2+p.pred2, mr+p.real
		}
		mp, m2, mr = mp/float64(n), m2/float64(n), mr/float64(n)
		var cr, cp float64
		for i := range n {
			p := ps[idx(i)]
			cr += (p.real - mr) * (p.pred2 - m2)
			cp += (p.pred - mp) * (p.pred2 - m2)
		}
		return cr / cp
	}
	slope = iv(func(i int) int { return i })
	r := game.NewSeeded(41)
	var bs []float64
	for range 2000 {
		draw := make([]int, len(ps))
		for i := range draw {
			draw[i] = r.Intn(len(ps))
		}
		bs = append(bs, iv(func(i int) int { return draw[i] }))
	}
	sort.Float64s(bs)
	return slope, bs[len(bs)/40], bs[len(bs)-1-len(bs)/40]
}

// bins sorts the decisions by predicted loss into k bins of as many
// each.
func bins(pts []calPoint, k int) [][]calPoint {
	ps := slices.Clone(pts)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].pred < ps[j].pred })
	var out [][]calPoint
	for i := range k {
		lo, hi := i*len(ps)/k, (i+1)*len(ps)/k
		if hi > lo {
			out = append(out, ps[lo:hi])
		}
	}
	return out
}
