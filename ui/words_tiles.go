package ui

import (
	"okey/game/tile"
	"okey/ui/i18n"
)

// How tiles and names read in running text, in the player's language:
// the catalogue's tile words (i18n.Catalog.Tile and its siblings say
// why Turkish writes "kırmızı 7'yi") and the names of the seats.

// nameIn is seat s's name with the case ending c: "Zeynep'in". The
// player's own seat has its own ("you") messages and never comes here
// in a sentence about a third person.
func (m *Model) nameIn(s int, c i18n.Case) string { return m.words().NameIn(s, c) }

// tileIn names tile t of a hand whose okey is okey, in case c.
func (m *Model) tileIn(t, okey tile.Tile, c i18n.Case) string { return m.tr.Tile(t, okey, c) }

// tileCase is tileIn in the classic hand on the table.
func (m *Model) tileCase(t tile.Tile, c i18n.Case) string { return m.c.TileCase(t, c) }

// tilesIn writes tiles of a hand whose okey is okey in a row: "R4 R5
// OK", "kırmızı 4-5-okey".
func (m *Model) tilesIn(ts []tile.Tile, okey tile.Tile) string { return m.tr.Tiles(ts, okey) }

// upFirst writes the first letter of a sentence as a capital where
// tiles are written in words.
func (m *Model) upFirst(s string) string { return m.tr.UpFirst(s) }
