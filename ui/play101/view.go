package play101

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// The 101 table drawn: the log, the work line (the groups being made),
// the centre, the bots' panels and their stacks, the rack (the melds on
// the table are ui/play101/melds').

// RenderWork draws the work line: the groups made and the group
// being made with what they are worth, or the taken tile owed, or what
// an opening needs.
func (t *Table) RenderWork(c *canvas.Canvas, r layout.Rect) {
	if r.H > 1 {
		lines := strings.Split(ansi.Wrap(t.WorkLine(r.H*r.W-r.H), r.W, ""), "\n")
		for i, l := range lines[:min(len(lines), r.H)] {
			c.Put(r.X, r.Y+i, canvas.Within(l, r.W))
		}
		return
	}
	c.Put(r.X, r.Y, t.WorkLine(r.W))
}

// PutAligned writes s in style st on line y of r, cut to r's width and
// aligned in it.
func (t *Table) PutAligned(c *canvas.Canvas, r layout.Rect, y int, a table.Align, st table.Style, s string) {
	table.PutAligned(c, r, y, a, s, func(s string) string { return t.look.Paint(st, s) })
}

// selectionText is the group being made and what it is (at once:
// a run, a set or a pair and its worth, or why it is none yet).
func (t *Table) selectionText() string {
	ts := t.SlotTiles(t.Sel)
	txt := t.TilesText(ts)
	switch len(ts) {
	case 1:
		if t.View.Opened[0].Status == meld.NotOpened {
			return t.look.Paint(table.Text, t.tr().T("t101.sel.one.closed", txt)) // i would be refused
		}
		return t.look.Paint(table.Text, t.tr().T("t101.sel.one", txt))
	case 2:
		if g, why := t.ReadGroup(t.Sel, t.Groups); why == "" && g.Kind == meld.Pair {
			return t.look.Paint(table.Good, t.tr().T("t101.sel.pair", txt))
		}
		return t.look.Paint(table.Text, t.tr().T("t101.sel.more", txt))
	}
	g, why := t.ReadGroup(t.Sel, t.Groups)
	if why != "" {
		return t.look.Paint(table.Warn, why)
	}
	return t.look.Paint(table.Good, t.tr().T("t101.sel.meld", t.TilesText(g.Tiles), t.KindName(g.Kind), g.Value()))
}

// StackText is a seat's discard stack in words, in w columns if it
// can: its top tile, or what the player may do with it (without the
// key or the tap when that does not fit: a panel of a narrow phone).
func (t *Table) StackText(seat, w int) (string, table.Style) {
	v := &t.View
	top := v.Top(seat)
	if top == tile.NoTile {
		return "", table.Dim
	}
	if seat == v.Previous && v.MyTurn() && v.Legal.Take {
		face := t.TileCase(top, i18n.Accusative)
		if s := t.tr().T(t.look.Tap("t101.stack.take"), face); canvas.Width(s) <= w {
			return s, table.Key
		}
		return t.tr().T("t101.stack.take.short", face), table.Key
	}
	return t.tr().T("t101.stack", t.TileName(top)), table.Dim
}

// RenderLog draws the latest moves in r, the newest last; beside the
// table under a title, entries wrapped; below it, cut. Each entry keeps
// its words and its lines until the language or the width changes.
func (t *Table) RenderLog(c *canvas.Canvas, r layout.Rect, beside bool) {
	tr := t.tr()
	table.DrawLog(c, r, beside, tr.T("log.title"), len(t.Log), func(i int) []string {
		e := &t.Log[i]
		if e.Lang != tr.Lang {
			e.Text, e.Lang, e.WrapW = t.LogText(*e), tr.Lang, 0
		}
		if e.WrapW != r.W {
			e.Wrapped, e.WrapW = table.EntryLines(e.Text, r.W, beside), r.W
		}
		return e.Wrapped
	}, t.look.Paint)
}

// WorkLine is the work line, styled, at most w columns.
func (t *Table) WorkLine(w int) string {
	v := &t.View
	// The group being made comes first (its reading is what the player
	// looks for at once), then what the groups made come to, then
	// those groups, as far as the line goes.
	var parts []string
	if v.Legal.GiveBack && (len(t.Sel) > 0 || len(t.Groups) > 0) {
		// The taken tile's obligation stays in sight until it is met.
		parts = append(parts, t.look.Paint(table.Warn, t.tr().T("t101.work.owed.short", t.TileName(v.Taken.Tile))))
	}
	if len(t.Sel) > 0 {
		parts = append(parts, t.selectionText())
	}
	if len(t.Groups) > 0 {
		parts = append(parts, t.look.Paint(table.Accent, t.GroupsSum()))
	}
	for k, g := range t.Groups {
		// A group reads in its meld's order (K11 K12 K13 however its
		// tiles were chosen), as the line about the selection does.
		ts := t.SlotTiles(g)
		txt := strconv.Itoa(k+1) + ": " + t.TilesText(ts)
		if len(ts) >= 3 {
			if r, err := v.Analyzer.Read(ts); err == nil {
				txt = strconv.Itoa(k+1) + ": " + t.TilesText(r.Tiles) + " (" + strconv.Itoa(r.Value()) + ")"
			}
		}
		parts = append(parts, t.look.Paint(table.Text, txt))
	}
	if len(parts) > 0 {
		return canvas.Within(strings.Join(parts, t.look.Paint(table.Dim, " · ")), w)
	}
	switch {
	case v.Legal.GiveBack:
		return t.look.Paint(table.Warn, canvas.Cut(t.tr().UpFirst(t.tr().T("t101.work.owed", t.TileCase(v.Taken.Tile, i18n.Accusative))), w))
	case v.Opened[0].Status != meld.NotOpened && t.look.Words.Watching:
		// One watching is told nothing of what "you" may do now: the
		// rack's title says how its seat opened.
		return ""
	case v.Opened[0].Status == meld.OpenedMelds:
		return t.look.Paint(table.Dim, canvas.Cut(t.tr().T("t101.work.opened", v.Opened[0].Value), w))
	case v.Opened[0].Status == meld.OpenedPairs:
		return t.look.Paint(table.Dim, canvas.Cut(t.tr().T("t101.work.opened.pairs", v.Opened[0].Value), w))
	case t.look.Words.Watching:
		// The seat watched, by its name: "Açmadın" (you have not
		// opened) was said to the spectator of the player's seat.
		return t.look.Paint(table.Dim, canvas.Cut(t.tr().T("t101.work.open.of", t.look.Words.SeatName(0), v.Threshold, okey101.MinPairs), w))
	}
	return t.look.Paint(table.Dim, canvas.Cut(t.tr().T("t101.work.open", v.Threshold, okey101.MinPairs), w))
}

// RenderCenter draws the centre line: the indicator and the okey,
// the wall, the player's own stack; or, where the layout gives it a
// band, the indicator as a tile with those words beside it.
func (t *Table) RenderCenter(c *canvas.Canvas, l layout.Table101) {
	r := l.Center
	if r.H > 1 && len(l.MeldTiles) > 0 {
		t.renderCenterBand(c, r, l.MeldTiles[0])
		return
	}
	sep := t.look.Paint(table.Dim, " · ")
	words := t.centerWords()
	if r.H > 1 {
		// Standing up, a few lines: as many words as fit on each, the
		// last line taking the rest.
		for y := r.Y; y < r.Y+r.H && len(words) > 0; y++ {
			k := len(words)
			for y < r.Y+r.H-1 && k > 1 && canvas.Width(strings.Join(words[:k], sep)) > r.W {
				k--
			}
			c.Put(r.X, y, canvas.Within(strings.Join(words[:k], sep), r.W))
			words = words[k:]
		}
		return
	}
	c.Put(r.X, r.Y, canvas.Within(strings.Join(words, sep), r.W))
}

// RenderSeat draws a bot's panel: its name (marked when it is to
// move), its tiles and points, how it opened, its discard stack.
func (t *Table) RenderSeat(c *canvas.Canvas, l layout.Table101, seat int, f table.Frame) {
	v := &t.View
	w := t.look.Words
	r := l.Seats[seat]
	a := table.Centre
	switch seat {
	case 1:
		a = table.Right
	case 3:
		a = table.Left
	}
	turn := v.Phase == game.Playing && v.Turn == seat
	name := w.SeatName(seat)
	if turn {
		name = "> " + name + " <"
	}
	dealer := ""
	if seat == v.Dealer {
		dealer = " " + w.Tr.T("panel.dealer")
	}
	more := f.Clock[seat]
	if f.Asking == seat {
		more += " " + w.Tr.T("panel.thinking")
	}
	pts := t.Points(v.Scores[seat])
	if p := v.HandPenalties[seat]; p > 0 {
		pts += " " + w.Tr.T("t101.penalties", p)
	}
	note := f.Note(seat, w.Tr)
	l2 := note + t.TilesCount(v.TileCounts[seat]) + " · " + pts
	if note != "" && canvas.Width(l2) > r.W {
		// A narrow panel keeps the points whole: who holds the seat
		// (player, bot, away) goes up beside the name.
		l2 = t.TilesCount(v.TileCounts[seat]) + " · " + pts
		more += " · " + strings.TrimSuffix(note, " · ")
	}
	// The clock of the seat to move, and who holds the seat, before the
	// dealer's mark (the header names the dealer): at 80 columns
	// "> Name < (dealer) · 30 s" is wider than the panel, and the clock
	// or "(bot)" would be cut off.
	if more == "" || canvas.Width(name+dealer+more) <= r.W {
		name += dealer
	}
	name += more
	l3 := t.OpeningText(v.Opened[seat])
	stack, stackSt := t.StackText(seat, r.W)
	nameSt := table.Bold
	if turn {
		nameSt = table.Turn
	}
	t.PutAligned(c, r, r.Y, a, nameSt, name)
	t.PutAligned(c, r, r.Y+1, a, table.Text, l2)
	openSt := table.Dim
	if v.Opened[seat].Status != meld.NotOpened {
		openSt = table.Text
	}
	if l.SeatH > 3 {
		t.PutAligned(c, r, r.Y+2, a, openSt, l3)
		t.PutAligned(c, r, r.Y+3, a, stackSt, stack)
		return
	}
	// Three lines: the opening and the stack share the last.
	if stack == "" {
		t.PutAligned(c, r, r.Y+2, a, openSt, l3)
		return
	}
	sep := " · "
	lw := canvas.Width(l3) + canvas.Width(sep) + canvas.Width(stack)
	line := t.look.Paint(openSt, l3) + t.look.Paint(table.Dim, sep) + t.look.Paint(stackSt, stack)
	if lw > r.W {
		line, lw = t.look.Paint(stackSt, canvas.Cut(stack, r.W)), min(r.W, canvas.Width(stack))
	}
	c.Put(table.AlignedX(r, lw, a), r.Y+2, line)
}

// RenderRack draws the rack in its frame in tiles of size sz: its title says the
// player's tiles, points and opening; each tile's frame and bottom
// mark say the cursor, the tile picked up, the group it is chosen into.
func (t *Table) RenderRack(c *canvas.Canvas, r layout.Rect, sz theme.TileSize, bottom string, f table.Frame) {
	v := &t.View
	w := t.look.Words
	sheet := t.look.St
	name := w.SeatName(0)
	if v.MyTurn() {
		name = "> " + name + " <"
	}
	if v.Dealer == 0 {
		name += " " + w.Tr.T("panel.dealer")
	}
	pts := t.Points(v.Scores[0])
	if p := v.HandPenalties[0]; p > 0 {
		pts += " " + w.Tr.T("t101.penalties", p)
	}
	// Where the frame is too narrow for all of it (a phone held
	// upright), the opening goes first, then the points: never cut
	// ("not ope…"); the panels and the status say them too.
	parts := []string{name, t.TilesCount(v.TileCounts[0]), pts, t.OpeningText(v.Opened[0])}
	title := ""
	for n := len(parts); n >= 2; n-- {
		title = " " + strings.Join(parts[:n], " · ") + f.Clock[0] + " "
		if canvas.Width(title) <= r.W-4 {
			break
		}
	}
	if t.Held >= 0 {
		title = " " + w.Tr.T(t.look.Tap("rack.holding"), t.TileName(t.Rack.Slots[t.Held])) + " "
	}
	table.DrawRack(c, r, sheet.Panel, title, bottom, sz, func(i int) []string {
		f := theme.FramePlain
		g := t.GroupOf(i)
		switch {
		case i == t.Held:
			f = theme.FrameHeld
		case i == t.Cursor && !w.Watching: // a spectator has no rack to move on
			f = theme.FrameCursor
		case g >= 0:
			f = theme.FrameSelected
		}
		var mark byte
		switch {
		case g == 0:
			mark = '+'
		case g > 0 && g < 10:
			mark = byte('0' + g)
		case g >= 10:
			mark = '#'
		}
		x := t.Rack.Slots[i]
		if x == tile.NoTile {
			return sheet.EmptySlotIn(sz, f)
		}
		face, lbl := t.FaceOf(x)
		return sheet.TileIn(sz, face, f, lbl, mark)
	})
}
