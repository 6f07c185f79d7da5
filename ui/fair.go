package ui

// A served match's deals are committed to before they are played (see
// package game/fair): the table tells every seat the commitment's short
// form at the deal, and once the match is over the seed and salt that
// make it. The screen notes the commitment in the log when it first
// sees it, keeps it on the score page, and shows all of it with the way
// to check it on the match-over page. A local match has none of this:
// the player holds its record.

// fairLines are the page's lines about the commitment: the commitment,
// and after the match (reveal) the seed, the salt and how to check them.
func (m *Model) fairLines(reveal bool) []string {
	if m.seat == nil || m.seat.Fair.Commit == "" {
		return nil
	}
	f := m.seat.Fair
	if !reveal || f.Seed == "" {
		return []string{"", m.st.Dim.Render(m.tr.T("fair.commit", f.Commit))}
	}
	out := []string{"", m.st.Dim.Render(m.tr.T("fair.committed", f.Commit)), m.st.Dim.Render(m.tr.T("fair.reveal", f.Seed, f.Salt))}
	if r := m.seat.opt.Record; r != "" {
		out = append(out, m.st.Dim.Render(m.tr.T("fair.check", r)))
	}
	return out
}
