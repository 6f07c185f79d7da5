package ui

import (
	"testing"

	"okey/ui/settings"

	tea "charm.land/bubbletea/v2"
)

// benchModel is a table in the middle of a hand at w×h, in colour.
func benchModel(b *testing.B, w, h int) *Model {
	m := newTestModel(b, w, h, func(o *Options) { o.NoColor = false })
	drain(b, m, m.Init())
	press(b, m, "d")
	return m
}

func benchView(b *testing.B, w, h int) {
	m := benchModel(b, w, h)
	m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m.View()
	}
}

func BenchmarkView80x24(b *testing.B)  { benchView(b, 80, 24) }
func BenchmarkView120x40(b *testing.B) { benchView(b, 120, 40) }
func BenchmarkView200x60(b *testing.B) { benchView(b, 200, 60) }

// BenchmarkKeyMove is the cost of handling an arrow key.
func BenchmarkKeyMove(b *testing.B) {
	m := benchModel(b, 100, 30)
	k := keyMsg("right")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m.Update(k)
	}
}

// BenchmarkKeySort is the cost of sorting the rack by colour (it also
// starts a save, which runs outside Update).
func BenchmarkKeySort(b *testing.B) {
	m := benchModel(b, 100, 30)
	k := keyMsg("c")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m.Update(k)
	}
}

// BenchmarkKeyDiscard is the cost of a discard: the reducer, the view,
// the rack and the record (the bots' answers and the save run outside).
func BenchmarkKeyDiscard(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m := benchModel(b, 100, 30)
		k := keyMsg("x")
		tableClassic(m).Cursor = firstTile(m)
		b.StartTimer()
		m.Update(k)
		b.StopTimer()
		m.Close() // its lock file: a table left open per loop runs out of files
		b.StartTimer()
	}
}

// BenchmarkStartup is New (settings, reading the state directory, the
// deal) and the first frame.
func BenchmarkStartup(b *testing.B) {
	state, cfg := testEnv(b)
	s := settings.Default("en")
	b.ReportAllocs()
	for b.Loop() {
		m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Seed: 1, SeedSet: true})
		if err != nil {
			b.Fatal(err)
		}
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m.View()
		m.Close()
	}
}

// BenchmarkKeyDiscardBatch is BenchmarkKeyDiscard with the tables made
// a thousand at a time before the timer starts, so that no setup sits
// between two timed discards of a batch: BenchmarkKeyDiscard stops the
// timer around a whole new table for every discard, and what that setup
// leaves in the caches swings its figure by half. Each batch is closed
// before the next is made (a table holds its lock file open: every
// table of a run at once runs out of files).
func BenchmarkKeyDiscardBatch(b *testing.B) {
	const batch = 1000
	k := keyMsg("x")
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; {
		b.StopTimer()
		ms := make([]*Model, min(batch, b.N-done))
		for i := range ms {
			ms[i] = benchModel(b, 100, 30)
			tableClassic(ms[i]).Cursor = firstTile(ms[i])
		}
		b.StartTimer()
		for _, m := range ms {
			m.Update(k)
		}
		b.StopTimer()
		for _, m := range ms {
			m.Close()
		}
		b.StartTimer()
		done += len(ms)
	}
}
