package serve

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/ui/serve/keep"
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
