//go:build tune

package arena101_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestWallOut measures why hands of 101 end with the wall run out, for
// each level playing all four seats; it is built only with the tune
// tag, as it takes a minute:
//
//	OKEY_HANDS=1000 OKEY_SEED=1 go test -tags tune ./bots/arena101 -run WallOut -v -timeout 0
//
// For every level: the hands finished and run out; in the run-out
// hands, how many had a turn at which the player to move could have
// finished and did not (after the draw, or only by taking the previous
// discard), the draws and takes a hand, the seats opened at the end and
// how near the nearest came (the fewest tiles an opened seat held).
// OKEY_LEVELS sets the levels (easy,normal,hard). It only reports.
func TestWallOut(t *testing.T) {
	hands := envCount(t, "OKEY_HANDS", 1000)
	seed := envCount(t, "OKEY_SEED", 1)
	levels := "easy,normal,hard"
	if l := strings.TrimSpace(os.Getenv("OKEY_LEVELS")); l != "" {
		levels = l
	}
	var b, c strings.Builder
	var deal [100]int
	fmt.Fprintf(&b, "%d hands a level, seed %d\n", hands, seed)
	fmt.Fprintf(&b, "%-7s %9s %9s %14s %10s %8s %8s %8s %8s %8s %8s %8s\n", "level", "finished", "wall out",
		"passed up (h)", "by take", "draws", "takes", "opened", "near<=2", "near3-5", "near6+", "none op.")
	for li, level := range strings.Split(levels, ",") {
		bots := []string{level, level, level, level}
		if strings.Contains(level, "/") { // a mixed table: ceiling/normal/normal/normal
			bots = strings.Split(level, "/")
		}
		ends := handEnds(t, bots, hands, uint64(seed), 0)
		var fin, out, passedH, passedT, byTake, draws, takes, opened, near2, near5, near6, none int
		var leftFin, leftOut float64
		for _, h := range ends {
			if li == 0 { // every level plays the same deals
				deal[h.dealLeft]++
			}
			if h.finished {
				leftFin += float64(h.dealLeft)
			} else {
				leftOut += float64(h.dealLeft)
			}
			draws += h.draws
			takes += h.takes
			if h.finished {
				fin++
				if !h.finishSeen {
					t.Errorf("%s: a finish played at a turn the search did not see open", level)
				}
				continue
			}
			out++
			if h.missed > 0 {
				passedH++
				passedT += h.missed
				if h.missedTake == h.missed {
					byTake++
				}
			}
			opened += h.opened
			switch {
			case h.opened == 0:
				none++
			case h.fewest <= 2:
				near2++
			case h.fewest <= 5:
				near5++
			default:
				near6++
			}
		}
		n := float64(len(ends))
		pct := func(k, of int) string {
			if of == 0 {
				return "-"
			}
			return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(of))
		}
		fmt.Fprintf(&b, "%-7s %9s %9s %8d (%3d) %10d %8.1f %8.2f %8.2f %8s %8s %8s %8s\n", level, pct(fin, len(ends)), pct(out, len(ends)),
			passedH, passedT, byTake, float64(draws)/n, float64(takes)/n, float64(opened)/float64(max(out, 1)),
			pct(near2, out), pct(near5, out), pct(near6, out), pct(none, out))
		fmt.Fprintf(&c, "%-7s  nearest rack at the deal leaves out, on average: %.2f tiles in the hands finished, %.2f in those run out\n",
			level, leftFin/float64(max(fin, 1)), leftOut/float64(max(out, 1)))
	}
	b.WriteString(c.String())
	fmt.Fprintf(&b, "the nearest rack at the deal (the same deals for every level): tiles left out → hands\n")
	for k := range deal {
		if deal[k] > 0 {
			fmt.Fprintf(&b, "  %2d: %d\n", k, deal[k])
		}
	}
	t.Logf("\n%s", b.String())
}

// envCount is the whole number in the environment variable name, def
// when it is unset; anything else but a number of zero or more fails t.
func envCount(t testing.TB, name string, def int) int {
	t.Helper()
	s := strings.TrimSpace(os.Getenv(name))
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a whole number", name, s)
	}
	return n
}
