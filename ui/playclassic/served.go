package playclassic

import (
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/seatmsg"
	"okey/ui/seatlink"
)

// Sent notes a discard (or a finish) a served seat sent from slot of
// the rack, throwing x: until the table's next view shows it done, the
// tile stays in its slot.
func (t *Table) Sent(slot int, x tile.Tile) { t.sentSlot, t.sentTile = slot, x }

// Send sends the player's action a to the served table over l (the
// action's seat the table's); when it goes, the tile picked up is let
// go, and a discard's stays in its slot until the table shows it
// (Sent). The next update says what came of it.
func (t *Table) Send(l *seatlink.Link, a classic.Action) seatlink.Sent {
	a.Seat = l.Rot
	st := l.Move(seatmsg.Intent{Kind: seatmsg.IntentAct, Action: a, Hand: t.View.Hand})
	if st != seatlink.Gone {
		return st
	}
	t.Held = -1
	if a.Kind == classic.ActDiscard || a.Kind == classic.ActFinish {
		t.Sent(t.Cursor, a.Tile)
	}
	return st
}

// TakeServed takes in a served seat's view v, turned to seat 0, as the
// match's own view is taken at a local table: at a new match (fresh)
// the view whole, a freshly laid rack and the log from its history;
// else the rack and the log brought in step (TakeView, then the
// hand's events not logged yet). A discard sent leaves the slot it was
// thrown from, not another copy of the tile.
func (t *Table) TakeServed(v classic.View, fresh bool) {
	old := t.View
	slot, x := t.sentSlot, t.sentTile
	t.sentSlot = -1
	if fresh {
		t.View = v
		t.Log = t.Log[:0]
		t.NewHandRack()
		t.fillLog()
		return
	}
	if slot >= 0 && v.Counts[x] < old.Counts[x] && t.Rack.Slots[slot] == x {
		t.Rack.Slots[slot] = tile.NoTile
	}
	t.TakeView(v)
	if v.Hand == old.Hand {
		for i := min(len(old.History), len(v.History)); i < len(v.History); i++ {
			t.AddLog(v.History[i], i)
		}
	}
}

// TakeUpdate takes in what a served table of classic Okey says of the
// game now (u.View, turned to the screen by l): the view, the rack
// and the log kept in step (TakeServed), all begun anew at the seat's
// first view (first) or a new match (back to an earlier hand, or the
// hands' sheet emptied). What the screen does next is the app's, from
// what it reports.
func (t *Table) TakeUpdate(u seatmsg.Update, l *seatlink.Link, first bool) seatlink.Taken {
	old := t.View
	v := u.View.Rotate(l.Rot)
	newMatch := !first && (v.Hand < old.Hand || (len(u.Hands) == 0 && old.Hand > 1))
	t.TakeServed(v, first || newMatch)
	return seatlink.Taken{First: first, NewMatch: newMatch, Was: stand(&old), Now: stand(&v)}
}

// stand is where the match of view v stands, for a seat's screen.
func stand(v *classic.View) seatlink.Stand {
	return seatlink.Stand{Mine: v.MyTurn(), Playing: v.Phase == game.Playing, HandOver: v.Phase == game.HandOver, MatchOver: v.Phase == game.MatchOver}
}

// TakeNotes puts a served seat's notes (the commitment, the chat) into
// the log beside the moves (seatlink.Place), and trims it.
func (t *Table) TakeNotes(n seatlink.Notes) {
	hand := t.View.Hand
	t.Log = seatlink.Place(t.Log, n,
		func(note string) LogEntry { return LogEntry{Note: note, Hand: hand} },
		func(e *LogEntry) (bool, bool, int, int) { return e.Chat, e.Note == "", game.DealKey(e.Hand, 0), e.At },
		func(c seatmsg.ChatLine, text string) LogEntry {
			return LogEntry{Note: text, Chat: true, Hand: c.Hand, At: c.At}
		})
	t.TrimLog()
}
