package ui

import (
	"strings"
	"testing"
)

// TestSeatNotesTheCommitment: a seat's screen notes the table's
// commitment in the log once (not again at every update), keeps it on
// the score page, notes a new match's anew, and says nothing of seed or
// salt before the table tells them.
func TestSeatNotesTheCommitment(t *testing.T) {
	f := newFakeTable(t, 5)
	m := newSeatModel(t, f, 1)
	notes := func() int {
		n := 0
		for _, e := range m.log {
			if strings.HasPrefix(e.note, "Deal committed: ") {
				n++
			}
		}
		return n
	}
	u := f.update(1)
	u.Fair = Fairness{Commit: "3f9a 21c0 88d1 7b2e"}
	m.Update(u)
	m.Update(u)
	if notes() != 1 || !strings.Contains(plain(m), "Deal committed: 3f9a 21c0 88d1 7b2e (note it)") {
		t.Fatalf("%d notes of the commitment; the screen:\n%s", notes(), plain(m))
	}
	if page := strings.Join(m.scoreLines(), "\n"); !strings.Contains(page, "Deal committed: 3f9a 21c0 88d1 7b2e") {
		t.Errorf("the score page does not keep the commitment:\n%s", page)
	}
	if lines := strings.Join(m.fairLines(true), "\n"); strings.Contains(lines, "Revealed") {
		t.Errorf("a match in play reveals: %s", lines)
	}
	u.Fair = Fairness{Commit: "0000 1111 2222 3333"}
	m.Update(u)
	if notes() != 2 {
		t.Errorf("a new commitment is not noted: %d notes", notes())
	}
	// A local match has no commitment to show.
	if got := (&Model{}).fairLines(true); got != nil {
		t.Errorf("a local match's page says %q", got)
	}
}
