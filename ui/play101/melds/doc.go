// Package melds is the melds on a 101 table written and drawn, apart
// from the table's state (ui/play101) because it needs none of it: a
// seat's view (okey101.View) and the app's words, styles and paint
// (table.Look) are all it reads (Table, a small value made afresh where
// it is needed). The table, its hand's end and its pages ask it for the
// melds in lines of text, as tiles on a wide terminal, or named in
// words:
//
//	draw.go     the melds placed in their area, as tiles where they fit
//	            whole, else as text (Place, Placed), which one a click
//	            lands on (Placed.At), drawn (Draw), the melds drawn as
//	            tiles kept from frame to frame (Blocks)
//	melds.go    Table; the melds in lines of text grouped by the seat
//	            that laid them down (Rows, Lines, Order), a tile's face
//	            on the rack (Face), a meld named (Name), a tile of a meld
//	            and the tiles others laid off, in words (TileWords,
//	            LayOffsByOthers)
//	notation.go the table's notation: tiles of a hand in a row, a tile
//	            of a meld as the table writes it (TileText, LayOffMark)
//
// It imports the referee of 101 (game/okey101, game/okey101/meld, game/tile)
// and the table's core (ui/table, ui/canvas, ui/layout, ui/theme,
// kit/i18n), and nothing of ui or of ui/play101.
package melds
