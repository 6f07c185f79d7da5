package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"okey/game"
)

// The start after a daily played to its end (its page on show when the
// run ended, par known) does not show the daily's page again: it goes
// on as after any match over, with a new match, or with the match the
// daily paused back on its resume page, and says where the daily went.
// No record in the finished matches is empty (n on the page shown again
// filed a 0-byte one that okey review and okey verify call damaged).
func TestTheStartAfterADaily(t *testing.T) {
	for _, paused := range []bool{false, true} {
		name := map[bool]string{false: "alone", true: "paused"}[paused]
		t.Run(name, func(t *testing.T) {
			c := at("2026-11-24 12:00:00")
			var m *Model
			if paused {
				// A classic match under way, then okey daily: the match waits.
				m = newTestModel(t, 80, 24, func(o *Options) { o.Now = c.now })
				drain(t, m, m.Init())
				playMyTurn(t, m)
				m.Flush()
				opt := m.opt
				dailyOpt(game.Okey101, "", c)(&opt)
				m = reopen(t, m, opt)
				m.Update(windowMsg(80, 24))
				drain(t, m, m.Init())
			} else {
				m = newTestModel(t, 80, 24, dailyOpt(game.Okey101, "", c))
				drain(t, m, m.Init())
			}
			press(t, m, "enter")
			toHandOver(t, m)
			press(t, m, "enter")
			toHandOver(t, m)
			press(t, m, "enter")
			if m.screen != scrDaily || m.dl == nil || len(m.dl.Entry().Par) == 0 {
				t.Fatalf("not the daily's page with par:\n%s", plain(m))
			}
			press(t, m, "q")
			m.Flush()
			// The quit says what the next start does: the paused match
			// back, not a new one.
			bye, wantBye := m.Goodbye(nil), "deals a new one"
			if paused {
				wantBye = "brings back the match you paused"
			}
			if !strings.Contains(bye, wantBye) {
				t.Errorf("the quit says %q, want %q", bye, wantBye)
			}
			opt := m.opt
			opt.Daily = nil
			r := reopen(t, m, opt)
			r.Update(windowMsg(80, 24))
			drain(t, r, r.Init())
			want := scrPlay
			if paused {
				want = scrResume
			}
			if r.screen != want || r.dl != nil {
				t.Fatalf("the next start shows screen %d (daily %v), want %d:\n%s", r.screen, r.dl != nil, want, plain(r))
			}
			if !screenHas(r, 24, cutAt(r.tr.T("daily.after"))) {
				t.Errorf("the start does not say where the daily went:\n%s", plain(r))
			}
			if paused && table101(r) != nil {
				t.Errorf("the match back is not the classic one paused:\n%s", plain(r))
			}
			press(t, r, "n")
			press(t, r, "n")
			r.Flush()
			files, _ := filepath.Glob(filepath.Join(r.files.StateDir(), "matches", "*.okey"))
			hands := 0
			for _, f := range files {
				fi, err := os.Stat(f)
				if err != nil || fi.Size() == 0 {
					t.Errorf("an empty record filed: %s", f)
				}
				if strings.Contains(f, "finished") {
					hands++
				}
			}
			if hands < 2 {
				t.Errorf("the daily's two hands are not both filed: %v", files)
			}
		})
	}
}
