package serve

import (
	"context"
	"errors"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/tables"
	"okey/ui/seatmsg"
	"okey/ui/serve/common"
	"okey/ui/serve/pages/board"
	"okey/ui/serve/pages/daily"
	"okey/ui/serve/pages/entry"
	"okey/ui/serve/pages/room"
	"okey/ui/serve/tty"
)

// A session is one SSH connection's program: a small host of pages
// (pages.go) — the lobby, the form of a new table, a code typed, the
// leaderboard, the daily, a table's waiting room, the game's own
// screen for the seat, a duplicate table's end — each of which takes
// the shared value (shared.go) and answers with the page to show next
// and a command. The session keeps the place at a table: it talks to
// tables only with requests (non-blocking for moves and chat) and waits
// for their updates in a command that also watches the session's
// context, so nothing of a table ever waits for a session. What it
// needs of the server it asks through ServerSide (side.go).

// session is a connection's model.
type session struct {
	// c is what the pages share: who, the size, the words, the styles.
	c common.Common
	// lines draws the session's frames on the client (nil only in tests
	// that run the model without a connection).
	lines *tty.LineScreen
	// in is the session's input: closed before the program quits, which
	// it does once inputEnded, the input's end marker having arrived
	// (tty/input.go).
	in         *tty.Input
	inputEnded bool

	// page is the page on show; bye the last word said on common.Bye.
	page common.PageID
	bye  string
	// The pages, each keeping its own state while another is shown.
	lobby lobbyPage
	form  createForm
	entry entry.Page
	ranks board.Page
	daily daily.Page
	room  room.Page
	seat  seatPage
	// The tournaments: the list, one's page, a new one's form.
	tourneys tourneyListPage
	tourney  tourneyPage
	tform    newTourneyPage
	// end is a table's end page, with its scores (nil: none).
	end common.Page

	// at is the table the session is at (nil: none); reseat, while a
	// table this session sat at moves to another node, is the seat
	// being taken back (nil: none).
	at     *common.Membership
	reseat *common.Reseating
	// idle is when the player last pressed a key, and the check armed.
	idle idler
	// dwellArmed: a wake-up is on its way at the end of a tournament
	// match's end page's endDwell (toTourneyTable).
	dwellArmed bool

	// frame is the page as last drawn, and drawn says it still shows
	// the session as it is: Bubble Tea asks for the view after every
	// message, and a message that changed nothing (the lobby's tick at
	// a table, a list of tables that looks the same) must not cost a
	// whole table drawn again.
	frame tea.View
	drawn bool
}

// Messages of a session.
type (
	byeMsg struct{}
	// stoppingMsg: the server is stopping (SIGTERM, ctrl+c).
	stoppingMsg struct{}
	// quitMsg: the input has settled, the program may quit.
	quitMsg struct{}
)

// pageOf is the page of name p that takes messages and draws lines (nil:
// the game's screen, or a last word).
func (s *session) pageOf(p common.PageID) common.Page {
	switch p {
	case common.Lobby:
		return &s.lobby
	case common.Create:
		return &s.form
	case common.Code:
		return &s.entry
	case common.Room:
		return &s.room
	case common.Board:
		return &s.ranks
	case common.Daily:
		return &s.daily
	case common.End:
		return s.end
	case common.Tourneys:
		return &s.tourneys
	case common.Tourney:
		return &s.tourney
	case common.TourneyNew:
		return &s.tform
	}
	return nil
}

// apply does what a page's turn asks: its command, and the page to go
// to (opened, if it opens with something to do), or the table left, a
// match started, the session ended.
func (s *session) apply(t common.Turn) tea.Cmd {
	c := &s.c
	if t.Bye != "" {
		return tea.Batch(t.Cmd, s.sayBye(t.Bye))
	}
	if t.Start && s.at != nil && !s.at.Send(tables.Request{Kind: tables.ReqStart}) {
		c.Flash = c.Tr.T("status.busy")
	}
	cmd := t.Cmd
	switch t.To {
	case 0:
	case common.Quit:
		return s.quit()
	case common.Leave:
		return s.leave()
	case common.LeaveKept:
		s.seat.close()
		cmd = s.drop(true)
		s.page = common.Lobby
		s.lobby.list(c) // the tables this player may see, never the hall's whole list
		c.Flash = c.Tr.T("leave.kept", int(c.Srv.Settings().KeepSeat.Minutes()))
		return cmd
	default:
		as := t.To
		if t.Tourney != "" {
			s.tourney.show(t.Tourney)
		}
		if as == common.Resume {
			t.To = common.Code
		}
		if o, ok := s.pageOf(t.To).(common.Opener); ok && s.page != t.To {
			cmd = tea.Batch(cmd, o.Open(c, as))
		}
		s.page = t.To
		if s.at == nil && s.awaitsTourney() {
			// A tournament's table may have opened for the player
			// while they were elsewhere.
			cmd = tea.Batch(cmd, s.toTourneyTable(c.Srv.Hall().List()))
		}
	}
	if t.List {
		s.lobby.list(c)
	}
	return cmd
}

// quit ends the session's program: its input is closed first, and the
// program quits when the input's end marker arrives, every key before it
// handed over (tty/input.go says why); at the latest after quitWait.
func (s *session) quit() tea.Cmd {
	if s.in == nil {
		return tea.Quit
	}
	s.in.Close()
	ctx := s.c.Ctx
	return func() tea.Msg {
		// Should the marker not come (a reader that stopped), quit
		// anyway; a command that outlived its session would keep the
		// program, so it also ends with the session.
		t := time.NewTimer(quitWait)
		defer t.Stop()
		select {
		case <-t.C:
			return quitMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// quitWait is how long a session that quits waits for its input's
// marker before it quits anyway.
const quitWait = 3 * time.Second

// onAskAgain makes again a request for a seat that had no answer,
// unless the player sat at a table meanwhile: then the seat asked is
// given up.
func (s *session) onAskAgain(j common.JoinedMsg) tea.Cmd {
	if s.at != nil || s.reseat != nil {
		return common.GiveUpSeat(j)
	}
	s.c.Flash = s.c.Tr.T("lobby.slow")
	return common.AskSeatTry(s.c.Ctx, j.T, j.M, j.Asked, j.Resume, j.Tries+1)
}

// onJoined opens the table's page after a join.
func (s *session) onJoined(j common.JoinedMsg) tea.Cmd {
	c := &s.c
	if j.Resume != "" {
		if errors.Is(j.Err, tables.ErrSeatLive) {
			common.RefuseLiveCode(c)
			return nil
		}
		if j.Err == nil {
			// Seated as the code's guest: the session is them now.
			old := c.ID
			c.ID, c.Code = common.GuestID(j.Resume), j.Resume
			c.Srv.Reidentify(c.ID, old)
		}
	}
	if errors.Is(j.Err, tables.ErrNoAnswer) && s.reseat == nil {
		if j.Tries < common.SeatTries && j.Resume == "" {
			return common.AskAgain(j)
		}
		c.Flash = common.JoinRefused(c, j.Err)
		return tea.Batch(common.GiveUpSeat(j), s.apply(common.BackToLobby))
	}
	if j.Err != nil && s.reseat != nil && !errors.Is(j.Err, tables.ErrSeatTaken) && !errors.Is(j.Err, tables.ErrTableFull) {
		// The table is not up again yet: asked again in a moment.
		return reseatAfter(reseatEvery)
	}
	moved := j.Err == nil && s.reseat != nil
	if j.Err == nil && s.reseat != nil {
		if !s.reseat.Quiet {
			s.seat.note(c, c.Tr.T("table.movedback"), moveNoteFor)
		}
		s.reseat = nil
	} else if j.Err != nil && s.reseat != nil {
		s.reseat, s.seat.moveNote = nil, ""
		s.seat.close()
	}
	if j.Err != nil && !j.Watch && (errors.Is(j.Err, tables.ErrTableFull) || errors.Is(j.Err, tables.ErrSeatTaken)) {
		if tid := tourneyOf(c, j.T.TableID()); tid != "" {
			// A tournament's table has no seat for the player: theirs
			// was given up (a bot plays it). Their match is a forfeit,
			// which the tournament's page says, not a seat error in
			// the lobby; one at a table stays there.
			n, _ := strconv.Atoi(j.T.TableID())
			if s.at != nil && s.page == common.Table {
				s.seat.note(c, c.Tr.T("tourney.you.givenup", n), tourneyNoteFor)
				return nil
			}
			c.Flash = c.Tr.T("tourney.you.givenup", n)
			return s.apply(common.Turn{To: common.Tourney, Tourney: tid})
		}
	}
	if j.Err != nil {
		// The seat the player took is not theirs: leave it again.
		c.Flash = common.JoinRefused(c, j.Err)
		return s.apply(common.BackToLobby)
	}
	if r := j.Restarted; r != nil {
		s.seat.note(c, c.Tr.T("table.restarted", r.Hand, r.Move), restartNoteFor)
	}
	var left tea.Cmd
	if s.at != nil {
		old := s.at
		bye := s.drop(false)
		if old.T.TableID() != j.T.TableID() {
			// From a tournament's table whose match is over to the
			// next (toTourneyTable): that table's screen closed, and
			// the table told.
			s.seat.close()
			left = bye
		}
	}
	ctx, cancel := context.WithCancel(c.Ctx)
	s.at = &common.Membership{T: j.T, M: j.M, Gen: c.Srv.NextGen(), Ctx: ctx, Cancel: cancel, Kind: j.T.GameKind(), Seat: j.Seat,
		Tourney: tourneyTable(c, j.T.TableID())}
	s.seat.joined()
	if id := j.T.TableID(); s.at.Tourney {
		if c.Went[id] {
			// Taken here with no key: the line says where, and the
			// away clock starts now.
			s.seat.note(c, c.Tr.T("tourney.next", id), tourneyNoteFor)
			s.idle.arrived = c.Srv.Now()
		}
		c.GoneTo(id) // come to however: never taken back to it
	}
	if s.seat.scr == nil {
		s.page = common.Room
	}
	s.room.Forget()
	c.Srv.Log().Info("join", "table", j.T.TableID(), "seat", j.Seat, "name", c.Name, "addr", c.Addr)
	// Keys held while the table moved go to the screen now: it shows
	// the table as it was, which is where the new node takes it up (a
	// takeover resumes the record as acknowledged), and what they ask
	// goes to the table where it now runs. Moves sent before it moved
	// and not answered go first, once its first view says whether it
	// took them.
	if moved && len(s.seat.sent) > 0 {
		s.seat.resendOnUpdate = true
		return tea.Batch(left, s.at.Wait())
	}
	return tea.Batch(left, s.at.Wait(), s.seat.playHeld(c))
}

// tourneyTable reports whether table id, as the hall lists it, is a
// tournament's.
func tourneyTable(c *common.Common, id string) bool { return tourneyOf(c, id) != "" }

// tourneyOf is the tournament whose table table id is, as the hall
// lists it ("": none, or not listed).
func tourneyOf(c *common.Common, id string) string {
	for _, sm := range c.Srv.Hall().List() {
		if sm.ID == id {
			return sm.Tourney
		}
	}
	return ""
}

// onTable takes in a table's message: the waiting room, the game's
// update (opening the game's screen at the first), or the table's end.
func (s *session) onTable(f common.FromTableMsg) tea.Cmd {
	if s.at == nil || f.Gen != s.at.Gen {
		return nil
	}
	c := &s.c
	msg := f.Msg
	if msg.Closed != "" {
		return s.onClosed(msg)
	}
	if msg.Room != nil {
		cmd := s.room.Take(c, msg.Room)
		s.seat.close()
		s.page = common.Room
		return tea.Batch(s.at.Wait(), cmd)
	}
	cmds := []tea.Cmd{s.at.Wait()}
	u := msg.Update
	if u == nil {
		return cmds[0] // nothing to show (no table sends this)
	}
	s.seat.follow(c, s.at, *u) // a player moved to another seat: the screen opened there
	if s.seat.scr == nil {
		cmd, err := s.seat.open(c, s.at, s.sendMove)
		if err != nil {
			c.Flash = err.Error()
			return s.leave()
		}
		cmds = append(cmds, cmd)
	}
	s.page, c.CodeShown = common.Table, false
	return tea.Batch(append(cmds, s.seat.take(c, s.at, u))...)
}

// onClosed takes in the end of the session's place at a table, as the
// table's reason says (tableEnding).
func (s *session) onClosed(msg tables.Msg) tea.Cmd {
	c := &s.c
	switch tableEnding(msg.Closed) {
	case endReplaced:
		return s.sayBye(c.Tr.T("bye.replaced"))
	case endStopping:
		return s.sayByeIn(c.Tr.T("bye.restart"), stopGrace)
	case endMoved:
		// The player keeps the table's screen; the session takes the
		// seat back where the table comes up again. The table is told
		// the player is gone, not that they left: the seat stays theirs.
		// A table said moved may still run where it ran (its lease
		// renewed late on a loaded store: the relay here saw it run
		// out), and a leave would give their seat up there — at a
		// tournament's table, their match forfeit (okey load's kill
		// runs: four players of a table stood up at once, 30 s after
		// their relay said it moved, 55 seats forfeit in a run).
		r := &common.Reseating{ID: s.at.T.TableID(), Watch: s.at.M.Seat < 0, Until: c.Srv.Now().Add(reseatFor)}
		cmd := s.drop(true)
		s.reseat, s.seat.moveNote, s.drawn = r, c.Tr.T("table.moving"), false
		if s.seat.scr == nil {
			s.page = common.Lobby
			s.lobby.list(c)
		}
		return tea.Batch(cmd, reseatAfter(reseatEvery))
	case endSaid:
		// Back to the lobby, told why (the table parked, a daily's day
		// over or played out): the connection stays.
		cmd := s.leave()
		c.Flash = c.Tr.T(msg.Closed)
		return cmd
	case endScores:
		// The table's last hand is over: its scores.
		end := s.seat.endPage(s.at, msg)
		cmd := s.leave()
		if end != nil {
			s.end, s.page = end, common.End
		}
		return cmd
	case endIdle:
		cmd := s.leave()
		c.Flash = c.Tr.T("room.expired", int(c.Srv.Settings().RoomIdle.Minutes()))
		return cmd
	}
	s.drop(false)
	s.seat.close()
	why := msg.Closed
	if c.Tr.Has(why) { // the table's reasons are keys of the words
		why = c.Tr.T(why)
	}
	return s.sayBye(c.Tr.T("bye.closed", why))
}

// sendMove is the screen's way to the table: non-blocking.
func (s *session) sendMove(in seatmsg.Intent) bool {
	if s.at == nil {
		return false
	}
	return s.seat.send(s.at, in)
}

// leave leaves the table on purpose (its seat goes to a bot) and goes
// back to the lobby.
func (s *session) leave() tea.Cmd {
	s.seat.close()
	s.c.Chat.On = false
	cmd := s.drop(false)
	// The lobby's own command too: a tournament's next table the
	// player is taken to from there (toTourneyTable) is joined by it.
	return tea.Batch(cmd, s.apply(common.BackToLobby))
}

// drop ends the session's place at its table: the table is told in a
// command (gone: the connection ended, the seat is kept).
func (s *session) drop(gone bool) tea.Cmd {
	at := s.at
	if at == nil {
		return nil
	}
	s.at = nil
	s.c.Srv.Log().Info("leave", "table", at.T.TableID(), "name", s.c.Name, "gone", gone)
	return at.Leave(gone)
}

// sayBye shows a last word, then closes the connection (the word is
// written again below the screen, so it stays in the player's terminal).
func (s *session) sayBye(why string) tea.Cmd { return s.sayByeIn(why, 3*time.Second) }

// stopGrace is how long the goodbye of a stopping server is shown.
const stopGrace = time.Second

func (s *session) sayByeIn(why string, d time.Duration) tea.Cmd {
	s.seat.close()
	// The table is told, as when a connection drops: the seat is kept.
	drop := s.drop(true)
	if s.page == common.Bye && s.bye != "" {
		return drop // one goodbye is enough
	}
	s.page, s.bye = common.Bye, why
	return tea.Batch(drop, tea.Tick(d, func(time.Time) tea.Msg { return byeMsg{} }))
}

// lastWord is the goodbye the session ended with, if any.
func (s *session) lastWord() string {
	if s.page != common.Bye {
		return ""
	}
	return s.bye
}

// ended is called once the program has stopped: the connection is gone,
// so a seat is kept for the player.
func (s *session) ended() {
	s.seat.close()
	if cmd := s.drop(true); cmd != nil {
		cmd()
	}
}

// onReseat asks for the seat again, or gives up and goes to the lobby.
func (s *session) onReseat() tea.Cmd {
	r := s.reseat
	if r == nil || s.at != nil {
		return nil
	}
	c := &s.c
	if c.Srv.Now().After(r.Until) {
		s.reseat, s.seat.moveNote = nil, ""
		// A tournament's table the player was taken to may still come
		// back with their seat: they are taken to it again then.
		delete(c.Went, r.ID)
		n := len(s.seat.held) + len(s.seat.sent) // the keys and moves the table never took
		cmd := s.leave()
		c.Flash = c.Tr.T("table.moved")
		if n > 0 {
			c.Flash += " " + c.Tr.T("table.moved.held", n)
		}
		s.seat.held = nil
		return cmd
	}
	t := c.Srv.Hall().Get(r.ID)
	if t == nil {
		return reseatAfter(reseatEvery)
	}
	return c.Join(t, -1, r.Watch)
}
