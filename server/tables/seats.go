package tables

import (
	"net/netip"
	"time"

	"okey/game/classic"
	"okey/kit/seatmsg"
)

// joinAs seats m: at the seat it holds (a reconnection, or the same key
// again: the older session is let go), else at the seat asked for, else
// at the first seat nobody holds. By a resume code (resume): then a seat
// whose player is connected — a session of theirs attached here, from
// whichever node, pressing keys or away — is refused (ErrSeatLive),
// where a key's second session would replace the first. The table's
// node decides, so the rule is the cluster's: a node where the code is
// typed knows only its own sessions. A session asking for its seat again
// after the table moved (m.reseat) is refused the same way while
// another session of the player's holds the seat, unless it is one of
// its own earlier asks.
func (t *Table) joinAs(m *Member, want int, resume bool) (int, error) {
	seat := -1
	for i := range t.sit.seats {
		if t.sit.seats[i].owner == m.id {
			seat = i
		}
	}
	first := false // a tournament's player come to their seat for the first time
	switch {
	case seat >= 0:
		first = t.awaited[seat]
	case t.policy.Chosen:
		return -1, ErrTableFull // a tournament's seats are its players'
	case want >= 0 && want < classic.NumSeats:
		if t.sit.seats[want].owner != "" {
			return -1, ErrSeatTaken
		}
		seat = want
	default:
		for i := range t.sit.seats {
			if t.sit.seats[i].owner == "" {
				seat = i
				break
			}
		}
		if seat < 0 {
			return -1, ErrTableFull
		}
	}
	if (t.sit.seats[seat].owner != m.id || first) && !t.Cfg.SameAddr && SharedAddr(m.addr) {
		// One address, one seat — at a tournament's table too, whose
		// seats were held for its players before anyone came: the
		// second from an address to come is refused, and their seat,
		// not come to, is given up in time as any.
		for i, o := range t.sit.seats {
			if i != seat && o.owner != "" && o.owner != m.id && o.addr == m.addr {
				return -1, ErrSameAddr
			}
		}
	}
	t.awaited[seat] = false
	s := &t.sit.seats[seat]
	if resume && s.m != nil && s.m != m {
		t.Opt.Log.Warn("a resume code refused: its seat's player is connected", "table", t.ID, "seat", seat, "name", s.name)
		return -1, ErrSeatLive
	}
	if m.reseat != "" && s.m != nil && s.m != m && s.m.reseat != m.reseat {
		// A session of a node that was frozen, asking for its seat
		// again where the table moved: the player's session that came
		// meanwhile keeps it, and the stale one yields.
		t.Opt.Log.Info("a seat asked again after the table moved: another session of the player's holds it", "table", t.ID, "seat", seat, "name", s.name)
		return -1, ErrSeatLive
	}
	if s.m != nil && s.m != m {
		// The same player again: the new session takes the seat.
		put(s.m, Msg{Closed: "replaced"})
		t.Opt.Log.Info("replaced", "table", t.ID, "seat", seat, "name", s.name)
	}
	back := s.owner == m.id
	delete(t.sit.watchers, m)
	s.owner, s.m, s.away, s.keep, s.addr = m.id, m, false, time.Time{}, m.addr
	if !back || s.name == "" || first {
		// A held seat showed the name the tournament knew them by; the
		// name they come with is theirs now.
		s.name = t.sit.uniqueName(m.name, seat)
	}
	m.Seat = seat
	if t.sit.hostID == "" {
		t.sit.hostID = m.id
	}
	t.Opt.Log.Info("sit", "table", t.ID, "seat", seat, "name", s.name, "back", back)
	if back && !first {
		// The seat was theirs in the store already: their being at it
		// is shown without waiting for the write (saveUnwaited).
		t.saveUnwaited()
	} else {
		t.save()
	}
	return seat, nil
}

// SharedAddr reports whether addr counts for the one-address rules (a
// table's one seat an address, the daily's one ranked day an address):
// every address but the loopback's, whose players are on the server's
// own machine (tests, a player at the console, or everyone behind an
// ssh -R tunnel) and not two people hiding behind one.
func SharedAddr(addr string) bool {
	if addr == "" {
		return false
	}
	if p, err := netip.ParsePrefix(addr); err == nil {
		return !p.Addr().IsLoopback()
	}
	ip, err := netip.ParseAddr(addr)
	return err != nil || !ip.IsLoopback()
}

// leave takes m from the table. A player whose connection ended keeps
// the seat for Options.KeepSeat (their bot plays meanwhile, once the match is
// on); one who left on purpose gives it up to a bot.
func (t *Table) leave(m *Member, gone bool) {
	if _, ok := t.sit.watchers[m]; ok {
		delete(t.sit.watchers, m)
		t.Opt.Log.Info("unwatch", "table", t.ID, "name", m.name)
		return
	}
	s := t.sit.seatOf(m)
	if s < 0 {
		return
	}
	st := &t.sit.seats[s]
	st.m, st.ready = nil, false
	if c := t.policy.Closes; !c.IsZero() {
		// A format that closes (the daily's day) is the player's until
		// then: whether the connection ended or they left, they come back
		// to it where they left it (the bots do not play on without them).
		st.keep = c
		t.Opt.Log.Info("away until the format closes", "table", t.ID, "name", st.name, "gone", gone, "kept until", st.keep.Format(time.RFC3339))
	} else if gone {
		// A dropped connection keeps its seat, in a match or in its
		// waiting room: the player comes back to it.
		st.keep = t.Opt.Now().Add(t.Opt.KeepSeat)
		t.Opt.Log.Info("away", "table", t.ID, "seat", s, "name", st.name, "kept until", st.keep.Format(time.TimeOnly))
	} else {
		t.Opt.Log.Info("stand", "table", t.ID, "seat", s, "name", st.name)
		st.owner, st.name, st.keep, st.away = "", "", time.Time{}, false
	}
	delete(t.refusals, m)
	if t.sit.hostID == m.id && st.owner == "" {
		t.sit.hostID = ""
		t.sit.pickHost()
	}
	t.save()
}

// empty reports whether the table may close: nobody holds a seat or
// watches (or the hall took the table back), and no match the format
// plays out (a tournament's) is under way.
func (t *Table) empty() bool {
	return t.evicted || t.sit.empty() && !(t.policy.PlaysOut && underWay(t.Ref))
}

// noteAbsence keeps, where the format says a player's bot earns
// nothing for them (Policy.AwayLoses: a tournament's table), how long
// each seat's player has been away while the match is under way — not
// at the table, or at it with their bot playing for want of a key —
// and marks the seat absent once that is longer than they may be away
// (Seated's Away, else their time to come): its match is lost for them, whatever the
// bot makes of it, and stays so if they come back (their seat's
// update says it). A seat not come to yet is the table's to wait for
// (awaited): given up after that same time, it is lost too.
func (t *Table) noteAbsence() {
	if !t.policy.AwayLoses || !underWay(t.Ref) {
		return
	}
	now := t.Opt.Now()
	back := t.Cfg.awayFor()
	for i := range t.sit.seats {
		s := &t.sit.seats[i]
		switch {
		case s.owner == "" || t.awaited[i] || t.sit.present(i) || t.absent[i]:
			t.awayAt[i] = time.Time{}
		case t.awayAt[i].IsZero():
			t.awayAt[i] = now
		case !now.Before(t.awayAt[i].Add(back)):
			t.absent[i], t.awayAt[i] = true, time.Time{}
			t.Opt.Log.Info("away past the time allowed: the match lost", "table", t.ID, "seat", i, "name", s.name, "away", back)
			t.save()
		}
	}
}

// absenceDue is when noteAbsence next has a seat to mark absent (zero:
// none).
func (t *Table) absenceDue() time.Time {
	var due time.Time
	back := t.Cfg.awayFor()
	for _, at := range t.awayAt {
		if !at.IsZero() && (due.IsZero() || at.Add(back).Before(due)) {
			due = at.Add(back)
		}
	}
	return due
}

// neverHere marks seat's match lost for its player, where the format
// says a bot earns nothing for them (Policy.AwayLoses), when their bot
// takes over a turn (run out, or their session saying they pressed no
// key) and they have pressed no key at the table this match: away from
// that moment, however short the match. A player who pressed one loses
// that turn and nothing more (noteAbsence counts their time away).
func (t *Table) neverHere(seat int) {
	if !t.policy.AwayLoses || !underWay(t.Ref) || t.pressed[seat] || t.absent[seat] || t.sit.seats[seat].owner == "" {
		return
	}
	t.absent[seat], t.awayAt[seat] = true, time.Time{}
	t.Opt.Log.Info("away: no key pressed at the table, the match lost", "table", t.ID, "seat", seat, "name", t.sit.seats[seat].name)
	t.save()
}

// here marks seat's player present again, and as having pressed a key
// at the table this match (Table.pressed).
func (t *Table) here(seat int) {
	if t.policy.AwayLoses && !t.pressed[seat] {
		t.pressed[seat] = true
		t.saveUnwaited() // lost with the node, the next one asks for a key again
	}
	if t.sit.seats[seat].away {
		t.sit.seats[seat].away = false
		t.Opt.Log.Info("back", "table", t.ID, "seat", seat, "name", t.sit.seats[seat].name)
	}
}

// MutesChanged tells the table the operator's mutes changed (a node's
// watch of the store saw one put): a member muted is told at once, at
// the table they sit or watch at, not only at their next chat line.
// Any goroutine may call it; it never waits, and calls made while the
// table is busy come to one.
func (t *Table) MutesChanged() {
	select {
	case t.chat.mutesIn <- struct{}{}:
	default:
	}
}

// tellMuted tells each member muted now, and not told of this mute
// yet, that the operator muted them (the words of a line refused).
func (c *tableChat) tellMuted(t *Table) {
	if t.Opt.Muted == nil {
		return
	}
	tell := func(m *Member) {
		until, muted := t.Opt.Muted(m.id)
		switch {
		case !muted:
			m.muteTold = nil
		case m.muteTold == nil || !m.muteTold.Equal(until):
			t.refusals.add(m, "chat.muted") // a key of the words: the screen says it
			m.muteTold = &until
		}
	}
	for i := range t.sit.seats {
		if m := t.sit.seats[i].m; m != nil {
			tell(m)
		}
	}
	for m := range t.sit.watchers {
		tell(m)
	}
}

// say adds m's chat line at t, if m has not said too much lately.
func (c *tableChat) say(t *Table, m *Member, text string) {
	text = CleanChat(text)
	if text == "" || (t.sit.seatOf(m) < 0 && !t.sit.watching(m)) {
		return
	}
	if t.Opt.Muted != nil {
		if until, muted := t.Opt.Muted(m.id); muted {
			t.refusals.add(m, "chat.muted") // a key of the words: the screen says it
			m.muteTold = &until
			return
		}
	}
	if !m.chat.Allow(t.Opt.Now(), t.Opt.ChatEvery, t.Opt.ChatBurst) {
		t.refusals.add(m, "chat.slow") // a key of the words: the screen says it
		return
	}
	name := m.name
	if s := t.sit.seatOf(m); s >= 0 {
		name = t.sit.seats[s].name
		t.here(s)
	}
	line := seatmsg.ChatLine{Name: name, Text: text}
	if t.Ref != nil { // where in the match it was said, for a screen that takes the table in whole
		line.Hand, line.Redeal = t.Ref.Deal()
		line.At = t.Ref.Events()
	}
	c.add(line, t.Opt.ChatKeep)
	t.save() // kept now, not at the next move: a crash before it lost the line
}

// underWay reports whether a match (ref) is under way: started and
// not over.
func underWay(ref referee) bool {
	if ref == nil {
		return false
	}
	st, _ := ref.Stage()
	return st != stMatchOver
}
