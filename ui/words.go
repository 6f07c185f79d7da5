package ui

import (
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/playclassic"
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

// tileName writes a tile for messages: R7, or R5 (okey), J (as R5);
// in Turkish kırmızı 7, okey (kırmızı 5), sahte okey (kırmızı 5).
func (m *Model) tileName(t tile.Tile) string { return m.tileCase(t, i18n.Nominative) }

// logText writes a log entry in the player's language
// (playclassic.LogText).
func (m *Model) logText(e playclassic.LogEntry) string { return playclassic.LogText(m.words(), e) }
