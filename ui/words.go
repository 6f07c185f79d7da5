package ui

import (
	"okey/ui/hostdaily"
	"okey/ui/i18n"
	"okey/ui/pages"
	"okey/ui/problem"
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
	case m.seat != nil && m.seat.daily != nil:
		w.FirstHand = m.seat.daily.Hand // a served daily's too
	}
	return w
}

// seatName is how the log and the screens name a seat.
func (m *Model) seatName(s int) string { return m.words().SeatName(s) }

// nameIn is seat s's name with the case ending c: "Zeynep'in". The
// player's own seat has its own ("you") messages and never comes here
// in a sentence about a third person.
func (m *Model) nameIn(s int, c i18n.Case) string { return m.words().NameIn(s, c) }

// upFirst writes the first letter of a sentence as a capital where
// tiles are written in words.
func (m *Model) upFirst(s string) string { return m.tr.UpFirst(s) }

// reason is err in the player's words (problem.Reason).
func (m *Model) reason(err error) string { return problem.Reason(m.tr, err) }

// levelName is a bot level in the player's language.
func (m *Model) levelName(l string) string { return pages.LevelName(m.common(), l) }

// dailyHand is what the header says of a daily's hand in place of the
// match's count ("" for no daily): the header's own "hand 1" is the
// hand of its match, each of the daily's hands being a match of its own.
func (m *Model) dailyHand() string {
	switch {
	case m.dl != nil:
		return m.dl.Badge(m.common())
	case m.seat != nil && m.seat.daily != nil:
		return hostdaily.Served{D: m.seat.daily}.Badge(m.common())
	}
	return ""
}
