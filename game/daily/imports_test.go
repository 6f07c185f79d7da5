package daily

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the daily with the engine: the standard library,
// the referees and what they share only (no bots, no screen, no files),
// so that a day's deals depend on nothing a player's machine could
// change.
func TestImports(t *testing.T) {
	allowed := []string{"okey/game", "okey/game/classic", "okey/game/okey101", "okey/game/record", "okey/game/tile"}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			if strings.Contains(first, ".") || strings.HasPrefix(p, "okey/") && !contains(allowed, p) {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
