package coach

import (
	"context"
	"os"
	"strconv"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
)

// TestHoldAgainstPlay is the study of the hint's holds on the real deal
// (docs/studies/review-judge.md, "Holding a win against play"): in
// classic hands of four hard bots (seeds 77000+OKEY_HOLD_FROM on), at
// every discard where a seat could finish and its rack holds an okey,
// the hint (AdviseClassic) is asked; where it holds the win, the judge's
// lead of the hold over the finish (its review, JudgeClassic) is set
// beside what holding and finishing came to on the true deal, the rest
// of the hand played by four hard bots and by four normal ones (the
// judge's playout bots). A study: OKEY_HOLD_PLAY=n deals; skipped
// without it.
func TestHoldAgainstPlay(t *testing.T) {
	t.Parallel()
	n, _ := strconv.Atoi(os.Getenv("OKEY_HOLD_PLAY"))
	if n < 1 {
		t.Skip("a study: OKEY_HOLD_PLAY=n deals")
	}
	from, _ := strconv.Atoi(os.Getenv("OKEY_HOLD_FROM"))
	var pred, hard, normal []float64
	for h := range n {
		seed := uint64(77000 + from + h)
		g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewHard(seed*13 + uint64(i))
		}
		for g.State().Phase() == game.Playing && g.State().HandNumber() == 1 {
			s := g.State()
			seat := s.Turn()
			v := s.View(seat)
			if holdChoice(&v) {
				a, _, err := AdviseClassic(ctx, v, HintOptions(seed))
				if err != nil {
					t.Fatal(err)
				}
				f, ok := finishNow(&v)
				if a.Kind == classic.ActDiscard && keepsWin(&v, a.Tile) && ok {
					d, err := JudgeClassic(ctx, v, a, Options{Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					if w := d.Weighed; w != nil {
						// hard bots play alike on any seed; normal ones
						// are averaged over 100
						held := [2]float64{playedOn(t, s, seat, a, "hard", 0) - playedOn(t, s, seat, f, "hard", 0), 0}
						for k := range uint64(100) {
							held[1] += (playedOn(t, s, seat, a, "normal", k) - playedOn(t, s, seat, f, "normal", k)) / 100
						}
						pred, hard, normal = append(pred, -w.More), append(hard, held[0]), append(normal, held[1])
						t.Logf("deal %d seat %d, %d left: hold %v over %v: the judge %+.3f ± %.3f; the true deal %+.3f (hard bots), %+.3f (normal)",
							seed, seat, v.WallLeft, a, f, -w.More, w.Half, held[0], held[1])
					}
				}
			}
			a, err := bs[seat].Decide(ctx, v)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	zero := make([]float64, len(pred))
	mp, hp := rollout.Paired(pred, zero)
	mh, hh := rollout.Paired(hard, zero)
	mn, hn := rollout.Paired(normal, zero)
	t.Logf("%d holds in %d deals: the judge's lead %+.3f ± %.3f; on the true deal %+.3f ± %.3f (hard bots), %+.3f ± %.3f (normal)", len(pred), n, mp, hp, mh, hh, mn, hn)
}

// playedOn is seat's net points when it plays a on the true state s and
// bots of level, seeded from seed, play the hand out.
func playedOn(t *testing.T, s classic.State, seat int, a classic.Action, level string, seed uint64) float64 {
	t.Helper()
	s, _, err := s.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		if bs[i], err = botsclassic.New(level, botsclassic.Options{Seed: seed*7 + uint64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for s.Phase() == game.Playing && s.Moves() < rollout.MaxActions {
		x, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(x); err != nil {
			t.Fatal(err)
		}
	}
	return rollout.ValueClassic(s, seat)
}
