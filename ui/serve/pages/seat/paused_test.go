package seat

import (
	"context"
	"testing"
	"time"

	"okey/kit/i18n"
	"okey/ui/serve/common/commontest"
)

// TestAPauseKeepsTheMoveNote: a player told, back in their seat, that
// their moves were sent again keeps that word for its moment even when
// the table pauses just after (the new node's store slow), and reads the
// pause once the moment is over; the word that the table goes on is cut
// short by a pause, which it would belie; with no note the pause is said
// at once, and nothing once the table goes on and its word has passed.
func TestAPauseKeepsTheMoveNote(t *testing.T) {
	side := commontest.New(t)
	t0 := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		side.SetNow(t0)
		c := side.Common(context.Background(), "key:test", "", "ann", lang)
		p := &Page{}
		line := func(step, want string) {
			t.Helper()
			if got := p.moveLine(c); got != want {
				t.Errorf("%s, %s: the line under the table is %q, want %q", lang, step, got, want)
			}
		}
		sent := tr.T("table.movedback.sent", 1)
		p.note(c, sent, moveNoteFor)
		p.pausedAs(c, true)
		line("paused just after the move's note", sent)
		side.SetNow(t0.Add(moveNoteFor + time.Second))
		line("the note's moment over", tr.T("table.paused"))
		p.pausedAs(c, false)
		line("going on", tr.T("table.resumed"))
		p.pausedAs(c, true)
		line("paused again at once", tr.T("table.paused"))
		p.pausedAs(c, false)
		side.SetNow(t0.Add(2*moveNoteFor + 2*time.Second))
		line("going on, its word passed", "")
		p.pausedAs(c, true)
		line("paused with no note", tr.T("table.paused"))
	}
}
