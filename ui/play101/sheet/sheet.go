package sheet

import (
	"strconv"
	"strings"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/play101/melds"
	"okey/ui/table"
)

// Sheet is the score sheet of a match of 101 and the pages between its
// hands, as a seat sees them (View's), written in the app's words and
// styles (Look); Log is the table's log, which tells how a hand ended. It is a
// small value, made afresh where it is needed.
type Sheet struct {
	Look *table.Look
	View *okey101.View
	Log  Log
}

// Log is what a hand's end reads of the table's log, in words: the
// finisher's last turn, from its draw or take to the finish, and the
// last n moves of the deal on the table.
type Log interface {
	LastTurn(seat int) []string
	LastMoves(n int) []string
}

// Table is every hand so far, a line a hand (each player's score
// in it, how it ended), and the totals, at most w wide (0: as wide as
// it is). How a hand ended goes beside its line, or under it on a page
// too narrow for that (a phone held upright), wrapped, never cut.
func (sh Sheet) Table(w int) []string {
	v := sh.View
	// The first column is as wide as its words ("toplam" was cut to
	// "topl…" in Turkish).
	handW := max(HandW, canvas.Width(sh.tr().T("scores.hand")), canvas.Width(sh.tr().T("t101.col.total")))
	if v.Rules.Partners {
		handW = max(handW, canvas.Width(sh.tr().T("t101.col.team")))
	}
	scoreW := ScoreW
	narrow := w > 0 && handW+okey101.NumSeats*(1+ScoreW)+2+minEndW > w
	if narrow {
		scoreW = NarrowScoreW
	}
	head := canvas.Fit(sh.tr().T("scores.hand"), handW)
	for s := range okey101.NumSeats {
		head += " " + canvas.Right(canvas.Cut(sh.Look.Words.SeatName(s), scoreW), scoreW)
	}
	out := []string{sh.Look.St.Bold.Render(head)}
	for i := range v.Results {
		r := &v.Results[i]
		no := strconv.Itoa(r.Hand)
		if r.Void {
			no += "v"
		}
		line := canvas.Fit(no, handW)
		for s := range okey101.NumSeats {
			cell := Signed(r.Lines[s].Total)
			if r.Void {
				cell = "-"
			}
			line += " " + canvas.Right(cell, scoreW)
		}
		if !narrow {
			out = append(out, sh.Look.St.Text.Render(line)+"  "+sh.Look.St.Dim.Render(sh.HandEnd(r)))
			continue
		}
		out = append(out, sh.Look.St.Text.Render(line))
		for _, l := range canvas.Wrap(sh.HandEnd(r), max(1, w-endIndent)) {
			out = append(out, strings.Repeat(" ", endIndent)+sh.Look.St.Dim.Render(l))
		}
	}
	total := canvas.Fit(sh.tr().T("t101.col.total"), handW)
	for s := range okey101.NumSeats {
		total += " " + canvas.Right(strconv.Itoa(v.Scores[s]), scoreW)
	}
	out = append(out, sh.Look.St.Bold.Render(total))
	if v.Rules.Partners { // what decides: each team's total, on both its seats
		team := canvas.Fit(sh.tr().T("t101.col.team"), handW)
		for s := range okey101.NumSeats {
			team += " " + canvas.Right(strconv.Itoa(v.Totals[s]), scoreW)
		}
		out = append(out, sh.Look.St.Bold.Render(team))
	}
	return out
}

// HandTitle says who finished the hand and how.
func (sh Sheet) HandTitle(res *okey101.HandResult) string {
	hand := sh.Look.Words.Hand(res.Hand)
	switch {
	case res.Void:
		return sh.tr().T("t101.hand.void", hand)
	case res.WallOut:
		return sh.tr().T("t101.hand.wallout", hand)
	case res.Finisher == 0 && !sh.Look.Words.Watching: // a spectator's seat 0 is a player's
		return sh.tr().T("t101.hand.you", hand, sh.tileName(res.Discard))
	}
	return sh.tr().T("t101.hand.won", hand, sh.Look.Words.SeatName(res.Finisher), sh.tileName(res.Discard))
}

// HandEnd says in a few words how a hand ended.
func (sh Sheet) HandEnd(r *okey101.HandResult) string {
	var s string
	switch {
	case r.Void:
		return sh.tr().T("t101.end.void")
	case r.WallOut:
		s = sh.tr().T("scores.wallout")
	default:
		s = sh.Look.Words.YouOr(r.Finisher, "t101.end.finished")
		if r.Multiplier > 1 {
			s += " ×" + strconv.Itoa(r.Multiplier)
		}
	}
	for seat := range okey101.NumSeats {
		if p := r.Lines[seat].Penalties; p > 0 {
			s += "; " + sh.Look.Words.YouOr(seat, "t101.end.paid", p)
		}
	}
	return s
}

// Doublings says why the hand's points were doubled, "" when they
// were not.
func (sh Sheet) Doublings(res *okey101.HandResult) string {
	var d []string
	if res.OkeyFinish {
		d = append(d, sh.tr().T("t101.dbl.okey"))
	}
	if res.PairsFinish {
		d = append(d, sh.tr().T("t101.dbl.pairs"))
	}
	if res.Elden {
		d = append(d, sh.tr().T("t101.dbl.elden"))
	}
	if len(d) == 0 {
		return ""
	}
	return sh.tr().T("t101.dbl", res.Multiplier, strings.Join(d, ", "))
}

// LineWhy says why a seat scored what it did: finished, never
// opened, or the tiles left and their sum (× the multiplier, × 2 after
// opening with pairs), the okeys left, the penalties paid.
func (sh Sheet) LineWhy(seat int, l *okey101.ScoreLine) string {
	var why []string
	switch l.Kind {
	case okey101.LineFinished:
		why = append(why, sh.tr().T("t101.why.finished", l.Multiplier))
	case okey101.LineNotOpened:
		why = append(why, sh.tr().T("t101.why.notopened", l.Multiplier))
	case okey101.LineOpened:
		f := l.Multiplier
		if l.PairsDouble {
			f *= 2
		}
		var real []tile.Tile
		for _, x := range l.Rack {
			if !sh.View.Analyzer.IsOkey(x) {
				real = append(real, x)
			}
		}
		switch {
		case len(real) > 0:
			why = append(why, sh.tr().T("t101.why.left", sh.tilesText(real), l.RackValue, f))
		case len(l.Rack) == 0 && l.RackValue > 0:
			// Tiles left that the view does not show (another seat's,
			// at a duplicate round's table while other tables may still
			// be dealing that deal): their sum, not "nothing left".
			why = append(why, sh.tr().T("t101.why.lefthidden", l.RackValue, f))
		}
		if l.PairsDouble {
			why = append(why, sh.tr().T("t101.why.pairsdouble"))
		}
		if l.Okeys > 0 {
			why = append(why, sh.tr().T("t101.why.okeys", l.Okeys, okey101.PenaltyPoints*l.Okeys))
		}
		if len(real) == 0 && l.RackValue == 0 && l.Okeys == 0 {
			why = append(why, sh.tr().T("t101.why.nothing"))
		}
	}
	if l.Penalties > 0 {
		n := l.Penalties / okey101.PenaltyPoints
		if what := sh.penaltiesFor(seat); what != "" {
			why = append(why, sh.tr().T("t101.why.penalties.for", n, l.Penalties, what))
		} else {
			why = append(why, sh.tr().T("t101.why.penalties", n, l.Penalties))
		}
	}
	return product.Replace(strings.Join(why, "; "))
}

// penaltiesFor says what seat paid its penalties of this hand for, from
// the hand's public events ("the okey discarded, a tile that could be
// laid off discarded ×2"): "" when the view holds none of them.
func (sh Sheet) penaltiesFor(seat int) string {
	var n [okey101.PenaltyFeed + 1]int
	for _, e := range sh.View.History {
		if e.Kind == okey101.EvPenalty && e.Seat == seat && e.Reason <= okey101.PenaltyFeed {
			n[e.Reason]++
		}
	}
	var what []string
	for _, r := range []struct {
		r   okey101.PenaltyReason
		key string
	}{{okey101.PenaltyOkey, "okey"}, {okey101.PenaltyIslek, "islek"}, {okey101.PenaltyFeed, "feed"}} {
		if n[r.r] == 0 {
			continue
		}
		w := sh.tr().T("t101.why.pen." + r.key)
		if n[r.r] > 1 {
			w = sh.tr().T("t101.why.pen.times", w, n[r.r])
		}
		what = append(what, w)
	}
	return strings.Join(what, ", ")
}

// product holds a reason's sum together where a line wraps ("= 26 × 1"
// is one word): at 80 columns "× 1" was left alone on a line.
var product = strings.NewReplacer(" × ", "\u00a0×\u00a0", " = ", " =\u00a0")

// Signed writes a hand's score with its sign: +202, -101, 0.
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Columns of the score sheet.
const (
	HandW  = 5
	ScoreW = 8
	// NarrowScoreW is a score's column on a page too narrow for
	// ScoreW's and how a hand ended beside them.
	NarrowScoreW = 7
	// minEndW is the narrowest how a hand ended is kept beside its
	// line at; endIndent indents it under the line, narrower.
	minEndW   = 20
	endIndent = 2
)

// melds is the melds on the table, as the hand's end shows them.
func (sh Sheet) melds() melds.Table { return melds.Table{Look: sh.Look, View: sh.View} }

// tileName writes a tile of the hand on the table for messages.
func (sh Sheet) tileName(x tile.Tile) string { return sh.tr().Tile(x, sh.View.Okey, i18n.Nominative) }

// tilesText writes tiles of the hand on the table for messages.
func (sh Sheet) tilesText(ts []tile.Tile) string { return sh.tr().Tiles(ts, sh.View.Okey) }

// tr is the catalogue of the player's language.
func (sh Sheet) tr() *i18n.Catalog { return sh.Look.Words.Tr }
