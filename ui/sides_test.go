package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/host101"
	"okey/ui/hostclassic"
	"okey/ui/overlays"
	"okey/ui/pages"
	"okey/ui/play101"
	"okey/ui/playclassic"
)

// The tests look at the games' sides the Model hosts (hostGames): the
// classic table and its score history, the 101 table; and say tiles and
// moves in the player's words as the tables do.

// sideClassic is classic Okey's side of m.
func sideClassic(m *Model) *hostclassic.Side { return m.games[0].(*hostclassic.Side) }

// tableClassic is classic Okey's table of m. The tables read the
// Model's words and styles from the Look it brings up to date after
// every message; a test that sets the Model's fields by hand and then
// reaches into a table brings it up to date here, as the message's end
// would.
func tableClassic(m *Model) *playclassic.Table {
	m.look()
	return &sideClassic(m).T
}

// table101 is the match of Okey 101 on m's table, nil while none is
// (its Look brought up to date, as tableClassic's).
func table101(m *Model) *play101.Table {
	m.look()
	return m.games[1].(*host101.Side).T
}

// tileName writes a tile for messages: R7, or R5 (okey), J (as R5);
// in Turkish kırmızı 7, okey (kırmızı 5), sahte okey (kırmızı 5).
func tileName(m *Model, t tile.Tile) string { return tableClassic(m).TileCase(t, i18n.Nominative) }

// plainAction101 is the 101 table's plain action for a seat's view (a
// draw, what goes onto the table at once, the safest discard), as a
// served table plays it for a seat whose bot failed.
func plainAction101(v okey101.View) (okey101.Action, bool) {
	var sv meld.Solver
	return decide101.PlainAction(&v, &sv)
}

// handOver101Lines are the end of a hand of 101 as its page shows it.
func handOver101Lines(m *Model) []string {
	if h, ok := m.table().Pages().HandEnd(m.pageW()).Page(); ok {
		return pages.NewHandEnd(m.common(), h).Lines()
	}
	return nil
}

// help101Lines are the ? page of the 101 table before the rules: every
// key of its group in the key map, then how to play 101.
func help101Lines(m *Model, w int) []string {
	out := overlays.KeyPage(m.common(), m.tr.T("t101.help.title"), m.keys.Table101.FullHelp(), m.seat.HostKeys(), w)
	return append(append(out, ""), table101(m).HowToPlay(w)...)
}

// act plays the player's action a at the classic table.
func act(m *Model, a classic.Action) tea.Cmd {
	return m.carry(sideClassic(m).Act(a, m.seat.Of()), tea.KeyPressMsg{})
}
