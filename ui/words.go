package ui

import (
	"okey/ui/hostdaily"
	"okey/ui/table"
)

// The game's words for seats, tiles, scores and moves, and why a move
// was refused, in the player's language: the catalogue's tile words
// (i18n.Catalog.Tile and its siblings say why Turkish writes "kırmızı
// 7'yi"), the seats' names (ui/table's Words), the referees' errors
// (kit/problem's Reason).

// words are the table's words for seats (ui/table), as the screen
// stands now: the seats' names, whether it is a spectator's, and the
// number its match's first hand has in the format played (a daily's
// hand is its match's first).
func (m *Model) words() table.Words {
	return table.Words{Tr: m.tr, Names: m.names, Watching: m.Watching(), FirstHand: m.format().FirstHand()}
}

// format is the format the match on the table is played in, as the
// screens ask it (hostdaily.Format): the daily on the table, a served
// daily's hand, or a match of one's own.
func (m *Model) format() hostdaily.Format {
	switch {
	case m.dl != nil:
		return m.dl
	case m.seat != nil && m.seat.Daily != nil:
		return hostdaily.Served{D: m.seat.Daily}
	}
	return hostdaily.Match{}
}
