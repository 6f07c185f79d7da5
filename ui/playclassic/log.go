package playclassic

import (
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// LogEntry is a line of classic Okey's move log: an event (as seat 0 may see it) or
// a note.
type LogEntry struct {
	Ev   classic.Event
	Note string
	Chat bool // the note is a line of the table's chat
	Hand int
	// Okey is the Okey of the hand the event happened in: a line says
	// what was true then, not what the hand on the table makes of it.
	Okey tile.Tile
	// At is an event's place in its hand's history (-1: not known), a
	// chat line's the number of events before it (ChatLine.At).
	At int
}

// LogText writes a log entry in the player's language (w), with the
// words of the hand it happened in (its okey, not the one on the table
// now).
func LogText(w table.Words, e LogEntry) string {
	if e.Note != "" {
		return e.Note
	}
	return w.Tr.UpFirst(logWords(w, e))
}

func logWords(w table.Words, e LogEntry) string {
	ev := e.Ev
	tr := w.Tr
	me := ev.Seat == 0 && !w.Watching // a spectator's seat 0 is a player's
	// say writes the entry: "key" with the actor first, or "key.you"
	// without it for the player.
	say := func(base string, args ...any) string { return w.YouOr(ev.Seat, base, args...) }
	tileIn := func(t tile.Tile, c i18n.Case) string { return tr.Tile(t, e.Okey, c) }
	switch ev.Kind {
	case classic.EvDeal:
		dealer := tr.T("log.dealer", w.SeatName(ev.Seat))
		if me {
			dealer = tr.T("log.dealer.you")
		}
		if ev.Tile == tile.NoTile {
			return tr.T("log.deal.noindicator", w.Hand(e.Hand), dealer)
		}
		return tr.T("log.deal", w.Hand(e.Hand), dealer, tr.Face(ev.Tile), tr.Face(ev.Tile.Next()))
	case classic.EvShow:
		return say("log.show", tr.Face(ev.Tile))
	case classic.EvDraw:
		switch {
		case me && ev.Tile != tile.NoTile:
			return tr.T("log.draw.you", tileIn(ev.Tile, i18n.Nominative))
		case me: // the public history of a resumed match does not say which
			return tr.T("log.draw.you.wall")
		}
		return tr.T("log.draw", w.SeatName(ev.Seat))
	case classic.EvTake:
		return say("log.take", tileIn(ev.Tile, i18n.Accusative), w.FromWhom(ev.From))
	case classic.EvDiscard:
		return say("log.discard", tileIn(ev.Tile, i18n.Nominative))
	case classic.EvFinish:
		return say("log.finish", tileIn(ev.Tile, i18n.Nominative))
	case classic.EvWallOut:
		return tr.T("log.wallout")
	case classic.EvLeave:
		return say("log.leave")
	}
	return ""
}
