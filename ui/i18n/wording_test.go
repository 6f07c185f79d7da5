package i18n

import (
	"strings"
	"testing"
)

// The resume and final pages offer the other game in Turkish as a
// Turkish player says it: "(tab: bunun yerine Okey 101)", not the
// awkward "(tab: yerine Okey 101)" (issue 21).
func TestTurkishOtherGameInstead(t *testing.T) {
	tr := MustLoad("tr")
	got := tr.T("game.next", tr.T("val.okey101"), "tab", tr.T("val.classic"))
	if want := "(tab: bunun yerine "; !strings.Contains(got, want) {
		t.Errorf("game.next = %q, want it to say %q", got, want)
	}
}
