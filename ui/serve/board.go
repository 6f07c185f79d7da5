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
	"github.com/charmbracelet/x/ansi"

	"okey/game"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
	"okey/ui/theme"
)

// The leaderboard, a page of the lobby (t): a game's twenty best rated
// by ordinal, the bot levels among them, and the player's own place.
// It is read from the store in a command, each time it is opened or
// its game changed: a rating changes once a match.

// readBoard reads the leaderboard of the session's game, in a command:
// the store is not read in Update.
func (s *session) readBoard() tea.Cmd {
	s.board, s.boardErr = nil, false
	book, gameName, me, ctx := s.srv.book, s.boardGame, s.id, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		b, err := book.BoardOf(c, gameName, me)
		b.Game = gameName
		return boardMsg{b: b, err: err}
	}
}

// updateBoard: tab shows the other game's board, esc goes back.
func (s *session) updateBoard(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Back):
		s.page = pgLobby
		s.listTables()
	case key.Matches(k, s.keys.BoardGame):
		kinds := tables.GameKinds()
		i := slices.IndexFunc(kinds, func(g tables.GameKind) bool { return g.Name == s.boardGame })
		s.boardGame = kinds[(i+1)%len(kinds)].Name
		return s.readBoard()
	case key.Matches(k, s.keys.Lang):
		if s.tr.Lang == "en" {
			s.setLang("tr")
		} else {
			s.setLang("en")
		}
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
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

// roomSeats are the rated identities of a waiting room's seats, and
// the game they are rated at.
type roomSeats struct {
	game string
	ids  [game.NumSeats]string
}

// readRoomRatings reads the ratings of the waiting room's seats in the
// table's game, in a command, when who sits there has changed.
func (s *session) readRoomRatings() tea.Cmd {
	if s.room == nil || s.srv.book == nil {
		return nil
	}
	ids := roomSeats{game: s.room.Cfg.Game, ids: s.room.Rated}
	if ids == s.roomRated {
		return nil
	}
	s.roomRated, s.roomRatings = ids, nil
	book, ctx := s.srv.book, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		out := map[string]keep.RatedEntry{}
		for _, id := range ids.ids {
			if id == "" {
				continue
			}
			if e, rev, err := book.Get(c, ids.game, id); err == nil && rev != 0 {
				out[id] = e
			}
		}
		return roomRatingsMsg{ids: ids, ratings: out}
	}
}
