package ui

import (
	"okey/ui/layout"
	"okey/ui/pages"
)

// pageW is the width page text wraps at.
func (m *Model) pageW() int { return m.lay.Page.W - layout.PageX }

// common is what the pages are drawn with, as the Model has it now.
func (m *Model) common() *pages.Common {
	return &pages.Common{Tr: m.tr, St: m.st, Keys: &m.keys, Lay: m.lay}
}
