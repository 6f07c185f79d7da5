package serve

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game"
	"okey/game/daily"
	"okey/ui/layout"
	"okey/ui/safetext"
	"okey/ui/seatmsg"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
	"okey/ui/theme"
)

// View draws the page on show: the game's screen at a table (with the
// chat line typed over its status line), the session's own pages
// otherwise.
func (s *session) View() tea.View {
	if !s.drawn {
		s.frame, s.drawn = s.draw(), true
	}
	return s.frame
}

// draw draws the page anew.
func (s *session) draw() tea.View {
	if s.page == pgTable && s.scr != nil {
		v := s.scr.View()
		if s.chatting && !s.tooSmall() {
			v.Content = replaceLine(v.Content, s.height-2, s.chatLine())
			v.Content = replaceLine(v.Content, s.height-1, keyBar(s.styles(), []key.Binding{s.keys.Send, s.keys.Cancel}))
		}
		if head := s.dupHead(v.Content); head != "" && !s.tooSmall() {
			v.Content = replaceLine(v.Content, 0, head)
		}
		if note := s.dupLine(); note != "" && !s.tooSmall() && !s.chatting {
			v.Content = replaceLine(v.Content, s.height-2, tables.CutWidth(s.styles().Warn.Render(note), s.width))
		}
		if note := s.moveLine(); note != "" && !s.tooSmall() {
			v.Content = replaceLine(v.Content, s.height-2, tables.CutWidth(s.styles().Warn.Render(note), s.width))
		}
		if s.leaving && !s.tooSmall() {
			st := s.styles()
			v.Content = replaceLine(v.Content, s.height-2, tables.CutWidth(st.Warn.Render(s.tr.T("leave.confirm", int(s.srv.cfg.KeepSeat.Minutes()))), s.width))
		}
		return v
	}
	v := tea.NewView(s.render())
	v.AltScreen = true
	v.WindowTitle = "Okey"
	return v
}

// styles is the session's style sheet, built when the background is
// known and kept until it changes.
func (s *session) styles() *theme.Styles {
	if s.st == nil {
		p, err := theme.Load("default")
		if err != nil {
			p = theme.Palette{}
		}
		s.st = theme.New(p, s.dark, s.srv.cfg.NoColor)
	}
	return s.st
}

func (s *session) render() string {
	if s.width == 0 || s.height == 0 {
		return ""
	}
	st := s.styles()
	if s.tooSmall() {
		return s.renderTooSmall(st)
	}
	var lines []string
	var keys []key.Binding
	switch s.page {
	case pgLobby:
		lines, keys = s.lobbyLines(st)
	case pgCreate:
		lines, keys = s.createLines(st)
	case pgCode:
		lines, keys = s.codeLines(st)
	case pgRoom:
		lines, keys = s.roomLines(st)
	case pgBoard:
		lines, keys = s.boardLines(st)
	case pgDaily:
		lines, keys = s.dailyLines(st)
	case pgDupEnd:
		lines, keys = s.dupEndLines(st)
	case pgBye:
		lines = []string{"", st.Bold.Render(s.bye)}
	default:
		lines = []string{"", st.Dim.Render(s.tr.T("room.wait"))}
	}
	head := st.Title.Render("OKEY") + st.Text.Render("  "+s.tr.T("lobby.title", s.name))
	if s.code != "" {
		if s.codeShown {
			head += st.Dim.Render("  · " + s.tr.T("seat.code", showCode(s.code)))
		} else {
			head += st.Dim.Render("  · " + s.tr.T("seat.code.hidden"))
		}
	}
	if s.chatting {
		keys = []key.Binding{s.keys.Send, s.keys.Cancel}
	}
	bar := keyLines(st, keys, s.width)
	statusY := s.height - 1 - len(bar)
	out := make([]string, s.height)
	out[0] = tables.CutWidth(head, s.width)
	for i, l := range lines {
		if 2+i >= statusY {
			break
		}
		out[2+i] = tables.CutWidth("  "+l, s.width)
	}
	status := st.Warn.Render(s.flash)
	if s.chatting {
		status = s.chatLine()
	}
	out[statusY] = tables.CutWidth(status, s.width)
	copy(out[statusY+1:], bar)
	return strings.Join(out, "\n")
}

func (s *session) renderTooSmall(st *theme.Styles) string {
	out := make([]string, s.height)
	msg := s.tr.T("toosmall", layout.MinWidth, layout.MinHeight, s.width, s.height)
	words := strings.Fields(msg)
	line, y := "", max(0, s.height/2-1)
	for _, w := range words {
		if ansi.StringWidth(line)+1+ansi.StringWidth(w) > s.width && line != "" {
			if y < s.height {
				out[y] = st.Warn.Render(line)
			}
			y++
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if y < s.height {
		out[y] = st.Warn.Render(tables.CutWidth(line, s.width))
	}
	return strings.Join(out, "\n")
}

// keyBar is the keys of a page, as the bottom line.
func keyBar(st *theme.Styles, bs []key.Binding) string {
	return strings.Join(keyParts(st, bs), st.Dim.Render(keySep))
}

// keySep goes between the keys of a bar.
const keySep = " • "

// keyParts are a bar's keys drawn, the ones switched off left out.
func keyParts(st *theme.Styles, bs []key.Binding) []string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		if b.Enabled() {
			parts = append(parts, st.Key.Render(b.Help().Key)+" "+st.Dim.Render(b.Help().Desc))
		}
	}
	return parts
}

// maxKeyLines is the most lines a page's keys take at the bottom.
const maxKeyLines = 2

// keyLines are the keys of a page as the bottom lines, width columns
// wide: one line when they fit, else two of about the same width,
// broken between keys, never inside one (the lobby's keys did not fit
// 100 columns, and the last was cut: issue 20).
func keyLines(st *theme.Styles, bs []key.Binding, width int) []string {
	parts := keyParts(st, bs)
	sep := st.Dim.Render(keySep)
	join := func(ps []string) string { return strings.Join(ps, sep) }
	if len(parts) < 2 || ansi.StringWidth(join(parts)) <= width {
		return []string{tables.CutWidth(join(parts), width)}
	}
	// The break that makes the wider line narrowest.
	best, bestW := 1, -1
	for i := 1; i < len(parts); i++ {
		w := max(ansi.StringWidth(join(parts[:i])), ansi.StringWidth(join(parts[i:])))
		if bestW < 0 || w < bestW {
			best, bestW = i, w
		}
	}
	out := []string{join(parts[:best]), join(parts[best:])}
	for i := range out[:maxKeyLines] {
		out[i] = tables.CutWidth(out[i], width)
	}
	return out
}

// chatLine is the chat being typed.
func (s *session) chatLine() string {
	return s.tr.T("chat.prompt") + " " + s.chatIn.View()
}

// replaceLine puts line in place of line y of a screen.
func replaceLine(screen string, y int, line string) string {
	ls := strings.Split(screen, "\n")
	if y < 0 || y >= len(ls) {
		return screen
	}
	ls[y] = line
	return strings.Join(ls, "\n")
}

// seatWord says who holds a seat.
func (s *session) seatWord(p seatmsg.Player, owner string) string {
	switch {
	case owner == "":
		return s.tr.T("seat.bot", s.tr.T("level."+p.Level))
	case p.Kind == seatmsg.Human:
		return p.Name
	}
	return p.Name + " (" + s.tr.T("lobby.away") + ")"
}

func (s *session) lobbyLines(st *theme.Styles) ([]string, []key.Binding) {
	k := s.keys
	lines := []string{st.Bold.Render(s.tr.T("lobby.tables", s.open, s.srv.hall.MaxTables)), ""}
	switch {
	case s.open == 0:
		lines = append(lines, st.Dim.Render(s.tr.T("lobby.empty")))
	case len(s.tables) == 0 && s.hiddenPrivate == 0:
		// The tables open are other players' dailies: none is joined
		// with a code.
		lines = append(lines, st.Dim.Render(s.tr.T("lobby.onlydailies")))
	case len(s.tables) == 0:
		lines = append(lines, st.Dim.Render(s.tr.T("lobby.onlyprivate")))
	}
	for i, t := range s.tables {
		mark := "  "
		if i == s.cursor {
			mark = "> "
		}
		state := s.tr.T("lobby.waiting")
		switch {
		case t.Over:
			state = s.tr.T("lobby.over")
		case t.Started:
			state = s.tr.T("lobby.hand", t.Hand)
		}
		rules := s.rulesName(t.Rules)
		if t.Daily {
			rules = s.tr.T("served.row") // one's own daily: enter goes back to it
			if g, err := game.ParseKind(t.Game); err == nil && t.Started {
				state = s.tr.T("served.rowhand", t.Hand, daily.Hands(g))
			}
		}
		if t.Duplicate > 0 && t.Started && !t.Over && t.Hand > 0 {
			// Where the plan stands, in the place of its size and the
			// match's hand (which said "hand 1" during rotation 3): Hand
			// is the plan's hand at a duplicate table.
			state = s.tr.T("lobby.dup.at", (t.Hand-1)/4+1, t.Duplicate, (t.Hand-1)%4+1)
		} else if t.Duplicate > 0 {
			rules += " · " + s.dupDeals("lobby.dup", t.Duplicate)
		}
		head := fmt.Sprintf("%s%s %s · %s · %s · %s", mark, s.tr.T("lobby.table"), t.ID, s.gameName(t.Game), rules, state)
		if t.Timer > 0 {
			head += " · " + s.tr.T("lobby.timer", int(t.Timer/time.Second))
		}
		if t.Watchers > 0 {
			head += " · " + s.tr.T("lobby.watchers", t.Watchers)
		}
		var seats []string
		for j, p := range t.Players {
			seats = append(seats, s.seatWord(p, t.Owners[j]))
		}
		style := st.Text
		if i == s.cursor {
			style = st.Bold
		}
		lines = append(lines, style.Render(head), st.Dim.Render("    "+strings.Join(seats, " · ")))
	}
	// A long list shows the part around the cursor.
	room := s.height - 6
	if len(lines) > room {
		from := min(max(0, 2+2*s.cursor-room/2), len(lines)-room)
		lines = append(lines[:2], lines[2+from:min(len(lines), 2+from+room-2)]...)
	}
	return lines, s.withShowCode([]key.Binding{k.Sit, k.Watch, k.New, k.Code, k.Resume, k.Board, k.Daily, k.Choose, k.Lang, k.Quit})
}

// gameName is a game's name in the player's words: classic Okey, Okey
// 101.
func (s *session) gameName(name string) string {
	if name == string(game.Okey101) {
		return s.tr.T("val.okey101")
	}
	return s.tr.T("val.classic")
}

// rulesName is a table's rules preset in the player's words ("okul
// usulü (104 taş)", not "simple104"); one the words lack is shown as
// written.
func (s *session) rulesName(rules string) string {
	key := "rules." + strings.ReplaceAll(rules, "=", "_")
	if s.tr.Has(key) {
		return s.tr.T(key)
	}
	return rules
}

// levelName is a bot's level as the form offers it; at a 101 table a
// level 101's bots lack says which of theirs plays.
func (s *session) levelName(g, level string) string {
	name := s.tr.T("level." + level)
	if g == string(game.Okey101) && tables.Level101(level) != level {
		name += " (101: " + s.tr.T("level."+tables.Level101(level)) + ")"
	}
	return name
}

func (s *session) createLines(st *theme.Styles) ([]string, []key.Binding) {
	k := s.keys
	f := &s.form
	kinds := tables.GameKinds()
	c := f.config()
	timer := s.tr.T("val.off")
	if c.Timer > 0 {
		timer = s.tr.T("lobby.timer", int(c.Timer/time.Second))
	}
	vis := s.tr.T("create.public")
	if f.priv {
		vis = s.tr.T("create.private")
	}
	games := s.gameName(kinds[f.game].Name)
	rules := s.rulesName(kinds[f.game].Rules[f.rules])
	dupe := s.tr.T("val.off")
	if f.dup > 0 {
		dupe = s.dupDeals("create.dup.deals", f.dup)
		if c.Rules != kinds[f.game].Rules[f.rules] {
			rules += " · " + s.tr.T("create.dup.onehand")
		}
	}
	rows := [][2]string{
		{s.tr.T("create.game"), games},
		{s.tr.T("create.rules"), rules},
		{s.tr.T("create.bot", 2), s.levelName(c.Game, c.Levels[1])},
		{s.tr.T("create.bot", 3), s.levelName(c.Game, c.Levels[2])},
		{s.tr.T("create.bot", 4), s.levelName(c.Game, c.Levels[3])},
		{s.tr.T("create.timer"), timer},
		{s.tr.T("create.dup"), dupe},
		{s.tr.T("create.sameaddr"), s.tr.T(map[bool]string{false: "create.sameaddr.one", true: "create.sameaddr.many"}[f.same])},
		{s.tr.T("create.visibility"), vis},
	}
	lines := []string{st.Bold.Render(s.tr.T("create.title")), ""}
	for i, r := range rows {
		mark := "  "
		style := st.Text
		if i == f.field {
			mark, style = "> ", st.Bold
		}
		lines = append(lines, style.Render(fmt.Sprintf("%s%-18s ‹ %s ›", mark, r[0], r[1])))
	}
	lines = append(lines, "", st.Dim.Render(s.tr.T("create.note")))
	if f.dup > 0 {
		lines = append(lines, st.Dim.Render(s.tr.T("create.dup.note")))
	}
	return lines, []key.Binding{k.FormDown, k.FormNext, k.Open, k.Back}
}

func (s *session) codeLines(st *theme.Styles) ([]string, []key.Binding) {
	title := s.tr.T("code.join")
	if s.inputOf == codeResume {
		title = s.tr.T("code.resume")
	}
	return []string{st.Bold.Render(title), "", st.Text.Render("> ") + s.codeIn.View()},
		[]key.Binding{s.keys.Send, s.keys.Erase, s.keys.Cancel}
}

func (s *session) roomLines(st *theme.Styles) ([]string, []key.Binding) {
	k := s.keys
	r := s.room
	if r == nil {
		return []string{st.Dim.Render(s.tr.T("room.wait"))}, []key.Binding{k.Leave}
	}
	lines := []string{st.Bold.Render(s.tr.T("room.title", r.ID, s.gameName(r.Cfg.Game), s.rulesName(r.Cfg.Rules))), ""}
	if r.Cfg.Code != "" {
		lines = append(lines, st.Text.Render(s.tr.T("room.code", r.Cfg.Code)), "")
	}
	if d := r.Cfg.Duplicate; d != nil {
		lines = append(lines, st.Text.Render(s.tr.T("create.dup")+": "+s.dupDeals("create.dup.deals", d.Deals)),
			st.Dim.Render(s.tr.T("create.dup.note")), "")
	}
	for i, p := range r.Players {
		who := p.Name
		if p.Kind == seatmsg.Bot {
			who = s.tr.T("room.botseat", s.tr.T("level."+p.Level))
		}
		if i == r.Seat {
			who += " " + s.tr.T("room.you")
		}
		if e, ok := s.roomRatings[r.Rated[i]]; ok && r.Rated[i] != "" {
			who += " · " + s.tr.T("room.rating", e.Rating().Ordinal(), e.Games)
		}
		lines = append(lines, st.Text.Render(fmt.Sprintf("%d. %s", i+1, who)))
	}
	lines = append(lines, "")
	if r.Host {
		lines = append(lines, st.Key.Render(s.tr.T("room.start")))
	} else {
		lines = append(lines, st.Dim.Render(s.tr.T("room.waithost")))
	}
	if len(r.Chat) > 0 {
		lines = append(lines, "")
		from := max(0, len(r.Chat)-5)
		for _, c := range r.Chat[from:] {
			lines = append(lines, st.Dim.Render(safetext.Name(c.Name)+": "+c.Text))
		}
	}
	keys := []key.Binding{k.Start, k.Chat, k.Lang, k.Leave}
	if !r.Host {
		keys = keys[1:]
	}
	return lines, s.withShowCode(keys)
}

// withShowCode puts the key that shows or hides a guest's resume code
// in a page's key bar, before its last key, named for what it does now.
func (s *session) withShowCode(keys []key.Binding) []key.Binding {
	if s.code == "" || len(keys) == 0 {
		return keys
	}
	show := s.keys.ShowCode
	if s.codeShown {
		show.SetHelp("v", s.tr.T("lobby.key.hidecode"))
	}
	out := append([]key.Binding(nil), keys[:len(keys)-1]...)
	return append(out, show, keys[len(keys)-1])
}

// moveLine is the line the table's screen shows while its table moves
// to another node, and for a moment after ("": none).
func (s *session) moveLine() string {
	if s.reseat != nil && !s.reseat.quiet || s.srv.cfg.Now().Before(s.moveNoteUntil) {
		return s.moveNote
	}
	return ""
}

// boardLines draws the leaderboard: the top twenty in two columns
// (place, name, rating, games), then the player's own place.
func (s *session) boardLines(st *theme.Styles) ([]string, []key.Binding) {
	k := s.keys
	keys := []key.Binding{k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(s.tr.T("board.title", s.gameName(s.boardGame))), ""}
	switch {
	case s.boardErr:
		return append(lines, st.Warn.Render(s.tr.T("board.error"))), keys
	case s.board == nil:
		return append(lines, st.Dim.Render(s.tr.T("board.reading"))), keys
	}
	b := s.board
	if len(b.Top) == 0 {
		lines = append(lines, st.Dim.Render(s.tr.T("board.empty")))
	} else {
		head := s.boardCell(st.Dim, "#", s.tr.T("board.player"), s.tr.T("board.rating"), s.tr.T("board.games"))
		if len(b.Top) > boardRows {
			head += boardGap + head
		}
		lines = append(lines, head)
		for r := range min(len(b.Top), boardRows) {
			line := s.boardRow(st, b, r)
			if r+boardRows < len(b.Top) {
				line += boardGap + s.boardRow(st, b, r+boardRows)
			}
			lines = append(lines, line)
		}
	}
	lines = append(lines, "")
	switch {
	case s.code != "":
		lines = append(lines, st.Text.Render(s.tr.T("board.guest")))
	case b.Place == 0:
		lines = append(lines, st.Text.Render(s.tr.T("board.unrated")))
	default:
		o := b.Own.Rating()
		lines = append(lines, st.Bold.Render(s.tr.T("board.you", b.Place, b.Rated, o.Ordinal(), o.Mu, o.Sigma, b.Own.Games)))
	}
	lines = append(lines, st.Dim.Render(s.tr.T("board.note")))
	return lines, keys
}

// The board's columns: ten rows of two columns fit 80×24.
const (
	boardRows = keep.BoardSize / 2
	boardGap  = "    "
	boardName = 14
)

// boardCell is one entry's cells, padded to the columns.
func (s *session) boardCell(style lipgloss.Style, place, name, rating, games string) string {
	return style.Render(padTo(place, 3) + " " + padTo(name, boardName) + " " + padLeft(rating, 6) + " " + padLeft(games, 5))
}

// boardRow is entry i of the top, the player's own in bold.
func (s *session) boardRow(st *theme.Styles, b *keep.Board, i int) string {
	e := b.Top[i]
	name := e.Name
	if lvl, ok := strings.CutPrefix(e.ID, "bot:"); ok {
		name = s.tr.T("board.bot", s.tr.T("level."+lvl))
	}
	style := st.Text
	if e.ID == s.id {
		style = st.Bold
	}
	return s.boardCell(style, fmt.Sprintf("%d.", i+1), name, fmt.Sprintf("%.1f", e.Rating().Ordinal()), fmt.Sprint(e.Games))
}

// padTo cuts or pads s to w columns.
func padTo(s string, w int) string {
	s = tables.CutWidth(s, w)
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}

// padLeft pads s to w columns on the left.
func padLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-ansi.StringWidth(s))) + s
}

// dailyLines draws the daily's page.
func (s *session) dailyLines(st *theme.Styles) ([]string, []key.Binding) {
	k := s.keys
	keys := []key.Binding{k.Play, k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(s.tr.T("served.title", s.gameName(string(s.dailyGame)))), ""}
	switch {
	case s.dailyErr:
		return append(lines, st.Warn.Render(s.tr.T("served.error"))), keys
	case s.dailyView == nil:
		return append(lines, st.Dim.Render(s.tr.T("served.reading"))), keys
	}
	p := s.dailyView
	g := p.game
	lines = append(lines,
		st.Text.Render(s.tr.T("served.today", p.today.String(), daily.Hands(g))),
		st.Text.Render(s.tr.T("served.commit", p.commit.Short())))
	// A day that is (or will be) practice says why before its first
	// hand, in the blank line's place: the page keeps to 24 lines.
	gap := true
	why := func() {
		if p.practice != "" {
			lines = append(lines, st.Warn.Render(s.tr.T("served.practice."+p.practice)))
			gap = false
		}
	}
	switch {
	case !p.begun:
		lines = append(lines, st.Bold.Render(s.tr.T("served.notyet")))
		why()
	case len(p.mine.Hands) == 0:
		lines = append(lines, st.Bold.Render(s.tr.T("served.begun")))
		why()
	default:
		row, ok := rowOf(p.board, s.id)
		if ok {
			// A guest's row, or a practice day's, is shown, not
			// ranked, and not the field (keep.RankDaily): said where
			// the player reads their day, with the reason.
			mine := "served.mine"
			switch {
			case row.Guest:
				mine = "served.mine.guest"
			case !row.Ranked():
				mine = "served.mine.practice"
			}
			lines = append(lines, st.Bold.Render(s.tr.T(mine, len(row.Hands), daily.Hands(g), signed(row.Field), s.parWord(row))))
		}
	}
	if gap {
		lines = append(lines, "")
	}
	lines = append(lines, st.Bold.Render(s.tr.T("served.board", len(p.board.Rows))))
	lines = append(lines, s.dailyBoardLines(st, p.board, dailyRows, false)...)
	lines = append(lines, "")
	if !p.revealed {
		lines = append(lines, st.Dim.Render(s.tr.T("served.nopast")))
		return lines, keys
	}
	lines = append(lines,
		st.Bold.Render(s.tr.T("served.past", p.past.Date.String(), len(p.past.Rows))),
		st.Dim.Render(s.tr.T("served.secret", p.secret.String())))
	lines = append(lines, s.dailyBoardLines(st, p.past, dailyPastRows, true)...)
	return lines, keys
}

// dailyBoardLines are the first n rows of a day's board, the player's
// own in bold (and their place after, if it is further down). On the
// board of a day that is over (closed), a day left unfinished says its
// hands left are forfeit.
func (s *session) dailyBoardLines(st *theme.Styles, b keep.DailyBoard, n int, closed bool) []string {
	if len(b.Rows) == 0 {
		return []string{st.Dim.Render(s.tr.T("served.empty"))}
	}
	g := b.Game
	out := []string{st.Dim.Render(padTo("#", 3) + " " + padTo(s.tr.T("board.player"), boardName+2) + " " +
		padLeft(s.tr.T("served.hands"), 6) + " " + padLeft(s.tr.T("served.field"), 8) + " " + padLeft(s.tr.T("served.par"), 6))}
	row := func(i int) string {
		r := b.Rows[i]
		name := r.Name
		switch {
		case r.Guest:
			name = s.tr.T("served.guest", name)
		case !r.Ranked():
			name = s.tr.T("served.practice", name)
		}
		vsPar := "—"
		if r.HasPar && len(r.Hands) > 0 {
			vsPar = fmt.Sprintf("%+d", r.Par)
		}
		place := fmt.Sprintf("%d.", r.Place)
		if r.Place == 0 {
			place = "–" // a guest, practice: not ranked
		}
		line := padTo(place, 3) + " " + padTo(tables.CutWidth(name, boardName+2), boardName+2) + " " +
			padLeft(fmt.Sprintf("%d/%d", len(r.Hands), daily.Hands(g)), 6) + " " + padLeft(signed(r.Field), 8) + " " + padLeft(vsPar, 6)
		if closed && !r.Done(g) {
			line += "  " + s.tr.T("served.forfeit")
		}
		if r.ID == s.id {
			return st.Bold.Render(line)
		}
		return st.Text.Render(line)
	}
	for i := range min(n, len(b.Rows)) {
		out = append(out, row(i))
	}
	if b.Place > n {
		out = append(out, row(b.Place-1))
	}
	return out
}

// rowOf is me's row of a board.
func rowOf(b keep.DailyBoard, me string) (keep.DailyRow, bool) {
	if b.Place == 0 {
		return keep.DailyRow{}, false
	}
	return b.Rows[b.Place-1], true
}

// parWord is a row against par, or that par is still measured.
func (s *session) parWord(r keep.DailyRow) string {
	if !r.HasPar {
		return s.tr.T("served.parwait")
	}
	return s.tr.T("served.vspar", fmt.Sprintf("%+d", r.Par))
}

// signed is a duplicate score with its sign and one decimal.
func signed(x float64) string {
	if x > -0.05 && x < 0.05 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}
