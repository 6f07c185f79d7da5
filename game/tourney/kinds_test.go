package tourney

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// builders are the files that build a tournament, and only they may
// tell its kinds and options apart: the systems chosen from a Config
// (and a Config checked, or two told apart), the server's settings and
// the operator's file turned into one, the page's form that makes one,
// the operator's edit over ssh that changes one. Paths from the
// module's root.
var builders = []string{
	"game/tourney/system.go",
	"server/tournaments/create.go",
	"ui/serve/pages/tourneyform/tourneyform.go",
	"door/tourneyedit.go",
}

// outside are the folders of code that stands on game/tourney from
// outside the tournament: okey load, a server's client that makes a
// tournament from its flags and times its script by the kind it made
// (how long to follow it), as a player reads the lobby. Not counted.
var outside = []string{"door/loadgen/"}

// TestNoBranchOnTheKind: outside the builders, no code that stands on
// game/tourney asks which kind a tournament is, nor which of its
// options it has (kindBranches says what counts): it asks the
// tournament's systems. OKEY_KIND_ROOT counts in another copy of the
// module (the figure before the systems: the tree before them).
func TestNoBranchOnTheKind(t *testing.T) {
	root := os.Getenv("OKEY_KIND_ROOT")
	if root == "" {
		root = filepath.Join("..", "..")
	}
	found, err := kindBranches(root)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]int{}
	for _, f := range found {
		files[f[:strings.Index(f, ":")]]++
	}
	t.Logf("%d branches on the kind in %d files outside the builders", len(found), len(files))
	if os.Getenv("OKEY_KIND_ROOT") != "" {
		for _, f := range found {
			t.Log(f)
		}
		return
	}
	for _, f := range found {
		t.Errorf("%s: a branch on the kind of tournament: ask its systems (Tournament.System)", f)
	}
}

// kindBranches are the places, "file:line: what", where the code under
// root that stands on game/tourney (its own files among it; tests and
// the builders not) branches on a tournament's kind or options: a
// condition (of an if, a for, a switch or its cases, or an operand of
// &&, ||, !, == or !=) that names a kind (Arena, Swiss), reads a
// Config's or a Listed's Kind, Duplicate or Partners, or is a variable
// named for an option (partners, duplicate, swiss, arena).
func kindBranches(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if slices.Contains(builders, rel) || slices.ContainsFunc(outside, func(o string) bool { return strings.HasPrefix(rel, o) }) {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		own := strings.HasPrefix(rel, "game/tourney/") && !strings.Contains(strings.TrimPrefix(rel, "game/tourney/"), "/")
		if !own && !slices.ContainsFunc(f.Imports, func(im *ast.ImportSpec) bool { return im.Path.Value == strconv.Quote("okey/game/tourney") }) {
			return nil
		}
		for _, b := range branchesIn(f, own) {
			p := fset.Position(b.Pos())
			out = append(out, fmt.Sprintf("%s:%d: %s", rel, p.Line, render(b)))
		}
		return nil
	})
	return out, err
}

// branchesIn are the conditions in f that branch on the kind (own: f
// is game/tourney's, which names its kinds unqualified): each atom of
// a condition (of an if, a for, a switch or its cases, or of &&, ||,
// !, == and != anywhere), counted once, that holds a reference to the
// kind (kindRef).
func branchesIn(f *ast.File, own bool) []ast.Expr {
	var roots []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			roots = append(roots, n.Cond)
		case *ast.ForStmt:
			if n.Cond != nil {
				roots = append(roots, n.Cond)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				roots = append(roots, n.Tag)
			}
		case *ast.CaseClause:
			roots = append(roots, n.List...)
		case *ast.BinaryExpr:
			switch n.Op {
			case token.LAND, token.LOR, token.EQL, token.NEQ:
				roots = append(roots, n)
			}
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				roots = append(roots, n)
			}
		}
		return true
	})
	var atoms func(e ast.Expr) []ast.Expr
	atoms = func(e ast.Expr) []ast.Expr {
		switch x := e.(type) {
		case *ast.ParenExpr:
			return atoms(x.X)
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				return atoms(x.X)
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				return append(atoms(x.X), atoms(x.Y)...)
			}
		}
		return []ast.Expr{e}
	}
	typed := configNames(f)
	seen := map[ast.Expr]bool{}
	var out []ast.Expr
	for _, r := range roots {
		for _, a := range atoms(r) {
			if seen[a] {
				continue
			}
			seen[a] = true
			refers := false
			ast.Inspect(a, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok && kindRef(e, own, typed) {
					refers = true
				}
				return !refers
			})
			if refers {
				out = append(out, a)
			}
		}
	}
	return out
}

// kindRef says whether e names a kind, reads a Config's or a Listed's
// kind or options, or is a variable named for an option.
func kindRef(e ast.Expr, own bool, typed map[string]bool) bool {
	switch e := e.(type) {
	case *ast.Ident:
		switch e.Name {
		case "partners", "duplicate", "swiss", "arena":
			return true
		case "Arena", "Swiss":
			return own
		}
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok && x.Name == "tourney" {
			return e.Sel.Name == "Arena" || e.Sel.Name == "Swiss"
		}
		switch e.Sel.Name {
		case "Kind", "Duplicate", "Partners":
		default:
			return false
		}
		switch x := e.X.(type) {
		case *ast.SelectorExpr:
			return x.Sel.Name == "Config"
		case *ast.Ident:
			return typed[x.Name]
		}
	}
	return false
}

// configNames are the names f's functions give a Config or a Listed
// (parameters, receivers, variables declared with the type).
func configNames(f *ast.File) map[string]bool {
	out := map[string]bool{}
	isConfig := func(x ast.Expr) bool {
		if s, ok := x.(*ast.StarExpr); ok {
			x = s.X
		}
		switch x := x.(type) {
		case *ast.Ident:
			return x.Name == "Config" || x.Name == "Listed"
		case *ast.SelectorExpr:
			return x.Sel.Name == "Config" || x.Sel.Name == "Listed"
		}
		return false
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if fl, ok := n.(*ast.Field); ok && isConfig(fl.Type) {
			for _, id := range fl.Names {
				out[id.Name] = true
			}
		}
		if vs, ok := n.(*ast.ValueSpec); ok && vs.Type != nil && isConfig(vs.Type) {
			for _, id := range vs.Names {
				out[id.Name] = true
			}
		}
		return true
	})
	return out
}

// render is e as written.
func render(e ast.Expr) string {
	var b strings.Builder
	if err := format.Node(&b, token.NewFileSet(), e); err != nil {
		return fmt.Sprintf("%T", e)
	}
	return b.String()
}
