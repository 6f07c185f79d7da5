package ui

import (
	"runtime"
	"testing"

	"okey/bots/decide101"
	"okey/game/okey101"
)

// crowded101 is a 101 table in colour at w×h in the middle of a hand
// with a crowded table (seed 92: fourteen melds, lay-offs on every side),
// the player to play after drawing.
func crowded101(b *testing.B, w, h int) *Model {
	m := start101(b, w, h, withSeed(92), func(o *Options) { o.NoColor = false })
	for len(table101(m).View.Table) < 12 {
		myTurn101(b, m)
	}
	if table101(m).View.Stage == okey101.StageDraw {
		press(b, m, "d")
	}
	press(b, m, "enter") // a tile selected: the work line reads it
	return m
}

func benchView101(b *testing.B, w, h int) {
	m := crowded101(b, w, h)
	m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m.View()
	}
}

func BenchmarkView101x80x24(b *testing.B)  { benchView101(b, 80, 24) }
func BenchmarkView101x120x40(b *testing.B) { benchView101(b, 120, 40) }
func BenchmarkView101x200x60(b *testing.B) { benchView101(b, 200, 60) }

// benchKey101 is the cost of handling key k on the crowded table.
func benchKey101(b *testing.B, k string) {
	m := crowded101(b, 100, 30)
	msg := keyMsg(k)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		m.Update(msg)
	}
}

// BenchmarkKey101Move is an arrow key.
func BenchmarkKey101Move(b *testing.B) { benchKey101(b, "right") }

// BenchmarkKey101Select is enter: a tile in or out of the group being
// made (its reading is drawn by View).
func BenchmarkKey101Select(b *testing.B) { benchKey101(b, "enter") }

// BenchmarkKey101Sort sorts the rack by colour (the save it starts runs
// outside Update).
func BenchmarkKey101Sort(b *testing.B) { benchKey101(b, "c") }

// BenchmarkKey101SeriDiz is s: the best opening found (the exact
// analysis), laid out and made into groups.
func BenchmarkKey101SeriDiz(b *testing.B) { benchKey101(b, "s") }

// BenchmarkKey101LayOff is i on the tile under the cursor: its places
// looked for on the crowded table (each one tried on the referee), and
// either a lay-off played or the reason said.
func BenchmarkKey101LayOff(b *testing.B) { benchKey101(b, "e") }

// BenchmarkKey101Discard is x: the reducer, the view, the rack and the
// record (the bots' answers and the save run outside), a fresh table
// for every discard, made before the timer starts, a hundred at a time
// (so that the tables waiting do not swell the heap the timed part
// collects).
func BenchmarkKey101Discard(b *testing.B) {
	const chunk = 100
	k := keyMsg("x")
	b.ReportAllocs()
	for done := 0; done < b.N; done += chunk {
		b.StopTimer()
		ms := make([]*Model, min(chunk, b.N-done))
		for i := range ms {
			ms[i] = crowded101(b, 100, 30)
			table101(ms[i]).Sel = nil
			table101(ms[i]).Cursor = slotOf101(ms[i], decide101.DiscardChoice(&table101(ms[i]).View, &table101(ms[i]).SV))
		}
		runtime.GC()
		b.StartTimer()
		for _, m := range ms {
			m.Update(k)
		}
	}
}

// BenchmarkKey101Finish is f on a rack that cannot finish: the exact
// search for a finish on the crowded table.
func BenchmarkKey101Finish(b *testing.B) { benchKey101(b, "f") }
