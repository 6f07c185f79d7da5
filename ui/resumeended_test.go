package ui

import (
	"strings"
	"testing"
)

// TestResumeBetweenHandsSaysTheHandEnded: a match quit on a hand's end
// page is offered again as a hand that has ended, not one "under way"
// (what the resume page said, seen after quitting a classic match in
// Turkish between hands: "El 2 sürüyor"), in both games and languages.
func TestResumeBetweenHandsSaysTheHandEnded(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		// Classic.
		m := newTestModel(t, 100, 30, func(o *Options) { o.Settings.Lang = lang })
		drain(t, m, m.Init())
		for turns := 0; m.screen == scrPlay; turns++ {
			if turns > 300 {
				t.Fatal("the hand does not end")
			}
			playMyTurn(t, m)
		}
		checkResumeEnded(t, lang+" classic", m, "resume.body.ended", tableClassic(m).View.Hand, "@")
		// Okey 101.
		m = start101(t, 100, 30, func(o *Options) { o.Settings.Lang = lang })
		for turns := 0; m.screen == scrPlay; turns++ {
			if turns > 300 {
				t.Fatal("the 101 hand does not end")
			}
			drawIfDue(t, m)
			myTurn101(t, m)
		}
		checkResumeEnded(t, lang+" 101", m, "t101.resume.body.ended", table101(m).View.Hand, table101(m).View.Rules.Hands, "@")
	}
}

// checkResumeEnded quits m on its hand's end and checks that the next
// start's resume page says so: the catalog line key with args, up to
// the place of the save ("@").
func checkResumeEnded(t *testing.T, name string, m *Model, key string, args ...any) {
	t.Helper()
	if m.screen != scrHandOver {
		t.Fatalf("%s: not on a hand's end (screen %d)", name, m.screen)
	}
	press(t, m, "q")
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	m2 := reopen(t, m, m.opt)
	m2.Update(windowMsg(100, 30))
	out := plain(m2)
	if m2.screen != scrResume {
		t.Fatalf("%s: no resume page:\n%s", name, out)
	}
	under := map[string]string{"en": "is under way", "tr": "sürüyor"}[m2.tr.Lang]
	if strings.Contains(out, under) {
		t.Errorf("%s: the resume page says the hand is under way:\n%s", name, out)
	}
	if want := strings.SplitN(m2.tr.T(key, args...), "@", 2)[0]; !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Errorf("%s: the resume page does not say %q:\n%s", name, want, out)
	}
}
