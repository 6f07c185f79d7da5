package layout

import "testing"

// The status grown for a finish or a hint takes its lines from the
// flexible area alone: the rack moves up to sit on it, the work line
// above the rack, the key bar stays the last line, and it never grows
// past what the area has.
func TestGrowStatusTakesFromTheFlexibleArea(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}, {60, 16}} {
		base := NewTable101(sz[0], sz[1])
		for n := 0; n <= base.StatusH+base.Flex.H+3; n++ {
			l := base.GrowStatus(n)
			want := min(max(n, base.StatusH), base.StatusH+base.Flex.H)
			if l.StatusH != want {
				t.Fatalf("%v: %d lines asked, %d given, want %d", sz, n, l.StatusH, want)
			}
			if l.Status.Y+l.StatusH != l.Help.Y || l.Rack.Y+l.Rack.H != l.Status.Y || l.Work.Y != l.Rack.Y-1 {
				t.Fatalf("%v: %d lines: status %v/%d, rack %v, work %v, help %v", sz, n, l.Status, l.StatusH, l.Rack, l.Work, l.Help)
			}
			if k := l.StatusH - base.StatusH; l.Flex.H != base.Flex.H-k || l.Work.Y != base.Work.Y-k || l.Flex.H < 0 || l.LogBeside && l.Log.Y+l.Log.H > l.Status.Y {
				t.Fatalf("%v: %d lines: flex %v, log %v, work %v", sz, n, l.Flex, l.Log, l.Work)
			}
			if l.SlotsY != l.Rack.Y+1 {
				t.Fatalf("%v: the slots do not move with the rack", sz)
			}
		}
	}
}
