package pages

import (
	"fmt"
	"strings"

	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
)

// The review's reading of the racks (r on a decision, once its hand is
// over): what the belief the judge deals its worlds from (bots/belief,
// bots/belief101; in 101 weighed by the turns its worlds explain) read of each other rack from the player's view at that decision, the
// faces it found likeliest with their chances and the tiles the player
// knew were there, beside the tiles each rack really held, those the
// reading named marked. It is the judge's picture of the table, shown
// so the player can learn to read it; it is never shown while the hand
// is on (the host gives no reads for a hand not over).

// RackRead is what the belief read of one other rack at a decision,
// beside what the rack held.
type RackRead struct {
	// Place is the rack's seat from the player's: 0 the next player,
	// 1 the one across, 2 the previous player.
	Place int
	// Likely are the faces read likeliest there, likeliest first (only
	// those read likelier than on a rack dealt at random); Known the
	// tiles the player knew were there (taken from the discards).
	Likely []Guess
	Known  []tile.Tile
	// Held is the rack as it was.
	Held []tile.Tile
	// Weighed says the reading was weighed by the turns its worlds
	// explain (101's review), not the judge's worlds alone: the note
	// above the racks says which.
	Weighed bool
	// ByChance is how many of Likely a rack dealt at random from what
	// the player could not see would hold on average: what the reading
	// is measured against.
	ByChance float64
}

// Guess is a face and the chance the rack holds one of its unseen
// copies.
type Guess struct {
	Tile   tile.Tile
	Chance float64
}

// hasReads reports whether the decision on show has a reading to show.
func (rv *Review) hasReads() bool {
	return rv.At < len(rv.Reads) && len(rv.Reads[rv.At]) > 0
}

// reads are the lines of the reading of the racks at the decision on
// show, w columns wide: a line of what it is, then for each other rack
// what was read there and what it held, the tiles read rightly marked.
func (p ReviewPage) reads(okey tile.Tile, w int) []string {
	st, tr := p.c.St, p.c.Tr
	rv := p.r
	out := []string{}
	add := func(style func(...string) string, s string) {
		for _, l := range canvas.Wrap(s, w) {
			out = append(out, style(l))
		}
	}
	// The note says which reading it is: the judge's worlds, each rack
	// weighed too, or some of them (each marked on its line).
	weighed := 0
	for _, rr := range rv.Reads[rv.At] {
		if rr.Weighed {
			weighed++
		}
	}
	some := weighed > 0 && weighed < len(rv.Reads[rv.At])
	switch {
	case some:
		add(st.Dim.Render, tr.T("review.read.note.some"))
	case weighed > 0:
		add(st.Dim.Render, tr.T("review.read.note.weighed"))
	default:
		add(st.Dim.Render, tr.T("review.read.note"))
	}
	for _, rr := range rv.Reads[rv.At] {
		inRack := tile.CountsOf(rr.Held)
		var likely []string
		hits := 0
		for _, g := range rr.Likely {
			mark := ""
			if inRack[g.Tile] > 0 {
				mark = "✓"
				hits++
			}
			likely = append(likely, tr.T("review.read.guess", tr.Tile(g.Tile, okey, i18n.Nominative), int(g.Chance*100+0.5), mark))
		}
		said := tr.T("review.read.likely", strings.Join(likely, ", "))
		if len(likely) == 0 {
			said = tr.T("review.read.flat")
		}
		line := tr.T("review.read.place."+fmt.Sprint(rr.Place)) + " " + said
		if some && rr.Weighed {
			line = tr.T("review.read.place."+fmt.Sprint(rr.Place)) + " " + tr.T("review.read.weighed") + " " + said
		}
		if len(rr.Known) > 0 {
			line += "; " + tr.T("review.read.known", tr.Tiles(rr.Known, okey))
		}
		add(st.Text.Render, line)
		held := tr.T("review.read.held.only", tr.Tiles(rr.Held, okey))
		if len(rr.Likely) > 0 {
			held = tr.T("review.read.held", tr.Tiles(rr.Held, okey), hits, len(rr.Likely), fmt.Sprintf("%.1f", rr.ByChance))
		}
		add(st.Dim.Render, "  "+held)
	}
	return out
}
