package ui

// A served match's deals are committed to before they are played (see
// package game/fair): the table tells every seat the commitment's short
// form at the deal, and once the match is over the seed and salt that
// make it. The screen notes the commitment in the log when it first
// sees it, keeps it on the score page, and shows all of it with the way
// to check it on the match-over page. A local match has none of this:
// the player holds its record.

// fairLines are the page's lines about the commitment (seathost's
// Fair): the commitment, and after the match (reveal) the seed, the
// salt and how to check them.
func (m *Model) fairLines(reveal bool) []string { return m.seat.Fair(m.common(), reveal) }
