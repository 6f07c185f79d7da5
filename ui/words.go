package ui

import (
	"okey/game"
	"okey/game/tile"
)

// The game's words for seats, tiles, scores and moves, in the player's
// language.

// seatName is how the log and the screens name a seat.
func (m *Model) seatName(s int) string {
	if s == 0 && !m.Watching() {
		return m.tr.T("you")
	}
	if s < 0 || s >= game.NumSeats {
		return "?"
	}
	return m.names[s]
}

// seatNameMid is seatName inside a sentence: "you" rather than "You".
func (m *Model) seatNameMid(s int) string {
	if s == 0 && !m.Watching() {
		return m.tr.T("you.mid")
	}
	return m.seatName(s)
}

// tileName writes a tile for messages: R7, or R5 (okey), J (R5).
func (m *Model) tileName(t tile.Tile) string {
	v := &m.c.view
	switch {
	case t == tile.NoTile:
		return "-"
	case t == tile.FalseJoker && v.Okey != tile.NoTile:
		return m.tr.T("tile.false", v.Okey.String())
	case v.Okey != tile.NoTile && t == v.Okey:
		return m.tr.T("tile.okey", t.String())
	}
	return t.String()
}

// inlineTile is a tile on one line in its colour, the okey and a false
// joker said in words as tileName says them.
func (m *Model) inlineTile(t tile.Tile) string {
	if name := m.tileName(t); name != t.String() {
		return m.st.Okey.Render(name)
	}
	return m.st.Inline(t)
}

// pointsText is a score for a panel: "1 pt", "3 pts", "-1 pts".
func (m *Model) pointsText(n int) string {
	if n == 1 {
		return m.tr.T("panel.point", n)
	}
	return m.tr.T("panel.points", n)
}

// logText writes a log entry in the player's language.
func (m *Model) logText(e logEntry) string {
	if e.note != "" {
		return e.note
	}
	ev := e.ev
	me := ev.Seat == 0 && !m.Watching() // a spectator's seat 0 is a player's
	// say writes the entry: "key" with the actor first, or "key.you"
	// without it for the player.
	say := func(base string, args ...any) string {
		if me {
			return m.tr.T(base+".you", args...)
		}
		return m.tr.T(base, append([]any{m.seatName(ev.Seat)}, args...)...)
	}
	switch ev.Kind {
	case game.EvDeal:
		dealer := m.tr.T("log.dealer", m.seatName(ev.Seat))
		if me {
			dealer = m.tr.T("log.dealer.you")
		}
		if ev.Tile == tile.NoTile {
			return m.tr.T("log.deal.noindicator", e.hand, dealer)
		}
		return m.tr.T("log.deal", e.hand, dealer, ev.Tile.String(), ev.Tile.Next().String())
	case game.EvShow:
		return say("log.show", ev.Tile.String())
	case game.EvDraw:
		switch {
		case me && ev.Tile != tile.NoTile:
			return m.tr.T("log.draw.you", m.tileName(ev.Tile))
		case me: // the public history of a resumed match does not say which
			return m.tr.T("log.draw.you.wall")
		}
		return m.tr.T("log.draw", m.seatName(ev.Seat))
	case game.EvTake:
		return say("log.take", m.tileName(ev.Tile), m.seatNameMid(ev.From))
	case game.EvDiscard:
		return say("log.discard", m.tileName(ev.Tile))
	case game.EvFinish:
		return say("log.finish", m.tileName(ev.Tile))
	case game.EvWallOut:
		return m.tr.T("log.wallout")
	case game.EvLeave:
		return say("log.leave")
	}
	return ""
}
