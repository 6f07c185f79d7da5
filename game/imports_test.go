package game

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// games are the two games' folders under game/: each a referee with its
// analysis beneath it, mirror images of each other.
var games = []string{"classic", "okey101"}

// above are the folders under game/ that stand on both games, as their
// users do (the daily deal deals a hand of either): they may import
// either game, and nothing under game/ imports them.
var above = []string{"daily", "format"}

// owner is the game a folder under game/ (or an import path below
// okey/game, given as the part after it) belongs to, or "" for what
// both share.
func owner(rel string) string {
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	if slices.Contains(games, first) {
		return first
	}
	return ""
}

// TestImports keeps game/ in its floors, for every file of every
// package beneath it, tests included: the standard library and
// okey/game's own packages only; what both games share (game, tile,
// fair, record, internal/…) imports no game; each game (its referee,
// its analysis, anything under it) imports the shared packages and its
// own, never the other game; what stands on both (the daily deal) may
// import either. And the two referees are mirror images:
// each stands on the same shared packages.
func TestImports(t *testing.T) {
	shared := map[string]map[string]bool{} // game -> shared packages its referee imports
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.Contains(path, "testdata") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		mine := owner(dir)
		top, _, _ := strings.Cut(filepath.ToSlash(dir), "/")
		isAbove := slices.Contains(above, top)
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			if !strings.Contains(first, ".") && first != "okey" {
				continue // the standard library
			}
			rel, ok := strings.CutPrefix(p, "okey/game")
			if !ok || rel != "" && rel[0] != '/' {
				t.Errorf("%s imports %s: game/ imports the standard library and its own packages only", path, p)
				continue
			}
			rel = strings.TrimPrefix(rel, "/")
			relTop, _, _ := strings.Cut(rel, "/")
			switch theirs := owner(rel); {
			case slices.Contains(above, relTop) && !isAbove:
				t.Errorf("%s imports %s: nothing under game/ stands on what stands on both games", path, p)
			case isAbove:
				// above both games: it may import either
			case theirs == "":
				if mine != "" && dir == mine && !strings.HasSuffix(path, "_test.go") {
					if shared[mine] == nil {
						shared[mine] = map[string]bool{}
					}
					shared[mine][p] = true
				}
			case mine == "":
				t.Errorf("%s imports %s: what both games share imports neither game", path, p)
			case theirs != mine:
				t.Errorf("%s imports %s: a game never imports the other game", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if len(shared[g]) == 0 {
			t.Fatalf("game/%s imports no shared package: the walk read nothing of it", g)
		}
	}
	a, b := slices.Sorted(maps.Keys(shared[games[0]])), slices.Sorted(maps.Keys(shared[games[1]]))
	if !slices.Equal(a, b) {
		t.Errorf("the referees stand on different shared packages:\n%s: %v\n%s: %v", games[0], a, games[1], b)
	}
}
