package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/ui/host101"
	"okey/ui/hostclassic"
	"okey/ui/i18n"
	"okey/ui/overlays"
	"okey/ui/play101"
	"okey/ui/playclassic"
)

// The tests look at the games' sides the Model hosts (hostGames): the
// classic table and its score history, the 101 table; and say tiles and
// moves in the player's words as the tables do.

// classic is classic Okey's side of m.
func (m *Model) classic() *hostclassic.Side { return m.games[0].(*hostclassic.Side) }

// c is classic Okey's table. The tables read the Model's words and
// styles from the Look it brings up to date after every message; a test
// that sets the Model's fields by hand and then reaches into a table
// brings it up to date here, as the message's end would.
func (m *Model) c() *playclassic.Table {
	m.look()
	return &m.classic().T
}

// history is the classic match's hands so far.
func (m *Model) history() []playclassic.HandScore { return m.classic().History }

// t is the match of Okey 101 on the table, nil while none is (its
// Look brought up to date, as c's).
func (m *Model) t() *play101.Table {
	m.look()
	return m.games[1].(*host101.Side).T
}

// youOr says key about seat s (table.Words.YouOr).
func (m *Model) youOr(s int, key string, args ...any) string { return m.words().YouOr(s, key, args...) }

// tileName writes a tile for messages: R7, or R5 (okey), J (as R5);
// in Turkish kırmızı 7, okey (kırmızı 5), sahte okey (kırmızı 5).
func (m *Model) tileName(t tile.Tile) string { return m.c().TileCase(t, i18n.Nominative) }

// logText writes a log entry in the player's language
// (playclassic.LogText).
func (m *Model) logText(e playclassic.LogEntry) string { return playclassic.LogText(m.words(), e) }

// tileIn names tile t of a hand whose okey is okey, in case c.
func (m *Model) tileIn(t, okey tile.Tile, c i18n.Case) string { return m.tr.Tile(t, okey, c) }

// tilesIn writes tiles of a hand whose okey is okey in a row: "R4 R5
// OK", "kırmızı 4-5-okey".
func (m *Model) tilesIn(ts []tile.Tile, okey tile.Tile) string { return m.tr.Tiles(ts, okey) }

// plainAction101 is the 101 table's plain action for a seat's view (a
// draw, what goes onto the table at once, the safest discard), as a
// served table plays it for a seat whose bot failed.
func plainAction101(v okey101.View) (okey101.Action, bool) {
	var sv meld.Solver
	return decide101.PlainAction(&v, &sv)
}

// handOver101Lines are the end of a hand of 101 as its page shows it.
func (m *Model) handOver101Lines() []string {
	return m.handEndLines(m.table().Pages().HandEnd(m.pageW()))
}

// help101Lines are the ? page of the 101 table before the rules: every
// key of its group in the key map, then how to play 101.
func (m *Model) help101Lines(w int) []string {
	out := overlays.KeyPage(m.common(), m.tr.T("t101.help.title"), m.keys.Table101.FullHelp(), m.hostKeys(), w)
	return append(append(out, ""), m.t().HowToPlay(w)...)
}

// act plays the player's action a at the classic table.
func (m *Model) act(a classic.Action) tea.Cmd {
	return m.carry(m.classic().Act(a, m.link()), tea.KeyPressMsg{})
}
