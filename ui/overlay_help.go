package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/i18n"
)

// The help overlay (?) lists every key of the table from the key map,
// then how to play; it scrolls (see overlay.go).

// updateHelp closes the help: ? and esc close it and do nothing more.
func (m *Model) updateHelp(k tea.KeyPressMsg) bool {
	return key.Matches(k, m.keys.Table.Help, m.keys.Overlay.Close)
}

// helpLines are the ? page: every key of the key map, then how to play.
func (m *Model) helpLines(w int) []string {
	out := []string{m.st.Title.Render(cut(m.tr.T("help.title"), w)), ""}
	groups := m.keys.Table.fullHelp()
	colW, descW := 0, 0
	for _, g := range groups {
		for _, b := range g {
			colW = max(colW, textWidth(helpKeys(b)))
			descW = max(descW, textWidth(b.Help().Desc))
		}
	}
	// Two columns of keys when they fit, one otherwise.
	var items []string
	for _, g := range groups {
		for _, b := range g {
			items = append(items, m.st.Key.Render(fit(helpKeys(b), colW))+"  "+m.st.Text.Render(b.Help().Desc))
		}
	}
	cellW := colW + 2 + descW + 3
	cols := max(1, min(3, w/cellW))
	rows := (len(items) + cols - 1) / cols
	for r := range rows {
		line := ""
		for col := range cols {
			i := col*rows + r
			if i < len(items) {
				line += fit(items[i], cellW)
			}
		}
		out = append(out, cut(line, w))
	}
	out = append(out, "")
	for _, s := range wrap(i18n.Help(m.tr.Lang), w) {
		out = append(out, m.st.Text.Render(s))
	}
	return out
}
