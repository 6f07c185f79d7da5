package serve

import (
	"context"
	"encoding/json"
	"errors"
	"hash/fnv"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui"
	"okey/ui/seatmsg"
	"okey/ui/serve/hall"
	"okey/ui/serve/tables"
)

// joinCmd takes a seat (or watches) at t, in a command: the request
// waits for room in the table's queue, which Update must not.
func (s *session) joinCmd(t hall.SeatTable, seat int, watch bool) tea.Cmd {
	r := tables.Request{Kind: tables.ReqJoin, Seat: seat}
	if watch {
		r.Kind = tables.ReqWatch
	}
	return s.askSeat(t, tables.NewMember(s.id, s.name, s.seatAddr(), seat), r, "")
}

// resumeCmd takes back, at t, the seat of the guest whose resume code is
// code, as that guest: the session becomes them only once the table has
// seated it (onJoined), so a code refused leaves it who it was. Unless
// checked (this node found the seat's session here and its connection
// dead), the table refuses while the seat's player is connected: the
// table's node knows every session at it, from whichever node.
func (s *session) resumeCmd(t hall.SeatTable, code string, checked bool) tea.Cmd {
	r := tables.Request{Kind: tables.ReqJoin, Seat: -1, Resume: !checked}
	return s.askSeat(t, tables.NewMember(guestID(code), s.name, s.addr, -1), r, code)
}

// askSeat sends r (a join or a watch) for m to t and waits for its
// answer, in a command; resume is the resume code it is made with ("":
// none).
func (s *session) askSeat(t hall.SeatTable, m *tables.Member, r tables.Request, resume string) tea.Cmd {
	ctx := s.ctx
	watch := r.Kind == tables.ReqWatch
	return func() tea.Msg {
		r.M, r.Reply = m, make(chan tables.JoinReply, 1)
		if !t.Call(ctx, r) {
			return joinedMsg{t: t, m: m, err: tables.ErrClosed, watch: watch, resume: resume}
		}
		select {
		case rep := <-r.Reply:
			return joinedMsg{t: t, m: m, seat: rep.Seat, err: rep.Err, watch: watch, resume: resume, restarted: rep.Restarted}
		case <-t.Ended():
			return joinedMsg{t: t, m: m, err: tables.ErrClosed, watch: watch, resume: resume}
		case <-ctx.Done():
			return nil
		}
	}
}

// onJoined opens the table's page after a join.
func (s *session) onJoined(j joinedMsg) tea.Cmd {
	if j.resume != "" {
		if errors.Is(j.err, tables.ErrSeatLive) {
			return s.refuseLiveCode(j.resume)
		}
		if j.err == nil {
			// Seated as the code's guest: the session is them now.
			old := s.id
			s.id, s.code = guestID(j.resume), j.resume
			s.srv.reidentify(s, old)
		}
	}
	if j.err != nil && s.reseat != nil && !errors.Is(j.err, tables.ErrSeatTaken) && !errors.Is(j.err, tables.ErrTableFull) {
		// The table is not up again yet: asked again in a moment.
		return reseatAfter(reseatEvery)
	}
	moved := j.err == nil && s.reseat != nil
	if j.err == nil && s.reseat != nil {
		if !s.reseat.quiet {
			s.moveNote, s.moveNoteUntil = s.tr.T("table.movedback"), s.srv.cfg.Now().Add(moveNoteFor)
		}
		s.reseat = nil
	} else if j.err != nil && s.reseat != nil {
		s.reseat, s.moveNote = nil, ""
		s.closeScreen()
	}
	if j.err != nil {
		// The seat the player took is not theirs: leave it again.
		switch {
		case errors.Is(j.err, tables.ErrTableFull):
			s.flash = s.tr.T("lobby.full")
		case errors.Is(j.err, tables.ErrSeatTaken):
			s.flash = s.tr.T("lobby.taken")
		case errors.Is(j.err, tables.ErrSameAddr):
			s.flash = s.tr.T("lobby.sameaddr")
		case errors.Is(j.err, tables.ErrDailyOnly):
			s.flash = s.tr.T("served.onlyyou")
		default:
			s.flash = s.tr.T("lobby.gone")
		}
		s.page = pgLobby
		s.listTables()
		return nil
	}
	if r := j.restarted; r != nil {
		s.moveNote, s.moveNoteUntil = s.tr.T("table.restarted", r.Hand, r.Move), s.srv.cfg.Now().Add(restartNoteFor)
	}
	if s.at != nil {
		s.dropMembership(false)
	}
	ctx, cancel := context.WithCancel(s.ctx)
	s.at = &membership{t: j.t, m: j.m, gen: s.srv.nextGen(), ctx: ctx, cancel: cancel, kind: j.t.GameKind(), seat: j.seat}
	s.dup = dupState{}
	if s.scr == nil {
		s.page = pgRoom
	}
	s.room = nil
	s.srv.log.Info("join", "table", j.t.TableID(), "seat", j.seat, "name", s.name, "addr", s.addr)
	// Keys held while the table moved go to the screen now: it shows
	// the table as it was, which is where the new node takes it up (a
	// takeover resumes the record as acknowledged), and what they ask
	// goes to the table where it now runs. Moves sent before it moved
	// and not answered go first, once its first view says whether it
	// took them.
	if moved && len(s.sent) > 0 {
		s.resendOnUpdate = true
		return s.waitTable()
	}
	return tea.Batch(s.waitTable(), s.playHeld())
}

// waitTable waits for the table's next message, or the end of the
// membership.
func (s *session) waitTable() tea.Cmd {
	at := s.at
	return func() tea.Msg {
		select {
		case msg := <-at.m.Box:
			return fromTableMsg{gen: at.gen, msg: msg}
		case <-at.ctx.Done():
			return nil
		}
	}
}

// onTable takes in a table's message: the waiting room, the game's
// update (opening the game's screen at the first), or the table's end.
func (s *session) onTable(f fromTableMsg) tea.Cmd {
	if s.at == nil || f.gen != s.at.gen {
		return nil
	}
	msg := f.msg
	switch {
	case msg.Closed == "replaced":
		return s.sayBye(s.tr.T("bye.replaced"))
	case msg.Closed == "server.stopping":
		return s.sayByeIn(s.tr.T("bye.restart"), stopGrace)
	case msg.Closed == "table.moved":
		// The player keeps the table's screen; the session takes the
		// seat back where the table comes up again.
		r := &reseating{id: s.at.t.TableID(), watch: s.at.m.Seat < 0, until: s.srv.cfg.Now().Add(reseatFor)}
		cmd := s.dropMembership(false)
		s.reseat, s.moveNote, s.drawn = r, s.tr.T("table.moving"), false
		if s.scr == nil {
			s.page = pgLobby
			s.listTables()
		}
		return tea.Batch(cmd, reseatAfter(reseatEvery))
	case msg.Closed == "table.parked":
		cmd := s.leave()
		s.flash = s.tr.T(msg.Closed)
		return cmd
	case msg.Closed == "served.done" || msg.Closed == "served.dayover":
		// The day's last hand is over, or the day closed before it:
		// back to the lobby, told where the board is.
		cmd := s.leave()
		s.flash = s.tr.T(msg.Closed)
		return cmd
	case msg.Closed == "dup.over":
		// A duplicate table's last hand is over: its scores.
		return s.onDupOver(msg.Dup)
	case msg.Closed == "room.expired":
		// Back to the lobby, told why: the connection stays.
		cmd := s.leave()
		s.flash = s.tr.T("room.expired", int(s.srv.cfg.RoomIdle.Minutes()))
		return cmd
	case msg.Closed != "":
		s.dropMembership(false)
		s.closeScreen()
		why := msg.Closed
		if s.tr.Has(why) { // the table's reasons are keys of the words
			why = s.tr.T(why)
		}
		return s.sayBye(s.tr.T("bye.closed", why))
	case msg.Room != nil:
		if msg.Room.RefusedSeq > s.refusedSeq {
			s.refusedSeq = msg.Room.RefusedSeq
			s.flash = msg.Room.Refused
			if s.tr.Has(s.flash) {
				s.flash = s.tr.T(s.flash)
			}
		}
		s.room = msg.Room
		s.closeScreen()
		s.page = pgRoom
		return tea.Batch(s.waitTable(), s.readRoomRatings())
	}
	cmds := []tea.Cmd{s.waitTable()}
	u := msg.Update
	if u == nil {
		return cmds[0] // nothing to show (no table sends this)
	}
	s.onDupUpdate(*u) // a duplicate's player moved: the screen opened at the new seat
	if s.scr == nil {
		scr, err := newSeatScreen(s.at.kind.Name, ui.SeatOptions{
			Lang: s.tr.Lang, Seat: s.at.seat, Send: s.sendMove, Keys: []key.Binding{s.keys.Chat}, Dark: s.dark,
			Badge: s.badge(), Record: s.recordCmd(s.at.t), Settle: s.srv.cfg.seatSettle,
			Log: s.debugLog(),
		})
		if err != nil {
			s.flash = err.Error()
			return s.leave()
		}
		s.scr = scr
		cmds = append(cmds, scr.Init())
		s.scr.Update(tea.WindowSizeMsg{Width: s.width, Height: s.height})
		if s.bg != nil {
			s.scr.Update(*s.bg)
		}
	}
	s.page, s.codeShown = pgTable, false
	s.inPlay = u.InPlay()
	if seat := s.at.seat; seat >= 0 {
		s.away = u.Players[seat].Kind == seatmsg.Away
	}
	_, cmd := s.scr.Update(*u)
	s.lastUpdate = u
	cmds = append(cmds, cmd)
	if s.resendOnUpdate {
		// The first view of the table where it came up again: the moves
		// it had not taken when it moved, then the keys held meanwhile.
		s.resendOnUpdate = false
		s.resendSent()
		cmds = append(cmds, s.playHeld())
	} else {
		s.answered()
	}
	return tea.Batch(cmds...)
}

// sentMove is a move sent to the table, with the view it was made on.
type sentMove struct {
	in   seatmsg.Intent
	view uint64
	// refused is the count of refusals the table had said when it was
	// sent: a refusal since answers it.
	refused uint64
}

// viewPrint is a fingerprint of the game's state an update shows the
// seat (0: no game's view in it). A move taken changes it; a chat line,
// a clock or a player away do not.
func viewPrint(up *seatmsg.Update) uint64 {
	if up == nil {
		return 0
	}
	var v any
	switch {
	case up.View != nil:
		v = up.View
	case up.View101 != nil:
		v = up.View101
	default:
		return 0
	}
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// refusedSeq is the count of refusals an update says (0: no update).
func refusedSeq(u *seatmsg.Update) uint64 {
	if u == nil {
		return 0
	}
	return u.RefusedSeq
}

// answered forgets the moves sent on a view the table has since left:
// it took them (or refused them, and said so, or its clock played for
// the seat).
func (s *session) answered() {
	if len(s.sent) == 0 {
		return
	}
	now := viewPrint(s.lastUpdate)
	refused := refusedSeq(s.lastUpdate)
	kept := s.sent[:0]
	for _, m := range s.sent {
		if m.view == now && m.refused == refused {
			kept = append(kept, m)
		}
	}
	s.sent = kept
}

// resendSent sends again the moves the table had not taken when it
// moved, if it came up at the view they were made on (its record ended
// before them); on another view it took them before it moved, and they
// are forgotten.
func (s *session) resendSent() {
	sent := s.sent
	s.sent = nil
	now := viewPrint(s.lastUpdate)
	n := 0
	for _, m := range sent {
		if m.view != now || s.at == nil {
			continue
		}
		if s.at.t.Send(tables.Request{Kind: tables.ReqMove, M: s.at.m, Move: m.in}) {
			s.sent = append(s.sent, m)
			n++
		}
	}
	if n > 0 {
		s.moveNote, s.moveNoteUntil = s.tr.T("table.movedback.sent", n), s.srv.cfg.Now().Add(moveNoteFor)
		s.srv.log.Info("moves sent again to a moved table", "table", s.at.t.TableID(), "name", s.name, "moves", n)
	}
}

// sendMove is the screen's way to the table: non-blocking.
func (s *session) sendMove(in seatmsg.Intent) bool {
	if s.at == nil {
		return false
	}
	kind := tables.ReqMove
	if in.Kind == seatmsg.IntentNewMatch {
		kind = tables.ReqNewMatch
	}
	ok := s.at.t.Send(tables.Request{Kind: kind, M: s.at.m, Move: in})
	if ok && kind == tables.ReqMove && len(s.sent) < maxHeld {
		s.sent = append(s.sent, sentMove{in: in, view: viewPrint(s.lastUpdate), refused: refusedSeq(s.lastUpdate)})
	}
	return ok
}

func (s *session) closeScreen() {
	s.sent, s.resendOnUpdate = nil, false
	if s.scr != nil {
		s.scr.Close()
		s.scr = nil
	}
	s.lastUpdate = nil
}

// leave leaves the table on purpose (its seat goes to a bot) and goes
// back to the lobby.
func (s *session) leave() tea.Cmd {
	s.closeScreen()
	s.chatting = false
	cmd := s.dropMembership(false)
	s.page = pgLobby
	s.listTables()
	return cmd
}

// dropMembership ends the session's place at its table: the table is
// told in a command (gone: the connection ended, the seat is kept).
func (s *session) dropMembership(gone bool) tea.Cmd {
	at := s.at
	if at == nil {
		return nil
	}
	s.at = nil
	at.cancel()
	s.srv.log.Info("leave", "table", at.t.TableID(), "name", s.name, "gone", gone)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		at.t.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: at.m, Gone: gone})
		return nil
	}
}

// sayBye shows a last word, then closes the connection (the word is
// written again below the screen, so it stays in the player's terminal).
func (s *session) sayBye(why string) tea.Cmd { return s.sayByeIn(why, 3*time.Second) }

// stopGrace is how long the goodbye of a stopping server is shown.
const stopGrace = time.Second

func (s *session) sayByeIn(why string, d time.Duration) tea.Cmd {
	s.closeScreen()
	// The table is told, as when a connection drops: the seat is kept.
	drop := s.dropMembership(true)
	if s.page == pgBye && s.bye != "" {
		return drop // one goodbye is enough
	}
	s.page, s.bye = pgBye, why
	return tea.Batch(drop, tea.Tick(d, func(time.Time) tea.Msg { return byeMsg{} }))
}

// lastWord is the goodbye the session ended with, if any.
func (s *session) lastWord() string {
	if s.page != pgBye {
		return ""
	}
	return s.bye
}

// updateTable gives keys to the game's screen, but for the chat's, and
// tells the table an away player is back.
func (s *session) updateTable(k tea.KeyPressMsg) tea.Cmd {
	if s.scr == nil {
		return nil
	}
	if s.away && s.at != nil {
		s.at.t.Send(tables.Request{Kind: tables.ReqHere, M: s.at.m})
		s.away = false
	}
	if key.Matches(k, s.keys.Chat) && !s.tooSmall() {
		s.chatting = true
		s.chatIn.Reset()
		s.leaving = false
		return nil
	}
	// Leaving a match in play asks first (a q meant for something else
	// must not cost the seat); q again leaves, and the seat is kept for
	// a while, its bot playing, as for a dropped connection.
	if key.Matches(k, s.keys.Leave) && s.inPlay && s.at != nil && s.at.m.Seat >= 0 {
		if !s.leaving {
			s.leaving = true
			return nil
		}
		s.leaving = false
		s.closeScreen()
		cmd := s.dropMembership(true)
		s.page = pgLobby
		s.tables = s.srv.hall.List()
		s.flash = s.tr.T("leave.kept", int(s.srv.cfg.KeepSeat.Minutes()))
		return cmd
	}
	s.leaving = false
	if s.at == nil && s.reseat != nil && !s.reseat.quiet {
		return s.hold(k)
	}
	_, cmd := s.scr.Update(k)
	return cmd
}

// maxHeld is the most keys kept while a table moves: a few moves' worth.
const maxHeld = 16

// hold keeps a key pressed while the table moves, and says so.
func (s *session) hold(k tea.KeyPressMsg) tea.Cmd {
	if len(s.held) < maxHeld {
		s.held = append(s.held, k)
		s.moveNote = s.tr.T("table.moving.held", len(s.held))
	} else {
		s.moveNote = s.tr.T("table.moving.full", maxHeld)
	}
	s.drawn = false
	return nil
}

// playHeld plays the keys held while the table moved, now that the
// seat is back.
func (s *session) playHeld() tea.Cmd {
	if len(s.held) == 0 || s.scr == nil {
		return nil
	}
	var cmds []tea.Cmd
	for _, k := range s.held {
		_, cmd := s.scr.Update(k)
		cmds = append(cmds, cmd)
	}
	s.moveNote, s.moveNoteUntil = s.tr.T("table.movedback.held", len(s.held)), s.srv.cfg.Now().Add(moveNoteFor)
	s.held = nil
	return tea.Batch(cmds...)
}

// updateChat edits the chat line; enter sends it, esc drops it.
func (s *session) updateChat(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, s.keys.Cancel):
		s.chatting = false
	case key.Matches(k, s.keys.Send):
		s.chatting = false
		if text := s.chatIn.Value(); s.at != nil && tables.CleanChat(text) != "" {
			if !s.at.t.Send(tables.Request{Kind: tables.ReqChat, M: s.at.m, Text: text}) {
				s.flash = s.tr.T("status.busy")
			}
		}
	default:
		return editField(&s.chatIn, k, tables.MaxChatBytes)
	}
	return nil
}

// ended is called once the program has stopped: the connection is gone,
// so a seat is kept for the player.
func (s *session) ended() {
	s.closeScreen()
	if cmd := s.dropMembership(true); cmd != nil {
		cmd()
	}
}

// A table that moves to another node (its node died or froze, and
// another took it over) keeps its players: the session keeps the
// table's screen, says what happened, and takes the seat back as soon as
// the table answers on its new node — no key to press.

// reseatMsg asks the session to try its seat again.
type reseatMsg struct{}

// reseatEvery is how often the seat is asked for again; reseatFor how
// long before the player is sent to the lobby (a takeover takes 4 to
// 10 s); moveNoteFor how long the line saying it stays.
const (
	reseatEvery = 300 * time.Millisecond
	reseatFor   = 30 * time.Second
	moveNoteFor = 5 * time.Second
	// restartNoteFor is how long the line saying a table went on after
	// its servers restarted stays: longer, since it asks for a move again.
	restartNoteFor = 20 * time.Second
)

func reseatAfter(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return reseatMsg{} })
}

// onReseat asks for the seat again, or gives up and goes to the lobby.
func (s *session) onReseat() tea.Cmd {
	r := s.reseat
	if r == nil || s.at != nil {
		return nil
	}
	if s.srv.cfg.Now().After(r.until) {
		s.reseat, s.moveNote = nil, ""
		n := len(s.held) + len(s.sent) // the keys and moves the table never took
		cmd := s.leave()
		s.flash = s.tr.T("table.moved")
		if n > 0 {
			s.flash += " " + s.tr.T("table.moved.held", n)
		}
		s.held = nil
		return cmd
	}
	t := s.srv.hall.Get(r.id)
	if t == nil {
		return reseatAfter(reseatEvery)
	}
	return s.joinCmd(t, -1, r.watch)
}
