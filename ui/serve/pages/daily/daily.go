// Package daily is okey serve's page of the served daily (d in the
// lobby): the day's commitment, the player's day, the boards; enter
// plays the day at a table of the player's own. One of the session's
// pages: it takes package common's value and answers with a turn, and
// imports no other page.
package daily

import (
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/daily"
	"okey/kit/safetext"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// Page is the served daily, a page of the lobby (d): the day's
// commitment, the player's own day, today's board and yesterday's final
// one with its revealed secret; enter plays the day, once, at a daily
// table of the player's own.
type Page struct {
	// game is the page's game; view the page as last read (nil while it
	// is read), err set when it could not be.
	game game.Kind
	view *common.DailyView
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
	p   common.DailyView
	err error
}

// dailyStartedMsg: the player's day claimed (or refused).
type dailyStartedMsg struct{ common.DailyStart }

func (dailyMsg) Owner() (common.PageID, bool)        { return common.Daily, true }
func (dailyStartedMsg) Owner() (common.PageID, bool) { return common.Daily, true }
func (dailyAgainMsg) Owner() (common.PageID, bool)   { return common.Daily, true }

// dailyRows is how many players of today's board the page lists, and
// of yesterday's: both fit 80×24 with the rest.
const (
	dailyRows     = 6
	dailyPastRows = 3
)

// Open reads the page, of classic Okey the first time.
func (p *Page) Open(c *common.Common) tea.Cmd {
	if p.game == "" {
		p.game = game.Classic
	}
	return p.read(c)
}

// read reads the daily's page of the page's game, in a command.
func (p *Page) read(c *common.Common) tea.Cmd {
	p.view, p.err, p.again = nil, false, dailyAgain
	return p.reread(c)
}

// reread reads the page again, what it shows kept until the new read.
func (p *Page) reread(c *common.Common) tea.Cmd {
	srv, g, me, addr, ctx := c.Srv, p.game, c.ID, c.Addr, c.Ctx
	return func() tea.Msg {
		v, err := srv.ReadDaily(ctx, g, me, addr)
		return dailyMsg{p: v, err: err}
	}
}

// start claims the player's day, in a command.
func (p *Page) start(c *common.Common) tea.Cmd {
	srv, g, id, name, addr, ctx := c.Srv, p.game, c.ID, c.Name, c.Addr, c.Ctx
	return func() tea.Msg {
		return dailyStartedMsg{srv.StartDaily(ctx, g, id, name, addr)}
	}
}

// Update: tab the other game, enter plays, esc goes back; the page read
// and the day claimed.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case dailyMsg:
		if msg.p.Game == p.game {
			p.view, p.err = &msg.p, msg.err != nil
			if msg.err != nil {
				c.Srv.Log().Warn("daily", "err", msg.err)
			}
			if v := msg.p; msg.err == nil && v.Begun && len(v.Mine.Hands) < daily.Hands(v.Game) && p.again > 0 {
				p.again--
				g := p.game
				return common.Stay(tea.Tick(dailyAgainEvery, func(time.Time) tea.Msg { return dailyAgainMsg{game: g} }))
			}
		}
	case dailyAgainMsg:
		if msg.game == p.game {
			return common.Stay(p.reread(c))
		}
	case dailyStartedMsg:
		return p.started(c, msg.DailyStart)
	case tea.KeyPressMsg:
		c.Flash = ""
		switch {
		case key.Matches(msg, c.Keys.Back):
			return common.BackToLobby
		case key.Matches(msg, c.Keys.BoardGame):
			if p.game == game.Classic {
				p.game = game.Okey101
			} else {
				p.game = game.Classic
			}
			return common.Stay(p.read(c))
		case key.Matches(msg, c.Keys.Play):
			if !c.Srv.Admit() {
				c.Flash = c.Tr.T("lobby.busy", common.RetryMinutes)
				return common.Turn{}
			}
			return common.Stay(p.start(c))
		default:
			c.OtherKey(msg)
		}
	}
	return common.Turn{}
}

// started opens the player's daily table, or takes them back to the
// one they left, or says why not.
func (p *Page) started(c *common.Common, m common.DailyStart) common.Turn {
	if errors.Is(m.Err, keep.ErrPlayedToday) {
		// Begun before: their table, if it is still open, is theirs to
		// go back to; else the day is played. A day the page shows
		// with every hand played has no table to go back to, even one
		// the hall still lists while it closes: joining that one would
		// send the player to the lobby with "That table has closed".
		if v := p.view; v != nil && v.Game == m.Game && v.Begun && len(v.Mine.Hands) >= daily.Hands(m.Game) {
			c.Flash = c.Tr.T("served.played")
			return common.Turn{}
		}
		h := c.Srv.Hall()
		for _, sum := range h.List() {
			if sum.Daily && sum.Game == string(m.Game) && sum.Holds(c.ID) >= 0 {
				if t := h.Get(sum.ID); t != nil && !ended(t) {
					return common.Turn{To: common.Lobby, Cmd: c.Join(t, 0, false)}
				}
			}
		}
		c.Flash = c.Tr.T("served.played")
		return common.Turn{}
	}
	if m.Err != nil {
		c.Srv.Log().Warn("daily: start", "err", m.Err)
		c.Flash = c.Tr.T("served.error")
		return common.Turn{}
	}
	plan := tables.NewDailyPlan(m.Set, m.C, c.ID)
	plan.Practice = m.Practice
	t, err := c.Srv.Hall().Create(tables.DailyConfig(m.Game, plan, common.NewCode()), c.ID, c.SeatAddr())
	if err != nil {
		// The day stays claimed: it is begun, and the board shows it
		// begun with no hand; said, so the player knows (and logged).
		c.Flash = c.OpenRefused(err)
		return common.Turn{}
	}
	return common.Turn{To: common.Lobby, Cmd: c.Join(t, 0, false)}
}

// ended says whether t is known to be gone (a table another node runs
// is not known here: false).
func ended(t hall.SeatTable) bool {
	select {
	case <-t.Ended():
		return true
	default:
		return false
	}
}

// Lines draws the daily's page.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k := c.Styles(), c.Keys
	keys := []key.Binding{k.Play, k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(c.Tr.T("served.title", c.GameName(string(p.game)))), ""}
	switch {
	case p.err:
		return append(lines, st.Warn.Render(c.Tr.T("served.error"))), keys
	case p.view == nil:
		return append(lines, st.Dim.Render(c.Tr.T("served.reading"))), keys
	}
	v := p.view
	g := v.Game
	lines = append(lines,
		st.Text.Render(c.Tr.T("served.today", v.Today.String(), daily.Hands(g))),
		st.Text.Render(c.Tr.T("served.commit", v.Commit.Short())))
	// A day that is (or will be) practice says why before its first
	// hand, in the blank line's place: the page keeps to 24 lines.
	gap := true
	why := func() {
		if v.Practice != "" {
			lines = append(lines, st.Warn.Render(c.Tr.T("served.practice."+v.Practice)))
			gap = false
		}
	}
	switch {
	case !v.Begun:
		lines = append(lines, st.Bold.Render(c.Tr.T("served.notyet")))
		why()
	case len(v.Mine.Hands) == 0:
		lines = append(lines, st.Bold.Render(c.Tr.T("served.begun")))
		why()
	default:
		row, ok := rowOf(v.Board, c.ID)
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
			lines = append(lines, st.Bold.Render(c.Tr.T(mine, len(row.Hands), daily.Hands(g), signed(row.Field), parWord(c, row))))
		}
	}
	if gap {
		lines = append(lines, "")
	}
	lines = append(lines, st.Bold.Render(c.Tr.T("served.board", len(v.Board.Rows))))
	lines = append(lines, dailyBoardLines(c, v.Board, dailyRows, false)...)
	lines = append(lines, "")
	if !v.Revealed {
		lines = append(lines, st.Dim.Render(c.Tr.T("served.nopast")))
		return lines, keys
	}
	lines = append(lines,
		st.Bold.Render(c.Tr.T("served.past", v.Past.Date.String(), len(v.Past.Rows))),
		st.Dim.Render(c.Tr.T("served.secret", v.Secret.String())))
	lines = append(lines, dailyBoardLines(c, v.Past, dailyPastRows, true)...)
	return lines, keys
}

// dailyBoardLines are the first n rows of a day's board, the player's
// own in bold (and their place after, if it is further down). On the
// board of a day that is over (closed), a day left unfinished says its
// hands left are forfeit.
func dailyBoardLines(c *common.Common, b keep.DailyBoard, n int, closed bool) []string {
	st := c.Styles()
	if len(b.Rows) == 0 {
		return []string{st.Dim.Render(c.Tr.T("served.empty"))}
	}
	g := b.Game
	out := []string{st.Dim.Render(common.PadTo("#", 3) + " " + common.PadTo(c.Tr.T("board.player"), common.NameColumn+2) + " " +
		common.PadLeft(c.Tr.T("served.hands"), 6) + " " + common.PadLeft(c.Tr.T("served.field"), 8) + " " + common.PadLeft(c.Tr.T("served.par"), 6))}
	row := func(i int) string {
		r := b.Rows[i]
		name := r.Name
		switch {
		case r.Guest:
			name = c.Tr.T("served.guest", name)
		case !r.Ranked():
			name = c.Tr.T("served.practice", name)
		}
		vsPar := "—"
		if r.HasPar && len(r.Hands) > 0 {
			vsPar = fmt.Sprintf("%+d", r.Par)
		}
		place := fmt.Sprintf("%d.", r.Place)
		if r.Place == 0 {
			place = "–" // a guest, practice: not ranked
		}
		line := common.PadTo(place, 3) + " " + common.PadTo(safetext.CutWidth(name, common.NameColumn+2), common.NameColumn+2) + " " +
			common.PadLeft(fmt.Sprintf("%d/%d", len(r.Hands), daily.Hands(g)), 6) + " " + common.PadLeft(signed(r.Field), 8) + " " + common.PadLeft(vsPar, 6)
		if closed && !r.Done(g) {
			line += "  " + c.Tr.T("served.forfeit")
		}
		if r.ID == c.ID {
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
func parWord(c *common.Common, r keep.DailyRow) string {
	if !r.HasPar {
		return c.Tr.T("served.parwait")
	}
	return c.Tr.T("served.vspar", fmt.Sprintf("%+d", r.Par))
}

// signed is a duplicate score with its sign and one decimal.
func signed(x float64) string {
	if x > -0.05 && x < 0.05 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}
