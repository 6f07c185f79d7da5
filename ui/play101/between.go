package play101

import (
	"okey/game/okey101"
	"okey/ui/pages"
	"okey/ui/play101/sheet"
)

// The score sheet and the pages between hands as ui/play101/sheet
// writes them from the table's view and its log; the names the app and
// its tests call them by.

// scoreSheet is the match's score sheet, with the host's words and
// styles, a hand's end told from the table's log.
func (t *Table) scoreSheet() sheet.Sheet { return sheet.Sheet{Look: t.look, View: &t.View, Log: t} }

// HandEndPage is the end of the hand on the table at width w, for
// pages.HandEnd (sheet.Sheet.HandEndPage); ok is false while no hand
// has ended.
func (t *Table) HandEndPage(w int) (pages.HandEnd, bool) { return t.scoreSheet().HandEndPage(w) }

// Final is the final sheet of the match on the table, for pages.Final
// (sheet.Sheet.Final); ok is false while the match goes on.
func (t *Table) Final() (pages.FinalTable, bool) { return t.scoreSheet().Final() }

// SheetTable is every hand so far, a line a hand (each player's score
// in it, how it ended), and the totals, at most w wide (0: as wide as
// it is): the score sheet's page, and under the melds on a tall terminal.
func (t *Table) SheetTable(w int) []string { return t.scoreSheet().Table(w) }

// HandTitle says who finished the hand res and how.
func (t *Table) HandTitle(res *okey101.HandResult) string { return t.scoreSheet().HandTitle(res) }

// LineWhy says why a seat scored what it did in a hand.
func (t *Table) LineWhy(seat int, l *okey101.ScoreLine) string {
	return t.scoreSheet().LineWhy(seat, l)
}
