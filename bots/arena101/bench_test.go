package arena101

import (
	"context"
	"testing"

	"okey/game/okey101"
)

// BenchmarkArena is the arena's rate of play, four bots of a level on
// every core, one op a hand: run it with -benchtime 4000x (a multiple
// of four) to measure okey sim --game 101's hands a second.
func BenchmarkArena(b *testing.B) {
	for _, level := range []string{"easy", "normal"} {
		b.Run(level, func(b *testing.B) {
			cfg := Config{Bots: []string{level, level, level, level}, Hands: b.N, Seed: 1, Rules: okey101.DefaultRules()}
			b.ResetTimer()
			res, err := Run(context.Background(), cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(res.HandsPerSecond(), "hands/s")
		})
	}
}
