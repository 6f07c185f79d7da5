package serve

import (
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/serve/hall"
	"okey/ui/serve/tables"
)

func (s *session) updateLobby(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	keys := s.keys
	if s.tooSmall() && !key.Matches(k, keys.Quit) {
		return nil
	}
	switch {
	case key.Matches(k, keys.Quit):
		return s.quit()
	case key.Matches(k, keys.Up):
		s.cursor--
		s.clampCursor()
	case key.Matches(k, keys.Down):
		s.cursor++
		s.clampCursor()
	case key.Matches(k, keys.Sit), key.Matches(k, keys.Watch):
		watch := key.Matches(k, keys.Watch)
		if len(s.tables) == 0 {
			s.flash = s.tr.T("lobby.none")
			return nil
		}
		sum := s.tables[s.cursor]
		t := s.srv.hall.Get(sum.ID)
		if t == nil {
			s.flash = s.tr.T("lobby.gone")
			return nil
		}
		if sum.Private && sum.Holds(s.id) < 0 {
			s.flash = s.tr.T("lobby.private")
			return nil
		}
		if !watch && sum.Free() == 0 && sum.Holds(s.id) < 0 {
			s.flash = s.tr.T("lobby.full")
			return nil
		}
		return s.joinCmd(t, -1, watch)
	case key.Matches(k, keys.New):
		// The form keeps the choices made last time, but opens on its
		// first row: a row left below (who may join) would take the
		// player's first → unnoticed.
		s.page, s.form.field = pgCreate, fGame
	case key.Matches(k, keys.Code):
		s.page, s.inputOf = pgCode, codeJoin
		s.codeIn.Reset()
	case key.Matches(k, keys.Resume):
		s.page, s.inputOf = pgCode, codeResume
		s.codeIn.Reset()
	case key.Matches(k, keys.Board):
		if s.srv.book == nil {
			s.flash = s.tr.T("board.none")
			return nil
		}
		if s.boardGame == "" {
			s.boardGame = tables.GameKinds()[0].Name
		}
		s.page = pgBoard
		return s.readBoard()
	case key.Matches(k, keys.Daily):
		return s.openDaily()
	case key.Matches(k, keys.Lang):
		s.toggleLang()
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

// triesOver is how many more wrong codes than the address's free ones
// a connection may type before it is closed (Config.FreeGuesses).
const triesOver = 2

func (s *session) updateCode(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Cancel):
		s.page = pgLobby
	case key.Matches(k, s.keys.Send):
		return s.useCode()
	default:
		return editField(&s.codeIn, k, maxCodeBytes)
	}
	return nil
}

// useCode joins the private table of a join code, or takes a guest's
// seat back with a resume code.
func (s *session) useCode() tea.Cmd {
	// Wrong codes are counted per address, across connections: after a
	// few, each waits longer before the next is even tried.
	now := s.srv.cfg.Now()
	if d := s.srv.guesses.wait(s.addr, now); d > 0 {
		s.codeIn.Reset()
		s.flash = s.tr.T("lobby.codewait", int(d.Round(time.Second)/time.Second)+1)
		return nil
	}
	var code string
	var ok bool
	var t hall.SeatTable
	if s.inputOf == codeJoin {
		if code, ok = normCode(s.codeIn.Value(), codeLen); ok {
			t = s.srv.hall.ByCode(code)
		}
	} else {
		// Ten letters; six from before resume codes grew, for seats
		// kept across the upgrade.
		if code, ok = normCode(s.codeIn.Value(), resumeLen, codeLen); ok {
			t = s.srv.hall.Holding(guestID(code))
		}
	}
	if t == nil {
		s.srv.guesses.wrong(s.addr, now)
		s.tries++
		s.codeIn.Reset()
		s.flash = s.tr.T("lobby.badcode")
		if free := s.srv.cfg.FreeGuesses; free > 0 && s.tries >= free+triesOver {
			s.srv.log.Warn("too many wrong codes", "addr", s.addr, "name", s.name)
			return s.sayBye(s.tr.T("lobby.toomanytries"))
		}
		return nil
	}
	if s.inputOf == codeResume {
		s.codeIn.Reset()
		id := guestID(code)
		if holder := s.srv.liveHolder(id, s); holder != nil {
			// A session here holds the seat: asked whether its
			// connection still answers before anything is decided.
			s.flash = s.tr.T("lobby.codechecking")
			return s.probeHolder(holder, code, t)
		}
		// Whether a session on another node holds the seat, connected,
		// is for the table to say: its node knows.
		return s.resumeCmd(t, code, false)
	}
	s.page = pgLobby
	return s.joinCmd(t, -1, false)
}

// A resume code never takes a seat from a player who is playing: the
// code shows on a guest's screen, and a stream or a shoulder is enough
// to read it. A code typed while a session holds its seat is refused,
// saying why — unless that session's connection no longer answers (a
// laptop closed, a network changed: the guest back on another
// connection), which an SSH keepalive tells within holderProbe. A
// player holding the seat from another node is refused by the table
// itself (tables.ErrSeatLive) while any session of theirs is at it,
// away or not, whichever node the table runs on: the rule is the
// cluster's, not the node's.

// holderProbe is how long a holder's connection has to answer.
const holderProbe = 5 * time.Second

// holderProbedMsg says whether the session holding a resume code's seat
// still answers.
type holderProbedMsg struct {
	code  string
	t     hall.SeatTable
	alive bool
}

// probeHolder asks holder's connection whether it is still there.
func (s *session) probeHolder(holder *session, code string, t hall.SeatTable) tea.Cmd {
	srv, ctx := s.srv, s.ctx
	return func() tea.Msg {
		return holderProbedMsg{code: code, t: t, alive: srv.answers(ctx, holder, holderProbe)}
	}
}

// onHolderProbed takes the seat back, or refuses, as the probe says.
func (s *session) onHolderProbed(msg holderProbedMsg) tea.Cmd {
	s.flash = ""
	if msg.alive {
		return s.refuseLiveCode(msg.code)
	}
	// The session here that held it is gone: the table lets it go.
	return s.resumeCmd(msg.t, msg.code, true)
}

// refuseLiveCode says the code's seat is taken by a live session.
func (s *session) refuseLiveCode(code string) tea.Cmd {
	s.srv.log.Warn("a resume code typed while its seat's player is connected: refused", "addr", s.addr, "name", s.name)
	s.flash = s.tr.T("lobby.codelive")
	return nil
}

func (s *session) updateRoom(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Leave):
		return s.leave()
	case key.Matches(k, s.keys.Chat):
		s.chatting = true
		s.chatIn.Reset()
	case key.Matches(k, s.keys.Start):
		if s.room == nil || !s.room.Host {
			s.flash = s.tr.T("room.hostonly")
			return nil
		}
		if !s.at.t.Send(tables.Request{Kind: tables.ReqStart, M: s.at.m}) {
			s.flash = s.tr.T("status.busy")
		}
	case key.Matches(k, s.keys.Lang):
		s.toggleLang()
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

func (s *session) updateCreate(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	f := &s.form
	switch {
	case key.Matches(k, s.keys.Back):
		s.page = pgLobby
	case key.Matches(k, s.keys.FormUp):
		f.field = (f.field + nFields - 1) % nFields
	case key.Matches(k, s.keys.FormDown):
		f.field = (f.field + 1) % nFields
	case key.Matches(k, s.keys.FormPrev):
		f.change(-1)
	case key.Matches(k, s.keys.FormNext):
		f.change(1)
	case key.Matches(k, s.keys.Open):
		if s.srv.overloaded() {
			// The seated play on; no new table while the node is over
			// its limit.
			s.srv.turnedAway.Add(1)
			s.flash = s.tr.T("lobby.busy", retryMinutes)
			return nil
		}
		t, err := s.srv.hall.Create(f.config(), s.id, s.seatAddr())
		if err != nil {
			s.flash = s.openRefused(err)
			return nil
		}
		s.page = pgLobby
		return s.joinCmd(t, 0, false)
	}
	return nil
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
		s.toggleLang()
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}
