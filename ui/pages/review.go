package pages

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots/coach"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/cli"
	"okey/ui/layout"
	"okey/ui/rack"
	"okey/ui/theme"
)

// The coach's review as a page (w after a hand, after the match, and on
// the saved matches): a decision at a time — the rack as it was with
// the move played and the best move marked, the expected loss with its
// 95% interval, the label and the reason. Each decision is on show as
// soon as it is judged, under how far the work has got, so the player
// reads while the coach judges the rest; once all are, the summary
// takes the progress line's place and the page opens on the worst
// moment (unless the player has stepped meanwhile). The work itself is
// the host's; the page draws what it has been told.

// Review is what the review page shows: its title, how far the coach
// has got, and once it is done its verdicts and the decision on show.
type Review struct {
	Title       string
	Done, Total int
	// Reading says Done and Total count the decisions whose racks
	// are read, the judging done.
	Reading  bool
	Finished bool
	Res      cli.Review
	Okeys    []tile.Tile     // the okey of each decision's hand (NoTile: none)
	Melds    [][][]tile.Tile // the table's melds at each decision (101; nil: none known)
	Err      error
	At       int // the decision on show
	// Reads are what the belief read of the other racks at each
	// decision, beside what they held (nil for a hand not over);
	// ShowReads shows them in place of the verdict (r).
	Reads     [][]RackRead
	ShowReads bool
	// Stepped says the player has moved through the decisions while
	// they were judged: the end of the work leaves them where they are.
	Stepped bool
}

// Add takes in decisions judged since the last word, each with its
// hand's okey and table (as in Finish), while the work goes on: the
// page shows them at once. Once finished, the review takes no more.
func (r *Review) Add(ds []coach.Decision, okeys []tile.Tile, melds [][][]tile.Tile) {
	if r.Finished {
		return
	}
	for i, d := range ds {
		r.Res.Decisions = append(r.Res.Decisions, d)
		o := tile.NoTile
		if i < len(okeys) {
			o = okeys[i]
		}
		var m [][]tile.Tile
		if i < len(melds) {
			m = melds[i]
		}
		r.Okeys, r.Melds = append(r.Okeys, o), append(r.Melds, m)
	}
}

// Finish takes in the coach's verdicts (or its error) and opens on the
// worst moment, the largest loss labelled a mistake of any size (none:
// the first decision); a player who stepped through the decisions while
// they were judged stays on the one on show.
func (r *Review) Finish(res cli.Review, okeys []tile.Tile, melds [][][]tile.Tile, err error) {
	r.Finished, r.Res, r.Okeys, r.Melds, r.Err = true, res, okeys, melds, err
	r.Done = len(res.Decisions)
	if r.Stepped {
		r.At = max(min(r.At, len(res.Decisions)-1), 0)
		return
	}
	r.At = 0
	if w := cli.WorstOf(res.Decisions, 1); len(w) > 0 {
		r.At = w[0]
	}
}

// Bad reports whether a decision was labelled inaccuracy or worse.
func Bad(d *coach.Decision) bool {
	switch d.Label {
	case coach.Inaccuracy, coach.Mistake, coach.Blunder:
		return true
	}
	return false
}

// nextBad is the next decision from i in direction dir (1 or −1) that
// was a mistake of any size, −1 for none.
func (rv *Review) nextBad(i, dir int) int {
	ds := rv.Res.Decisions
	for j := i + dir; j >= 0 && j < len(ds); j += dir {
		if Bad(&ds[j]) {
			return j
		}
	}
	return -1
}

// Page is the review drawn and driven with c.
func (r *Review) Page(c *Common) ReviewPage { return ReviewPage{c: c, r: r} }

// ReviewPage is a review as a page.
type ReviewPage struct {
	c *Common
	r *Review
}

// Update: ←→ step through the decisions (those judged so far while the
// work goes on), n and p (tab, shift+tab) jump from mistake to mistake,
// home and end go to the first and the last; esc (or w) closes, q
// quits. A jump with no mistake anywhere in a finished review is
// Unknown (the host says there is none).
func (p ReviewPage) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.Review
	rv := p.r
	n := len(rv.Res.Decisions)
	switch {
	case key.Matches(k, keys.Quit):
		return Quit
	case key.Matches(k, keys.Close):
		return Close
	case n == 0 || rv.Err != nil:
		return None
	}
	rv.Stepped = rv.Stepped || !rv.Finished
	switch {
	case key.Matches(k, keys.Prev):
		rv.At = max(rv.At-1, 0)
	case key.Matches(k, keys.Next):
		rv.At = min(rv.At+1, n-1)
	case key.Matches(k, keys.Read):
		// nothing to show at a decision of a hand not over, or of 101
		rv.ShowReads = !rv.ShowReads && rv.hasReads()
	case key.Matches(k, keys.First):
		rv.At = 0
	case key.Matches(k, keys.Last):
		rv.At = n - 1
	case key.Matches(k, keys.NextMistake, keys.PrevMistake):
		dir := 1
		if key.Matches(k, keys.PrevMistake) {
			dir = -1
		}
		if i := rv.nextBad(rv.At, dir); i >= 0 {
			rv.At = i
		} else if rv.nextBad(-1, 1) < 0 && rv.Finished {
			return Unknown
		}
	}
	return None
}

// ShortHelp: closing and quitting when there is nothing to step
// through (yet); the review's keys once a decision is judged.
func (p ReviewPage) ShortHelp() []key.Binding {
	rv := p.r
	if rv.Err != nil || len(rv.Res.Decisions) == 0 {
		return []key.Binding{p.c.Keys.Review.Close, p.c.Keys.Review.Quit}
	}
	if rv.hasReads() {
		return append(p.c.Keys.Review.ShortHelp(), p.c.Keys.Review.Read)
	}
	return p.c.Keys.Review.ShortHelp()
}

// Lines are the review: its title and totals (how far the work has got
// while it goes on), then the decision on show.
func (p ReviewPage) Lines() []string {
	rv, st, tr := p.r, p.c.St, p.c.Tr
	w := p.c.TextW()
	lines := []string{st.Title.Render(canvas.Cut(rv.Title, w))}
	work := tr.T("review.working.start")
	if rv.Total > 0 {
		work = tr.T("review.working", rv.Done, rv.Total)
		if rv.Reading {
			work = tr.T("review.working.reads", rv.Done, rv.Total)
		}
	}
	switch {
	case !rv.Finished && len(rv.Res.Decisions) > 0:
		// the decisions judged so far, under how far the work has got
		head := []string{st.Accent.Render(canvas.Cut(work, w))}
		if rv.Total > 0 {
			head = append(head, p.progressBar(rv.Done, rv.Total, min(w, 60)))
		}
		return p.decision(lines, head, w)
	case !rv.Finished:
		lines = append(lines, "", st.Accent.Render(canvas.Cut(work, w)))
		if rv.Total > 0 {
			lines = append(lines, p.progressBar(rv.Done, rv.Total, min(w, 60)))
		}
		lines = append(lines, "")
		for _, s := range canvas.Wrap(tr.T("review.working.note"), w) {
			lines = append(lines, st.Dim.Render(s))
		}
		return lines
	case rv.Err != nil:
		lines = append(lines, "")
		for _, s := range canvas.Wrap(tr.T("review.failed", rv.Err.Error()), w) {
			lines = append(lines, st.Warn.Render(s))
		}
		return lines
	case len(rv.Res.Decisions) == 0:
		lines = append(lines, "", st.Text.Render(tr.T("review.none")))
		return lines
	}
	s := &rv.Res.Summary
	summary := canvas.Wrap(tr.T("review.summary", num(tr, s.TotalLoss), num(tr, s.LossPerDecision), s.Accuracy,
		s.Labels[coach.Blunder], s.Labels[coach.Mistake], s.Labels[coach.Inaccuracy]), w)
	for i, l := range summary {
		summary[i] = st.Text.Render(l)
	}
	return p.decision(lines, summary, w)
}

// decision is lines, then head (the summary, or how far the work has
// got: its lines styled), then the decision on show: its rack and
// verdict, or the racks read; head gives way first when the page is
// short.
func (p ReviewPage) decision(lines, summary []string, w int) []string {
	rv, st, tr := p.r, p.c.St, p.c.Tr
	rv.At = max(min(rv.At, len(rv.Res.Decisions)-1), 0)
	d := &rv.Res.Decisions[rv.At]
	stage := tr.T("review.stage." + strings.ReplaceAll(d.Stage, " ", "_"))
	okey := tile.NoTile
	if rv.At < len(rv.Okeys) {
		okey = rv.Okeys[rv.At]
	}
	of := len(rv.Res.Decisions)
	if !rv.Finished {
		of = max(of, rv.Total) // of all there are, while some are still judged
	}
	var body []string // the title wraps: standing up it is longer than the line
	for _, l := range canvas.Wrap(tr.T("review.at", rv.At+1, of, d.Hand, stage, d.WallLeft), w) {
		body = append(body, st.Bold.Render(l))
	}
	if rv.ShowReads && rv.hasReads() {
		// the reading of the racks in place of the rack and the verdict
		return append(append(append(lines, canvas.Cut(strings.Join(summary, " "), w)), ""), append(body, p.reads(okey, w)...)...)
	}
	body = append(body, p.rack(d, okey, p.c.Lay.Page.W)...)
	ct := CoachTable{Okey: okey}
	if rv.At < len(rv.Melds) {
		ct.Melds = rv.Melds[rv.At]
	}
	body = append(body, p.verdict(d, ct, w)...)
	// A long verdict (an opening of 101 wraps) takes the room of the
	// blank line, then of the summary's second line: the decision is
	// what the page is for.
	gap := []string{""}
	if len(lines)+len(summary)+1+len(body) > p.c.Lay.Page.H {
		gap = nil
		if len(lines)+len(summary)+len(body) > p.c.Lay.Page.H {
			summary = []string{canvas.Cut(strings.Join(summary, " "), w)}
		}
	}
	lines = append(lines, summary...)
	return append(append(lines, gap...), body...)
}

// verdict is a decision's verdict in words: the move played and
// the best, the loss with its interval and the label, the reasons.
func (p ReviewPage) verdict(d *coach.Decision, ct CoachTable, w int) []string {
	st, tr := p.c.St, p.c.Tr
	var out []string
	add := func(st func(...string) string, s string) {
		for _, p := range canvas.Wrap(s, w) {
			out = append(out, st(p))
		}
	}
	add(st.Text.Render, tr.T("review.played", SayCoach(tr, d.Played, ct)))
	if d.Label == coach.Only {
		add(st.Dim.Render, tr.T("review.only"))
		return out
	}
	switch {
	case d.Best == d.Played && d.Certainty == coach.TooClose:
		// the best, with another move as good: "best" names no other
		add(st.Dim.Render, tr.T("review.best", tr.T("review.asgood")))
	case d.Best == d.Played:
		add(st.Dim.Render, tr.T("review.best", tr.T("review.same")))
	default:
		add(st.Text.Render, tr.T("review.best", SayCoach(tr, d.Best, ct)))
	}
	// The label is the word the help, okey review and the key line use
	// (bold and coloured, never a word of its own).
	label := tr.T("review.label." + strings.ReplaceAll(string(d.Label), " ", "_"))
	lst := st.Good
	switch d.Label {
	case coach.Inaccuracy:
		lst = st.Accent
	case coach.Mistake, coach.Blunder:
		lst = st.Warn
	}
	verdict := lst.Bold(true).Render(label)
	if d.Label == coach.Best {
		// No loss is shown for the best: the coach shows no other move
		// better, so an interval beside it would contradict the word.
		out = append(out, canvas.Cut(verdict, w))
		if d.Certainty == coach.TooClose {
			add(st.Dim.Render, tr.T("review.sure.tied"))
		}
	} else {
		// The main line holds the loss and the label; how sure the
		// judge is, with the interval, goes to a line of its own in
		// words (never a negative loss: the interval is cut at 0).
		out = append(out, canvas.Cut(st.Text.Render(tr.T("review.loss", num(tr, d.Loss)))+" · "+verdict, w))
		key := "review.sure.sure"
		if d.Certainty == coach.Likely {
			key = "review.sure.likely"
		}
		lo, hi := coach.ShowInterval(max(d.Low, 0), d.High) // 101's points: whole at both ends
		lo, hi = tr.Dec(lo), tr.Dec(hi)
		add(st.Dim.Render, tr.T(key, lo, hi))
	}
	for _, r := range d.Reasons {
		add(st.Accent.Render, tr.T("review.why", SayCoach(tr, r, ct)))
	}
	if d.OpenFinish != "" {
		// named whatever the label: a finish missed by a slip
		add(st.Accent.Render, tr.UpFirst(SayCoach(tr, d.OpenFinish, ct)))
	}
	return out
}

// rack draws the rack as it was at decision d, sorted by colour,
// in the table's frame and tiles: the tiles of the move played marked
// ^ on their bottom edge, pointing at them (and held, as a tile picked
// up is drawn: an x there read as "wrong" on the best move too), those
// of the best move marked * (and framed as the cursor). On a page w
// columns wide, narrower than the rack (a phone held upright), each
// row of the rack is folded in two lines, as the table's is
// (layout.PerLine), and the frame's sides left out where they do not
// fit.
func (p ReviewPage) rack(d *coach.Decision, okey tile.Tile, w int) []string {
	st, tr := p.c.St, p.c.Tr
	tiles, err := tile.ParseTiles(d.Rack)
	if err != nil {
		return []string{st.Dim.Render(d.Rack)}
	}
	plays := func(t tile.Tile) tile.Tile {
		if t == tile.FalseJoker && okey != tile.NoTile {
			return okey
		}
		return t
	}
	r := rack.New()
	r.Pack(rack.ByColour(tiles, plays, func(t tile.Tile) bool { return t == okey }))
	played := tile.CountsOf(MoveTiles(d.Played, tiles))
	best := tile.CountsOf(nil)
	if d.Best != d.Played && d.Label != coach.Only {
		best = tile.CountsOf(MoveTiles(d.Best, tiles))
	}
	per := layout.PerLine(w, theme.TileW)
	rows := make([][theme.TileH]strings.Builder, layout.RackLines(per))
	for i, t := range r.Slots {
		var box [theme.TileH]string
		if t == tile.NoTile {
			box = st.EmptySlot(theme.FramePlain)
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
				f, mark = theme.FrameHeld, PlayedMark
			case best[t] > 0:
				best[t]--
				f, mark = theme.FrameCursor, '*'
			}
			box = st.TileMarked(face, f, lbl, mark)
		}
		line, _ := layout.SlotLine(i, per)
		for k := range theme.TileH {
			rows[line][k].WriteString(box[k])
		}
	}
	frame := st.Panel
	rw := per*theme.TileW + 2
	title := " " + tr.T("review.rack") + " "
	if rw > w {
		out := []string{st.Dim.Render(title)}
		for row := range rows {
			for k := range theme.TileH {
				out = append(out, rows[row][k].String())
			}
		}
		return out
	}
	out := []string{frame.TopLine(rw, title)}
	left, right := frame.Sides()
	for row := range rows {
		for k := range theme.TileH {
			line := rows[row][k].String() // a row's second half is a tile short
			line += strings.Repeat(" ", max(0, rw-2-canvas.Width(line)))
			out = append(out, left+line+right)
		}
	}
	return append(out, frame.BottomLine(rw))
}

// PlayedMark marks the tiles of the move played on the review's rack
// and begins the line that names it; '*' marks the best move's.
const PlayedMark = '^'

// progressBar is done of total as a bar w columns wide, in characters
// that need no colour.
func (p ReviewPage) progressBar(done, total, w int) string {
	st := p.c.St
	w = max(w-2, 4)
	full := 0
	if total > 0 {
		full = min(w, done*w/total)
	}
	return st.Dim.Render("[") + st.Accent.Render(strings.Repeat("#", full)) + st.Dim.Render(strings.Repeat(".", w-full)+"]")
}

// num writes points as the coach labels them (coach.ShowPoints: two
// decimals below 10, none above), with tr.s decimal mark.
func num(tr *i18n.Catalog, x float64) string {
	return tr.Dec(coach.ShowPoints(x))
}
