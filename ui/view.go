package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/game/tile"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game"
	"okey/ui/i18n"
	"okey/ui/theme"
)

// View draws the screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Okey"
	return v
}

// render is the screen as text.
func (m *Model) render() string {
	if m.width == 0 || m.height == 0 {
		return ""
	}
	if m.lay.TooSmall {
		return m.renderTooSmall()
	}
	switch m.screen {
	case scrNotice:
		return m.renderNotice()
	case scrResume:
		return m.renderResume()
	case scrHandOver:
		return m.renderHandOver()
	case scrMatchOver:
		return m.renderMatchOver()
	case scrSettings:
		return m.renderSettings()
	}
	return m.renderTable()
}

func (m *Model) renderTooSmall() string {
	w, h := m.width, m.height
	lines := wrap(m.tr.T("toosmall", MinWidth, MinHeight, w, h), max(1, w))
	c := newCanvas(w, h)
	y := max(0, (h-len(lines))/2)
	for i, l := range lines {
		c.put(max(0, (w-ansi.StringWidth(l))/2), y+i, m.st.Warn.Render(l))
	}
	return c.String()
}

// header is the top line: the game, the hand, the keys for help.
func (m *Model) header() string {
	v := &m.view
	w := m.width
	keys := m.tr.T("hdr.keys")
	left := m.st.Title.Render("OKEY")
	info := ""
	if m.g != nil {
		info = "  " + m.tr.T("hdr.hand", v.Hand) + " · " + m.tr.T("hdr.dealer", m.seatName(v.Dealer))
		if !v.Rules.Scoring() {
			info += " · " + m.tr.T("hdr.noscore")
		} else {
			info += " · " + m.tr.T("hdr.points", v.Rules.Points)
		}
	}
	avail := w - 4 - ansi.StringWidth(keys) - 2
	info = cut(info, max(0, avail))
	gap := w - 4 - ansi.StringWidth(info) - ansi.StringWidth(keys)
	if gap < 1 {
		return left + m.st.Text.Render(info)
	}
	return left + m.st.Text.Render(info) + strings.Repeat(" ", gap) + m.st.Dim.Render(keys)
}

// corner is the screen rectangle of seat's discard stack: each stack lies
// on its owner's right.
func (l Layout) corner(seat int) Rect {
	switch seat {
	case 0:
		return l.BottomRight
	case 1:
		return l.TopRight
	case 2:
		return l.TopLeft
	}
	return l.BottomLeft
}

// faceOf is how a tile is drawn: a false joker shows the face it plays
// as, with its label.
func (m *Model) faceOf(t tile.Tile) (tile.Tile, theme.Label) {
	v := &m.view
	switch {
	case v.Okey == tile.NoTile:
		return t, theme.LabelNone
	case t == tile.FalseJoker:
		return v.Okey, theme.LabelFalse
	case t == v.Okey:
		return t, theme.LabelOkey
	}
	return t, theme.LabelNone
}

func (m *Model) tileBox(t tile.Tile, f theme.Frame) [3]string {
	if t == tile.NoTile {
		return m.st.Tile(tile.NoTile, theme.FrameDim, theme.LabelNone)
	}
	face, lbl := m.faceOf(t)
	return m.st.Tile(face, f, lbl)
}

func (m *Model) renderTable() string {
	l := m.lay
	c := newCanvas(l.W, l.H)
	c.put(0, 0, m.header())
	if m.overlay != ovNone {
		m.renderOverlay(c)
	} else {
		for s := range game.NumSeats {
			m.renderStack(c, s)
		}
		m.renderPanel(c, 1, l.PanelRight, 2)
		m.renderPanel(c, 2, l.PanelTop, 1)
		m.renderPanel(c, 3, l.PanelLeft, 0)
		m.renderYou(c)
		m.renderCenter(c)
		m.renderRack(c)
		m.renderLog(c)
	}
	c.put(0, l.Status.Y, m.statusLine())
	c.put(0, l.Help.Y, m.helpBar())
	return c.String()
}

// renderStack draws seat's discard stack at its corner: the top tile and
// two words.
func (m *Model) renderStack(c *canvas, seat int) {
	v := &m.view
	r := m.lay.corner(seat)
	if !v.Active[seat] && v.DiscardCounts[seat] == 0 {
		return
	}
	top := v.Top(seat)
	fr := theme.FramePlain
	if seat != v.Previous && seat != 0 {
		fr = theme.FrameDim
	}
	box := m.tileBox(top, fr)
	lw := r.W - theme.TileW - 1
	var words [3]string
	if seat == 0 {
		words[0] = m.tr.T("stack.yours")
	} else {
		words[0] = m.tr.T("stack.of", m.seatName(seat))
	}
	words[1] = m.tr.T("stack.count", v.DiscardCounts[seat])
	if seat == v.Previous && v.MyTurn() && v.Stage == game.MustDraw && top != tile.NoTile {
		words[2] = m.st.Key.Render(cut(m.tr.T("stack.take"), lw))
	} else if seat == v.Previous || seat == 0 {
		words[2] = m.st.Dim.Render(cut(m.tr.T("stack.browse"), lw))
	}
	left := r == m.lay.TopLeft || r == m.lay.BottomLeft
	for i := range 3 {
		txt := words[i]
		if i < 2 {
			st := m.st.Text
			if i == 1 {
				st = m.st.Dim
			}
			txt = st.Render(cut(txt, lw))
		}
		if left {
			c.put(r.X, r.Y+i, box[i]+" "+txt)
		} else {
			c.put(r.X, r.Y+i, right(txt, lw)+" "+box[i])
		}
	}
}

// renderPanel draws a bot's name, level, score and tile count. align is
// 0 left, 1 centre, 2 right.
func (m *Model) renderPanel(c *canvas, seat int, r Rect, align int) {
	v := &m.view
	name := m.seatName(seat)
	if seat == v.Dealer {
		name += " " + m.tr.T("panel.dealer")
	}
	l1 := name
	turn := v.Phase == game.Playing && v.Turn == seat
	if turn {
		l1 = "> " + name + " <"
	}
	l2 := m.tr.T("level."+m.levels[seat]) + " · " + m.scoreText(seat)
	l3 := m.tr.T("panel.tiles", v.TileCounts[seat])
	switch {
	case !v.Active[seat]:
		l3 = m.tr.T("panel.left")
	case m.asking == seat:
		l3 += " · " + m.tr.T("panel.thinking")
	case v.Shown[seat]:
		l3 += " · " + m.tr.T("panel.shown")
	}
	lines := []string{l1, l2, l3}
	for i, s := range lines {
		s = cut(s, r.W)
		w := ansi.StringWidth(s)
		x := r.X
		switch align {
		case 1:
			x = r.X + (r.W-w)/2
		case 2:
			x = r.X + r.W - w
		}
		st := m.st.Text
		switch {
		case i == 0 && turn:
			st = m.st.Turn
		case i == 0:
			st = m.st.Bold
		case i == 2:
			st = m.st.Dim
		}
		c.put(x, r.Y+i, st.Render(s))
	}
}

func (m *Model) scoreText(seat int) string {
	v := &m.view
	if !v.Rules.Scoring() {
		return m.tr.T("panel.noscore")
	}
	return m.pointsText(v.Scores[seat])
}

// renderYou draws the player's line between the lower stacks.
func (m *Model) renderYou(c *canvas) {
	v := &m.view
	r := m.lay.You
	name := m.tr.T("you")
	if v.Dealer == 0 {
		name += " " + m.tr.T("panel.dealer")
	}
	turn := v.MyTurn()
	l1 := name
	if turn {
		l1 = "> " + name + " <"
	}
	l2 := m.scoreText(0) + " · " + m.tr.T("panel.tiles", v.TileCounts[0])
	l3 := ""
	if v.Shown[0] {
		l3 = m.tr.T("panel.shown")
	}
	st := m.st.Bold
	if turn {
		st = m.st.Turn
	}
	c.put(r.X+(r.W-ansi.StringWidth(cut(l1, r.W)))/2, r.Y+1, st.Render(cut(l1, r.W)))
	c.put(r.X+(r.W-ansi.StringWidth(cut(l2, r.W)))/2, r.Y+2, m.st.Text.Render(cut(l2, r.W)))
	if l3 != "" {
		c.put(r.X+(r.W-ansi.StringWidth(cut(l3, r.W)))/2, r.Y, m.st.Dim.Render(cut(l3, r.W)))
	}
}

// renderCenter draws the wall and the indicator.
func (m *Model) renderCenter(c *canvas) {
	v := &m.view
	r := m.lay.Center
	n := strconv.Itoa(v.WallLeft)
	fr := m.st.Dim
	if v.MyTurn() && v.Stage == game.MustDraw {
		fr = m.st.Key
	}
	wall := [3]string{
		fr.Render("┌─────┐"),
		fr.Render("│") + m.st.Bold.Render(center(n, 5)) + fr.Render("│"),
		fr.Render("└─────┘"),
	}
	lw := 10
	w1 := m.st.Text.Render(cut(m.tr.T("center.wall"), lw))
	w2 := ""
	if v.MyTurn() && v.Stage == game.MustDraw {
		if v.WallLeft > 0 {
			w2 = m.st.Key.Render(cut(m.tr.T("center.draw"), lw))
		} else {
			w2 = m.st.Warn.Render(cut(m.tr.T("center.end"), lw))
		}
	}
	words := [3]string{w1, w2, ""}
	for i := range 3 {
		c.put(r.X, r.Y+i, wall[i]+" "+words[i])
	}
	x := r.X + 7 + 1 + lw + 1
	if v.Indicator == tile.NoTile {
		c.put(x, r.Y+1, m.st.Dim.Render(cut(m.tr.T("center.noindicator"), r.X+r.W-x)))
		return
	}
	box := m.st.Tile(v.Indicator, theme.FramePlain, theme.LabelNone)
	iw := r.X + r.W - x - theme.TileW - 1
	lines := [3]string{
		m.st.Text.Render(cut(m.tr.T("center.indicator"), iw)),
		m.st.Okey.Render(cut(m.tr.T("center.okey", v.Okey.String()), iw)),
		m.st.Dim.Render(cut(m.tr.T("center.false", v.Okey.String()), iw)),
	}
	for i := range 3 {
		c.put(x, r.Y+i, box[i]+" "+lines[i])
	}
}

// renderRack draws the rack in its frame, the cursor and the tile
// picked up marked by their frames.
func (m *Model) renderRack(c *canvas) {
	l := m.lay
	r := l.Rack
	fr := m.st.Dim
	title := " " + m.tr.T("rack.title") + " "
	if m.held >= 0 {
		title = " " + m.tr.T("rack.holding", m.tileName(m.rack.Slots[m.held])) + " "
	}
	title = cut(title, r.W-4)
	top := fr.Render("╭─") + m.st.Accent.Render(title) + fr.Render(strings.Repeat("─", r.W-3-ansi.StringWidth(title))+"╮")
	c.put(r.X, r.Y, top)
	var rows [2][3]strings.Builder
	for i, t := range m.rack.Slots {
		f := theme.FramePlain
		switch {
		case i == m.held:
			f = theme.FrameHeld
		case i == m.cursor:
			f = theme.FrameCursor
		}
		var box [3]string
		if t == tile.NoTile {
			box = m.st.EmptySlot(f)
		} else {
			face, lbl := m.faceOf(t)
			box = m.st.Tile(face, f, lbl)
		}
		row := i / RackCols
		for k := range 3 {
			rows[row][k].WriteString(box[k])
		}
	}
	side := fr.Render("│")
	for row := range 2 {
		for k := range 3 {
			c.put(r.X, r.Y+1+row*3+k, side+rows[row][k].String()+side)
		}
	}
	c.put(r.X, r.Y+r.H-1, fr.Render("╰"+strings.Repeat("─", r.W-2)+"╯"))
}

// renderLog draws the latest moves, the newest last.
func (m *Model) renderLog(c *canvas) {
	r := m.lay.Log
	if r.H <= 0 {
		return
	}
	y, h := r.Y, r.H
	if m.lay.LogBeside {
		c.put(r.X, y, m.st.Accent.Render(cut(m.tr.T("log.title"), r.W)))
		y++
		h--
	}
	// The newest entries that fit, oldest first; beside the table long
	// entries wrap, below it they are cut.
	var lines []string
	newest := 0 // lines of the newest entry, drawn brighter
	for i := len(m.log) - 1; i >= 0 && len(lines) < h; i-- {
		s := m.logText(m.log[i])
		if s == "" {
			continue
		}
		parts := []string{cut(s, r.W)}
		if m.lay.LogBeside {
			parts = wrap(s, r.W)
		}
		for j := len(parts) - 1; j >= 0 && len(lines) < h; j-- {
			lines = append(lines, parts[j])
		}
		if newest == 0 {
			newest = len(lines)
		}
	}
	for i := range lines {
		s := lines[len(lines)-1-i]
		st := m.st.Dim
		if i >= len(lines)-newest {
			st = m.st.Text
		}
		c.put(r.X, y+i, st.Render(s))
	}
}

// logText writes a log entry in the player's language.
func (m *Model) logText(e logEntry) string {
	if e.note != "" {
		return e.note
	}
	ev := e.ev
	me := ev.Seat == 0
	// say writes the entry: "key" with the actor first, or "key.you"
	// without it for the player.
	say := func(base string, args ...any) string {
		if me {
			return m.tr.T(base+".you", args...)
		}
		return m.tr.T(base, append([]any{m.seatName(ev.Seat)}, args...)...)
	}
	switch ev.Kind {
	case game.EvDeal:
		dealer := m.tr.T("log.dealer", m.seatName(ev.Seat))
		if me {
			dealer = m.tr.T("log.dealer.you")
		}
		if ev.Tile == tile.NoTile {
			return m.tr.T("log.deal.noindicator", e.hand, dealer)
		}
		return m.tr.T("log.deal", e.hand, dealer, ev.Tile.String(), ev.Tile.Next().String())
	case game.EvShow:
		return say("log.show", ev.Tile.String())
	case game.EvDraw:
		switch {
		case me && ev.Tile != tile.NoTile:
			return m.tr.T("log.draw.you", m.tileName(ev.Tile))
		case me: // the public history of a resumed match does not say which
			return m.tr.T("log.draw.you.wall")
		}
		return m.tr.T("log.draw", m.seatName(ev.Seat))
	case game.EvTake:
		return say("log.take", m.tileName(ev.Tile), m.seatName(ev.From))
	case game.EvDiscard:
		return say("log.discard", m.tileName(ev.Tile))
	case game.EvFinish:
		return say("log.finish", m.tileName(ev.Tile))
	case game.EvWallOut:
		return m.tr.T("log.wallout")
	case game.EvLeave:
		return say("log.leave")
	}
	return ""
}

// statusLine says what just happened or what the player may do now.
func (m *Model) statusLine() string {
	w := m.width
	if m.flash != "" {
		st := m.st.Accent
		if m.flashWarn {
			st = m.st.Warn
		}
		return st.Render(cut(m.flash, w))
	}
	return m.st.Bold.Render(cut(m.guide(), w))
}

// guide says what the player may do now.
func (m *Model) guide() string {
	v := &m.view
	if v.Phase != game.Playing {
		return ""
	}
	if !v.Active[0] {
		return m.tr.T("guide.left")
	}
	show := ""
	if v.Legal.Show {
		show = " " + m.tr.T("guide.show", v.Indicator.String())
	}
	if v.Turn != 0 {
		return m.tr.T("guide.wait", m.seatName(v.Turn)) + show
	}
	if m.held >= 0 {
		return m.tr.T("guide.holding")
	}
	if v.Stage == game.MustDraw {
		top := v.Top(v.Previous)
		switch {
		case v.WallLeft == 0 && top != tile.NoTile:
			return m.tr.T("guide.wallout.take", m.tileName(top))
		case v.WallLeft == 0:
			return m.tr.T("guide.wallout")
		case top != tile.NoTile:
			return m.tr.T("guide.draw.take", m.seatName(v.Previous), m.tileName(top)) + show
		}
		return m.tr.T("guide.draw") + show
	}
	if len(v.History) <= 1 && v.Counts.Total() == 15 {
		return m.tr.T("guide.start") + show
	}
	return m.tr.T("guide.discard")
}

// helpBar is the short help for what can be done now, from the key map.
func (m *Model) helpBar() string {
	// The help model drops whole keys that do not fit (with an ellipsis)
	// rather than cutting one in half; cut only guards the width.
	h := m.help
	h.SetWidth(m.width)
	return cut(h.ShortHelpView(m.shortHelp()), m.width)
}

// shortHelp picks the keys worth showing now.
func (m *Model) shortHelp() []key.Binding {
	k := m.keys
	if m.overlay != ovNone {
		return []key.Binding{k.Cancel, k.Quit}
	}
	v := &m.view
	var b []key.Binding
	switch {
	case v.MyTurn() && v.Stage == game.MustDraw:
		b = append(b, k.Draw, k.Take)
	case v.MyTurn():
		b = append(b, k.Discard, k.Finish)
	}
	if v.Legal.Show {
		b = append(b, k.Show)
	}
	mv := key.NewBinding(key.WithKeys("left", "right", "up", "down"), key.WithHelp("←→↑↓", m.tr.T("key.move")))
	// What to do now first, then the hint and the full help, which a
	// newcomer needs most, then the rest as the width allows.
	b = append(b, k.Hint, k.Help, mv, k.Pick, k.Quit, k.SortColour, k.Runs, k.Browse)
	return b
}

// renderOverlay draws the help or the discard stacks over the table.
func (m *Model) renderOverlay(c *canvas) {
	l := m.lay
	var lines []string
	switch m.overlay {
	case ovHelp:
		lines = m.helpLines(l.W - 4)
	case ovBrowse:
		lines = m.browseLines(l.W - 4)
	}
	top := 1
	avail := l.Status.Y - top
	if len(lines) > avail {
		lines = lines[:avail]
	}
	for i, s := range lines {
		c.put(2, top+i, s)
	}
}

// helpLines are the ? page: every key of the key map, then how to play.
func (m *Model) helpLines(w int) []string {
	out := []string{m.st.Title.Render(cut(m.tr.T("help.title"), w)), ""}
	groups := m.keys.fullHelp()
	colW, descW := 0, 0
	for _, g := range groups {
		for _, b := range g {
			colW = max(colW, ansi.StringWidth(helpKeys(b)))
			descW = max(descW, ansi.StringWidth(b.Help().Desc))
		}
	}
	// Two columns of keys when they fit, one otherwise.
	var items []string
	for _, g := range groups {
		for _, b := range g {
			items = append(items, m.st.Key.Render(fit(helpKeys(b), colW))+"  "+m.st.Text.Render(b.Help().Desc))
		}
	}
	cellW := colW + 2 + descW + 3
	cols := max(1, min(3, w/cellW))
	rows := (len(items) + cols - 1) / cols
	for r := range rows {
		line := ""
		for col := range cols {
			i := col*rows + r
			if i < len(items) {
				line += fit(items[i], cellW)
			}
		}
		out = append(out, cut(line, w))
	}
	out = append(out, "")
	for _, s := range wrap(i18n.Help(m.tr.Lang), w) {
		out = append(out, m.st.Text.Render(s))
	}
	return out
}

// helpKeys lists all of a binding's keys, for the full help.
func helpKeys(b key.Binding) string {
	ks := b.Keys()
	names := make([]string, len(ks))
	for i, k := range ks {
		switch k {
		case "left":
			k = "←"
		case "right":
			k = "→"
		case "up":
			k = "↑"
		case "down":
			k = "↓"
		}
		names[i] = k
	}
	return strings.Join(names, " ")
}

// browseLines show the discard stacks the player may look through: their
// own and the previous player's whole, the tops of the other two.
func (m *Model) browseLines(w int) []string {
	v := &m.view
	out := []string{m.st.Title.Render(cut(m.tr.T("browse.title"), w)), ""}
	for _, s := range []int{v.Previous, 0, 1, 2, 3} {
		if s == v.Previous && s != 0 && len(out) > 2 {
			continue
		}
		if s != 0 && s != v.Previous && len(out) == 2 {
			continue
		}
		out = append(out, m.browseStack(s, w)...)
	}
	out = append(out, "", m.st.Dim.Render(cut(m.tr.T("browse.keys"), w)))
	return out
}

func (m *Model) browseStack(s int, w int) []string {
	v := &m.view
	name := m.tr.T("stack.yours")
	if s != 0 {
		name = m.tr.T("stack.of", m.seatName(s))
	}
	head := m.st.Bold.Render(name) + m.st.Dim.Render(" ("+m.tr.T("stack.count", v.DiscardCounts[s])+")")
	full := s == 0 || s == v.Previous
	var ts []string
	for _, t := range v.Discards[s] {
		ts = append(ts, m.st.Inline(t))
	}
	body := strings.Join(ts, " ")
	switch {
	case v.DiscardCounts[s] == 0:
		body = m.st.Dim.Render(m.tr.T("browse.empty"))
	case !full:
		body = m.tr.T("browse.toponly", body)
	}
	out := []string{cut(head, w)}
	for _, l := range wrap(body, w-2) {
		out = append(out, "  "+l)
	}
	return out
}

// Screens between hands.

func (m *Model) screenFrame(lines []string, foot string) string {
	w, h := m.width, m.height
	c := newCanvas(w, h)
	c.put(0, 0, m.header())
	avail := h - 3
	if len(lines) > avail {
		lines = lines[:avail]
	}
	y := 1 + max(0, (avail-len(lines))/2)
	for i, s := range lines {
		c.put(2, y+i, cut(s, w-2))
	}
	if m.flash != "" {
		st := m.st.Accent
		if m.flashWarn {
			st = m.st.Warn
		}
		c.put(0, h-2, st.Render(cut(m.flash, w)))
	}
	c.put(0, h-1, m.st.Bold.Render(cut(foot, w)))
	return c.String()
}

func (m *Model) renderNotice() string {
	var lines []string
	lines = append(lines, m.st.Warn.Render(m.tr.T("notice.title")), "")
	for _, n := range m.notice {
		for _, s := range wrap(n, m.width-4) {
			lines = append(lines, m.st.Text.Render(s))
		}
		lines = append(lines, "")
	}
	return m.screenFrame(lines, m.tr.T("notice.keys"))
}

func (m *Model) renderResume() string {
	v := &m.view
	lines := []string{m.st.Title.Render(m.tr.T("resume.title")), ""}
	for _, s := range wrap(m.tr.T("resume.body", v.Hand, shortPathOf(m)), m.width-4) {
		lines = append(lines, m.st.Text.Render(s))
	}
	lines = append(lines, "")
	for s := range game.NumSeats {
		who := m.seatName(s)
		if s > 0 {
			who += " (" + m.tr.T("level."+m.levels[s]) + ")"
		}
		lines = append(lines, m.st.Text.Render("  "+fit(who, MaxNameLen+12)+" "+m.scoreText(s)))
	}
	return m.screenFrame(lines, m.tr.T("resume.keys"))
}

func shortPathOf(m *Model) string { return storeShort(m.matchPath()) }

// renderHandOver shows how the hand ended: the winner's hand in its
// groups, what each player lost and why, the scores.
func (m *Model) renderHandOver() string {
	v := &m.view
	res := v.Result
	if res == nil {
		return m.screenFrame(nil, m.tr.T("handover.keys"))
	}
	var lines []string
	if res.WallOut {
		lines = append(lines, m.st.Title.Render(m.tr.T("handover.wallout", res.Hand)), "")
	} else {
		kind := m.tr.T("win." + res.Win.Kind.String())
		title := m.tr.T("handover.won", res.Hand, m.seatName(res.Winner), kind)
		if res.Winner == 0 {
			title = m.tr.T("handover.won.you", res.Hand, kind)
		}
		lines = append(lines, m.st.Title.Render(title), "")
		lines = append(lines, m.winLines(res)...)
		lines = append(lines, "")
	}
	lines = append(lines, m.st.Bold.Render(m.tr.T("handover.lost")))
	for s := range game.NumSeats {
		lost := "-" + strconv.Itoa(res.Lost[s])
		if res.Lost[s] == 0 {
			lost = "0"
		}
		head := fmt.Sprintf("  %s  %s  %s", fit(m.seatName(s), MaxNameLen), right(lost, 4), fit(m.scoreText(s), 10))
		why := m.lossReasons(res, s)
		// The reasons wrap under themselves when the line is too short.
		indent := ansi.StringWidth(head) + 2
		parts := wrap(why, max(20, m.width-4-indent))
		for i, p := range parts {
			if i == 0 {
				lines = append(lines, m.st.Text.Render(head)+"  "+m.st.Dim.Render(p))
			} else {
				lines = append(lines, strings.Repeat(" ", indent)+m.st.Dim.Render(p))
			}
		}
	}
	foot := m.tr.T("handover.keys")
	if v.Phase == game.MatchOver {
		foot = m.tr.T("handover.keys.final")
	}
	return m.screenFrame(lines, foot)
}

// winLines draw the winning hand in its groups, with what the finishing
// tile was.
func (m *Model) winLines(res *game.HandResult) []string {
	var rows [][3]string
	var cur [3]string
	curW := 0
	maxW := m.width - 4
	for _, g := range res.Win.Melds {
		gw := len(g.Tiles)*theme.TileW + 2
		if curW > 0 && curW+gw > maxW {
			rows = append(rows, cur)
			cur, curW = [3]string{}, 0
		}
		for i, t := range g.Tiles {
			box := m.tileBox(t, theme.FramePlain)
			if m.view.Okey != tile.NoTile && t == m.view.Okey && i < len(g.As) {
				box = m.st.Tile(g.As[i], theme.FramePlain, theme.LabelOkey)
			}
			for k := range 3 {
				cur[k] += box[k]
			}
		}
		for k := range 3 {
			cur[k] += "  "
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
		out = append(out, m.st.Dim.Render(m.tr.T("handover.nogroups")))
	}
	fin := m.tr.T("handover.discard", m.tileName(res.Discard))
	if res.OkeyFinish {
		fin += " " + m.tr.T("handover.okeyfinish")
	}
	out = append(out, m.st.Text.Render(fin))
	return out
}

// lossReasons says why seat lost what it lost in this hand.
func (m *Model) lossReasons(res *game.HandResult, seat int) string {
	v := &m.view
	var why []string
	if res.Winner == seat {
		why = append(why, m.tr.T("why.winner"))
	}
	if res.Winner >= 0 && res.Winner != seat && res.Lost[seat] > 0 && res.Points > 0 {
		w := m.tr.T("why."+res.Win.Kind.String(), res.Points)
		var dbl []string
		if res.OkeyFinish {
			dbl = append(dbl, m.tr.T("why.okeyfinish"))
		}
		if v.Rules.OneColourDouble && res.Win.OneColour {
			dbl = append(dbl, m.tr.T("why.onecolour"))
		}
		if len(dbl) > 0 {
			w += " (" + strings.Join(dbl, ", ") + ")"
		}
		why = append(why, w)
	}
	for s := range game.NumSeats {
		if res.Shown[s] && s != seat && res.Lost[seat] > 0 {
			why = append(why, m.tr.T("why.shown", m.seatName(s)))
		}
	}
	if res.WallOut && len(why) == 0 {
		why = append(why, m.tr.T("why.noscore"))
	}
	if res.Left[seat] {
		why = append(why, m.tr.T("why.left"))
	}
	return strings.Join(why, "; ")
}

// renderMatchOver is the final table.
func (m *Model) renderMatchOver() string {
	v := &m.view
	mr := v.Match
	if mr == nil {
		return m.screenFrame(nil, m.tr.T("matchover.keys"))
	}
	lines := []string{m.st.Title.Render(m.tr.T("matchover.title", mr.Hands)), ""}
	order := []int{0, 1, 2, 3}
	for i := range order {
		for j := i + 1; j < len(order); j++ {
			if mr.Place[order[j]] < mr.Place[order[i]] {
				order[i], order[j] = order[j], order[i]
			}
		}
	}
	for _, s := range order {
		out := m.tr.T("outcome." + mr.Outcome[s].String())
		st := m.st.Text
		switch mr.Outcome[s] {
		case game.OutcomeWon:
			st = m.st.Good
		case game.OutcomeLost:
			st = m.st.Warn
		}
		score := m.pointsText(mr.Scores[s])
		if !v.Rules.Scoring() {
			score = ""
		}
		lines = append(lines, fmt.Sprintf("  %d. %s  %s  ", mr.Place[s], fit(m.seatName(s), MaxNameLen), fit(score, 10))+st.Render(out))
	}
	if v.Result != nil {
		lines = append(lines, "", m.st.Dim.Render(m.lastHandLine(v.Result)))
	}
	return m.screenFrame(lines, m.tr.T("matchover.keys"))
}

func (m *Model) lastHandLine(res *game.HandResult) string {
	if res.WallOut {
		return m.tr.T("matchover.last.wallout")
	}
	return m.tr.T("matchover.last", m.seatName(res.Winner), m.tr.T("win."+res.Win.Kind.String()))
}

func (m *Model) renderSettings() string {
	f := m.settings
	w := m.width
	lines := []string{m.st.Title.Render(m.tr.T("set.title")), ""}
	labelW := 0
	for _, fl := range f.fields {
		labelW = max(labelW, ansi.StringWidth(m.tr.T(fl.label)))
	}
	labelW = min(labelW, w/2)
	for i, fl := range f.fields {
		val := ""
		switch {
		case f.moot(i):
			val = "—"
		case fl.isText:
			val = fl.text
			if i == f.at {
				val += "_"
			}
		default:
			val = "< " + m.valName(fl.value()) + " >"
		}
		mark := "  "
		st := m.st.Text
		if i == f.at {
			mark = "> "
			st = m.st.Turn
		}
		line := mark + fit(m.tr.T(fl.label), labelW) + "  " + val
		if f.moot(i) {
			lines = append(lines, m.st.Dim.Render(line))
		} else {
			lines = append(lines, st.Render(line))
		}
		if (i == fName3 || i == fTheme) && m.height >= 28 {
			lines = append(lines, "")
		}
	}
	lines = append(lines, "")
	if f.err != "" {
		lines = append(lines, m.st.Warn.Render(f.err))
	} else {
		lines = append(lines, m.st.Dim.Render(m.tr.T("set.note")))
	}
	return m.screenFrame(lines, m.tr.T("set.keys"))
}

// valName is a settings value in the player's language.
func (m *Model) valName(v string) string {
	if m.tr.Has("val." + v) {
		return m.tr.T("val." + v)
	}
	return v
}

// pointsText is a score for a panel: "1 pt", "3 pts", "-1 pts".
func (m *Model) pointsText(n int) string {
	if n == 1 {
		return m.tr.T("panel.point", n)
	}
	return m.tr.T("panel.points", n)
}
