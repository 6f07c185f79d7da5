package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/play101"
	"okey/ui/store"
)

// The pages of the 101 table: resuming a saved match, the end of a hand
// (who finished and how, each player's score and why), the score sheet
// of every hand, the final sheet; and the two overlays over the table
// (the keys and rules, the stacks and the whole table).

// Resuming.

func (m *Model) renderResume101() string {
	v := &m.t.view
	lines := []string{m.st.Title.Render(m.tr.T("resume.title")), ""}
	for _, s := range canvas.Wrap(m.tr.T("t101.resume.body", v.Hand, v.Rules.Hands, store.ShortPath(m.files.MatchPath())), m.pageW()) {
		lines = append(lines, m.st.Text.Render(s))
	}
	lines = append(lines, "")
	for s := range okey101.NumSeats {
		lines = append(lines, m.st.Text.Render("  "+canvas.Fit(m.whoLevel(s), nameLevelW)+" "+canvas.Right(strconv.Itoa(v.Scores[s]), 6)))
	}
	lines = append(lines, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderPage(lines, m.keyBar(m.keys.Resume.ShortHelp()))
}

// whoLevel names a seat with its bot's level.
func (m *Model) whoLevel(s int) string {
	if s == 0 {
		return m.seatName(0)
	}
	return m.seatName(s) + " (" + m.levelName(m.levels[s]) + ")"
}

// switchGame switches the game of the next new match, for this run.
func (m *Model) switchGame() {
	if m.set.is101() {
		m.set.Game = GameClassic
	} else {
		m.set.Game = Game101
	}
	m.setFlash(false, m.nextGameLine())
}

// nextGameLine says which game a new match will be, and how to switch.
func (m *Model) nextGameLine() string {
	if m.seat != nil {
		return "" // a table over SSH plays the game it was opened for
	}
	now, other := "val.classic", "val.okey101"
	if m.set.is101() {
		now, other = other, now
	}
	return m.tr.T("game.next", m.tr.T(now), m.keys.Resume.Game.Help().Key, m.tr.T(other))
}

// The end of a hand.

func (m *Model) updateHandOver101(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.HandOver
	v := &m.t.view
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Next) && v.Phase == okey101.MatchOver:
		m.screen = scrMatchOver
		return nil
	case key.Matches(k, keys.Next) && m.seat != nil:
		return m.seatReady101()
	case key.Matches(k, keys.Next) && m.readOnly:
		m.setFlash(true, m.tr.T("status.readonly"))
		return nil
	case key.Matches(k, keys.Next):
		m.screen = scrPlay
		evs, lines, err := m.t.g.Apply(okey101.NextHand())
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
			return nil
		}
		return m.applied101(evs, lines)
	case key.Matches(k, keys.Review):
		return m.reviewCurrent(v.Hand)
	case m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats):
		return nil
	case m.updateScroll(k, m.keys.Overlay.ScrollKeys, m.handOver101Lines()):
		// Next (enter, space, n) is matched first: space goes on.
		return nil
	case v.Phase == okey101.MatchOver:
		m.setFlash(true, m.tr.T("t101.handover.keys.final"))
		return nil
	}
	m.setFlash(true, m.tr.T("status.handover.keys"))
	return nil
}

func (m *Model) handOverBar101() string {
	k := m.keys.HandOver
	sheet := m.keys.Table101.Scores
	next := k.Next
	bar := []key.Binding{next, k.Review, sheet, k.Settings, k.Quit}
	switch res := m.t.view.Result; {
	case m.t.view.Phase == okey101.MatchOver:
		next.SetHelp(k.Next.Help().Key, m.tr.T("key.final"))
		bar = []key.Binding{next, k.Review, sheet, k.Quit}
	case res != nil && res.Void:
		next.SetHelp(k.Next.Help().Key, m.tr.T("t101.key.redeal"))
		bar = []key.Binding{next, k.Review, sheet, k.Settings, k.Quit}
	}
	if _, more := m.scrolled(m.handOver101Lines()); more {
		// A page longer than the screen scrolls: say how, in place of
		// the settings (o still opens them).
		o := m.keys.Overlay
		bar = []key.Binding{next, o.Scroll, o.Page, k.Review, sheet, k.Quit}
	}
	return m.keyBar(bar)
}

// renderHandOver101 shows how the hand ended (handOver101Lines),
// scrolled (↑↓, pgup pgdn) when it is longer than the page.
func (m *Model) renderHandOver101() string {
	lines, _ := m.scrolled(m.handOver101Lines())
	return m.renderPage(lines, m.handOverBar101())
}

// handOver101Lines are the end of a hand: who finished and how, the
// table as it ended (every meld, by who laid it down, and the tiles
// others laid off on it), the finisher's last turn step by step, then
// each player's score for the hand and why, and the sheet.
func (m *Model) handOver101Lines() []string {
	v := &m.t.view
	res := v.Result
	if res == nil {
		return nil
	}
	w := m.pageW()
	lines := []string{m.st.Title.Render(m.handTitle101(res))}
	if d := m.doublings101(res); d != "" {
		lines = append(lines, m.st.Accent.Render(d))
	}
	if rows := m.meldRows101(w); len(rows) > 0 {
		lines = append(lines, "", m.st.Bold.Render(m.tr.T("t101.handover.table")))
		for _, row := range rows {
			c := canvas.New(w, 1)
			for _, p := range row {
				c.Put(p.x, 0, p.styled)
			}
			lines = append(lines, c.String())
		}
		if offs := m.layOffsByOthers101(); offs != "" {
			for _, s := range canvas.Wrap(m.tr.T("t101.handover.offs", offs), w-2) {
				lines = append(lines, "  "+m.st.Dim.Render(s))
			}
		}
	}
	// How it ended: the finisher's last turn, step by step, or the
	// last moves of the hand.
	head, steps := m.tr.T("t101.handover.last"), m.lastMoves101(3)
	if res.Finisher >= 0 && !res.Void {
		head, steps = m.tr.T("t101.handover.steps", m.nameIn(res.Finisher, i18n.Genitive)), m.lastTurn101(res.Finisher)
		if res.Finisher == 0 && !m.Watching() {
			head = m.tr.T("t101.handover.steps.you")
		}
	}
	if len(steps) > 0 {
		lines = append(lines, "", m.st.Bold.Render(head))
		for _, s := range canvas.Wrap(strings.Join(steps, " "), w-2) {
			lines = append(lines, "  "+m.st.Dim.Render(s))
		}
	}
	lines = append(lines, "")
	if !res.Void {
		head := "  " + canvas.Fit(m.tr.T("matchover.player"), MaxNameLen) + "  " + canvas.Right(m.tr.T("t101.col.hand"), handPtsW) +
			"  " + canvas.Right(m.tr.T("t101.col.total"), handPtsW) + "  " + m.tr.T("t101.col.why")
		lines = append(lines, m.st.Bold.Render(head))
		for s := range okey101.NumSeats {
			l := res.Lines[s]
			row := fmt.Sprintf("  %s  %s  %s  ", canvas.Fit(m.seatName(s), MaxNameLen), canvas.Right(signed(l.Total), handPtsW),
				canvas.Right(strconv.Itoa(res.Scores[s]), handPtsW))
			indent := canvas.Width(row)
			for i, p := range canvas.Wrap(m.lineWhy101(&l), max(minReasonW, w-indent)) {
				if i == 0 {
					lines = append(lines, m.st.Text.Render(row)+m.st.Dim.Render(p))
				} else {
					lines = append(lines, strings.Repeat(" ", indent)+m.st.Dim.Render(p))
				}
			}
		}
	} else {
		lines = append(lines, m.st.Text.Render(m.tr.T("t101.void.body")))
	}
	if len(v.Results) > 1 {
		lines = append(append(lines, ""), m.sheetTable101()...)
	}
	return lines
}

// layOffsByOthers101 names the tiles laid onto a meld by another
// player than the one who laid it down, by who laid them, each player
// once ("R4 K12 by you; *B7 R3 by Mehmet"; in Turkish "sen: kırmızı 4,
// siyah 12; Mehmet: okey (mavi 7 yerine), kırmızı 3"), "" when there
// are none.
func (m *Model) layOffsByOthers101() string {
	v := &m.t.view
	var order []int                // who laid tiles, in the order first met
	notation := map[int][]string{} // each one's tiles as the table writes them
	real := map[int][]tile.Tile{}  // in words: the tiles that are no okey
	okeys := map[int][]string{}    // and the okeys with what they stand for
	for _, seat := range meldOrder101 {
		for i := range v.Table {
			tm := &v.Table[i]
			if tm.Owner != seat {
				continue
			}
			for k, by := range tm.Seats {
				if by == tm.Owner {
					continue
				}
				if _, ok := notation[by]; !ok {
					order = append(order, by)
				}
				t, okey := play101.MeldTile(tm, k, v.Analyzer)
				notation[by] = append(notation[by], strings.TrimPrefix(t, play101.LayOffMark))
				if okey {
					okeys[by] = append(okeys[by], m.meldTileWords(tm, k))
				} else {
					real[by] = append(real[by], tm.Meld.Tiles[k])
				}
			}
		}
	}
	parts := make([]string, len(order))
	for i, by := range order {
		who := m.seatName(by)
		if by == 0 && !m.Watching() {
			who = m.tr.T("t101.handover.by.you")
		}
		tiles := strings.Join(notation[by], " ")
		if m.tileWords() { // running text: the tiles in words
			var ws []string
			if len(real[by]) > 0 {
				slices.Sort(real[by]) // by colour, then value: "mavi 8 11 12"
				ws = append(ws, m.tilesText(real[by]))
			}
			tiles = strings.Join(append(ws, okeys[by]...), ", ")
		}
		parts[i] = m.tr.T("t101.handover.by", tiles, who)
	}
	return strings.Join(parts, "; ")
}

// meldTileWords is tile k of table meld tm in words, an okey with what
// it stands for: "kırmızı 4", "okey (mavi 7 yerine)".
func (m *Model) meldTileWords(tm *okey101.TableMeld, k int) string {
	v := &m.t.view
	t := tm.Meld.Tiles[k]
	if !v.Analyzer.IsOkey(t) {
		return m.tileName101(t)
	}
	if k < len(tm.Meld.As) && tm.Meld.As[k].Valid() {
		return m.tr.T("tile.okey.short") + " " + m.tr.T("t101.as", m.faceText(tm.Meld.As[k]))
	}
	return m.tr.T("tile.okey.short")
}

// lastTurn101 is the finisher's last turn in the log, in words: from
// its draw or take to the finish.
func (m *Model) lastTurn101(seat int) []string {
	t := m.t
	deal := dealKey(t.view.Hand, t.view.Redeal)
	var out []string
	for i := len(t.log) - 1; i >= 0; i-- {
		e := t.log[i]
		if e.deal != deal {
			break
		}
		if e.chat || e.note != "" || e.ev.Kind == okey101.EvHandOver || e.ev.Kind == okey101.EvMatchOver {
			continue
		}
		if e.ev.Seat != seat && e.ev.Kind != okey101.EvPenalty {
			break
		}
		if s := m.logText101(e); s != "" {
			out = append(out, s)
		}
		if e.ev.Kind == okey101.EvDraw || e.ev.Kind == okey101.EvTake {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// handPtsW is the width of a hand's points and a total.
const handPtsW = 6

// signed writes a hand's score with its sign: +202, -101, 0.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// handTitle101 says who finished the hand and how.
func (m *Model) handTitle101(res *okey101.HandResult) string {
	switch {
	case res.Void:
		return m.tr.T("t101.hand.void", res.Hand)
	case res.WallOut:
		return m.tr.T("t101.hand.wallout", res.Hand)
	case res.Finisher == 0:
		return m.tr.T("t101.hand.you", res.Hand, m.tileName101(res.Discard))
	}
	return m.tr.T("t101.hand.won", res.Hand, m.seatName(res.Finisher), m.tileName101(res.Discard))
}

// doublings101 says why the hand's points were doubled, "" when they
// were not.
func (m *Model) doublings101(res *okey101.HandResult) string {
	var d []string
	if res.OkeyFinish {
		d = append(d, m.tr.T("t101.dbl.okey"))
	}
	if res.PairsFinish {
		d = append(d, m.tr.T("t101.dbl.pairs"))
	}
	if res.Elden {
		d = append(d, m.tr.T("t101.dbl.elden"))
	}
	if len(d) == 0 {
		return ""
	}
	return m.tr.T("t101.dbl", res.Multiplier, strings.Join(d, ", "))
}

// lineWhy101 says why a seat scored what it did: finished, never
// opened, or the tiles left and their sum (× the multiplier, × 2 after
// opening with pairs), the okeys left, the penalties paid.
func (m *Model) lineWhy101(l *okey101.ScoreLine) string {
	var why []string
	switch l.Kind {
	case okey101.LineFinished:
		why = append(why, m.tr.T("t101.why.finished", l.Multiplier))
	case okey101.LineNotOpened:
		why = append(why, m.tr.T("t101.why.notopened", l.Multiplier))
	case okey101.LineOpened:
		f := l.Multiplier
		if l.PairsDouble {
			f *= 2
		}
		var real []tile.Tile
		for _, x := range l.Rack {
			if !m.t.view.Analyzer.IsOkey(x) {
				real = append(real, x)
			}
		}
		if len(real) > 0 {
			why = append(why, m.tr.T("t101.why.left", m.tilesText(real), l.RackValue, f))
		}
		if l.PairsDouble {
			why = append(why, m.tr.T("t101.why.pairsdouble"))
		}
		if l.Okeys > 0 {
			why = append(why, m.tr.T("t101.why.okeys", l.Okeys, okey101.PenaltyPoints*l.Okeys))
		}
		if len(real) == 0 && l.Okeys == 0 {
			why = append(why, m.tr.T("t101.why.nothing"))
		}
	}
	if l.Penalties > 0 {
		why = append(why, m.tr.T("t101.why.penalties", l.Penalties/okey101.PenaltyPoints, l.Penalties))
	}
	return strings.Join(why, "; ")
}

// The score sheet.

// sheetLines101 is the score sheet's page: a title, then the table.
func (m *Model) sheetLines101() []string {
	out := []string{m.st.Title.Render(m.tr.T("t101.sheet.title")), ""}
	if len(m.t.view.Results) == 0 {
		out = append(out, m.st.Dim.Render(m.tr.T("scores.none")))
	} else {
		out = append(out, m.sheetTable101()...)
	}
	return append(out, m.fairLines(false)...)
}

// Columns of the score sheet.
const (
	sheetHandW  = 5
	sheetScoreW = 8
)

// sheetTable101 is every hand so far, a line a hand (each player's score
// in it, how it ended), and the totals.
func (m *Model) sheetTable101() []string {
	v := &m.t.view
	// The first column is as wide as its words ("toplam" was cut to
	// "topl…" in Turkish).
	handW := max(sheetHandW, canvas.Width(m.tr.T("scores.hand")), canvas.Width(m.tr.T("t101.col.total")))
	if v.Rules.Partners {
		handW = max(handW, canvas.Width(m.tr.T("t101.col.team")))
	}
	head := canvas.Fit(m.tr.T("scores.hand"), handW)
	for s := range okey101.NumSeats {
		head += " " + canvas.Right(canvas.Cut(m.seatName(s), sheetScoreW), sheetScoreW)
	}
	out := []string{m.st.Bold.Render(head)}
	for i := range v.Results {
		r := &v.Results[i]
		no := strconv.Itoa(r.Hand)
		if r.Void {
			no += "v"
		}
		line := canvas.Fit(no, handW)
		for s := range okey101.NumSeats {
			cell := signed(r.Lines[s].Total)
			if r.Void {
				cell = "-"
			}
			line += " " + canvas.Right(cell, sheetScoreW)
		}
		out = append(out, m.st.Text.Render(line)+"  "+m.st.Dim.Render(m.handEnd101(r)))
	}
	total := canvas.Fit(m.tr.T("t101.col.total"), handW)
	for s := range okey101.NumSeats {
		total += " " + canvas.Right(strconv.Itoa(v.Scores[s]), sheetScoreW)
	}
	out = append(out, m.st.Bold.Render(total))
	if v.Rules.Partners { // what decides: each team's total, on both its seats
		team := canvas.Fit(m.tr.T("t101.col.team"), handW)
		for s := range okey101.NumSeats {
			team += " " + canvas.Right(strconv.Itoa(v.Totals[s]), sheetScoreW)
		}
		out = append(out, m.st.Bold.Render(team))
	}
	return out
}

// handEnd101 says in a few words how a hand ended.
func (m *Model) handEnd101(r *okey101.HandResult) string {
	var s string
	switch {
	case r.Void:
		return m.tr.T("t101.end.void")
	case r.WallOut:
		s = m.tr.T("scores.wallout")
	default:
		s = m.youOr(r.Finisher, "t101.end.finished")
		if r.Multiplier > 1 {
			s += " ×" + strconv.Itoa(r.Multiplier)
		}
	}
	for seat := range okey101.NumSeats {
		if p := r.Lines[seat].Penalties; p > 0 {
			s += "; " + m.youOr(seat, "t101.end.paid", p)
		}
	}
	return s
}

// lastMoves101 are the last n lines of the log of the deal on the table.
func (m *Model) lastMoves101(n int) []string {
	t := m.t
	deal := dealKey(t.view.Hand, t.view.Redeal)
	var out []string
	for i := len(t.log) - 1; i >= 0 && len(out) < n; i-- {
		if t.log[i].deal != deal {
			break
		}
		if s := m.logText101(t.log[i]); s != "" {
			out = append(out, s)
		}
	}
	slices.Reverse(out)
	return out
}

// The final sheet.

// renderMatchOver101 is the final sheet: who won (the lowest total),
// the places, ties shown, then the hands.
func (m *Model) renderMatchOver101() string {
	v := &m.t.view
	mr := v.Match
	k := m.keys.MatchOver
	bar := m.keyBar([]key.Binding{k.NewMatch, k.Review, k.Game, m.keys.Table101.Scores, k.Settings, k.Quit})
	if mr == nil {
		return m.renderPage(nil, bar)
	}
	lines := []string{m.st.Title.Render(m.tr.T("matchover.title", mr.Hands)), ""}
	var winners []string
	for s := range okey101.NumSeats {
		if mr.Outcome[s] != okey101.OutcomeLost {
			winners = append(winners, m.seatName(s))
		}
	}
	switch mr.Outcome[0] {
	case okey101.OutcomeWon:
		lines = append(lines, m.st.Good.Render(m.tr.T("matchover.you.won")))
	case okey101.OutcomeTied:
		lines = append(lines, m.st.Bold.Render(m.tr.T("t101.final.tied", strings.Join(winners[1:], ", "))))
	default:
		lines = append(lines, m.st.Warn.Render(m.tr.T("t101.final.lost", strings.Join(winners, ", "))))
	}
	lines = append(lines, m.st.Dim.Render(m.tr.T("t101.final.lowest")), "")
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return mr.Place[a] - mr.Place[b] })
	head := "     " + canvas.Fit(m.tr.T("matchover.player"), MaxNameLen) + "  " + canvas.Right(m.tr.T("t101.col.total"), pointsColW) + "  " + m.tr.T("matchover.result")
	lines = append(lines, m.st.Bold.Render(head))
	for _, s := range order {
		st := m.st.Text
		switch mr.Outcome[s] {
		case okey101.OutcomeWon:
			st = m.st.Good
		case okey101.OutcomeLost:
			st = m.st.Warn
		}
		total := strconv.Itoa(mr.Scores[s])
		if v.Rules.Partners {
			total = strconv.Itoa(mr.Totals[s])
		}
		row := fmt.Sprintf("  %d. %s  %s  ", mr.Place[s], canvas.Fit(m.seatName(s), MaxNameLen), canvas.Right(total, pointsColW))
		lines = append(lines, m.st.Text.Render(row)+st.Render(m.tr.T("outcome."+mr.Outcome[s].String())))
	}
	fair := m.fairLines(true)
	if sheet := m.sheetTable101(); len(lines)+1+len(sheet)+len(fair)+2 <= m.lay.Page.H {
		lines = append(append(lines, ""), sheet...)
	}
	lines = append(lines, fair...)
	lines = append(lines, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderPage(lines, bar)
}

// The overlays.

// overlay101Lines are the lines of the overlay on show over the 101
// table.
func (m *Model) overlay101Lines() []string {
	w := m.pageW()
	switch m.overlay {
	case ovHelp:
		return m.help101Lines(w)
	case ovBrowse:
		return m.browse101Lines(w)
	}
	return nil
}

// help101Lines are the ? page of the 101 table: every key of its group
// in the key map, then how to play 101.
func (m *Model) help101Lines(w int) []string {
	out := m.keyPage(m.tr.T("t101.help.title"), m.keys.Table101.FullHelp(), w)
	out = append(out, "")
	r := m.t.view.Rules
	text := strings.NewReplacer("{open}", strconv.Itoa(r.Open), "{pairs}", strconv.Itoa(okey101.MinPairs),
		"{hands}", strconv.Itoa(r.Hands), "{house}", m.houseRules101(r)).Replace(i18n.HelpOf(m.tr.Lang, "101"))
	for _, s := range canvas.Wrap(text, w) {
		out = append(out, m.st.Text.Render(s))
	}
	return out
}

// houseRules101 names the house rules a match plays under, as --rules
// writes them ("feed, okey_pair"), or says there are none.
func (m *Model) houseRules101(r okey101.Rules) string {
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
		return m.tr.T("t101.house.none")
	}
	return strings.Join(on, ", ")
}

// browse101Lines show the discard stacks the player may look through
// and the whole table, every meld, grouped by who laid it.
func (m *Model) browse101Lines(w int) []string {
	v := &m.t.view
	out := []string{m.st.Title.Render(canvas.Cut(m.tr.T("t101.browse.title"), w)), ""}
	for _, s := range []int{v.Previous, 0, 1, 2} { // the stack the player may take first
		name := m.tr.T("stack.yours")
		if s != 0 {
			name = m.tr.T("stack.of", m.seatName(s))
		}
		head := m.st.Bold.Render(name) + m.st.Dim.Render(" ("+m.tr.T("stack.count", v.DiscardCounts[s])+")")
		var ts []string
		for _, x := range v.Discards[s] {
			ts = append(ts, m.st.Inline(x))
		}
		body := strings.Join(ts, " ")
		switch {
		case v.DiscardCounts[s] == 0:
			body = m.st.Dim.Render(m.tr.T("browse.empty"))
		case s != 0 && s != v.Previous:
			body = m.tr.T("browse.toponly", body)
		}
		out = append(out, canvas.Cut(head, w))
		for _, l := range canvas.Wrap(body, w-2) {
			out = append(out, "  "+l)
		}
	}
	out = append(out, "", m.st.Bold.Render(canvas.Cut(m.tr.T("t101.browse.table"), w)))
	rows := m.meldRows101(w)
	if len(rows) == 0 {
		out = append(out, m.st.Dim.Render(m.tr.T("t101.browse.notable")))
	}
	for _, row := range rows {
		c := canvas.New(w, 1)
		for _, p := range row {
			c.Put(p.x, 0, p.styled)
		}
		out = append(out, c.String())
	}
	out = append(out, "")
	for _, s := range canvas.Wrap(m.tr.T("t101.browse.legend"), w) {
		out = append(out, m.st.Dim.Render(s))
	}
	out = append(out, m.st.Dim.Render(canvas.Cut(m.tr.T("browse.keys"), w)))
	return out
}
