package par

import (
	"context"
	"testing"

	"okey/game"
)

// BenchmarkPar is what okey daily --par costs: a day's par (hard in
// seat 0) and the day with every level, in both games. The daily's
// target (docs/daily.md) is under 2 s for a classic day and under 5 s for
// one of 101.
func BenchmarkPar(b *testing.B) {
	for _, g := range game.Kinds() {
		s := day(b, g, "2026-11-24")
		for _, levels := range [][]string{{Level}, Levels} {
			name := string(g) + "/hard"
			if len(levels) > 1 {
				name = string(g) + "/all"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					if _, err := Measure(context.Background(), s, levels); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
