// Package board is okey serve's leaderboard page (t in the lobby), one
// of the session's pages: it takes package common's value and answers
// with a turn, and imports no other page.
package board

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
	"okey/ui/serve/common"
)

// Page is the leaderboard, a page of the lobby (t): a game's
// twenty best rated by ordinal, the bot levels among them, and the
// player's own place. It is read from the store in a command, each time
// it is opened or its game changed: a rating changes once a match.
type Page struct {
	// game is the board's game; board the board as last read (nil while
	// it is read), err set when it could not be.
	game  string
	board *keep.Board
	err   bool
}

// New is the leaderboard of game (a tables.GameKind's name) before it
// is read; the zero Page opens on the first game.
func New(game string) Page { return Page{game: game} }

// Read is a leaderboard read from the store: what the page's command
// brings back (a test may hand one in).
type Read struct {
	Board keep.Board
	Err   error
}

func (Read) Owner() (common.PageID, bool) { return common.Board, true }

// Open reads the board, of the first game the first time.
func (p *Page) Open(c *common.Common) tea.Cmd {
	if p.game == "" {
		p.game = tables.GameKinds()[0].Name
	}
	return p.read(c)
}

// read reads the leaderboard of the page's game, in a command: the
// store is not read in Update.
func (p *Page) read(c *common.Common) tea.Cmd {
	p.board, p.err = nil, false
	book, gameName, me, ctx := c.Srv.Ratings(), p.game, c.ID, c.Ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		b, err := book.BoardOf(c, gameName, me)
		b.Game = gameName
		return Read{Board: b, Err: err}
	}
}

// Update: tab shows the other game's board, esc goes back.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case Read:
		if msg.Board.Game == p.game {
			p.board, p.err = &msg.Board, msg.Err != nil
			if msg.Err != nil {
				c.Srv.Log().Warn("leaderboard", "err", msg.Err)
			}
		}
	case tea.KeyPressMsg:
		c.Flash = ""
		switch {
		case key.Matches(msg, c.Keys.Back):
			return common.BackToLobby
		case key.Matches(msg, c.Keys.BoardGame):
			kinds := tables.GameKinds()
			i := slices.IndexFunc(kinds, func(g tables.GameKind) bool { return g.Name == p.game })
			p.game = kinds[(i+1)%len(kinds)].Name
			return common.Stay(p.read(c))
		default:
			c.OtherKey(msg)
		}
	}
	return common.Turn{}
}

// Lines draws the leaderboard: the top twenty in two columns (place,
// name, rating, games), then the player's own place.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k := c.Styles(), c.Keys
	keys := []key.Binding{k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(c.Tr.T("board.title", c.GameName(p.game))), ""}
	switch {
	case p.err:
		return append(lines, st.Warn.Render(c.Tr.T("board.error"))), keys
	case p.board == nil:
		return append(lines, st.Dim.Render(c.Tr.T("board.reading"))), keys
	}
	b := p.board
	if len(b.Top) == 0 {
		lines = append(lines, st.Dim.Render(c.Tr.T("board.empty")))
	} else {
		head := boardCell(st.Dim, "#", c.Tr.T("board.player"), c.Tr.T("board.rating"), c.Tr.T("board.games"))
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
	case c.Code != "":
		lines = append(lines, st.Text.Render(c.Tr.T("board.guest")))
	case b.Place == 0:
		lines = append(lines, st.Text.Render(c.Tr.T("board.unrated")))
	default:
		o := b.Own.Rating()
		lines = append(lines, st.Bold.Render(c.Tr.T("board.you", b.Place, b.Rated, o.Ordinal(), o.Mu, o.Sigma, b.Own.Games)))
	}
	lines = append(lines, st.Dim.Render(c.Tr.T("board.note")))
	return lines, keys
}

// The board's columns: ten rows of two columns fit 80×24.
const (
	boardRows = keep.BoardSize / 2
	boardGap  = "    "
)

// boardCell is one entry's cells, padded to the columns.
func boardCell(style lipgloss.Style, place, name, rating, games string) string {
	return style.Render(common.PadTo(place, 3) + " " + common.PadTo(name, common.NameColumn) + " " + common.PadLeft(rating, 6) + " " + common.PadLeft(games, 5))
}

// boardRow is entry i of the top, the player's own in bold.
func boardRow(c *common.Common, b *keep.Board, i int) string {
	st := c.Styles()
	e := b.Top[i]
	name := e.Name
	if lvl, ok := strings.CutPrefix(e.ID, "bot:"); ok {
		name = c.Tr.T("board.bot", c.Tr.T("level."+lvl))
	}
	style := st.Text
	if e.ID == c.ID {
		style = st.Bold
	}
	return boardCell(style, fmt.Sprintf("%d.", i+1), name, fmt.Sprintf("%.1f", e.Rating().Ordinal()), fmt.Sprint(e.Games))
}
