package common

import (
	"strings"
	"testing"
)

// TestReplaceLine puts a line in place of each line of screens with and
// without a last newline, and asks for lines that are not there: the
// screen comes back as splitting it into lines, replacing one and
// joining them would give.
func TestReplaceLine(t *testing.T) {
	byLines := func(screen string, y int, line string) string {
		ls := strings.Split(screen, "\n")
		if y < 0 || y >= len(ls) {
			return screen
		}
		ls[y] = line
		return strings.Join(ls, "\n")
	}
	screens := []string{"", "one", "one\ntwo", "one\ntwo\n", "\n\n", "a\x1b[1mb\x1b[m\nčift\n\nlast"}
	for _, screen := range screens {
		for y := -1; y <= strings.Count(screen, "\n")+1; y++ {
			for _, line := range []string{"", "NEW", "new\x1b[7m line"} {
				want := byLines(screen, y, line)
				if got := ReplaceLine(screen, y, line); got != want {
					t.Errorf("ReplaceLine(%q, %d, %q) = %q, want %q", screen, y, line, got, want)
				}
			}
		}
	}
}
