package ui

import (
	"okey/ui/hostdaily"
	"okey/ui/table"
)

// The game's words for seats, tiles, scores and moves, and why a move
// was refused, in the player's language: the catalogue's tile words
// (i18n.Catalog.Tile and its siblings say why Turkish writes "kırmızı
// 7'yi"), the seats' names (ui/table's Words), the referees' errors
// (ui/problem's Reason).

// words are the table's words for seats (ui/table), as the screen
// stands now: the seats' names, and whether it is a spectator's.
func (m *Model) words() table.Words {
	w := table.Words{Tr: m.tr, Names: m.names, Watching: m.Watching()}
	switch {
	case m.dl != nil:
		w.FirstHand = m.dl.Hand() // a daily's hand is its match's first
	case m.seat != nil && m.seat.Daily != nil:
		w.FirstHand = m.seat.Daily.Hand // a served daily's too
	}
	return w
}

// dailyHand is what the header says of a daily's hand in place of the
// match's count ("" for no daily): the header's own "hand 1" is the
// hand of its match, each of the daily's hands being a match of its own.
func (m *Model) dailyHand() string {
	switch {
	case m.dl != nil:
		return m.dl.Badge(m.common())
	case m.seat != nil && m.seat.Daily != nil:
		return hostdaily.Served{D: m.seat.Daily}.Badge(m.common())
	}
	return ""
}
