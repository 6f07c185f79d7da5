package ui

import (
	"strings"
	"testing"
)

// TestClassicCasualHeaderWholeOrNot: a casual match's header says
// "casual (undo)" where it fits whole, and leaves it out where it does
// not, as 101's does (u in the key bar says it): at 80 columns the
// classic header read "from 5 points · …    ? help · o settings · q
// quit".
func TestClassicCasualHeaderWholeOrNot(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		m := newTestModel(t, 80, 24, withPlainBots, func(o *Options) {
			o.Settings.Lang = lang
			o.Settings.Undo = true
		})
		drain(t, m, m.Init())
		casual := m.tr.T("hdr.casual")
		for _, w := range []int{80, 100, 120, 200} {
			m.Update(windowMsg(w, 30))
			head := strings.Split(plain(m), "\n")[0]
			if strings.Contains(head, "…") {
				t.Errorf("%s at %d columns: the header is cut: %q", lang, w, head)
			}
			if w >= 120 && !strings.Contains(head, casual) {
				t.Errorf("%s at %d columns: the header does not say %q: %q", lang, w, casual, head)
			}
		}
	}
}
