package arena

import (
	"context"
	"errors"
	"testing"

	"okey/game"
)

func TestRunSmoke(t *testing.T) {
	cfg := Config{Bots: []string{"normal", "easy", "easy", "easy"}, Hands: 16, Seed: 1, Rules: game.DefaultRules()}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hands != 16 {
		t.Fatalf("hands = %d, want 16", r.Hands)
	}
	won := r.WallOut
	for _, b := range r.Bots {
		won += b.Won
		if b.Decisions == 0 {
			t.Errorf("%s made no decisions", b.Name)
		}
	}
	if won != r.Hands {
		t.Errorf("wins %d + wall outs %d != hands %d", won-r.WallOut, r.WallOut, r.Hands)
	}
	t.Logf("%+v", r)
}

func TestCheckRejects(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
	}{
		{"three bots", Config{Bots: []string{"easy", "easy", "easy"}, Hands: 1, Rules: game.DefaultRules()}},
		{"unknown level", Config{Bots: []string{"easy", "easy", "easy", "genius"}, Hands: 1, Rules: game.DefaultRules()}},
		{"zero hands", Config{Bots: []string{"easy", "easy", "easy", "easy"}, Rules: game.DefaultRules()}},
		{"bad rules", Config{Bots: []string{"easy", "easy", "easy", "easy"}, Hands: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Run(context.Background(), c.cfg); !errors.Is(err, ErrConfig) {
				t.Fatalf("err = %v, want ErrConfig", err)
			}
		})
	}
}

func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
	}
	for _, c := range cases {
		lo, hi := Wilson(c.k, c.n)
		if d := lo - c.lo; d > 1e-3 || d < -1e-3 {
			t.Errorf("Wilson(%d,%d) lo = %.4f, want %.4f", c.k, c.n, lo, c.lo)
		}
		if d := hi - c.hi; d > 1e-3 || d < -1e-3 {
			t.Errorf("Wilson(%d,%d) hi = %.4f, want %.4f", c.k, c.n, hi, c.hi)
		}
	}
}

// BenchmarkHand plays whole hands of four bots of a level on one
// goroutine: hands/s is the arena's speed per core.
func BenchmarkHand(b *testing.B) {
	for _, level := range []string{"easy", "normal", "hard"} {
		b.Run(level, func(b *testing.B) {
			cfg := Config{Bots: []string{level, level, level, level}, Seed: 7, Rules: game.DefaultRules(), Hands: 1}
			var t tally
			i := 0
			for b.Loop() {
				if err := playHand(context.Background(), &cfg, i, &t); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}
