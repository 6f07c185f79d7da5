package ui

import (
	"strings"
	"testing"
)

// The keys bar of a 101 hand's end and of its final table names i, the
// statistics, as classic's do: i opens them there, and a key that works
// is shown (issue 21).
func TestBars101NameTheStatistics(t *testing.T) {
	m := start101(t, 120, 40, withSeed(3), func(o *Options) { o.Settings.Rules101 = "hands=2" })
	seen := map[screen]bool{}
	for m.screen != scrMatchOver {
		for m.screen == scrPlay {
			myTurn101(t, m)
		}
		if m.screen == scrHandOver {
			if !seen[scrHandOver] {
				seen[scrHandOver] = true
				if bar := lastLine(plain(m)); !strings.Contains(bar, "i statistics") {
					t.Errorf("a 101 hand's end does not name i:\n%s", bar)
				}
			}
			press(t, m, "enter")
		}
	}
	if bar := lastLine(plain(m)); !strings.Contains(bar, "i statistics") {
		t.Errorf("101's final table does not name i:\n%s", bar)
	}
	press(t, m, "i")
	if !strings.Contains(plain(m), "Okey 101") {
		t.Fatalf("i on 101's final table does not show the statistics:\n%s", plain(m))
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n ")
	return s[strings.LastIndex(s, "\n")+1:]
}
