package sheet

import (
	"fmt"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/ui/canvas"
	"okey/ui/pages"
)

// The pages between hands in 101's words, as plain values for
// ui/pages, which lays them out the same in both games: a hand's end
// (who finished and how, the table as it ended, the last turn, each
// player's score and why), the final sheet's rows.

// handPtsW is the width of a hand's points and a total.
const handPtsW = 6

// HandEndPage is the end of the hand on the table at width w, for
// pages.HandEnd: who finished and how, the table as it ended (every
// meld, by who laid it down, and the tiles others laid off on it), the
// finisher's last turn step by step, then each player's score for the
// hand and why, and the sheet; ok is false while no hand has ended.
func (sh Sheet) HandEndPage(w int) (h pages.HandEnd, ok bool) {
	v := sh.View
	res := v.Result
	if res == nil {
		return h, false
	}
	tr, st, words := sh.tr(), sh.Look.St, sh.Look.Words
	var lines []string
	for _, l := range canvas.Wrap(sh.HandTitle(res), max(1, w)) {
		lines = append(lines, st.Title.Render(l))
	}
	if d := sh.Doublings(res); d != "" {
		for _, l := range canvas.Wrap(d, max(1, w)) {
			lines = append(lines, st.Accent.Render(l))
		}
	}
	if rows := sh.melds().Lines(w); len(rows) > 0 {
		lines = append(lines, "", st.Bold.Render(tr.T("t101.handover.table")))
		lines = append(lines, rows...)
		if offs := sh.melds().LayOffsByOthers(); offs != "" {
			for _, s := range canvas.Wrap(tr.T("t101.handover.offs", offs), w-2) {
				lines = append(lines, "  "+st.Dim.Render(s))
			}
		}
	}
	// How it ended: the finisher's last turn, step by step, or the
	// last moves of the hand.
	head, steps := tr.T("t101.handover.last"), sh.Log.LastMoves(3)
	if res.Finisher >= 0 && !res.Void {
		head, steps = tr.T("t101.handover.steps", words.NameIn(res.Finisher, i18n.Genitive)), sh.Log.LastTurn(res.Finisher)
		if res.Finisher == 0 && !words.Watching {
			head = tr.T("t101.handover.steps.you")
		}
	}
	if len(steps) > 0 {
		lines = append(lines, "", st.Bold.Render(head))
		for _, s := range canvas.Wrap(strings.Join(steps, " "), w-2) {
			lines = append(lines, "  "+st.Dim.Render(s))
		}
	}
	h = pages.HandEnd{Top: append(lines, "")}
	if !res.Void {
		h.Head = "  " + canvas.Fit(tr.T("matchover.player"), safetext.MaxNameLen) + "  " + canvas.Right(tr.T("t101.col.hand"), handPtsW) +
			"  " + canvas.Right(tr.T("t101.col.total"), handPtsW) + "  " + tr.T("t101.col.why")
		for s := range okey101.NumSeats {
			l := res.Lines[s]
			cells := fmt.Sprintf("  %s  %s  %s  ", canvas.Fit(words.SeatName(s), safetext.MaxNameLen), canvas.Right(Signed(l.Total), handPtsW),
				canvas.Right(strconv.Itoa(res.Scores[s]), handPtsW))
			h.Rows = append(h.Rows, pages.HandEndRow{Cells: cells, Why: sh.LineWhy(s, &l)})
		}
	} else {
		h.Body = tr.T("t101.void.body")
	}
	if len(v.Results) > 1 {
		h.After = sh.Table(w)
	}
	return h, true
}

// Final is the final sheet of the match on the table, for pages.Final:
// who won (the lowest total), the places, ties shown; ok is false while
// the match goes on.
func (sh Sheet) Final() (f pages.FinalTable, ok bool) {
	v := sh.View
	mr := v.Match
	if mr == nil {
		return f, false
	}
	tr, words := sh.tr(), sh.Look.Words
	f = pages.FinalTable{Title: pages.MatchOverTitle(tr, mr.Hands), Rule: tr.T("t101.final.lowest"), Points: tr.T("t101.final.total")}
	var winners []string
	for s := range okey101.NumSeats {
		if mr.Outcome[s] != game.OutcomeLost {
			winners = append(winners, words.SeatName(s))
		}
	}
	switch {
	case words.Watching:
		// A spectator won nothing and shares no win: who won, by name.
		f.Verdict, f.VerdictMood = tr.T("t101.final.lost", strings.Join(winners, ", ")), pages.Even
	case mr.Outcome[0] == game.OutcomeWon:
		f.Verdict, f.VerdictMood = tr.T("matchover.you.won"), pages.Won
	case mr.Outcome[0] == game.OutcomeTied:
		f.Verdict, f.VerdictMood = tr.T("t101.final.tied", strings.Join(winners[1:], ", ")), pages.Even
	default:
		f.Verdict, f.VerdictMood = tr.T("t101.final.lost", strings.Join(winners, ", ")), pages.Lost
	}
	for _, s := range pages.ByPlace(mr.Place[:]) {
		mood := pages.MoodOf(mr.Outcome[s] == game.OutcomeWon, mr.Outcome[s] == game.OutcomeLost)
		total := strconv.Itoa(mr.Scores[s])
		if v.Rules.Partners {
			total = strconv.Itoa(mr.Totals[s])
		}
		f.Rows = append(f.Rows, pages.FinalRow{Place: mr.Place[s], Name: words.SeatName(s), Points: total,
			Outcome: tr.T("outcome." + mr.Outcome[s].String()), Mood: mood})
	}
	return f, true
}
