package playclassic

import (
	"fmt"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/ui/canvas"
	"okey/ui/pages"
	"okey/ui/theme"
)

// The pages between hands in classic's words, as plain values for
// ui/pages, which lays them out the same in both games: the score
// history's table, a hand's end (the winning hand in its groups, what
// each player lost and why), the final table's rows.

// Columns of the tables of the pages between hands.
const (
	handColW   = 4  // the score history's hand, "  12"
	scoreColW  = 9  // the score history's "18 -2", under a name of up to this width
	narrowColW = 7  // the same on a page too narrow for four of those (a phone held upright)
	minEndW    = 20 // the narrowest how a hand ended wraps at beside its row
	lossW      = 4  // a hand's loss, "-8"
	scoreW     = 10 // a score, "20 pts"
	groupGap   = 2  // between the winner's groups of tiles
)

// ScoreTable is the score history hs as a table at width w: a line of
// names, then a line a hand (each player's score after it and what it
// cost them, how the hand ended); nil for no hand yet.
func (t *Table) ScoreTable(hs []HandScore, w int) []string {
	if len(hs) == 0 {
		return nil
	}
	st, words := t.look.St, t.look.Words
	gap, colW := "  ", scoreColW
	if handColW+classic.NumSeats*(len(gap)+colW) > w {
		gap, colW = " ", narrowColW
	}
	head := canvas.Right(t.tr().T("scores.hand"), handColW)
	for s := range classic.NumSeats {
		head += gap + canvas.Fit(words.SeatName(s), colW)
	}
	out := []string{st.Bold.Render(head)}
	scoring := t.View.Rules.Scoring()
	for _, h := range hs {
		line := canvas.Right(strconv.Itoa(h.Result.Hand), handColW)
		for s := range classic.NumSeats {
			cell := ""
			if scoring {
				cell = canvas.Right(strconv.Itoa(h.Scores[s]), 3)
				if lost := h.Result.Lost[s]; lost > 0 {
					cell += " -" + strconv.Itoa(lost)
				}
			}
			line += gap + canvas.Fit(cell, colW)
		}
		// How the hand ended, beside its row; what does not fit there
		// goes on under it, between words, never cut. On a page too
		// narrow to have it beside the row, it goes under it whole.
		col := canvas.Width(line) + 2
		if w-col < minEndW {
			out = append(out, st.Text.Render(line))
			col = handColW + 2
			line = strings.Repeat(" ", col-2)
		}
		end := canvas.Wrap(t.handEnd(&h.Result), max(w-col, 1))
		out = append(out, st.Text.Render(line)+"  "+st.Dim.Render(end[0]))
		for _, more := range end[1:] {
			out = append(out, strings.Repeat(" ", col)+st.Dim.Render(more))
		}
	}
	return out
}

// handEnd says in a few words how a hand ended.
func (t *Table) handEnd(res *classic.HandResult) string {
	words := t.look.Words
	var parts []string
	switch {
	case res.WallOut:
		parts = append(parts, t.tr().T("scores.wallout"))
	default:
		kind := t.tr().T("win." + res.Win.Kind.String())
		if res.OkeyFinish {
			kind += ", " + t.tr().T("scores.okeyfinish")
		}
		parts = append(parts, words.SeatName(res.Winner)+": "+kind)
	}
	for s := range classic.NumSeats {
		if res.Shown[s] {
			parts = append(parts, words.YouOr(s, "scores.shown"))
		}
	}
	return strings.Join(parts, "; ")
}

// HandEndPage is the end of the hand on the table at width w, for
// pages.HandEnd: who won and how, the winning hand in its groups, what
// each player lost and why, the scores, and the hands before (hs) when
// they fit; ok is false while no hand has ended.
func (t *Table) HandEndPage(hs []HandScore, w int) (h pages.HandEnd, ok bool) {
	res := t.View.Result
	if res == nil {
		return h, false
	}
	tr, st, words := t.tr(), t.look.St, t.look.Words
	h = pages.HandEnd{Head: tr.T("handover.lost"), AfterFits: true}
	if res.WallOut {
		h.Top = append(titleLines(st, tr.T("handover.wallout", words.Hand(res.Hand)), w), "")
	} else {
		kind := tr.T("win." + res.Win.Kind.String())
		title := tr.T("handover.won", words.Hand(res.Hand), words.SeatName(res.Winner), kind)
		if res.Winner == 0 && !words.Watching {
			title = tr.T("handover.won.you", words.Hand(res.Hand), kind)
		}
		h.Top = append(append(titleLines(st, title, w), ""), t.winLines(res, w)...)
		h.Top = append(h.Top, "")
	}
	if res.Lost == [classic.NumSeats]int{} {
		h.Head = tr.T("handover.scores") // nobody lost anything
	}
	for s := range classic.NumSeats {
		lost := "-" + strconv.Itoa(res.Lost[s])
		if res.Lost[s] == 0 {
			lost = "0"
		}
		cells := fmt.Sprintf("  %s  %s  %s  ", canvas.Fit(words.SeatName(s), safetext.MaxNameLen), canvas.Right(lost, lossW), canvas.Fit(t.ScoreCell(s), scoreW))
		h.Rows = append(h.Rows, pages.HandEndRow{Cells: cells, Why: t.lossReasons(res, s)})
	}
	if len(hs) > 1 { // the hands before, when the page has room for them
		h.After = t.ScoreTable(hs, w)
	}
	return h, true
}

// titleLines are a page's title wrapped to w columns (a phone held
// upright has room for a short one only).
func titleLines(st *theme.Styles, title string, w int) []string {
	var out []string
	for _, l := range canvas.Wrap(title, max(1, w)) {
		out = append(out, st.Title.Render(l))
	}
	return out
}

// winLines draw the winning hand in its groups, at most w wide, with
// what the finishing tile was.
func (t *Table) winLines(res *classic.HandResult, w int) []string {
	st := t.look.St
	var rows [][theme.TileH]string
	var cur [theme.TileH]string
	curW := 0
	for _, g := range res.Win.Melds {
		gw := len(g.Tiles)*theme.TileW + groupGap
		if curW > 0 && curW+gw > w {
			rows = append(rows, cur)
			cur, curW = [theme.TileH]string{}, 0
		}
		for i, x := range g.Tiles {
			box := t.TileBox(x, theme.FramePlain)
			if t.View.Okey != tile.NoTile && x == t.View.Okey && i < len(g.As) {
				box = st.Tile(g.As[i], theme.FramePlain, theme.LabelOkeyAs)
			}
			for k := range theme.TileH {
				cur[k] += box[k]
			}
		}
		for k := range theme.TileH {
			cur[k] += strings.Repeat(" ", groupGap)
		}
		curW += gw
	}
	if curW > 0 {
		rows = append(rows, cur)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r[0], r[1], r[2])
	}
	if len(res.Win.Melds) == 0 {
		out = append(out, st.Dim.Render(t.tr().T("handover.nogroups")))
	}
	// The line says who finished: below the groups, the title is out of
	// sight on a short page, and "Siyah 9 atarak bitti." had no subject.
	x := t.TileCase(res.Discard, i18n.Nominative)
	fin := t.tr().T("handover.discard", t.look.Words.SeatName(res.Winner), x)
	if res.Winner == 0 && !t.look.Words.Watching {
		fin = t.tr().T("handover.discard.you", x)
	}
	fin = t.tr().UpFirst(fin)
	if res.OkeyFinish {
		fin += " " + t.tr().T("handover.okeyfinish")
	}
	out = append(out, st.Text.Render(fin))
	return out
}

// lossReasons says why seat lost what it lost in this hand.
func (t *Table) lossReasons(res *classic.HandResult, seat int) string {
	tr, words := t.tr(), t.look.Words
	var why []string
	if res.Winner == seat {
		why = append(why, tr.T("why.winner"))
	}
	if res.Winner >= 0 && res.Winner != seat && res.Lost[seat] > 0 && res.Points > 0 {
		w := tr.T("why."+res.Win.Kind.String(), res.Points)
		var dbl []string
		if res.OkeyFinish {
			dbl = append(dbl, tr.T("why.okeyfinish"))
		}
		if t.View.Rules.OneColourDouble && res.Win.OneColour {
			dbl = append(dbl, tr.T("why.onecolour"))
		}
		if len(dbl) > 0 {
			w += " (" + strings.Join(dbl, ", ") + ")"
		}
		why = append(why, w)
	}
	for s := range classic.NumSeats {
		if res.Shown[s] && s != seat && res.Lost[seat] > 0 {
			why = append(why, words.YouOr(s, "why.shown"))
		}
	}
	if res.Left[seat] {
		why = append(why, tr.T("why.left"))
	}
	return strings.Join(why, "; ")
}

// Final is the final table of the match on the table, for pages.Final:
// whether the player won and the rule that decides it, the places,
// points and outcomes, then the last hand; ok is false while the match
// goes on.
func (t *Table) Final() (f pages.FinalTable, ok bool) {
	v := &t.View
	mr := v.Match
	if mr == nil {
		return f, false
	}
	tr, st, words := t.tr(), t.look.St, t.look.Words
	f = pages.FinalTable{Title: pages.MatchOverTitle(tr, mr.Hands), Rule: tr.T(winRule(v.Rules))}
	switch {
	case words.Watching: // a spectator has no outcome
	case mr.Outcome[0] == game.OutcomeWon:
		f.Verdict, f.VerdictMood = tr.T("matchover.you.won"), pages.Won
	case mr.Outcome[0] == game.OutcomeLost:
		f.Verdict, f.VerdictMood = tr.T("matchover.you.lost"), pages.Lost
	default:
		f.Verdict, f.VerdictMood = tr.T("matchover.you.tied"), pages.Even
	}
	if v.Rules.Scoring() {
		f.Points = tr.T("matchover.points")
	}
	for _, s := range pages.ByPlace(mr.Place[:]) {
		mood := pages.MoodOf(mr.Outcome[s] == game.OutcomeWon, mr.Outcome[s] == game.OutcomeLost)
		f.Rows = append(f.Rows, pages.FinalRow{Place: mr.Place[s], Name: words.SeatName(s), Points: strconv.Itoa(mr.Scores[s]),
			Outcome: tr.T("outcome." + mr.Outcome[s].String()), Mood: mood})
	}
	if v.Result != nil {
		f.After = append(f.After, "", st.Dim.Render(t.lastHandLine(v.Result)))
	}
	return f, true
}

func (t *Table) lastHandLine(res *classic.HandResult) string {
	tr, words := t.tr(), t.look.Words
	if res.WallOut {
		return tr.T("matchover.last.wallout")
	}
	kind := tr.T("win." + res.Win.Kind.String())
	if res.Winner == 0 && !words.Watching {
		return tr.T("matchover.last.you", kind)
	}
	return tr.T("matchover.last", words.SeatName(res.Winner), kind)
}

// winRule is the catalogue key of the sentence that says who wins a
// classic match under r, as game's match outcome decides it: the two
// highest scores, or under leave_at_zero and without scoring the one
// player on top.
func winRule(r classic.Rules) string {
	switch {
	case !r.Scoring():
		return "matchover.rule.first"
	case r.LeaveAtZero:
		return "matchover.rule.last"
	}
	return "matchover.rule.two"
}
