package tables

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTableCoreKnowsNoScreen holds the table core apart from the
// screens: no package this one stands on (its own files and everything
// they import within the module, followed to the end; tests aside) is
// the app's root package, nor imports Bubble Tea, Lip Gloss or Bubbles.
// A table talks to its seats in typed values (seatmsg), cleans text
// with safetext, and the session picks a seat's screen.
func TestTableCoreKnowsNoScreen(t *testing.T) {
	root, err := filepath.Abs("../..") // the module's root
	if err != nil {
		t.Fatal(err)
	}
	const module = "okey/"
	seen := map[string]bool{}
	var visit func(pkg, from string)
	visit = func(pkg, from string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		if pkg == "okey/ui" {
			t.Errorf("the table core reaches the app's root package okey/ui (through %s)", from)
			return
		}
		dir := filepath.Join(root, strings.TrimPrefix(pkg, module))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				switch {
				case strings.HasPrefix(p, "charm.land/"):
					t.Errorf("%s/%s imports %s: a screen's library, in the table core", pkg, name, p)
				case strings.HasPrefix(p, module):
					visit(p, pkg+"/"+name)
				}
			}
		}
	}
	visit("okey/server/tables", "")
	if len(seen) < 5 {
		t.Fatalf("only %d packages followed: the walk did not find the module", len(seen))
	}
}

// TestTableTestsOpenNoScreen holds the table's own tests to the same
// line: they test the typed values a table hands its seats, never a
// seat's screen (the session's and the app's tests read the pages). No
// test file here imports the app's root package or a screen's library.
func TestTableTestsOpenNoScreen(t *testing.T) {
	names, err := filepath.Glob("*_test.go")
	if err != nil || len(names) < 5 {
		t.Fatalf("%d test files found (%v): the walk did not find the package", len(names), err)
	}
	for _, name := range names {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == "okey/ui" || strings.HasPrefix(p, "charm.land/") || strings.HasPrefix(p, "github.com/charmbracelet/") {
				t.Errorf("%s imports %s: a screen, in the table core's tests", name, p)
			}
		}
	}
}

// TestCoreAsksNoFormat holds the table's core to driving its format
// (game/format) without asking which it is: none of its files reads the
// config's daily or duplicate plan. Config builds the format
// (member.go), and the plans' own files hold what is theirs.
func TestCoreAsksNoFormat(t *testing.T) {
	core := []string{"table.go", "play.go", "run.go", "updates.go", "save.go", "seats.go", "seating.go", "bots.go", "ratings.go", "tenure.go"}
	for _, name := range core {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Daily" && sel.Sel.Name != "Duplicate" {
				return true
			}
			if cfg, ok := sel.X.(*ast.SelectorExpr); ok && cfg.Sel.Name == "Cfg" {
				t.Errorf("%s reads Cfg.%s: the core asks the format, never which it is", name, sel.Sel.Name)
			}
			return true
		})
	}
}

// TestTableCoreAsksTheFormat holds the table's core to the format's
// seam: none of its files (every file of the package but member.go,
// where Config builds the format and answers for its parts, and the
// plans' own files, daily.go and duplicate.go) reads the config's
// format parts (a daily's plan, a duplicate's, a round's, a
// tournament's seats), of the table's Cfg, of a Config read back
// (RestoreTable's) or of a constructor's cfg: it asks the format and its
// Policy, which Config.format builds from them in one place.
func TestTableCoreAsksTheFormat(t *testing.T) {
	own := map[string]bool{"member.go": true, "daily.go": true, "duplicate.go": true}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range names {
		if own[name] || strings.HasSuffix(name, "_test.go") {
			continue
		}
		checked++
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch sel.Sel.Name {
			case "Seated", "Daily", "Duplicate", "Round":
			default:
				return true
			}
			var of string
			switch x := sel.X.(type) {
			case *ast.SelectorExpr:
				of = x.Sel.Name
			case *ast.Ident:
				of = x.Name
			}
			if of == "Cfg" || of == "Config" || of == "cfg" {
				t.Errorf("%s reads the config's %s (%s.%s): ask the format (Config.format, Policy)", name, sel.Sel.Name, of, sel.Sel.Name)
			}
			return true
		})
	}
	if checked < 12 {
		t.Fatalf("only %d files of the core checked: the walk did not find the package", checked)
	}
}
