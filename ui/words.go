package ui

import (
	"okey/game"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/table"
)

// The game's words for seats, tiles, scores and moves, in the player's
// language.

// words are the table's words for seats (ui/table), as the screen
// stands now: the seats' names, and whether it is a spectator's.
func (m *Model) words() table.Words {
	return table.Words{Tr: m.tr, Names: m.names, Watching: m.Watching()}
}

// seatName is how the log and the screens name a seat.
func (m *Model) seatName(s int) string { return m.words().SeatName(s) }

// youOr says key about seat s (table.Words.YouOr).
func (m *Model) youOr(s int, key string, args ...any) string { return m.words().YouOr(s, key, args...) }

// seatNameMid is seatName inside a sentence: "you" rather than "You".
func (m *Model) seatNameMid(s int) string { return m.words().SeatNameMid(s) }

// tileName writes a tile for messages: R7, or R5 (okey), J (as R5);
// in Turkish kırmızı 7, okey (kırmızı 5), sahte okey (kırmızı 5).
func (m *Model) tileName(t tile.Tile) string { return m.tileCase(t, i18n.Nominative) }

// inlineTile is a tile on one line in its colour, as the table draws
// it (the notation: the browse overlay lays stacks of them out), the
// okey and a false joker said in words as tileName says them.
func (m *Model) inlineTile(t tile.Tile) string {
	if t == tile.FalseJoker || (t == m.c.view.Okey && t != tile.NoTile) {
		return m.st.Okey.Render(m.tileName(t))
	}
	return m.st.Inline(t)
}

// pointsText is a score for a panel: "1 pt", "3 pts", "-1 pts".
func (m *Model) pointsText(n int) string { return m.words().PointsText(n) }

// logText writes a log entry in the player's language, with the words
// of the hand it happened in (its okey, not the one on the table now).
func (m *Model) logText(e logEntry) string {
	if e.note != "" {
		return e.note
	}
	return m.upFirst(m.logWords(e))
}

func (m *Model) logWords(e logEntry) string {
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
	tileIn := func(t tile.Tile, c i18n.Case) string { return m.tileIn(t, e.okey, c) }
	switch ev.Kind {
	case game.EvDeal:
		dealer := m.tr.T("log.dealer", m.seatName(ev.Seat))
		if me {
			dealer = m.tr.T("log.dealer.you")
		}
		if ev.Tile == tile.NoTile {
			return m.tr.T("log.deal.noindicator", e.hand, dealer)
		}
		return m.tr.T("log.deal", e.hand, dealer, m.faceText(ev.Tile), m.faceText(ev.Tile.Next()))
	case game.EvShow:
		return say("log.show", m.faceText(ev.Tile))
	case game.EvDraw:
		switch {
		case me && ev.Tile != tile.NoTile:
			return m.tr.T("log.draw.you", tileIn(ev.Tile, i18n.Nominative))
		case me: // the public history of a resumed match does not say which
			return m.tr.T("log.draw.you.wall")
		}
		return m.tr.T("log.draw", m.seatName(ev.Seat))
	case game.EvTake:
		return say("log.take", tileIn(ev.Tile, i18n.Accusative), m.fromWhom(ev.From))
	case game.EvDiscard:
		return say("log.discard", tileIn(ev.Tile, i18n.Nominative))
	case game.EvFinish:
		return say("log.finish", tileIn(ev.Tile, i18n.Nominative))
	case game.EvWallOut:
		return m.tr.T("log.wallout")
	case game.EvLeave:
		return say("log.leave")
	}
	return ""
}

// fromWhom names the seat a tile was taken from, inside a sentence.
func (m *Model) fromWhom(s int) string { return m.words().FromWhom(s) }

// levelName is a bot level in the player's language.
func (m *Model) levelName(l string) string {
	if m.tr.Has("level." + l) {
		return m.tr.T("level." + l)
	}
	return l
}
