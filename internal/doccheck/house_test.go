package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// mappedDirs are the packages under root whose doc.go maps their files
// (lab/, testdata and dot folders aside), as folders relative to root.
func mappedDirs(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	walkDirs(t, root, []string{"lab"}, func(path string) error {
		doc, err := os.ReadFile(filepath.Join(path, "doc.go"))
		if err != nil || !mapEntry.Match(doc) {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	slices.Sort(out)
	return out
}

// backUpLine is a line of backUp or methodsBackUp: the file that
// reaches up, and the file it reaches.
var backUpLine = regexp.MustCompile(`: (\S+\.go) (?:uses|calls) \S+ of (\S+\.go), listed above it$`)

// filePairs turns back-up lines into the pairs of files they join,
// "from → to", each pair once however many names it uses.
func filePairs(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lines {
		m := backUpLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if p := m[1] + " → " + m[2]; !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// turnedOver is rank with the map read from the bottom: the files it
// names in the other order, those it does not still after them.
func turnedOver(rank func(file string) int) func(file string) int {
	n := rank("") // no file is named "": the rank of the files not named
	return func(file string) int {
		if r := rank(file); r < n {
			return n - 1 - r
		}
		return n
	}
}

// The ceilings on the house's back-up references, counted as pairs of
// files (a file that uses names or calls methods of a file its map lists
// above it), over every package that maps its files: only ever lowered.
// The goal is at most 20 in all and at most 10 inside ui/.
const (
	houseBackUpMost = 4
	uiBackUpMost    = 2
)

// TestHouseBackUp counts the back-up references of every mapped
// package, not only topDown's (which must have none): names as backUp
// reads them and methods as methodsBackUp does, each pair of files once.
// It fails when the count, in all or inside ui/, is over its ceiling,
// and logs each package's pairs (go test -run TestHouseBackUp -v).
func TestHouseBackUp(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every mapped package: the whole suite only")
	}
	root := filepath.Join("..", "..")
	dirs := mappedDirs(t, root)
	var pkgs []string
	for _, d := range dirs {
		pkgs = append(pkgs, "okey/"+d)
	}
	exports := exportData(t, root, pkgs...)
	all, ui := 0, 0
	for _, d := range dirs {
		dir := filepath.Join(root, d)
		rank := mapRank(t, dir)
		pairs := filePairs(append(backUpBy(t, dir, rank), methodsBackUpBy(t, dir, "okey/"+d, exports, rank)...))
		if len(pairs) == 0 {
			continue
		}
		all += len(pairs)
		if d == "ui" || strings.HasPrefix(d, "ui/") {
			ui += len(pairs)
		}
		// A map that lists the floor first reads better turned over:
		// said, so that its direction is settled before it is cut.
		up := turnedOver(rank)
		if n := len(filePairs(append(backUpBy(t, dir, up), methodsBackUpBy(t, dir, "okey/"+d, exports, up)...))); n < len(pairs) {
			t.Logf("%s: %d (%d with its map turned over): %s", d, len(pairs), n, strings.Join(pairs, ", "))
			continue
		}
		t.Logf("%s: %d: %s", d, len(pairs), strings.Join(pairs, ", "))
	}
	t.Logf("back-up references: %d in all, %d inside ui/", all, ui)
	if all > houseBackUpMost {
		t.Errorf("%d back-up references in the house, over %d", all, houseBackUpMost)
	}
	if ui > uiBackUpMost {
		t.Errorf("%d back-up references inside ui/, over %d", ui, uiBackUpMost)
	}
}
