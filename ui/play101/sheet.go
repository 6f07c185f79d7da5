package play101

import (
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/table"
	"slices"
	"strconv"
	"strings"
)

// The pages of the 101 table in words: the score sheet, a hand's end,
// the last moves, the house rules, the stacks browsed.

// BrowseLines show the discard stacks the player may look through
// and the whole table, every meld, grouped by who laid it.
func (t *Table) BrowseLines(w int) []string {
	v := &t.View
	out := []string{t.host.Styles().Title.Render(canvas.Cut(t.tr().T("t101.browse.title"), w)), ""}
	for _, s := range []int{v.Previous, 0, 1, 2} { // the stack the player may take first
		name := t.tr().T("stack.yours")
		if s != 0 {
			name = t.tr().T("stack.of", t.host.Words().SeatName(s))
		}
		head := t.host.Styles().Bold.Render(name) + t.host.Styles().Dim.Render(" ("+t.tr().T("stack.count", v.DiscardCounts[s])+")")
		var ts []string
		for _, x := range v.Discards[s] {
			ts = append(ts, t.host.Styles().Inline(x))
		}
		body := strings.Join(ts, " ")
		switch {
		case v.DiscardCounts[s] == 0:
			body = t.host.Styles().Dim.Render(t.tr().T("browse.empty"))
		case s != 0 && s != v.Previous:
			body = t.tr().T("browse.toponly", body)
		}
		out = append(out, canvas.Cut(head, w))
		for _, l := range canvas.Wrap(body, w-2) {
			out = append(out, "  "+l)
		}
	}
	out = append(out, "", t.host.Styles().Bold.Render(canvas.Cut(t.tr().T("t101.browse.table"), w)))
	rows := t.onTable().Lines(w)
	if len(rows) == 0 {
		out = append(out, t.host.Styles().Dim.Render(t.tr().T("t101.browse.notable")))
	}
	out = append(out, rows...)
	out = append(out, "")
	for _, s := range canvas.Wrap(t.tr().T("t101.browse.legend"), w) {
		out = append(out, t.host.Styles().Dim.Render(s))
	}
	out = append(out, t.host.Styles().Dim.Render(canvas.Cut(t.tr().T("browse.keys"), w)))
	return out
}

// LastTurn is the finisher's last turn in the log, in words: from
// its draw or take to the finish.
func (t *Table) LastTurn(seat int) []string {
	deal := table.DealKey(t.View.Hand, t.View.Redeal)
	var out []string
	for i := len(t.Log) - 1; i >= 0; i-- {
		e := t.Log[i]
		if e.Deal != deal {
			break
		}
		if e.Chat || e.Note != "" || e.Ev.Kind == okey101.EvHandOver || e.Ev.Kind == okey101.EvMatchOver {
			continue
		}
		if e.Ev.Seat != seat && e.Ev.Kind != okey101.EvPenalty {
			break
		}
		if s := t.LogText(e); s != "" {
			out = append(out, s)
		}
		if e.Ev.Kind == okey101.EvDraw || e.Ev.Kind == okey101.EvTake {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// LastMoves are the last n lines of the log of the deal on the table.
func (t *Table) LastMoves(n int) []string {
	deal := table.DealKey(t.View.Hand, t.View.Redeal)
	var out []string
	for i := len(t.Log) - 1; i >= 0 && len(out) < n; i-- {
		if t.Log[i].Deal != deal {
			break
		}
		if s := t.LogText(t.Log[i]); s != "" {
			out = append(out, s)
		}
	}
	slices.Reverse(out)
	return out
}

// HowToPlay is the end of the ? page: how to play 101 under the
// match's rules, wrapped at w.
func (t *Table) HowToPlay(w int) []string {
	r := t.View.Rules
	text := strings.NewReplacer("{open}", strconv.Itoa(r.Open), "{pairs}", strconv.Itoa(okey101.MinPairs),
		"{hands}", strconv.Itoa(r.Hands), "{house}", t.HouseRules(r)).Replace(i18n.HelpOf(t.tr().Lang, "101"))
	var out []string
	for _, s := range canvas.Wrap(text, w) {
		out = append(out, t.host.Styles().Text.Render(s))
	}
	return out
}

// HouseRules names the house rules a match plays under, as --rules
// writes them ("feed, okey_pair"), or says there are none.
func (t *Table) HouseRules(r okey101.Rules) string {
	var on []string
	for _, h := range []struct {
		name string
		on   bool
	}{{"feed", r.Feed}, {"okey_once", r.OkeyOnce}, {"islek_back", r.IslekBack}, {"okey_pair", r.OkeyPair}} {
		if h.on {
			on = append(on, h.name)
		}
	}
	if len(on) == 0 {
		return t.tr().T("t101.house.none")
	}
	return strings.Join(on, ", ")
}

// Doublings says why the hand's points were doubled, "" when they
// were not.
func (t *Table) Doublings(res *okey101.HandResult) string {
	var d []string
	if res.OkeyFinish {
		d = append(d, t.tr().T("t101.dbl.okey"))
	}
	if res.PairsFinish {
		d = append(d, t.tr().T("t101.dbl.pairs"))
	}
	if res.Elden {
		d = append(d, t.tr().T("t101.dbl.elden"))
	}
	if len(d) == 0 {
		return ""
	}
	return t.tr().T("t101.dbl", res.Multiplier, strings.Join(d, ", "))
}

// SheetTable is every hand so far, a line a hand (each player's score
// in it, how it ended), and the totals.
func (t *Table) SheetTable() []string {
	v := &t.View
	// The first column is as wide as its words ("toplam" was cut to
	// "topl…" in Turkish).
	handW := max(SheetHandW, canvas.Width(t.tr().T("scores.hand")), canvas.Width(t.tr().T("t101.col.total")))
	if v.Rules.Partners {
		handW = max(handW, canvas.Width(t.tr().T("t101.col.team")))
	}
	head := canvas.Fit(t.tr().T("scores.hand"), handW)
	for s := range okey101.NumSeats {
		head += " " + canvas.Right(canvas.Cut(t.host.Words().SeatName(s), SheetScoreW), SheetScoreW)
	}
	out := []string{t.host.Styles().Bold.Render(head)}
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
			line += " " + canvas.Right(cell, SheetScoreW)
		}
		out = append(out, t.host.Styles().Text.Render(line)+"  "+t.host.Styles().Dim.Render(t.HandEnd(r)))
	}
	total := canvas.Fit(t.tr().T("t101.col.total"), handW)
	for s := range okey101.NumSeats {
		total += " " + canvas.Right(strconv.Itoa(v.Scores[s]), SheetScoreW)
	}
	out = append(out, t.host.Styles().Bold.Render(total))
	if v.Rules.Partners { // what decides: each team's total, on both its seats
		team := canvas.Fit(t.tr().T("t101.col.team"), handW)
		for s := range okey101.NumSeats {
			team += " " + canvas.Right(strconv.Itoa(v.Totals[s]), SheetScoreW)
		}
		out = append(out, t.host.Styles().Bold.Render(team))
	}
	return out
}

// HandTitle says who finished the hand and how.
func (t *Table) HandTitle(res *okey101.HandResult) string {
	switch {
	case res.Void:
		return t.tr().T("t101.hand.void", res.Hand)
	case res.WallOut:
		return t.tr().T("t101.hand.wallout", res.Hand)
	case res.Finisher == 0:
		return t.tr().T("t101.hand.you", res.Hand, t.TileName(res.Discard))
	}
	return t.tr().T("t101.hand.won", res.Hand, t.host.Words().SeatName(res.Finisher), t.TileName(res.Discard))
}

// HandEnd says in a few words how a hand ended.
func (t *Table) HandEnd(r *okey101.HandResult) string {
	var s string
	switch {
	case r.Void:
		return t.tr().T("t101.end.void")
	case r.WallOut:
		s = t.tr().T("scores.wallout")
	default:
		s = t.host.Words().YouOr(r.Finisher, "t101.end.finished")
		if r.Multiplier > 1 {
			s += " ×" + strconv.Itoa(r.Multiplier)
		}
	}
	for seat := range okey101.NumSeats {
		if p := r.Lines[seat].Penalties; p > 0 {
			s += "; " + t.host.Words().YouOr(seat, "t101.end.paid", p)
		}
	}
	return s
}

// LineWhy says why a seat scored what it did: finished, never
// opened, or the tiles left and their sum (× the multiplier, × 2 after
// opening with pairs), the okeys left, the penalties paid.
func (t *Table) LineWhy(l *okey101.ScoreLine) string {
	var why []string
	switch l.Kind {
	case okey101.LineFinished:
		why = append(why, t.tr().T("t101.why.finished", l.Multiplier))
	case okey101.LineNotOpened:
		why = append(why, t.tr().T("t101.why.notopened", l.Multiplier))
	case okey101.LineOpened:
		f := l.Multiplier
		if l.PairsDouble {
			f *= 2
		}
		var real []tile.Tile
		for _, x := range l.Rack {
			if !t.View.Analyzer.IsOkey(x) {
				real = append(real, x)
			}
		}
		if len(real) > 0 {
			why = append(why, t.tr().T("t101.why.left", t.TilesText(real), l.RackValue, f))
		}
		if l.PairsDouble {
			why = append(why, t.tr().T("t101.why.pairsdouble"))
		}
		if l.Okeys > 0 {
			why = append(why, t.tr().T("t101.why.okeys", l.Okeys, okey101.PenaltyPoints*l.Okeys))
		}
		if len(real) == 0 && l.Okeys == 0 {
			why = append(why, t.tr().T("t101.why.nothing"))
		}
	}
	if l.Penalties > 0 {
		why = append(why, t.tr().T("t101.why.penalties", l.Penalties/okey101.PenaltyPoints, l.Penalties))
	}
	return strings.Join(why, "; ")
}

// Signed writes a hand's score with its sign: +202, -101, 0.
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Columns of the score sheet.
const (
	SheetHandW  = 5
	SheetScoreW = 8
)
