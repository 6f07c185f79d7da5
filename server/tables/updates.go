package tables

import (
	"time"

	"okey/kit/seatmsg"
	"okey/server/keep"
)

// publish hands every member its latest update.
func (tl *teller) publish(t *Table) {
	tl.publishSummary(t)
	info := tl.info(t)
	for i := range t.sit.seats {
		if m := t.sit.seats[i].m; m != nil {
			put(m, tl.msgFor(t, m, i, &info))
		}
	}
	// Every spectator sees the same public view: it is made once a
	// change, not once a spectator. (A spectator's message differs only
	// by a refusal or the host's part, which a spectator never has.)
	var watch *Msg
	for m := range t.sit.watchers {
		if _, refused := t.refusals[m]; refused || t.sit.isHost(m) {
			put(m, tl.msgFor(t, m, -1, &info))
			continue
		}
		if watch == nil {
			msg := tl.msgFor(t, m, -1, &info)
			watch = &msg
		}
		put(m, *watch)
	}
}

// show sends the members the table as it is once the store holds it:
// while a snapshot is being written it waits (the saver's word comes
// back to the table's loop, which shows then). A change that wrote
// nothing (a chat line not kept, a player away) is shown at once if
// nothing else waits. The table's summary is made at once all the
// same: the hall counts a player's and an address's tables by it, and
// a count that waited on the store let a flood of new tables past the
// limits.
func (tl *teller) show(t *Table) {
	if t.saving.waiting() {
		tl.publishSummary(t)
		return
	}
	tl.publish(t)
}

// names are the seats' names as every seat is told them (seating's
// names): a tournament's players' names kept from its bots.
func (tl *teller) names(t *Table) [4]string {
	reserved := t.Cfg.chosenNames()
	return t.sit.names(t.f.Player, reserved[:]...)
}

// info is what every seat is told of the table.
func (tl *teller) info(t *Table) seatInfo {
	var in seatInfo
	t.ratings.read(t.sit.rated(), t.Opt.RatingOf, t.Cfg.Game)
	names := tl.names(t)
	for i, s := range t.sit.seats {
		p := seatmsg.Player{Name: names[i], Level: levelsOf(&t.Cfg, t.f)(i), Kind: seatmsg.Bot}
		if r, ok := t.ratings.of[s.owner]; ok && s.owner != "" {
			p.Rating, p.Rated = r, true
		}
		switch {
		case s.owner == "":
		case s.m != nil && !s.away:
			p.Kind = seatmsg.Human
		case s.m == nil && t.awaited[i]:
			p.Kind = seatmsg.Awaited
		default:
			p.Kind = seatmsg.Away
		}
		in.players[i] = p
		in.ready[i] = s.ready
	}
	in.chat = t.chat.lines
	in.deadline = t.clock.deadline
	in.fair = tl.fairness(t)
	st := t.f.Standing()
	in.daily = dailyMsg(st)
	in.dup = duplicateMsg(st, names)
	if b := t.bot.busy; b != nil && t.Ref != nil {
		if h, r := t.Ref.Deal(); b.Hand == h && b.Redeal == r {
			in.serverBusy = b // said of the deal under way only
		}
	}
	return in
}

// msgFor is member m's message.
func (tl *teller) msgFor(t *Table, m *Member, seat int, info *seatInfo) Msg {
	if t.Ref == nil {
		r := t.refusals[m]
		room := &Room{ID: t.ID, Cfg: t.Cfg, Players: info.players, Host: t.sit.isHost(m), Seat: seat, Chat: t.chat.lines,
			Refused: r.text, RefusedSeq: r.seq}
		for i, e := range t.sit.entrants(levelsOf(&t.Cfg, t.f)) {
			if keep.IsRated(e.ID) {
				room.Rated[i] = e.ID
			}
		}
		return Msg{Room: room, Paused: t.saving.paused}
	}
	if h, ok := tl.heldEnd(t, seat); ok {
		return Msg{Closed: heldClosed, Held: &h}
	}
	in := *info
	in.host = t.sit.isHost(m) || t.setMatchOver() && seat >= 0 // everyone's n moves the format on
	if in.oneMatch = t.policy.OneMatch; in.oneMatch {
		in.host = false // no match follows this one here
	}
	r := t.refusals[m]
	in.refused, in.refusedSeq = r.text, r.seq
	in.awayLost = seat >= 0 && t.absent[seat]
	if seat >= 0 {
		in.botPlayed = t.botFor[seat]
	}
	u := t.Ref.Update(seat, &in)
	if t.policy.SharedSeal && t.policy.OneMatch && seat >= 0 {
		holdDeal(&u, seat) // the hands' ends: the deal is other tables' too
	}
	return Msg{Update: &u, Paused: t.saving.paused}
}

// publishSummary updates what the lobby shows.
func (tl *teller) publishSummary(t *Table) {
	s := &Summary{ID: t.ID, Game: t.Cfg.Game, Rules: t.Cfg.Rules, Private: t.Cfg.Code != "", Code: t.Cfg.Code,
		Started: t.Ref != nil, Watchers: len(t.sit.watchers), Timer: t.Cfg.Timer}
	lf := t.Cfg.lobbyFormat()
	s.Daily, s.Duplicate, s.Round, s.Tourney = lf.daily, lf.deals, lf.round, lf.tourney
	info := tl.info(t)
	s.Players = info.players
	for i := range t.sit.seats {
		s.Owners[i] = t.sit.seats[i].owner
		s.Addrs[i] = t.sit.seats[i].addr
	}
	if t.sit.anyone() || len(t.sit.watchers) > 0 {
		tl.idleSince = time.Time{}
	} else if tl.idleSince.IsZero() {
		tl.idleSince = t.Opt.Now()
	}
	s.Idle = tl.idleSince
	s.Closes = tl.closesAt(t)
	if t.Ref != nil {
		// The format's hand and end, not its one-hand match's (over
		// after each of 101's hands at a daily or a duplicate: the
		// lobby said "hand 1" during rotation 3).
		st, _ := t.Ref.Stage()
		s.Hand, s.Over = t.f.Lobby(t.Ref.Hand(), st == stMatchOver)
	}
	if old := t.Summary.Swap(s); old == nil || LobbyRowOf(old) != LobbyRowOf(s) {
		t.Opt.Lobby.Changed()
	}
}

// closesAt is when the table will close by itself if nothing changes:
// a waiting room nobody starts, or the last kept seat given up while
// nobody is at the table. Zero: not by itself.
func (tl *teller) closesAt(t *Table) time.Time {
	if t.Ref == nil && t.Opt.RoomIdle > 0 {
		return t.roomSince.Add(t.Opt.RoomIdle)
	}
	var last time.Time
	for i := range t.sit.seats {
		s := &t.sit.seats[i]
		switch {
		case s.owner == "":
		case s.m != nil || s.keep.IsZero():
			return time.Time{} // someone is here, or holds the seat without a limit
		case s.keep.After(last):
			last = s.keep
		}
	}
	if len(t.sit.watchers) > 0 {
		return time.Time{}
	}
	return last
}

// formatClosed ends a table whose format closed before its last hand
// (the daily's day, whose secret is revealed now, so that no hand of it
// may be played on): the player, if at the table, is told; the hands
// left are forfeit (the board of the day shows the day unfinished).
func (t *Table) formatClosed() {
	t.Opt.Log.Info("closed before the last hand", append([]any{"table", t.ID}, t.f.LogAttrs()...)...)
	t.sit.endAll(Msg{Closed: t.policy.ClosedWord})
	t.clock.stop()
	t.bot.cancel()
}

// shutdown tells everyone the table is going and saves it.
func (t *Table) shutdown(why string) {
	t.closing = true
	t.sit.tell(Msg{Closed: why})
	t.save()
	t.saving.saver.flush()
}

// close ends an empty table: its match is put away with the finished
// ones.
func (t *Table) close() {
	t.closing = true
	t.Opt.Log.Info("close", "table", t.ID)
	t.saving.saver.retire()
}

// fairness is what the table tells every seat of the match's seal, as
// the format shows it: the commitment while it is played, the seed and
// salt too once it may be shown.
func (tl *teller) fairness(t *Table) seatmsg.Fairness {
	if t.Ref == nil {
		return seatmsg.Fairness{}
	}
	st, _ := t.Ref.Stage()
	sh := t.f.Show(t.seal, st == stMatchOver)
	return seatmsg.Fairness{Commit: sh.Commit, Seed: sh.Seed, Salt: sh.Salt}
}

// heldEnd is seat's end of the match where the format shares its seal
// with other tables and plays one match (a tournament's duplicate
// round: Policy's SharedSeal and OneMatch), once it is over: the
// player's own place and score, in place of the final update, whose
// hands' ends show every rack of the deal other tables may still be
// dealing. ok false anywhere else, or before the end.
func (tl *teller) heldEnd(t *Table, seat int) (seatmsg.Held, bool) {
	if !t.policy.SharedSeal || !t.policy.OneMatch || seat < 0 || t.Ref == nil {
		return seatmsg.Held{}, false
	}
	places, _, ok := t.Ref.Standings()
	scores, sok := t.Ref.Scores()
	if !ok || !sok {
		return seatmsg.Held{}, false
	}
	return seatmsg.Held{Table: t.ID, Tourney: t.Cfg.lobbyFormat().tourney, Game: t.Cfg.Game, Place: places[seat], Score: scores[seat]}, true
}
