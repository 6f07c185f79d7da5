package belief

import (
	"okey/game/classic"
	"okey/game/tile"
)

// RecentN is how many of an opponent's last discards (and passes) count
// as recent.
const RecentN = 3

// recentN is RecentN, as this package's features name it.
const recentN = RecentN

// StepKind is what a step of the public history did, in the terms both
// games share.
type StepKind uint8

// The steps both games' histories share. StepOther is any other event
// (a gösterme, an opening, a lay-off): a game's reader counts what it
// says itself; to the tally it is no step at all (the discard on top
// stays there).
const (
	StepOther   StepKind = iota
	StepDiscard          // a tile thrown to the discards
	StepTake             // the discard on top taken
	StepDraw             // a tile drawn from the wall
)

// Step is one event of a hand's public history as a reading counts it:
// each game's reader turns its own events (classic.Event,
// okey101.Event) into steps, so that what a discard, a take and a draw
// say is counted once for both games.
type Step struct {
	Kind StepKind
	Seat int
	Tile tile.Tile
}

// Tally is what the public history says of each opponent, face by face
// as they play (wild tiles uncounted), that both games read alike:
// what it threw, took and let go to draw, its first and last discards,
// how often it drew and took. Places are the opponents' (0 to
// Opponents-1, in play order from the seat).
type Tally struct {
	Thrown, Taken, Passed [Opponents][tile.NumFaces]uint8
	// Early is its first RecentN discards.
	Early [Opponents][tile.NumFaces]uint8
	// LastThrown and LastPassed are its last RecentN discards and the
	// discards it let go, newest last (NoTile where there were fewer).
	LastThrown, LastPassed [Opponents][RecentN]tile.Tile
	NThrown, Draws, Takes  [Opponents]int
	// ThrownByAny is every seat's discards, the seat's own too, by
	// face (not as they play).
	ThrownByAny tile.Counts
	// Stage is the discards so far, all seats.
	Stage int
	// top is the discard on top when it was just thrown (Seat -1 when
	// there is none, or it has been taken or passed over).
	top Step
}

// Reset empties t for a new reading.
func (t *Tally) Reset() {
	*t = Tally{top: Step{Seat: -1}}
	for p := range Opponents {
		for i := range RecentN {
			t.LastThrown[p][i], t.LastPassed[p][i] = tile.NoTile, tile.NoTile
		}
	}
}

// Tell counts step s, seen from seat me, into t (tiles as an plays
// them), and returns the opponent place of the step's seat: -1 for the
// seat itself or a seat out of range.
func Tell[A Wilds](t *Tally, an A, me int, s Step) int {
	p := -1
	if s.Seat >= 0 && s.Seat < Opponents+1 && s.Seat != me {
		p = place(me, s.Seat)
	}
	switch s.Kind {
	case StepDiscard:
		t.Stage++
		if s.Tile.Valid() {
			t.ThrownByAny[s.Tile]++
		}
		t.top = s
		if p >= 0 {
			push(&t.LastThrown[p], s.Tile)
			CountAs(an, &t.Thrown[p], s.Tile)
			if t.NThrown[p] < RecentN {
				CountAs(an, &t.Early[p], s.Tile)
			}
			t.NThrown[p]++
		}
	case StepTake:
		t.top = Step{Seat: -1}
		if p >= 0 {
			t.Takes[p]++
			CountAs(an, &t.Taken[p], s.Tile)
		}
	case StepDraw:
		top := t.top
		t.top = Step{Seat: -1}
		if p < 0 {
			return p
		}
		t.Draws[p]++
		// the discard on top was the previous player's, just thrown:
		// drawing instead of taking it passes it over
		if top.Seat >= 0 && top.Seat != s.Seat && top.Tile.Valid() {
			push(&t.LastPassed[p], top.Tile)
			CountAs(an, &t.Passed[p], top.Tile)
		}
	}
	return p
}

// push appends t to the newest-last window w.
func push(w *[RecentN]tile.Tile, t tile.Tile) {
	copy(w[:], w[1:])
	w[RecentN-1] = t
}

// Opponents is the number of other seats a reading covers, in the order
// of play from the seat: the next player (who may take its discards),
// the one across, the previous player (whose discards it may take).
const Opponents = classic.NumSeats - 1

// place is the opponent place of seat s seen from seat me (-1 for me).
func place(me, s int) int { return (s-me+classic.NumSeats)%classic.NumSeats - 1 }

// Wilds is what counting a tile as it plays asks of a deal's analysis:
// classic's hand.Analyzer, 101's meld.Analyzer.
type Wilds interface {
	IsOkey(t tile.Tile) bool
	PlaysAs(t tile.Tile) tile.Tile
}

// CountAs adds t to c as it plays, unless it is wild (a wild tile says
// nothing of the faces around it), up to 255.
func CountAs[A Wilds](an A, c *[tile.NumFaces]uint8, t tile.Tile) {
	if !t.Valid() || an.IsOkey(t) {
		return
	}
	if f := an.PlaysAs(t); c[f] < 255 {
		c[f]++
	}
}
