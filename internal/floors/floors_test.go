package floors

import (
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

// module is the module's import path, with the slash that follows it.
const module = "okey/"

// graph is each package's imports (tests aside) by import path, and
// for the door's own package each file's, for the rule on drawing.
type graph struct {
	imports map[string][]string            // package -> its imports
	files   map[string]map[string][]string // package -> file name -> its imports
}

// read parses every non-test Go file under root (testdata aside) into
// a graph of the module's packages.
func read(t *testing.T, root string) graph {
	t.Helper()
	g := graph{imports: map[string][]string{}, files: map[string]map[string][]string{}}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || (strings.HasPrefix(n, ".") && path != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := strings.TrimSuffix(module+filepath.ToSlash(rel), "/.")
		if rel == "." {
			pkg = "okey"
		}
		if g.files[pkg] == nil {
			g.files[pkg] = map[string][]string{}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			g.files[pkg][filepath.Base(path)] = append(g.files[pkg][filepath.Base(path)], p)
			if !slices.Contains(g.imports[pkg], p) {
				g.imports[pkg] = append(g.imports[pkg], p)
			}
		}
		if _, ok := g.imports[pkg]; !ok {
			g.imports[pkg] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// under reports whether pkg is tree or a package beneath it.
func under(pkg, tree string) bool {
	return pkg == tree || strings.HasPrefix(pkg, tree+"/")
}

// rule is one floor's law: no package the from test matches may reach
// (following the module's imports to the end, if deep) a package the
// to test matches.
type rule struct {
	name string
	from func(pkg string) bool
	to   func(imp string) bool
	deep bool
}

// drawing reports whether imp is one of Charm's drawing libraries.
func drawing(imp string) bool {
	return strings.HasPrefix(imp, "charm.land/bubbletea") || strings.HasPrefix(imp, "charm.land/bubbles") ||
		strings.HasPrefix(imp, "charm.land/lipgloss") || strings.HasPrefix(imp, "github.com/charmbracelet/colorprofile") ||
		strings.HasPrefix(imp, "github.com/charmbracelet/ultraviolet")
}

// screens reports whether imp is the app's tree (ui/).
func screens(imp string) bool { return under(imp, "okey/ui") }

// doors reports whether imp is a door's tree or the command line above it.
func doors(imp string) bool {
	return under(imp, "okey/door") || under(imp, "okey/cmd") || imp == "okey"
}

// rules are the house's floors.
var rules = []rule{
	{"the server stands on no screen and no door", func(p string) bool { return under(p, "okey/server") },
		func(i string) bool { return screens(i) || doors(i) || drawing(i) }, true},
	{"the leaves stand on game/ and assets/ alone", func(p string) bool { return under(p, "okey/kit") },
		func(i string) bool {
			return strings.HasPrefix(i, module) && !under(i, "okey/game") && !under(i, "okey/kit") && i != "okey/assets"
		}, false},
	{"the bots know no screen, server or door", func(p string) bool { return under(p, "okey/bots") },
		func(i string) bool { return screens(i) || doors(i) || under(i, "okey/server") }, true},
	{"the screens know no door", screens, doors, true},
	{"of the screens only the served sessions reach the server",
		func(p string) bool { return screens(p) && !under(p, "okey/ui/serve") },
		func(i string) bool { return under(i, "okey/server") }, false},
}

// allowed are packages a rule lets be, each with why: a short list
// that only shrinks.
var allowed = map[string]string{}

// breaches are the ways g breaks the rules, one line each.
func (g graph) breaches() []string {
	var out []string
	for _, r := range rules {
		for pkg := range g.imports {
			if !r.from(pkg) || allowed[pkg] != "" {
				continue
			}
			if why := g.reach(pkg, r); why != "" {
				out = append(out, r.name+": "+why)
			}
		}
	}
	slices.Sort(out)
	return out
}

// reach says the first way pkg reaches what r forbids, "" if none.
func (g graph) reach(pkg string, r rule) string {
	seen := map[string]bool{}
	var visit func(p, path string) string
	visit = func(p, path string) string {
		if seen[p] {
			return ""
		}
		seen[p] = true
		for _, imp := range g.imports[p] {
			if r.to(imp) {
				return path + " imports " + imp
			}
			if r.deep && strings.HasPrefix(imp, module) {
				if why := visit(imp, path+" → "+imp); why != "" {
					return why
				}
			}
		}
		return ""
	}
	return visit(pkg, pkg)
}

// doorMayImport are the packages of the app's tree the SSH door imports
// itself, and why: none draws for it.
var doorMayImport = map[string]string{
	"okey/ui/serve":             "the sessions it starts, one a connection",
	"okey/ui/serve/common":      "the seam its sessions ask it through (ServerSide), and who a connection is",
	"okey/ui/serve/tourneyview": "a tournament's standings as the command's plain text and JSON",
}

// doorDraws are the ways the SSH door's own files draw: they import no
// drawing library, and of the app's tree only doorMayImport's. A
// screen it needs is its sessions' business.
func (g graph) doorDraws() []string {
	var out []string
	for name, imports := range g.files["okey/door"] {
		for _, p := range imports {
			if drawing(p) || (screens(p) && doorMayImport[p] == "") {
				out = append(out, "door/"+name+" imports "+p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestFloors holds the whole house to its floors.
func TestFloors(t *testing.T) {
	g := read(t, filepath.Join("..", ".."))
	if len(g.imports) < 60 || g.files["okey/door"] == nil || g.imports["okey/kit/i18n"] == nil {
		t.Fatalf("the walk found %d packages, the door's %d files: it did not find the house", len(g.imports), len(g.files["okey/door"]))
	}
	for _, b := range g.breaches() {
		t.Error(b)
	}
	for _, b := range g.doorDraws() {
		t.Error(b)
	}
}

// TestFloorsPlanted proves each rule finds a breach planted in a small
// house, straight and through a package between, and passes the
// imports the floors allow.
func TestFloorsPlanted(t *testing.T) {
	root := t.TempDir()
	pkgs := map[string][]string{
		"server/tables": {"okey/kit/seatmsg", "okey/bots/x"},
		"server/hall":   {"okey/server/tables", "okey/door"},                   // a door, straight
		"server/keep":   {"okey/server/mid"},                                   // a screen, through mid
		"server/mid":    {"okey/ui/serve"},                                     // (itself a breach too)
		"kit/seatmsg":   {"okey/game/classic", "okey/assets", "okey/kit/safe"}, // allowed
		"kit/bad":       {"okey/bots/x"},
		"bots/x":        {"okey/game/classic"},
		"bots/y":        {"okey/ui/cli"},
		"ui/pages":      {"okey/server/tables"},
		"ui/serve":      {"okey/server/tables", "okey/kit/seatmsg"}, // allowed
		"ui/lobby":      {"okey/door/web"},
		"door":          {"okey/ui/serve", "charm.land/lipgloss/v2", "okey/ui/pages"},
	}
	for dir, imports := range pkgs {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("package " + filepath.Base(dir) + "\n\nimport (\n")
		for _, i := range imports {
			b.WriteString("\t_ " + strconv.Quote(i) + "\n")
		}
		b.WriteString(")\n")
		if err := os.WriteFile(filepath.Join(root, dir, "a.go"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := read(t, root)
	want := []string{
		"of the screens only the served sessions reach the server: okey/ui/pages imports okey/server/tables",
		"the bots know no screen, server or door: okey/bots/y imports okey/ui/cli",
		"the leaves stand on game/ and assets/ alone: okey/kit/bad imports okey/bots/x",
		"the screens know no door: okey/ui/lobby imports okey/door/web",
		"the server stands on no screen and no door: okey/server/hall imports okey/door",
		"the server stands on no screen and no door: okey/server/keep → okey/server/mid imports okey/ui/serve",
		"the server stands on no screen and no door: okey/server/mid imports okey/ui/serve",
	}
	if got := g.breaches(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("breaches:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantDoor := []string{"door/a.go imports charm.land/lipgloss/v2", "door/a.go imports okey/ui/pages"}
	if got := g.doorDraws(); strings.Join(got, "|") != strings.Join(wantDoor, "|") {
		t.Errorf("doorDraws = %q, want %q", got, wantDoor)
	}
}
