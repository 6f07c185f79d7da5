package ui

import (
	"okey/ui/canvas"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The browse overlay (b) shows the discard stacks the player may look
// through: their own and the previous player's whole, the tops of the
// other two.

// updateBrowse closes the stacks: b and esc close them and do nothing
// more.
func (m *Model) updateBrowse(k tea.KeyPressMsg) bool {
	return key.Matches(k, m.keys.Table.Browse, m.keys.Overlay.Close)
}

// browseLines show the discard stacks the player may look through: their
// own and the previous player's whole, the tops of the other two.
func (m *Model) browseLines(w int) []string {
	v := &m.c.View
	out := []string{m.st.Title.Render(canvas.Cut(m.tr.T("browse.title"), w)), ""}
	for _, s := range []int{v.Previous, 0, 1, 2, 3} {
		if s == v.Previous && s != 0 && len(out) > 2 {
			continue
		}
		if s != 0 && s != v.Previous && len(out) == 2 {
			continue
		}
		out = append(out, m.browseStack(s, w)...)
	}
	out = append(out, "", m.st.Dim.Render(canvas.Cut(m.tr.T("browse.keys"), w)))
	return out
}

func (m *Model) browseStack(s int, w int) []string {
	v := &m.c.View
	name := m.tr.T("stack.yours")
	if s != 0 {
		name = m.tr.T("stack.of", m.seatName(s))
	}
	head := m.st.Bold.Render(name) + m.st.Dim.Render(" ("+m.tr.T("stack.count", v.DiscardCounts[s])+")")
	full := s == 0 || s == v.Previous
	var ts []string
	for _, t := range v.Discards[s] {
		ts = append(ts, m.inlineTile(t))
	}
	body := strings.Join(ts, " ")
	switch {
	case v.DiscardCounts[s] == 0:
		body = m.st.Dim.Render(m.tr.T("browse.empty"))
	case !full:
		body = m.tr.T("browse.toponly", body)
	}
	out := []string{canvas.Cut(head, w)}
	for _, l := range canvas.Wrap(body, w-2) {
		out = append(out, "  "+l)
	}
	return out
}
