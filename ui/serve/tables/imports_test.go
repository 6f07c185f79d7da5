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
	root, err := filepath.Abs("../../..") // the module's root
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
	visit("okey/ui/serve/tables", "")
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
// seam: its goroutine (run.go) and its play (play.go) read none of the
// config's format parts (a daily's plan, a duplicate's, a round's, a
// tournament's seats) but ask the format and its Policy, which
// Config.format builds from them in one place.
func TestTableCoreAsksTheFormat(t *testing.T) {
	for _, name := range []string{"run.go", "play.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if in, ok := sel.X.(*ast.SelectorExpr); ok && in.Sel.Name == "Cfg" {
				switch sel.Sel.Name {
				case "Seated", "Daily", "Duplicate", "Round":
					t.Errorf("%s reads the config's %s: ask the format (Config.format, Policy)", name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}
