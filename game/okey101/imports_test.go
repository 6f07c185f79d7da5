package okey101

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the 101 packages in their layers: game/okey101/meld imports
// game/tile and the standard library only; this package game/tile,
// game/okey101/meld, game/internal/rng, game/internal/jsonl (the records'
// framing) and the standard library, never the classic game package.
func TestImports(t *testing.T) {
	for dir, allowed := range map[string][]string{
		"meld": {"okey/game/tile"},
		".":    {"okey/game/tile", "okey/game/okey101/meld", "okey/game/internal/rng", "okey/game/internal/jsonl"},
	} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(files) == 0 {
			t.Fatalf("no Go files in %s", dir)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range ast.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				std := !strings.Contains(strings.Split(p, "/")[0], ".") && !strings.HasPrefix(p, "okey")
				if !std && !contains(allowed, p) {
					t.Errorf("%s imports %s", f, p)
				}
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
