package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/coach"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/cli"
	"okey/ui/rack"
	"okey/ui/theme"
)

// The review (w after a hand, after the match, and on the saved
// matches): the coach's verdict on each of the player's decisions
// (bots/coach, as okey review gives it), computed in the background
// while the page shows how far it got, then a decision at a time: the
// rack as it was with the move played and the best move marked, the
// expected loss with its 95% interval, the label and the reason.
//
// The coach reads the match's record and judges every decision from
// the reviewed seat's view alone (the worlds it plays out are sampled
// from what that seat could see), so the review never learns another
// seat's tiles.

// ReviewOptions tune the in-game review; the zero value is the coach's
// defaults (as okey review with no flags).
type ReviewOptions struct {
	// Samples is the most worlds a decision is played over (0: the
	// coach's default), MinSamples the first round (0: the coach's);
	// tests ask for few.
	Samples, MinSamples int
	// Seed picks the worlds (0: 1, okey review's default, so the screen
	// and the command agree).
	Seed uint64
	// Workers play the worlds (0: one a CPU).
	Workers int
}

// reviewState is a review on show: being computed, or done.
type reviewState struct {
	id     uint64
	back   screen // where esc goes
	title  string
	ctx    context.Context // the work's, cancelled when the page closes
	cancel context.CancelFunc
	wait   tea.Cmd // waits for the next word from the review's goroutine

	done, total int
	finished    bool
	res         cli.Review
	okeys       []tile.Tile     // the okey of each decision's hand (NoTile: none)
	melds       [][][]tile.Tile // the table's melds at each decision (101; nil: none known)
	err         error
	at          int // the decision on show
}

// reviewProgressMsg says how many decisions the review has judged.
type reviewProgressMsg struct {
	id          uint64
	done, total int
}

// reviewDoneMsg brings a finished review (or its error).
type reviewDoneMsg struct {
	id    uint64
	res   cli.Review
	okeys []tile.Tile
	melds [][][]tile.Tile
	err   error
}

// reviewCurrent opens the review of the match on the table, of one
// hand (hand > 0) or all of it, for the player's seat (0); a table this
// program does not hold (a served seat) has no record here.
func (m *Model) reviewCurrent(hand int) tea.Cmd {
	if m.seat != nil || len(m.rec) == 0 {
		m.setFlash(true, m.tr.T("review.unavailable"))
		return nil
	}
	title := m.tr.T("review.title.match")
	if hand > 0 {
		title = m.tr.T("review.title.hand", hand)
	}
	return m.openReview(m.rec, 0, hand, title)
}

// openReview shows the review page and starts judging seat's decisions
// of the record rec (hand 0: all of them) in the background. rec is not
// changed after (the match's record only grows by appending a new
// slice), so the goroutine may read it.
func (m *Model) openReview(rec []byte, seat, hand int, title string) tea.Cmd {
	m.closeReview()
	m.reviewID++
	ctx, cancel := context.WithCancel(m.ctx)
	rv := &reviewState{id: m.reviewID, back: m.screen, title: title, ctx: ctx, cancel: cancel}
	m.rv = rv
	m.overlay = ovNone
	m.screen = scrReview

	// The goroutine says how far it got through prog (capacity one, the
	// latest wins: the page needs no count it has passed) and hands its
	// result over through done.
	prog := make(chan [2]int, 1)
	done := make(chan reviewDoneMsg, 1)
	o := coach.Options{Samples: m.opt.Review.Samples, MinSamples: m.opt.Review.MinSamples, Seed: m.opt.Review.Seed, Workers: m.opt.Review.Workers}
	if o.Seed == 0 {
		o.Seed = 1
	}
	total := -1 // the decisions to judge, once the coach has counted them
	o.Progress = func(d, t int) {
		total = t
		select {
		case <-prog:
		default:
		}
		prog <- [2]int{d, t}
	}
	id := rv.id
	rv.wait = func() tea.Msg {
		select {
		case p := <-prog:
			return reviewProgressMsg{id: id, done: p[0], total: p[1]}
		case r := <-done:
			return r
		case <-ctx.Done():
			return nil
		}
	}
	start := func() tea.Msg {
		go func() {
			r, err := cli.ReviewRecord(ctx, rec, seat, hand, o)
			if total == 0 {
				// No decision of the seat in the hand (a bot finished
				// before its turn came): nothing to review, which the
				// page says, rather than the coach's error.
				err = nil
			}
			msg := reviewDoneMsg{id: id, res: r, err: err}
			if err == nil {
				msg.okeys, msg.melds = handsOf(rec, seat, hand, r.Decisions)
			}
			done <- msg
		}()
		return rv.wait()
	}
	return start
}

// handsOf is the okey of each decision's hand, as the seat saw it (the
// indicator is face up): the rack is drawn with its okeys marked; and
// in 101 the tiles of each meld on the table then, in the coach's
// order, so that a move onto one names it by its tiles.
func handsOf(rec []byte, seat, hand int, ds []coach.Decision) ([]tile.Tile, [][][]tile.Tile) {
	byIndex := map[int]tile.Tile{}
	meldsAt := map[int][][]tile.Tile{}
	if cli.Is101(rec) {
		if r, err := okey101.ParseRecord(rec); err == nil {
			if ps, err := coach.Points101(r, seat, hand); err == nil {
				for _, p := range ps {
					v := p.State.View(seat)
					byIndex[p.Index] = v.Okey
					for _, tm := range v.Table {
						meldsAt[p.Index] = append(meldsAt[p.Index], slices.Clone(tm.Meld.Tiles))
					}
				}
			}
		}
	} else if r, err := game.ParseRecord(rec); err == nil {
		if ps, err := coach.ClassicPoints(r, seat, hand); err == nil {
			for _, p := range ps {
				byIndex[p.Index] = p.State.View(seat).Okey
			}
		}
	}
	out := make([]tile.Tile, len(ds))
	melds := make([][][]tile.Tile, len(ds))
	for i, d := range ds {
		out[i] = tile.NoTile
		if o, ok := byIndex[d.Index]; ok {
			out[i] = o
		}
		melds[i] = meldsAt[d.Index]
	}
	return out, melds
}

// closeReview stops a review being computed and forgets it.
func (m *Model) closeReview() {
	if m.rv != nil {
		m.rv.cancel()
		m.rv = nil
	}
}

// onReviewMsg takes in the review's progress and its end; a word from a
// review closed since is dropped.
func (m *Model) onReviewMsg(msg tea.Msg) tea.Cmd {
	rv := m.rv
	switch msg := msg.(type) {
	case reviewProgressMsg:
		if rv == nil || msg.id != rv.id {
			return nil
		}
		rv.done, rv.total = msg.done, msg.total
		return rv.wait
	case reviewDoneMsg:
		if rv == nil || msg.id != rv.id {
			return nil
		}
		rv.finished, rv.res, rv.okeys, rv.melds, rv.err = true, msg.res, msg.okeys, msg.melds, msg.err
		rv.done = len(msg.res.Decisions)
		rv.at = 0
		if i := rv.nextBad(-1, 1); i >= 0 { // open on the first mistake
			rv.at = i
		}
	}
	return nil
}

// bad reports whether a decision was labelled inaccuracy or worse.
func bad(d *coach.Decision) bool {
	switch d.Label {
	case coach.Inaccuracy, coach.Mistake, coach.Blunder:
		return true
	}
	return false
}

// nextBad is the next decision from i in direction dir (1 or −1) that
// was a mistake of any size, −1 for none.
func (rv *reviewState) nextBad(i, dir int) int {
	ds := rv.res.Decisions
	for j := i + dir; j >= 0 && j < len(ds); j += dir {
		if bad(&ds[j]) {
			return j
		}
	}
	return -1
}

// updateReview: ←→ step through the decisions, n and p (tab, shift+tab)
// jump from mistake to mistake, home and end go to the first and the
// last, esc (or w) goes back, stopping a review being computed.
func (m *Model) updateReview(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.Review
	rv := m.rv
	if rv == nil {
		m.screen = scrHandOver
		return nil
	}
	n := len(rv.res.Decisions)
	switch {
	case key.Matches(k, keys.Quit):
		m.closeReview()
		return m.quit()
	case key.Matches(k, keys.Close):
		m.screen = rv.back
		m.closeReview()
		return nil
	case !rv.finished || n == 0:
		return nil
	case key.Matches(k, keys.Prev):
		rv.at = max(rv.at-1, 0)
	case key.Matches(k, keys.Next):
		rv.at = min(rv.at+1, n-1)
	case key.Matches(k, keys.First):
		rv.at = 0
	case key.Matches(k, keys.Last):
		rv.at = n - 1
	case key.Matches(k, keys.NextMistake, keys.PrevMistake):
		dir := 1
		if key.Matches(k, keys.PrevMistake) {
			dir = -1
		}
		if i := rv.nextBad(rv.at, dir); i >= 0 {
			rv.at = i
		} else if rv.nextBad(-1, 1) < 0 {
			m.setFlash(false, m.tr.T("review.nomistake"))
		}
	}
	return nil
}

// renderReview draws the review: its title and totals, then the
// decision on show (or how far the work has got).
func (m *Model) renderReview() string {
	rv := m.rv
	bar := m.keyBar(m.keys.Review.ShortHelp())
	if rv == nil {
		return m.renderPage(nil, bar)
	}
	w := m.pageW()
	lines := []string{m.st.Title.Render(canvas.Cut(rv.title, w))}
	switch {
	case !rv.finished:
		work := m.tr.T("review.working.start")
		if rv.total > 0 {
			work = m.tr.T("review.working", rv.done, rv.total)
		}
		lines = append(lines, "", m.st.Accent.Render(canvas.Cut(work, w)))
		if rv.total > 0 {
			lines = append(lines, m.progressBar(rv.done, rv.total, min(w, 60)))
		}
		lines = append(lines, "")
		for _, s := range canvas.Wrap(m.tr.T("review.working.note"), w) {
			lines = append(lines, m.st.Dim.Render(s))
		}
		return m.renderPage(lines, m.keyBar([]key.Binding{m.keys.Review.Close, m.keys.Review.Quit}))
	case rv.err != nil:
		lines = append(lines, "")
		for _, s := range canvas.Wrap(m.tr.T("review.failed", rv.err.Error()), w) {
			lines = append(lines, m.st.Warn.Render(s))
		}
		return m.renderPage(lines, m.keyBar([]key.Binding{m.keys.Review.Close, m.keys.Review.Quit}))
	case len(rv.res.Decisions) == 0:
		lines = append(lines, "", m.st.Text.Render(m.tr.T("review.none")))
		return m.renderPage(lines, m.keyBar([]key.Binding{m.keys.Review.Close, m.keys.Review.Quit}))
	}
	s := &rv.res.Summary
	summary := canvas.Wrap(m.tr.T("review.summary", num(s.TotalLoss), num(s.LossPerDecision), s.Accuracy,
		s.Labels[coach.Blunder], s.Labels[coach.Mistake], s.Labels[coach.Inaccuracy]), w)
	d := &rv.res.Decisions[rv.at]
	stage := m.tr.T("review.stage." + strings.ReplaceAll(d.Stage, " ", "_"))
	okey := tile.NoTile
	if rv.at < len(rv.okeys) {
		okey = rv.okeys[rv.at]
	}
	body := []string{m.st.Bold.Render(canvas.Cut(m.tr.T("review.at", rv.at+1, len(rv.res.Decisions), d.Hand, stage, d.WallLeft), w))}
	body = append(body, m.reviewRack(d, okey)...)
	ct := coachTable{okey: okey}
	if rv.at < len(rv.melds) {
		ct.melds = rv.melds[rv.at]
	}
	body = append(body, m.reviewVerdict(d, ct, w)...)
	// A long verdict (an opening of 101 wraps) takes the room of the
	// blank line, then of the summary's second line: the decision is
	// what the page is for.
	gap := []string{""}
	if len(lines)+len(summary)+1+len(body) > m.lay.Page.H {
		gap = nil
		if len(lines)+len(summary)+len(body) > m.lay.Page.H {
			summary = []string{canvas.Cut(strings.Join(summary, " "), w)}
		}
	}
	for _, l := range summary {
		lines = append(lines, m.st.Text.Render(l))
	}
	lines = append(append(lines, gap...), body...)
	return m.renderPage(lines, bar)
}

// reviewVerdict is a decision's verdict in words: the move played and
// the best, the loss with its interval and the label, the reasons.
func (m *Model) reviewVerdict(d *coach.Decision, ct coachTable, w int) []string {
	var out []string
	add := func(st func(...string) string, s string) {
		for _, p := range canvas.Wrap(s, w) {
			out = append(out, st(p))
		}
	}
	add(m.st.Text.Render, m.tr.T("review.played", sayCoach(m.tr, d.Played, ct)))
	if d.Label == coach.Only {
		add(m.st.Dim.Render, m.tr.T("review.only"))
		return out
	}
	if d.Best == d.Played {
		add(m.st.Dim.Render, m.tr.T("review.best", m.tr.T("review.same")))
	} else {
		add(m.st.Text.Render, m.tr.T("review.best", sayCoach(m.tr, d.Best, ct)))
	}
	label := m.tr.T("review.label." + strings.ReplaceAll(string(d.Label), " ", "_"))
	st := m.st.Good
	switch d.Label {
	case coach.Inaccuracy:
		st = m.st.Accent
	case coach.Mistake, coach.Blunder:
		st = m.st.Warn
	}
	verdict := st.Bold(true).Render(m.upper(label))
	loss := m.st.Text.Render(m.tr.T("review.loss", num(d.Loss), num(d.Low), num(d.High))) + " · " + verdict
	switch note := m.tr.T("review.uncertain"); {
	case !d.Uncertain:
		out = append(out, canvas.Cut(loss, w))
	case canvas.Width(loss)+1+canvas.Width(note) <= w:
		out = append(out, loss+" "+m.st.Dim.Render(note))
	default: // the note under the loss, where it is not cut
		out = append(out, canvas.Cut(loss, w))
		add(m.st.Dim.Render, note)
	}
	for _, r := range d.Reasons {
		add(m.st.Accent.Render, m.tr.T("review.why", sayCoach(m.tr, r, ct)))
	}
	return out
}

// reviewRack draws the rack as it was at decision d, sorted by colour,
// in the table's frame and tiles: the tiles of the move played marked
// x on their bottom edge (and held, as a tile picked up is drawn), those
// of the best move marked * (and framed as the cursor).
func (m *Model) reviewRack(d *coach.Decision, okey tile.Tile) []string {
	tiles, err := tile.ParseTiles(d.Rack)
	if err != nil {
		return []string{m.st.Dim.Render(d.Rack)}
	}
	plays := func(t tile.Tile) tile.Tile {
		if t == tile.FalseJoker && okey != tile.NoTile {
			return okey
		}
		return t
	}
	r := rack.New()
	r.Pack(rack.ByColour(tiles, plays, func(t tile.Tile) bool { return t == okey }))
	played := tile.CountsOf(moveTiles(d.Played, tiles))
	best := tile.CountsOf(nil)
	if d.Best != d.Played && d.Label != coach.Only {
		best = tile.CountsOf(moveTiles(d.Best, tiles))
	}
	var rows [2][theme.TileH]strings.Builder
	for i, t := range r.Slots {
		var box [theme.TileH]string
		if t == tile.NoTile {
			box = m.st.EmptySlot(theme.FramePlain)
		} else {
			face, lbl := t, theme.LabelNone
			switch {
			case okey == tile.NoTile:
			case t == tile.FalseJoker:
				face, lbl = okey, theme.LabelFalse
			case t == okey:
				lbl = theme.LabelOkey
			}
			f, mark := theme.FramePlain, byte(0)
			switch {
			case played[t] > 0:
				played[t]--
				f, mark = theme.FrameHeld, 'x'
			case best[t] > 0:
				best[t]--
				f, mark = theme.FrameCursor, '*'
			}
			box = m.st.TileMarked(face, f, lbl, mark)
		}
		for k := range theme.TileH {
			rows[i/rack.Cols][k].WriteString(box[k])
		}
	}
	frame := m.st.Panel
	rw := rack.Cols*theme.TileW + 2
	out := []string{frame.TopLine(rw, " "+m.tr.T("review.rack")+" ")}
	left, right := frame.Sides()
	for row := range rows {
		for k := range theme.TileH {
			out = append(out, left+rows[row][k].String()+right)
		}
	}
	return append(out, frame.BottomLine(rw))
}

// upper writes s in capitals, Turkish ones in Turkish (iyi: İYİ).
func (m *Model) upper(s string) string {
	if m.tr.Lang == "tr" {
		return strings.ToUpperSpecial(unicode.TurkishCase, s)
	}
	return strings.ToUpper(s)
}

// progressBar is done of total as a bar w columns wide, in characters
// that need no colour.
func (m *Model) progressBar(done, total, w int) string {
	w = max(w-2, 4)
	full := 0
	if total > 0 {
		full = min(w, done*w/total)
	}
	return m.st.Dim.Render("[") + m.st.Accent.Render(strings.Repeat("#", full)) + m.st.Dim.Render(strings.Repeat(".", w-full)+"]")
}

// num writes points as the coach's report does: two decimals below 10,
// none above (101's points run in the tens and hundreds).
func num(x float64) string {
	if x >= 10 || x <= -10 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.2f", x)
}
