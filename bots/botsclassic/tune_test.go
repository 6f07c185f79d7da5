//go:build tune

package botsclassic

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
)

// TestTune is the bench the levels are tuned on, not a test: it plays
// duplicate deals (every deal four times, the bots rotated through the
// seats, as okey sim does) between variants of the levels that okey sim
// cannot name, and is built only with the tune tag:
//
//	OKEY_TUNE='hard,normal,normal,normal;hard-def=0,normal,normal,normal' \
//	OKEY_HANDS=8000 go test -tags tune ./bots/botsclassic -run Tune -v -timeout 0
//
// A variant is a level with knobs after dashes (hard-def=0.2-look=1, see
// tuneSet). Each table (tables are separated by ';') is played on the same
// deals with the same bot seeds (OKEY_SEED, 1 by default). For the first
// bot of each table it prints its share of the won hands and its net
// points a hand (what the other three lost on average, less what it
// lost: the measure matches are decided by), each with a 95% interval
// (a deal's four hands one cluster), and its okey finishes and
// seven-pairs wins; for every table after the first, the change of its
// net points and of its share from the first table, compared deal by
// deal (Δnet, Δshare, with 95% intervals). The level pimc is the
// bench's own search player (tune_pimc_test.go), and the one bot the
// bench shows the true state (to measure what seeing it is worth).
// With OKEY_MATCHES=N the bench plays N whole matches instead of hands
// (match k/4 is one match's deals, played in four rotations as okey sim
// --matches does) and adds the first bot's share of the matches won (top
// two, a tie across the line a half) and its change, compared match by
// match (Δmatch). OKEY_THINK sets the expert's budget (50ms by default).
// OKEY_WORKERS sets the goroutines (2 by default). 8,000 hands of hard
// against normal take about 20 s on two idle cores and give an interval
// of about ±0.7 points of share and ±0.04 net points a hand.
func TestTune(t *testing.T) {
	spec := os.Getenv("OKEY_TUNE")
	if spec == "" {
		t.Skip("set OKEY_TUNE to the tables to play")
	}
	hands := 4000
	if s := os.Getenv("OKEY_HANDS"); s != "" {
		hands, _ = strconv.Atoi(s)
	}
	seed := uint64(1)
	if s := os.Getenv("OKEY_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	matches := false
	if s := os.Getenv("OKEY_MATCHES"); s != "" {
		hands, _ = strconv.Atoi(s)
		matches = true
	}
	var base []tuneOutcome
	for _, tab := range strings.Split(spec, ";") {
		names := strings.Split(tab, ",")
		if len(names) != classic.NumSeats {
			t.Fatalf("%q: need four bots", tab)
		}
		t0 := time.Now()
		out, err := tuneRun(names, hands, seed, matches)
		if err != nil {
			t.Fatal(err)
		}
		p, lo, hi := clusterMean(out, tuneWon)
		n, nlo, nhi := clusterMean(out, tuneNet)
		okey, pairs := 0, 0
		for _, o := range out {
			okey += o.okey
			pairs += o.pairs
		}
		line := fmt.Sprintf("%-40s %6.1fs  share %5.1f%% [%4.1f,%4.1f]  net %+.3f [%+.3f,%+.3f]  okey %d pairs %d",
			tab, time.Since(t0).Seconds(), 100*p, 100*lo, 100*hi, n, nlo, nhi, okey, pairs)
		if matches {
			m, mlo, mhi := clusterMean(out, tuneMatch)
			line += fmt.Sprintf("  matches %5.1f%% [%4.1f,%4.1f]", 100*m, 100*mlo, 100*mhi)
		}
		if base == nil {
			base = out
		} else {
			d, dlo, dhi := pairedDiff(out, base, tuneNet)
			line += fmt.Sprintf("  Δnet %+.3f [%+.3f,%+.3f]", d, dlo, dhi)
			d, dlo, dhi = pairedDiff(out, base, tuneWon)
			line += fmt.Sprintf("  Δshare %+5.2f%% [%+5.2f,%+5.2f]", 100*d, 100*dlo, 100*dhi)
			if matches {
				d, dlo, dhi = pairedDiff(out, base, tuneMatch)
				line += fmt.Sprintf("  Δmatch %+5.2f%% [%+5.2f,%+5.2f]", 100*d, 100*dlo, 100*dhi)
			}
		}
		t.Log(line)
	}
}

// tuneOutcome is what the first bot did in one unit of a bench run (a
// hand, or a whole match).
type tuneOutcome struct {
	hands, decided, won, okey, pairs int
	// net is its net points summed over the hands; match its share of
	// the match's win (matches only).
	net, match float64
}

// tuneNet is the first bot's net points a hand (the arena's measure).
func tuneNet(o *tuneOutcome) (x, n float64) { return o.net, float64(o.hands) }

// tuneWon is its share of the hands that had a winner.
func tuneWon(o *tuneOutcome) (x, n float64) { return float64(o.won), float64(o.decided) }

// tuneMatch is its share of the matches won.
func tuneMatch(o *tuneOutcome) (x, n float64) { return o.match, 1 }

// add files a finished hand.
func (o *tuneOutcome) add(r *classic.HandResult, botOf *[classic.NumSeats]int) {
	o.hands++
	total := 0
	for _, l := range r.Lost {
		total += l
	}
	for seat := range classic.NumSeats {
		if botOf[seat] == 0 {
			o.net += float64(total-r.Lost[seat])/float64(classic.NumSeats-1) - float64(r.Lost[seat])
		}
	}
	if r.Winner < 0 {
		return
	}
	o.decided++
	if botOf[r.Winner] == 0 {
		o.won++
		if r.OkeyFinish {
			o.okey++
		}
		if r.Win.Kind == hand.WinPairs {
			o.pairs++
		}
	}
}

// tuneVariant builds the bot a tuning name stands for: a level, or a
// level with changes after a dash.
func tuneVariant(name string, seed uint64) (Bot, error) {
	level, mods, _ := strings.Cut(name, "-")
	var b Bot
	switch level {
	case "pimc":
		b = newPimc(seed)
	case "oracle":
		b = newOracle(seed)
	case "sight":
		b = newSight(seed)
	default:
		var err error
		think := 50 * time.Millisecond
		if s := os.Getenv("OKEY_THINK"); s != "" {
			think, _ = time.ParseDuration(s)
		}
		if level == "expert" {
			b = NewExpert(seed, think)
		} else if b, err = New(level, Options{Seed: seed}); err != nil {
			return nil, err
		}
	}
	if mods == "" {
		return b, nil
	}
	for _, m := range strings.Split(mods, "-") {
		k, v, _ := strings.Cut(m, "=")
		x, _ := strconv.ParseFloat(v, 64)
		if err := tuneSet(b, k, x); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return b, nil
}

func tuneRun(names []string, hands int, seed uint64, matches bool) ([]tuneOutcome, error) {
	out := make([]tuneOutcome, hands)
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := 2
	if s := os.Getenv("OKEY_WORKERS"); s != "" {
		workers, _ = strconv.Atoi(s)
		workers = max(workers, 1)
	}
	errs := make([]error, workers)
	for w := range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= hands || errs[w] != nil {
					return
				}
				out[i], errs[w] = tuneHand(names, i, seed, matches)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// tuneHand plays unit i of a bench run: hand i, or with matches match
// i, from its first deal to its end.
func tuneHand(names []string, i int, seed uint64, matches bool) (tuneOutcome, error) {
	var o tuneOutcome
	k, rot := i/classic.NumSeats, i%classic.NumSeats
	deal := game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k))
	var seat [classic.NumSeats]Bot
	var botOf [classic.NumSeats]int
	for j, name := range names {
		b, err := tuneVariant(name, game.NewSeed(deal^uint64(j+1)*0xbf58476d1ce4e5b9))
		if err != nil {
			return o, err
		}
		s := (j + rot) % classic.NumSeats
		seat[s], botOf[s] = b, j
	}
	var levels [classic.NumSeats]string
	for s := range levels {
		levels[s] = names[botOf[s]]
		if l, _, _ := strings.Cut(levels[s], "-"); l == "oracle" || l == "pimc" || l == "sight" {
			levels[s] = "hard"
		}
	}
	for _, b := range seat {
		if o, ok := b.(interface {
			seats([classic.NumSeats]string)
		}); ok {
			o.seats(levels)
		}
	}
	s, err := classic.NewMatch(classic.DefaultRules(), deal)
	if err != nil {
		return o, err
	}
	ctx := context.Background()
	for {
		for s.Phase() == game.Playing && s.Moves() < 500 {
			who := s.Turn()
			if o, ok := seat[who].(interface{ see(classic.State) }); ok {
				o.see(s)
			}
			a, err := seat[who].Decide(ctx, s.View(who))
			if err != nil {
				return o, err
			}
			if s, _, err = s.Apply(a); err != nil {
				return o, err
			}
		}
		r := s.Result()
		if r == nil { // stopped at the cap: a wall out, the end of a match
			o.hands++
			return o, nil
		}
		o.add(r, &botOf)
		if !matches || s.Phase() == game.MatchOver {
			break
		}
		if s, _, err = s.Apply(classic.NextHandAction()); err != nil {
			return o, err
		}
	}
	if m := s.View(0).Match; matches && m != nil {
		for seat := range classic.NumSeats {
			if botOf[seat] != 0 {
				continue
			}
			switch m.Outcome[seat] {
			case game.OutcomeWon:
				o.match = 1
			case game.OutcomeTied:
				o.match = 0.5
			}
		}
	}
	return o, nil
}

// clusterMean is the ratio mean of f over the hands (sum x over sum n)
// with a 95% interval that takes each deal's four hands as one cluster
// (as the arena does).
func clusterMean(out []tuneOutcome, f func(*tuneOutcome) (x, n float64)) (m, lo, hi float64) {
	type cl struct{ x, n float64 }
	var cs []cl
	var sx, sn float64
	for s := 0; s+4 <= len(out); s += 4 {
		var c cl
		for i := s; i < s+4; i++ {
			x, n := f(&out[i])
			c.x += x
			c.n += n
		}
		sx += c.x
		sn += c.n
		cs = append(cs, c)
	}
	m = sx / sn
	var ss float64
	for _, c := range cs {
		r := c.x - m*c.n
		ss += r * r
	}
	k := float64(len(cs))
	se := math.Sqrt(k/(k-1)*ss) / sn
	return m, m - 1.96*se, m + 1.96*se
}

// pairedDiff is the change of bot 0's ratio mean of f between two runs
// on the same deals, with a 95% interval from the deal-by-deal
// differences (the delta method for the ratio of the two sums).
func pairedDiff(a, b []tuneOutcome, f func(*tuneOutcome) (x, n float64)) (d, lo, hi float64) {
	type cl struct{ xa, na, xb, nb float64 }
	var cs []cl
	var sxa, sna, sxb, snb float64
	for s := 0; s+4 <= len(a) && s+4 <= len(b); s += 4 {
		var c cl
		for i := s; i < s+4; i++ {
			x, n := f(&a[i])
			c.xa += x
			c.na += n
			x, n = f(&b[i])
			c.xb += x
			c.nb += n
		}
		sxa += c.xa
		sna += c.na
		sxb += c.xb
		snb += c.nb
		cs = append(cs, c)
	}
	ma, mb := sxa/sna, sxb/snb
	k := float64(len(cs))
	// the deal's contribution to the difference of the two ratios
	var ss float64
	for _, c := range cs {
		r := (c.xa-ma*c.na)/sna*k - (c.xb-mb*c.nb)/snb*k
		ss += r * r
	}
	se := math.Sqrt(ss/(k-1)) / math.Sqrt(k)
	d = ma - mb
	return d, d - 1.96*se, d + 1.96*se
}
