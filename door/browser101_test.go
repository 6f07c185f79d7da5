package door

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"okey/game/format"
)

// sealOf is a source of randomness that gives every match the same
// seal: the bytes ChaCha8 makes of seed, again at each read. A test's
// table thus deals a hand known beforehand.
type sealOf [format.SealBytes]byte

func newSealOf(seed byte, seed2 byte) *sealOf {
	var s sealOf
	rand.NewChaCha8([32]byte{seed, seed2}).Read(s[:])
	return &s
}

func (s *sealOf) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s[i%len(s)]
	}
	return len(p), nil
}

// rackFace is the cell of the face of a tile of the player's 101 rack
// on screen (its first letter), skipping those in used; ok is false
// when none is left.
func rackFace(scr, face string, used map[[2]int]bool) (col, row int, ok bool) {
	lines := strings.Split(scr, "\n")
	in := false
	for i, l := range lines {
		if strings.Contains(l, "╭─ > You") || strings.Contains(l, "╭─ You") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if strings.HasPrefix(l, "╰") {
			break // the rack's foot (a tile chosen into a group has round corners)
		}
		rs := []rune(l)
		for j := 1; j+len(face) < len(rs); j++ {
			if (rs[j-1] == '│' || rs[j-1] == '║' || rs[j-1] == '┃') && string(rs[j:j+len(face)]) == face &&
				(rs[j+len(face)] == ' ' || rs[j+len(face)] == '│' || rs[j+len(face)] == '║' || rs[j+len(face)] == '┃') && !used[[2]int{j, i}] {
				return j, i, true
			}
		}
	}
	return 0, 0, false
}

// rowWith is the cell of the first of words on screen.
func rowWith(scr, words string) (col, row int, ok bool) {
	for i, l := range strings.Split(scr, "\n") {
		if j := strings.Index(l, words); j >= 0 {
			return len([]rune(l[:j])), i, true
		}
	}
	return 0, 0, false
}

// waitChange waits until the screen is no longer prev.
func (tb *tab) waitChange(what, prev string) string {
	tb.t.Helper()
	return tb.waitUntil(what, func(s string) bool { return s != prev })
}

// TestBrowser101ByTaps: on a phone held upright (390×844 CSS px, touch)
// a hand of Okey 101 with an opening is played by taps alone, on a
// deal known beforehand (the server's randomness fixed: sealOf): the
// lobby's new table switched to 101, opened and started from the
// page's bar; the middle tapped to draw; three groups chosen tile by
// tile (two taps each) and made groups from the bar, then opened with
// (110: Y10 Y11 Y12, B8 B9 B10 B11, R13 Y13 K13); the second Y13 laid
// off on the run by a tap on it and a tap on the meld; a tile tapped
// and discarded from the bar. With OKEY_BROWSER_HAND=1 the hand is
// then played to its end by taps. Screenshots are kept.
func TestBrowser101ByTaps(t *testing.T) {
	t.Parallel()
	browser := newBrowser(t)
	srv, _ := testServer(t, func(c *Config) { c.Random = newSealOf(1907%256, 1907/256) })
	addr := serveWeb(t, srv)
	tb := openPhone(t, browser, "http://"+addr+"/?name=ann", 390, 844)
	tb.waitFor("Tables (0 of")
	tb.pressAction("new table")
	tb.waitFor("A new table")
	tb.pressAction("change")
	tb.waitFor("Okey 101")
	tb.pressAction("open the table")
	tb.waitFor("starts the match")
	tb.pressAction("start the match")
	scr := tb.waitFor("tap: draw")
	standingOK(t, tb, scr)
	col, row, _ := rowWith(scr, "tap: draw")
	tb.tapCell(col+1, row)
	tb.waitFor("22 tiles")

	// The opening, a tile at a time.
	used := map[[2]int]bool{}
	for _, group := range [][]string{{"Y10", "Y11", "Y12"}, {"B8", "B9", "B10", "B11"}, {"R13", "Y13", "K13"}} {
		for _, face := range group {
			scr = tb.screen()
			col, row, ok := rackFace(scr, face, used)
			if !ok {
				t.Fatalf("no %s in the rack:\n%s", face, scr)
			}
			used[[2]int{col, row}] = true
			tb.tapCell(col, row)
			tb.waitUntil("the cursor on "+face, func(s string) bool { return cellLeft(s, col, row) == '║' })
			tb.tapCell(col, row)
			tb.waitUntil(face+" chosen", func(s string) bool { return chosen(s, col, row) })
		}
		scr = tb.screen()
		tb.pressAction("make a group")
		tb.waitChange("the group made", scr)
	}
	tb.shot("phone-upright-101-groups")
	tb.pressAction("open")
	scr = tb.waitFor("You (110): Y10 Y11 Y12")
	if n := heldTiles(scr); n != 12 {
		t.Errorf("%d tiles left after opening with ten, want 12:\n%s", n, scr)
	}
	standingOK(t, tb, scr)
	tb.shot("phone-upright-101-opened")

	// The second Y13 laid off on the run: a tap on it, one on the meld.
	col, row, ok := rackFace(scr, "Y13", nil)
	if !ok {
		t.Fatalf("no Y13 left in the rack:\n%s", scr)
	}
	tb.tapCell(col, row)
	tb.waitUntil("the cursor on Y13", func(s string) bool { return cellLeft(s, col, row) == '║' })
	mc, mr, _ := rowWith(scr, "Y10 Y11 Y12")
	tb.tapCell(mc+1, mr)
	scr = tb.waitFor("Y10 Y11 Y12 Y13")
	if n := heldTiles(scr); n != 11 {
		t.Errorf("%d tiles left after laying off, want 11:\n%s", n, scr)
	}
	tb.shot("phone-upright-101-laidoff")

	// A discard: a tile tapped, then the bar's discard.
	col, row, ok = rackFace(scr, "K5", nil)
	if !ok {
		t.Fatalf("no K5 in the rack:\n%s", scr)
	}
	tb.tapCell(col, row)
	tb.waitUntil("the cursor on K5", func(s string) bool { return cellLeft(s, col, row) == '║' })
	tb.pressAction("discard")
	scr = tb.waitUntil("K5 discarded", func(s string) bool { return heldTiles(s) == 10 || !strings.Contains(s, "> You") })
	if _, _, ok := rackFace(scr, "K5", nil); ok {
		t.Errorf("K5 is still in the rack:\n%s", scr)
	}
	if os.Getenv("OKEY_BROWSER_HAND") == "" {
		return
	}
	turns := play101ByTaps(t, tb)
	t.Logf("the hand played to its end by taps: %d more turns", turns)
	tb.shot("phone-upright-101-hand")
}

// play101ByTaps plays the player's turns of a 101 hand by taps until
// it is over: the middle tapped to draw, the rack's first tile tapped,
// then the bar's discard. It returns the turns played.
func play101ByTaps(t *testing.T, tb *tab) int {
	t.Helper()
	over := func(s string) bool {
		return strings.Contains(s, "ready for the next hand") || strings.Contains(s, "inal table")
	}
	turns := 0
	for deadline := time.Now().Add(5 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the hand not over after %d turns:\n%s", turns, tb.screen())
		}
		scr := tb.waitUntil("the player's draw or the hand's end", func(s string) bool { return over(s) || strings.Contains(s, "tap: draw") })
		if over(scr) {
			return turns
		}
		n := heldTiles(scr)
		col, row, _ := rowWith(scr, "tap: draw")
		tb.tapCell(col+1, row)
		scr = tb.waitUntil("the tile drawn", func(s string) bool { return over(s) || heldTiles(s) == n+1 })
		if over(scr) {
			return turns
		}
		col, row, ok := firstRackTile(scr)
		if !ok {
			t.Fatalf("no tile in the rack:\n%s", scr)
		}
		tb.tapCell(col, row)
		tb.waitUntil("the cursor on a tile", func(s string) bool { return over(s) || cellLeft(s, col, row) == '║' })
		tb.pressAction("discard")
		tb.waitUntil("the discard", func(s string) bool { return over(s) || heldTiles(s) == n })
		turns++
	}
}

// heldTiles is how many tiles the player holds, as the 101 rack's
// title says ("> You < · 22 tiles · …"; 0 when it is not on screen).
func heldTiles(scr string) int {
	for _, l := range strings.Split(scr, "\n") {
		if !strings.Contains(l, "╭─ > You") && !strings.Contains(l, "╭─ You") {
			continue
		}
		for _, f := range strings.Split(l, "·") {
			var n int
			if _, err := fmt.Sscanf(strings.TrimSpace(f), "%d tiles", &n); err == nil {
				return n
			}
		}
	}
	return 0
}

// firstRackTile is the cell of the first tile's face in the player's
// rack.
func firstRackTile(scr string) (col, row int, ok bool) {
	for _, c := range "RYBKJO" {
		for v := 0; v <= 13; v++ {
			face := string(c)
			switch {
			case c == 'J' || c == 'O':
				if v > 0 {
					continue
				}
				face = map[rune]string{'J': "J", 'O': "OK"}[c]
			case v == 0:
				continue
			default:
				face += strconv.Itoa(v)
			}
			if col, row, ok := rackFace(scr, face, nil); ok {
				return col, row, true
			}
		}
	}
	return 0, 0, false
}

// cellLeft is the character left of (col, row) on screen: a tile's
// side, double lines where the cursor is.
func cellLeft(scr string, col, row int) rune {
	lines := strings.Split(scr, "\n")
	if row >= len(lines) {
		return 0
	}
	rs := []rune(lines[row])
	if col < 1 || col > len(rs) {
		return 0
	}
	return rs[col-1]
}

// chosen says whether the tile at (col, row) is chosen for a group:
// a + in the middle of its bottom side.
func chosen(scr string, col, row int) bool {
	lines := strings.Split(scr, "\n")
	if row+1 >= len(lines) {
		return false
	}
	rs := []rune(lines[row+1])
	return col+1 < len(rs) && rs[col+1] == '+'
}
