package seat

import (
	"context"
	"errors"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// onAskAgain makes again a request for a seat that had no answer,
// unless the player sat at a table meanwhile: then the seat asked is
// given up.
//
// A seat asked of the same table meanwhile by another way (the table's
// reseat, the tournament's word), unanswered, is left to its answer:
// this one is not asked again, nor given up (the other may be seated).
func (p *Page) onAskAgain(c *common.Common, j common.JoinedMsg) common.Turn {
	if c.SeatAsking(j.T.TableID()) {
		return common.Turn{}
	}
	if c.At != nil || p.reseat != nil {
		return common.Stay(common.GiveUpSeat(j))
	}
	c.Flash = c.Tr.T("lobby.slow")
	c.SeatAsked(j.T.TableID())
	return common.Stay(common.AskSeatTry(c.Ctx, j.T, j.M, j.Asked, j.Resume, j.Tries+1))
}

// onJoined takes the place at a table after a join: the waiting room
// until the table's first word, or the screen already open where the
// table moved.
func (p *Page) onJoined(c *common.Common, j common.JoinedMsg) common.Turn {
	c.SeatAnswered(j.T.TableID())
	c.Srv.Log().Debug("a seat's answer", "table", j.T.TableID(), "name", c.Name, "try", j.Tries, "reseat", p.reseat != nil,
		"err", j.Err, "in", time.Since(j.Sent).Round(time.Millisecond))
	if j.Resume != "" {
		if errors.Is(j.Err, tables.ErrSeatLive) {
			c.RefuseLiveCode()
			return common.Turn{}
		}
		if j.Err == nil {
			// Seated as the code's guest: the session is them now.
			old := c.ID
			c.ID, c.Code = common.GuestID(j.Resume), j.Resume
			c.Srv.Reidentify(c.ID, old)
		}
	}
	if errors.Is(j.Err, tables.ErrSeatLive) && p.reseat != nil {
		// Taking the seat back where the table moved, it is in play by
		// another session of the player's: one that came (or took it
		// back with the resume code) while this one's node was silent
		// (frozen). That one is the player now; this one ends, told the
		// table moved.
		return common.Turn{Bye: c.Tr.T("bye.moved")}
	}
	if errors.Is(j.Err, tables.ErrNoAnswer) && p.reseat == nil {
		if j.Tries < common.SeatTries && j.Resume == "" {
			return common.Stay(common.AskAgain(j))
		}
		if id := j.T.TableID(); c.Went[id] && j.Resume == "" {
			// A tournament's table the player was taken to with no
			// key, whose node does not answer: most likely moving to
			// another node. Asked again until it is up there, as a
			// moved table's seat is: the tournament's page takes them
			// to a table only once, so from the lobby they would wait.
			p.reseat = &common.Reseating{ID: id, Until: c.Srv.Now().Add(reseatFor), Quiet: true}
			return common.Stay(tea.Batch(common.GiveUpSeat(j), reseatAfter(reseatEvery)))
		}
		c.Flash = c.JoinRefused(j.Err)
		t := common.BackToLobby
		t.Cmd = common.GiveUpSeat(j)
		return t
	}
	if j.Err != nil && p.reseat != nil && !errors.Is(j.Err, tables.ErrSeatTaken) && !errors.Is(j.Err, tables.ErrTableFull) {
		// The table is not up again yet: asked again in a moment.
		return common.Stay(reseatAfter(reseatEvery))
	}
	moved := j.Err == nil && p.reseat != nil
	if j.Err == nil && p.reseat != nil {
		if !p.reseat.Quiet || j.Moved {
			p.note(c, c.Tr.T(watchWords("table.movedback", p.reseat.Watch)), moveNoteFor)
		}
		p.reseat = nil
	} else if j.Err != nil && p.reseat != nil {
		p.reseat, p.moveNote = nil, ""
		p.close()
	}
	if j.Err != nil && !j.Watch && (errors.Is(j.Err, tables.ErrTableFull) || errors.Is(j.Err, tables.ErrSeatTaken)) {
		if tid := c.TourneyOf(j.T.TableID()); tid != "" {
			// A tournament's table has no seat for the player: theirs
			// was given up (a bot plays it). Their match is a forfeit,
			// which the tournament's page says, not a seat error in
			// the lobby; one at a table stays there.
			n, _ := strconv.Atoi(j.T.TableID())
			if c.At != nil && p.scr != nil {
				p.note(c, c.Tr.T("tourney.you.givenup", n), tourneyNoteFor)
				return common.Turn{}
			}
			c.Flash = c.Tr.T("tourney.you.givenup", n)
			return common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: tid}}
		}
	}
	if j.Err != nil {
		// The seat the player took is not theirs: leave it again.
		c.Flash = c.JoinRefused(j.Err)
		return common.BackToLobby
	}
	if r := j.Restarted; r != nil {
		p.note(c, c.Tr.T("table.restarted", r.Hand, r.Move), restartNoteFor)
	}
	var left tea.Cmd
	if c.At != nil {
		old := c.At
		bye := c.Drop(false)
		if old.T.TableID() != j.T.TableID() {
			// From a tournament's table whose match is over to the
			// next (common.ToTable): that table's screen closed, and
			// the table told.
			p.close()
			left = bye
		}
	}
	ctx, cancel := context.WithCancel(c.Ctx)
	at := &common.Membership{T: j.T, M: j.M, Gen: c.Srv.NextGen(), Ctx: ctx, Cancel: cancel, Kind: j.T.GameKind(), Seat: j.Seat,
		Tourney: c.TourneyOf(j.T.TableID()) != ""}
	c.At = at
	p.dup = dupState{} // nothing is kept of the last table's standing
	if id := j.T.TableID(); at.Tourney {
		if c.Went[id] {
			// Taken here with no key: the line says where, and the
			// away clock starts now.
			p.note(c, c.Tr.T("tourney.next", id), tourneyNoteFor)
			c.Arrived = c.Srv.Now()
		}
		c.GoneTo(id) // come to however: never taken back to it
		if c.KeyAfterMatch == common.KeyedAfter && at.Seat >= 0 && at.Send(tables.Request{Kind: tables.ReqHere}) {
			p.keyed = id // a key since the last match ended: present here
		}
		c.KeyAfterMatch = common.NoMatchEnded
	}
	var t common.Turn
	if p.scr == nil {
		// The waiting room, the last one's forgotten, until the
		// table's first word.
		t.To, t.Pass = common.Room, common.RoomNews{}
	}
	c.Srv.Log().Info("join", "table", j.T.TableID(), "seat", j.Seat, "name", c.Name, "addr", c.Addr)
	// Keys held while the table moved go to the screen now: it shows
	// the table as it was, which is where the new node takes it up (a
	// takeover resumes the record as acknowledged), and what they ask
	// goes to the table where it now runs. Moves sent before it moved
	// and not answered go first, once its first view says whether it
	// took them.
	if moved && len(p.sent) > 0 {
		p.resendOnUpdate = true
		t.Cmd = tea.Batch(left, at.Wait())
		return t
	}
	t.Cmd = tea.Batch(left, at.Wait(), p.playHeld(c))
	return t
}

// onTable takes in a table's message: the waiting room, the game's
// update (opening the game's screen at the first), or the table's end.
// An update the screen has already taken, equal in every part, is not
// drawn again.
func (p *Page) onTable(c *common.Common, f common.FromTableMsg) common.Turn {
	at := c.At
	if at == nil || f.Gen != at.Gen {
		return common.Turn{}
	}
	msg := f.Msg
	if p.same(msg) {
		return common.Turn{Cmd: at.Wait(), Quiet: true}
	}
	p.pausedAs(c, msg.Paused)
	cmds := []tea.Cmd{at.Wait()}
	if msg.Busy {
		cmds = append(cmds, p.notTaken(c))
	}
	if msg.Paused && p.scr == nil {
		// No game's screen to say it under (the waiting room): the
		// page's line says it.
		c.Flash = c.Tr.T("table.paused")
	}
	if msg.Busy && p.scr == nil {
		c.Flash = c.Tr.T("status.busy")
	}
	if msg.Closed != "" {
		return p.onClosed(c, msg)
	}
	if msg.Room != nil {
		p.close()
		return common.Turn{To: common.Room, Pass: common.RoomNews{Room: msg.Room}, Cmd: at.Wait()}
	}
	u := msg.Update
	if u == nil {
		return common.Stay(tea.Batch(cmds...)) // nothing to show (a word alone: paused, busy)
	}
	p.follow(c, at, *u) // a player moved to another seat: the screen opened there
	if p.scr == nil {
		cmd, err := p.open(c, at)
		if err != nil {
			c.Flash = err.Error()
			return p.leave(c)
		}
		cmds = append(cmds, cmd)
	}
	c.CodeShown = false
	return common.Turn{To: common.Table, Cmd: tea.Batch(append(cmds, p.take(c, at, u))...)}
}

// onClosed takes in the end of the session's place at a table, as the
// table's reason says (tableEnding).
func (p *Page) onClosed(c *common.Common, msg tables.Msg) common.Turn {
	switch tableEnding(msg.Closed) {
	case endReplaced:
		return common.Turn{Bye: c.Tr.T("bye.replaced")}
	case endStopping:
		return common.Turn{Bye: c.Tr.T("bye.restart"), ByeAfter: StopGrace}
	case endMoved:
		// The player keeps the table's screen; the seat is taken back
		// where the table comes up again. The table is told the player
		// is gone, not that they left: the seat stays theirs. A table
		// said moved may still run where it ran (its lease renewed late
		// on a loaded store), and a leave would give their seat up
		// there, forfeiting a tournament match.
		r := &common.Reseating{ID: c.At.T.TableID(), Watch: c.At.M.Seat < 0, Until: c.Srv.Now().Add(reseatFor)}
		cmd := tea.Batch(c.Drop(true), reseatAfter(reseatEvery))
		p.reseat, p.moveNote = r, c.Tr.T(watchWords("table.moving", r.Watch))
		if p.scr == nil {
			t := common.BackToLobby
			t.Cmd = cmd
			return t
		}
		return common.Stay(cmd)
	case endSaid:
		// Back to the lobby, told why (the table parked, a daily's day
		// over or played out): the connection stays.
		t := p.leave(c)
		c.Flash = c.Tr.T(msg.Closed)
		return t
	case endScores:
		// The table's last hand is over: its scores (a duplicate
		// round's held: the player's own only).
		end := p.dup.endOf(c.At, msg.Dup)
		t := p.leave(c)
		switch {
		case msg.Held != nil:
			t.To, t.Again, t.Pass = common.End, false, *msg.Held
		case end != nil:
			t.To, t.Again, t.Pass = common.End, false, *end
		}
		return t
	case endIdle:
		t := p.leave(c)
		c.Flash = c.Tr.T("room.expired", int(c.Srv.Settings().RoomIdle.Minutes()))
		return t
	}
	c.Drop(false)
	p.close()
	why := msg.Closed
	if c.Tr.Has(why) { // the table's reasons are keys of the words
		why = c.Tr.T(why)
	}
	return common.Turn{Bye: c.Tr.T("bye.closed", why)}
}

// StopGrace is how long the goodbye of a stopping server is shown.
const StopGrace = time.Second

// onReseat asks for the seat again, or gives up and goes to the lobby:
// at once if the table is lost (the store no longer holds it), saying
// so, not that the seat is kept.
func (p *Page) onReseat(c *common.Common, lost bool) common.Turn {
	r := p.reseat
	if r == nil || c.At != nil {
		return common.Turn{}
	}
	if lost || c.Srv.Now().After(r.Until) {
		p.reseat, p.moveNote = nil, ""
		// A tournament's table the player was taken to may still come
		// back with their seat: they are taken to it again then.
		delete(c.Went, r.ID)
		n := len(p.held) + len(p.sent) // the keys and moves the table never took
		t := p.leave(c)
		c.Flash = c.Tr.T(watchWords("table.moved", r.Watch))
		if lost {
			c.Flash = c.Tr.T("table.lost")
		}
		if n > 0 {
			c.Flash += " " + c.Tr.T("table.moved.held", n)
		}
		p.held = nil
		return t
	}
	t := c.Srv.Hall().Get(r.ID)
	if t == nil {
		return common.Stay(reseatOrLost(c.Srv.Hall(), r.ID, reseatEvery))
	}
	return common.Stay(c.Rejoin(t, r.Watch))
}

// reseatNow asks for the seat again at once, between the tries
// onReseat makes (whose ticks go on): the hall heard something of its
// table. A table not listed yet, or a seat already asked for and not
// answered (common.Join gives nothing then), asks nothing.
func (p *Page) reseatNow(c *common.Common) tea.Cmd {
	r := p.reseat
	t := c.Srv.Hall().Get(r.ID)
	if t == nil {
		return nil
	}
	return c.Rejoin(t, r.Watch)
}

// endKind is what the end of the session's place at a table does.
type endKind uint8

const (
	endClosed   endKind = iota // the table closed: a last word says why
	endReplaced                // a newer connection of the player's took the seat
	endStopping                // the server is stopping
	endMoved                   // the table moves to another node: the seat is taken back there
	endSaid                    // back to the lobby, the reason said there
	endScores                  // the table's end page, with its scores
	endIdle                    // a waiting room where nothing happened closed
)

// tableEnding is what the table's reason for ending a place (a
// tables.Msg's Closed) does.
func tableEnding(reason string) endKind {
	switch reason {
	case "replaced":
		return endReplaced
	case "server.stopping":
		return endStopping
	case "table.moved":
		return endMoved
	case "table.parked", "served.done", "served.dayover":
		return endSaid
	case "dup.over", "round.held":
		return endScores
	case "room.expired":
		return endIdle
	}
	return endClosed
}

// A table that moves to another node (its node died or froze, and
// another took it over) keeps its players: the seat keeps the table's
// screen, says what happened, and takes the seat back as soon as the
// table answers on its new node — no key to press.

// reseatMsg asks the seat to try its seat again; lost, that the table
// is lost for good (hall.Gone): no seat at it was kept.
type reseatMsg struct{ lost bool }

func (reseatMsg) Owner() (common.PageID, bool) { return common.Table, false }

// reseatEvery is how often the seat is asked for again; reseatFor how
// long before the player is sent to the lobby (a takeover takes 4 to
// 10 s).
const (
	reseatEvery = 300 * time.Millisecond
	reseatFor   = 30 * time.Second
	// restartNoteFor is how long the line saying a table went on after
	// its servers restarted stays: longer, since it asks for a move again.
	restartNoteFor = 20 * time.Second
	// tourneyNoteFor is how long the line saying which tournament table
	// the player was taken to stays.
	tourneyNoteFor = 10 * time.Second
)

func reseatAfter(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return reseatMsg{} })
}

// reseatOrLost is reseatAfter for a table no node runs now: it asks the
// store whether the table is lost for good first.
func reseatOrLost(h *hall.Hall, id string, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		gone, err := h.Gone(ctx, id)
		return reseatMsg{lost: gone && err == nil}
	})
}

// leave leaves the table on purpose (its seat goes to a bot) and goes
// back to the lobby.
func (p *Page) leave(c *common.Common) common.Turn {
	p.close()
	c.Chat.On = false
	t := common.BackToLobby
	if at := c.At; at != nil && at.Tourney {
		// A tournament's table, left: back to its page, where the
		// standings and the next table are.
		if id := c.TourneyOf(at.T.TableID()); id != "" {
			t = common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}
		}
	}
	t.Cmd = c.Drop(false)
	return t
}
