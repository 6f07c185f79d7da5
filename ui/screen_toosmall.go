package ui

// The too-small screen stands in for every screen while the terminal is
// smaller than MinWidth×MinHeight.

func (m *Model) renderTooSmall() string {
	w, h := m.width, m.height
	lines := wrap(m.tr.T("toosmall", MinWidth, MinHeight, w, h), max(1, w))
	c := newCanvas(w, h)
	y := max(0, (h-len(lines))/2)
	for i, l := range lines {
		c.put(max(0, (w-textWidth(l))/2), y+i, m.st.Warn.Render(l))
	}
	return c.String()
}
