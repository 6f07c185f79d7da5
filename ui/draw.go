package ui

import (
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/table"
)

// pageW is the width page text wraps at.
func (m *Model) pageW() int { return m.lay.Page.W - layout.PageX }

// paint is s drawn in style id, drawn once and looked up after (the
// cache, table.Painter, goes with the style sheet; both games' tables
// and the pages between hands use it).
func (m *Model) paint(id table.Style, s string) string { return m.painter.Paint(m.st, id, s) }

// common is what the pages are drawn with, as the Model has it now.
func (m *Model) common() *pages.Common {
	return &pages.Common{Tr: m.tr, St: m.st, Keys: &m.keys, Lay: m.lay}
}
