package tourney

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxTournamentMethods is the most methods Tournament may have: what
// differs between kinds belongs to its systems (system.go), not to it.
const maxTournamentMethods = 25

// TestTournamentIsSmall: Tournament declares at most
// maxTournamentMethods methods, exported or not.
func TestTournamentIsSmall(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var methods []string
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && receiverOf(fn) == "Tournament" {
				methods = append(methods, fn.Name.Name)
			}
		}
	}
	t.Logf("Tournament has %d methods: %s", len(methods), strings.Join(methods, " "))
	if len(methods) > maxTournamentMethods {
		t.Errorf("Tournament has %d methods, more than %d: what a kind does belongs to its pairing, scoring or seating", len(methods), maxTournamentMethods)
	}
}

func receiverOf(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return ""
	}
	x := fn.Recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
