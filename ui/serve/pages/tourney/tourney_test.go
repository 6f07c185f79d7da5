package tourney

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/ui/i18n"
	"okey/ui/safetext"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/tourneyview"
)

// Every end of an ask the page says fits the 78 columns an 80-column
// page's status line shows, with the longest name a player may have.
func TestAskEndWordsFitTheStatusLine(t *testing.T) {
	const room = 78
	name := strings.Repeat("Ş", safetext.MaxNameLen)
	for _, lang := range []string{"en", "tr"} {
		c := &common.Common{Tr: i18n.MustLoad(lang)}
		for end := tourneyview.AskAccepted; end <= tourneyview.AskDropped; end++ {
			for _, asker := range []bool{true, false} {
				w := askEndWords(c, end, asker, name)
				if w == "" || strings.Contains(w, "{{") || strings.Contains(w, "%!") {
					t.Errorf("%s: end %d (asker %v) says %q", lang, end, asker, w)
				}
				if ansi.StringWidth(w) > room {
					t.Errorf("%s: %q is %d columns, more than the %d an 80-column status line shows", lang, w, ansi.StringWidth(w), room)
				}
			}
		}
	}
}

// In an arena's last minute the page redraws itself every second, so
// that its countdown counts; before it, and once the arena's time is
// up, it waits for the next read.
func TestLastMinuteTicks(t *testing.T) {
	srv := commontest.New(t)
	f := commontest.ArenaOfFive(t, srv.Now)
	l, tt, err := f.Tournament("t1")
	if err != nil {
		t.Fatal(err)
	}
	c := srv.Common(t.Context(), "key:p0", "", "p0", "en")
	c.Tour = f
	for _, at := range []struct {
		left  time.Duration
		ticks bool
	}{{2 * time.Minute, false}, {time.Minute + time.Second, false}, {time.Minute, true}, {42 * time.Second, true}, {0, false}, {-time.Second, false}} {
		srv.SetNow(l.End.Add(-at.left))
		p := &Page{id: "t1", l: l, t: &tt}
		cmd := p.tick(c)
		if (cmd != nil) != at.ticks {
			t.Errorf("%v before the end: ticks %v, want %v", at.left, cmd != nil, at.ticks)
		}
		if at.ticks && p.tick(c) != nil {
			t.Errorf("%v before the end: a second tick while one is on its way", at.left)
		}
		if at.ticks {
			lines, _ := p.Lines(c)
			want := c.Tr.T("tourney.when.ends", tourneyview.Left(c.Tr, at.left))
			if got := ansi.Strip(strings.Join(lines, "\n")); !strings.Contains(got, want) {
				t.Errorf("%v before the end, the page lacks %q:\n%s", at.left, want, got)
			}
		}
	}
}
