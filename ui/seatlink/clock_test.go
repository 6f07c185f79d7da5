package seatlink

import (
	"testing"
	"time"
)

// TestClockShowsFivesThenSeconds: the turn's clock shows the time left
// rounded up to five seconds above ten, then every second; its tick
// comes when what it shows changes and not before, so a turn of 30 s
// counts down in 14 changes, not 30.
func TestClockShowsFivesThenSeconds(t *testing.T) {
	for _, c := range []struct {
		left time.Duration
		want int
	}{
		{30 * time.Second, 30}, {26 * time.Second, 30}, {25600 * time.Millisecond, 30}, {25400 * time.Millisecond, 25},
		{21 * time.Second, 25}, {16 * time.Second, 20}, {11 * time.Second, 15}, {10600 * time.Millisecond, 15},
		{10400 * time.Millisecond, 10}, {9 * time.Second, 9}, {1600 * time.Millisecond, 2}, {400 * time.Millisecond, 0},
		{-time.Second, 0},
	} {
		if got := shownLeft(c.left); got != c.want {
			t.Errorf("%v left: the clock shows %d, want %d", c.left, got, c.want)
		}
	}
	changes := 0
	for d := 30 * time.Second; shownLeft(d) > 0; {
		w := nextChange(d)
		if shownLeft(d-w+2*time.Millisecond) != shownLeft(d) {
			t.Fatalf("%v left: the clock changes before its tick %v later", d, w)
		}
		if shownLeft(d-w) == shownLeft(d) {
			t.Fatalf("%v left: the clock has not changed at its tick %v later", d, w)
		}
		d -= w
		changes++
	}
	if changes != 14 {
		t.Errorf("a turn of 30 s counts down in %d changes, want 14 (25, 20, 15, 10, then each second)", changes)
	}
	// Between steps, from any moment: never a tick before a change.
	for d := 31 * time.Second; shownLeft(d) > 0; d -= 7 * time.Millisecond {
		if w := nextChange(d); shownLeft(d-w+2*time.Millisecond) != shownLeft(d) || shownLeft(d-w) == shownLeft(d) {
			t.Fatalf("%v left: a tick %v later is not when the clock changes", d, w)
		}
	}
}

// TestClockTickFollowsTheDeadline: a tick set for a deadline the turn
// no longer has is dropped (a new deadline starts its own), and the
// clock stops with the timer.
func TestClockTickFollowsTheDeadline(t *testing.T) {
	now := time.Date(2026, 11, 29, 22, 0, 0, 0, time.UTC)
	l := &Link{Deadline: now.Add(30 * time.Second)}
	first := l.Deadline
	if l.Clock(now) == nil {
		t.Fatal("a timed turn starts no tick")
	}
	if l.Clock(now) != nil {
		t.Error("a second tick is started for the same deadline")
	}
	l.Deadline = now.Add(20 * time.Second)
	if l.Clock(now) == nil {
		t.Fatal("a new deadline starts no tick of its own")
	}
	if l.OnTick(TickMsg{For: first}, now.Add(5*time.Second), false) != nil {
		t.Error("the old deadline's tick goes on ticking")
	}
	if l.OnTick(TickMsg{For: l.Deadline}, now.Add(5*time.Second), false) == nil {
		t.Error("the deadline's own tick stops")
	}
	l.Deadline = time.Time{}
	if l.OnTick(TickMsg{For: now.Add(20 * time.Second)}, now.Add(6*time.Second), false) != nil || !l.Ticking.IsZero() {
		t.Error("the clock ticks on without a timer")
	}
}
