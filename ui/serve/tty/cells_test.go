package tty

import (
	"regexp"
	"strconv"
	"testing"
)

// insertAt finds the sequences that insert blanks (CSI n @).
var insertAt = regexp.MustCompile(`\x1b\[(\d*)@`)

// TestNoInsertWiderThanWhatMoves: a line's cells shifted right are
// shifted by inserting blanks only where the blanks are no more than the
// cells they move. tmux 3.3a, asked for more, blanks only as many as it
// moves and leaves the old letters in the rest: over SSH at 43 columns
// the bar "d draw • t take discard • m chat • h hint", after a bar that
// began "m chat", showed "•tm chat". Each line here changes from its
// first column, so an insert of n there moves w-n cells.
func TestNoInsertWiderThanWhatMoves(t *testing.T) {
	for _, c := range []struct {
		w        int
		old, new string
	}{
		{43, "m chat • h hint", "d draw • t take discard • m chat • h hint"},
		{43, "\x1b[1;96mm\x1b[m chat • \x1b[1;96mh\x1b[m hint", "\x1b[1;96md\x1b[m draw • \x1b[1;96mt\x1b[m take discard • \x1b[1;96mm\x1b[m chat • \x1b[1;96mh\x1b[m hint"},
		{60, "the rest of the line moves", "a long new beginning of thirty-four the rest of the line moves"},
	} {
		seq, ok := Redraw(c.old, c.new, c.w)
		if !ok {
			t.Fatalf("%q: not sent by its cells", c.new)
		}
		for _, m := range insertAt.FindAllStringSubmatch(seq, -1) {
			n := 1
			if m[1] != "" {
				n, _ = strconv.Atoi(m[1])
			}
			if 2*n > c.w {
				t.Errorf("%q then %q at %d columns: %d blanks inserted, moving %d cells (%q)", c.old, c.new, c.w, n, c.w-n, seq)
			}
		}
	}
}
