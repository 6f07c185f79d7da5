package serve

import (
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/daily"
	"okey/server/keep"
	"okey/server/tables"
)

// dailyPage is the served daily, a page of the lobby (d): the day's
// commitment, the player's own day, today's board and yesterday's final
// one with its revealed secret; enter plays the day, once, at a daily
// table of the player's own.
type dailyPage struct {
	// game is the page's game; view the page as last read (nil while it
	// is read), err set when it could not be.
	game game.Kind
	view *dailyView
	err  bool
	// again is how many more times the page is read by itself while
	// the player's own day shows begun and unfinished: the last hand's
	// result is written as its table ends, which can come after the
	// page was read, and the page would show a hand short.
	again int
}

// dailyAgain is how many times, and how often, the page reads itself
// again while the player's own day is unfinished: a result written
// late is there within a second or two; a day left unfinished (its
// table left) stops the reading after a few seconds.
const (
	dailyAgain      = 5
	dailyAgainEvery = time.Second
)

// dailyAgainMsg: time to read the page of game again.
type dailyAgainMsg struct{ game game.Kind }

// dailyMsg is the daily's page read.
type dailyMsg struct {
	p   dailyView
	err error
}

// dailyStartedMsg: the player's day claimed (or refused).
type dailyStartedMsg struct{ dailyStart }

func (dailyMsg) owner() (page, bool)        { return pgDaily, true }
func (dailyStartedMsg) owner() (page, bool) { return pgDaily, true }
func (dailyAgainMsg) owner() (page, bool)   { return pgDaily, true }

// dailyRows is how many players of today's board the page lists, and
// of yesterday's: both fit 80×24 with the rest.
const (
	dailyRows     = 6
	dailyPastRows = 3
)

// open reads the page, of classic Okey the first time.
func (p *dailyPage) open(c *shared, _ page) tea.Cmd {
	if p.game == "" {
		p.game = game.Classic
	}
	return p.read(c)
}

// read reads the daily's page of the page's game, in a command.
func (p *dailyPage) read(c *shared) tea.Cmd {
	p.view, p.err, p.again = nil, false, dailyAgain
	return p.reread(c)
}

// reread reads the page again, what it shows kept until the new read.
func (p *dailyPage) reread(c *shared) tea.Cmd {
	srv, g, me, addr, ctx := c.srv, p.game, c.id, c.addr, c.ctx
	return func() tea.Msg {
		v, err := srv.ReadDaily(ctx, g, me, addr)
		return dailyMsg{p: v, err: err}
	}
}

// start claims the player's day, in a command.
func (p *dailyPage) start(c *shared) tea.Cmd {
	srv, g, id, name, addr, ctx := c.srv, p.game, c.id, c.name, c.addr, c.ctx
	return func() tea.Msg {
		return dailyStartedMsg{srv.StartDaily(ctx, g, id, name, addr)}
	}
}

// update: tab the other game, enter plays, esc goes back; the page read
// and the day claimed.
func (p *dailyPage) update(c *shared, msg tea.Msg) turn {
	switch msg := msg.(type) {
	case dailyMsg:
		if msg.p.game == p.game {
			p.view, p.err = &msg.p, msg.err != nil
			if msg.err != nil {
				c.srv.Log().Warn("daily", "err", msg.err)
			}
			if v := msg.p; msg.err == nil && v.begun && len(v.mine.Hands) < daily.Hands(v.game) && p.again > 0 {
				p.again--
				g := p.game
				return stay(tea.Tick(dailyAgainEvery, func(time.Time) tea.Msg { return dailyAgainMsg{game: g} }))
			}
		}
	case dailyAgainMsg:
		if msg.game == p.game {
			return stay(p.reread(c))
		}
	case dailyStartedMsg:
		return p.started(c, msg.dailyStart)
	case tea.KeyPressMsg:
		c.flash = ""
		switch {
		case key.Matches(msg, c.keys.Back):
			return backToLobby
		case key.Matches(msg, c.keys.BoardGame):
			if p.game == game.Classic {
				p.game = game.Okey101
			} else {
				p.game = game.Classic
			}
			return stay(p.read(c))
		case key.Matches(msg, c.keys.Play):
			if !c.srv.Admit() {
				c.flash = c.tr.T("lobby.busy", retryMinutes)
				return turn{}
			}
			return stay(p.start(c))
		default:
			c.otherKey(msg)
		}
	}
	return turn{}
}

// started opens the player's daily table, or takes them back to the
// one they left, or says why not.
func (p *dailyPage) started(c *shared, m dailyStart) turn {
	if errors.Is(m.err, keep.ErrPlayedToday) {
		// Begun before: their table, if it is still open, is theirs to
		// go back to; else the day is played.
		h := c.srv.Hall()
		for _, sum := range h.List() {
			if sum.Daily && sum.Game == string(m.game) && sum.Holds(c.id) >= 0 {
				if t := h.Get(sum.ID); t != nil {
					return turn{to: pgLobby, cmd: c.join(t, 0, false)}
				}
			}
		}
		c.flash = c.tr.T("served.played")
		return turn{}
	}
	if m.err != nil {
		c.srv.Log().Warn("daily: start", "err", m.err)
		c.flash = c.tr.T("served.error")
		return turn{}
	}
	plan := tables.NewDailyPlan(m.set, m.c, c.id)
	plan.Practice = m.practice
	t, err := c.srv.Hall().Create(tables.DailyConfig(m.game, plan, newCode()), c.id, c.seatAddr())
	if err != nil {
		// The day stays claimed: it is begun, and the board shows it
		// begun with no hand; said, so the player knows.
		c.srv.Log().Warn("daily: no table", "err", err)
		c.flash = c.openRefused(err)
		return turn{}
	}
	return turn{to: pgLobby, cmd: c.join(t, 0, false)}
}

// lines draws the daily's page.
func (p *dailyPage) lines(c *shared) ([]string, []key.Binding) {
	st, k := c.styles(), c.keys
	keys := []key.Binding{k.Play, k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(c.tr.T("served.title", c.gameName(string(p.game)))), ""}
	switch {
	case p.err:
		return append(lines, st.Warn.Render(c.tr.T("served.error"))), keys
	case p.view == nil:
		return append(lines, st.Dim.Render(c.tr.T("served.reading"))), keys
	}
	v := p.view
	g := v.game
	lines = append(lines,
		st.Text.Render(c.tr.T("served.today", v.today.String(), daily.Hands(g))),
		st.Text.Render(c.tr.T("served.commit", v.commit.Short())))
	// A day that is (or will be) practice says why before its first
	// hand, in the blank line's place: the page keeps to 24 lines.
	gap := true
	why := func() {
		if v.practice != "" {
			lines = append(lines, st.Warn.Render(c.tr.T("served.practice."+v.practice)))
			gap = false
		}
	}
	switch {
	case !v.begun:
		lines = append(lines, st.Bold.Render(c.tr.T("served.notyet")))
		why()
	case len(v.mine.Hands) == 0:
		lines = append(lines, st.Bold.Render(c.tr.T("served.begun")))
		why()
	default:
		row, ok := rowOf(v.board, c.id)
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
			lines = append(lines, st.Bold.Render(c.tr.T(mine, len(row.Hands), daily.Hands(g), signed(row.Field), parWord(c, row))))
		}
	}
	if gap {
		lines = append(lines, "")
	}
	lines = append(lines, st.Bold.Render(c.tr.T("served.board", len(v.board.Rows))))
	lines = append(lines, dailyBoardLines(c, v.board, dailyRows, false)...)
	lines = append(lines, "")
	if !v.revealed {
		lines = append(lines, st.Dim.Render(c.tr.T("served.nopast")))
		return lines, keys
	}
	lines = append(lines,
		st.Bold.Render(c.tr.T("served.past", v.past.Date.String(), len(v.past.Rows))),
		st.Dim.Render(c.tr.T("served.secret", v.secret.String())))
	lines = append(lines, dailyBoardLines(c, v.past, dailyPastRows, true)...)
	return lines, keys
}

// dailyBoardLines are the first n rows of a day's board, the player's
// own in bold (and their place after, if it is further down). On the
// board of a day that is over (closed), a day left unfinished says its
// hands left are forfeit.
func dailyBoardLines(c *shared, b keep.DailyBoard, n int, closed bool) []string {
	st := c.styles()
	if len(b.Rows) == 0 {
		return []string{st.Dim.Render(c.tr.T("served.empty"))}
	}
	g := b.Game
	out := []string{st.Dim.Render(padTo("#", 3) + " " + padTo(c.tr.T("board.player"), boardName+2) + " " +
		padLeft(c.tr.T("served.hands"), 6) + " " + padLeft(c.tr.T("served.field"), 8) + " " + padLeft(c.tr.T("served.par"), 6))}
	row := func(i int) string {
		r := b.Rows[i]
		name := r.Name
		switch {
		case r.Guest:
			name = c.tr.T("served.guest", name)
		case !r.Ranked():
			name = c.tr.T("served.practice", name)
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
			line += "  " + c.tr.T("served.forfeit")
		}
		if r.ID == c.id {
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
func parWord(c *shared, r keep.DailyRow) string {
	if !r.HasPar {
		return c.tr.T("served.parwait")
	}
	return c.tr.T("served.vspar", fmt.Sprintf("%+d", r.Par))
}

// signed is a duplicate score with its sign and one decimal.
func signed(x float64) string {
	if x > -0.05 && x < 0.05 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}
