package serve

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"okey/server/keep"
	"okey/server/tables"
)

// boardPage is the leaderboard, a page of the lobby (t): a game's
// twenty best rated by ordinal, the bot levels among them, and the
// player's own place. It is read from the store in a command, each time
// it is opened or its game changed: a rating changes once a match.
type boardPage struct {
	// game is the board's game; board the board as last read (nil while
	// it is read), err set when it could not be.
	game  string
	board *keep.Board
	err   bool
}

// boardMsg is a leaderboard read from the store.
type boardMsg struct {
	b   keep.Board
	err error
}

func (boardMsg) owner() (page, bool) { return pgBoard, true }

// open reads the board, of the first game the first time.
func (p *boardPage) open(c *shared, _ page) tea.Cmd {
	if p.game == "" {
		p.game = tables.GameKinds()[0].Name
	}
	return p.read(c)
}

// read reads the leaderboard of the page's game, in a command: the
// store is not read in Update.
func (p *boardPage) read(c *shared) tea.Cmd {
	p.board, p.err = nil, false
	book, gameName, me, ctx := c.srv.Ratings(), p.game, c.id, c.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		b, err := book.BoardOf(c, gameName, me)
		b.Game = gameName
		return boardMsg{b: b, err: err}
	}
}

// update: tab shows the other game's board, esc goes back.
func (p *boardPage) update(c *shared, msg tea.Msg) turn {
	switch msg := msg.(type) {
	case boardMsg:
		if msg.b.Game == p.game {
			p.board, p.err = &msg.b, msg.err != nil
			if msg.err != nil {
				c.srv.Log().Warn("leaderboard", "err", msg.err)
			}
		}
	case tea.KeyPressMsg:
		c.flash = ""
		switch {
		case key.Matches(msg, c.keys.Back):
			return backToLobby
		case key.Matches(msg, c.keys.BoardGame):
			kinds := tables.GameKinds()
			i := slices.IndexFunc(kinds, func(g tables.GameKind) bool { return g.Name == p.game })
			p.game = kinds[(i+1)%len(kinds)].Name
			return stay(p.read(c))
		default:
			c.otherKey(msg)
		}
	}
	return turn{}
}

// lines draws the leaderboard: the top twenty in two columns (place,
// name, rating, games), then the player's own place.
func (p *boardPage) lines(c *shared) ([]string, []key.Binding) {
	st, k := c.styles(), c.keys
	keys := []key.Binding{k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(c.tr.T("board.title", c.gameName(p.game))), ""}
	switch {
	case p.err:
		return append(lines, st.Warn.Render(c.tr.T("board.error"))), keys
	case p.board == nil:
		return append(lines, st.Dim.Render(c.tr.T("board.reading"))), keys
	}
	b := p.board
	if len(b.Top) == 0 {
		lines = append(lines, st.Dim.Render(c.tr.T("board.empty")))
	} else {
		head := boardCell(st.Dim, "#", c.tr.T("board.player"), c.tr.T("board.rating"), c.tr.T("board.games"))
		if len(b.Top) > boardRows {
			head += boardGap + head
		}
		lines = append(lines, head)
		for r := range min(len(b.Top), boardRows) {
			line := boardRow(c, b, r)
			if r+boardRows < len(b.Top) {
				line += boardGap + boardRow(c, b, r+boardRows)
			}
			lines = append(lines, line)
		}
	}
	lines = append(lines, "")
	switch {
	case c.code != "":
		lines = append(lines, st.Text.Render(c.tr.T("board.guest")))
	case b.Place == 0:
		lines = append(lines, st.Text.Render(c.tr.T("board.unrated")))
	default:
		o := b.Own.Rating()
		lines = append(lines, st.Bold.Render(c.tr.T("board.you", b.Place, b.Rated, o.Ordinal(), o.Mu, o.Sigma, b.Own.Games)))
	}
	lines = append(lines, st.Dim.Render(c.tr.T("board.note")))
	return lines, keys
}

// The board's columns: ten rows of two columns fit 80×24.
const (
	boardRows = keep.BoardSize / 2
	boardGap  = "    "
	boardName = 14
)

// boardCell is one entry's cells, padded to the columns.
func boardCell(style lipgloss.Style, place, name, rating, games string) string {
	return style.Render(padTo(place, 3) + " " + padTo(name, boardName) + " " + padLeft(rating, 6) + " " + padLeft(games, 5))
}

// boardRow is entry i of the top, the player's own in bold.
func boardRow(c *shared, b *keep.Board, i int) string {
	st := c.styles()
	e := b.Top[i]
	name := e.Name
	if lvl, ok := strings.CutPrefix(e.ID, "bot:"); ok {
		name = c.tr.T("board.bot", c.tr.T("level."+lvl))
	}
	style := st.Text
	if e.ID == c.id {
		style = st.Bold
	}
	return boardCell(style, fmt.Sprintf("%d.", i+1), name, fmt.Sprintf("%.1f", e.Rating().Ordinal()), fmt.Sprint(e.Games))
}
