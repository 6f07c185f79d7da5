package server

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// mayDraw names the server's packages that may stand on a screen, and
// why.
var mayDraw = map[string]string{
	"okey/server/loadgen": "okey load starts the SSH door it loads, whose sessions draw",
	"okey/server/door":    "the SSH door starts a session a connection (okey/ui/serve), and sessions draw; its own files draw nothing (TestDoorDrawsNothingItself)",
}

// TestServerDrawsNothing holds the server's tree apart from the
// screens: no package under server/ (but mayDraw's) stands on Charm's
// libraries or on the app's or the sessions' screens (okey/ui,
// okey/ui/serve), following its imports within the module to the end,
// tests aside.
func TestServerDrawsNothing(t *testing.T) {
	root, err := filepath.Abs("..") // the module's root
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if ok, _ := filepath.Glob(filepath.Join(path, "*.go")); len(ok) > 0 {
			pkgs = append(pkgs, filepath.ToSlash(filepath.Join("okey/server", path)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 8 {
		t.Fatalf("only %d packages found under server/: the walk did not find the tree", len(pkgs))
	}
	for _, pkg := range pkgs {
		if _, ok := mayDraw[pkg]; ok {
			continue
		}
		if from := reaches(t, root, pkg); from != "" {
			t.Errorf("%s stands on a screen: %s", pkg, from)
		}
	}
}

// doorMayImport are the packages of the app's tree under ui/ the SSH
// door imports itself, and why: none draws for it.
var doorMayImport = map[string]string{
	"okey/ui/serve":             "the sessions it starts, one a connection",
	"okey/ui/serve/common":      "the seam its sessions ask it through (ServerSide), and who a connection is",
	"okey/ui/serve/tourneyview": "a tournament's standings as the command's plain text and JSON",
	"okey/ui/i18n":              "the words it says before a session starts (a terminal needed, the node full)",
	"okey/ui/safetext":          "names from outside made safe to log and show",
	"okey/ui/store":             "the state directory's lock and files",
}

// TestDoorDrawsNothingItself: the SSH door stands on its sessions,
// which draw, so it cannot be held to draw nothing through its imports
// as the rest of the tree is; its own files are: they import none of
// Charm's libraries but its SSH ones (charm.land/ssh, wish) — no Bubble
// Tea, Bubbles, Lip Gloss or colour profile — and of the app's packages
// under ui/ only those doorMayImport names. A screen it needs is its
// sessions' business.
func TestDoorDrawsNothingItself(t *testing.T) {
	files := importsOf(t, "door")
	if len(files) < 5 {
		t.Fatalf("the door's files: %d found", len(files))
	}
	for name, imports := range files {
		for _, p := range imports {
			switch {
			case strings.HasPrefix(p, "charm.land/ssh"), strings.HasPrefix(p, "charm.land/wish/"):
			case strings.HasPrefix(p, "charm.land/"), strings.HasPrefix(p, "github.com/charmbracelet/colorprofile"),
				strings.HasPrefix(p, "github.com/charmbracelet/ultraviolet"):
				t.Errorf("%s imports %s: the door draws nothing itself", name, p)
			case (p == "okey/ui" || strings.HasPrefix(p, "okey/ui/")) && doorMayImport[p] == "":
				t.Errorf("%s imports %s: of the app's packages the door imports only %v", name, p, keys(doorMayImport))
			}
		}
	}
}

// keys are m's keys, in order.
func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// reaches follows pkg's imports (its source files, tests aside) within
// the module and says the first way it reaches a screen, "" if none.
func reaches(t *testing.T, root, pkg string) string {
	t.Helper()
	const module = "okey/"
	seen := map[string]bool{}
	var visit func(pkg, from string) string
	visit = func(pkg, from string) string {
		if seen[pkg] {
			return ""
		}
		seen[pkg] = true
		if pkg == "okey/ui" || pkg == "okey/ui/serve" {
			return "it reaches " + pkg + " through " + from
		}
		for name, imports := range importsOf(t, filepath.Join(root, strings.TrimPrefix(pkg, module))) {
			for _, p := range imports {
				switch {
				case strings.HasPrefix(p, "charm.land/"):
					return filepath.Base(name) + " of " + pkg + " imports " + p
				case strings.HasPrefix(p, module):
					if why := visit(p, pkg+"/"+filepath.Base(name)); why != "" {
						return why
					}
				}
			}
		}
		return ""
	}
	return visit(pkg, "")
}

// importsOf are the imports of each of dir's files, tests aside, by
// file name.
func importsOf(t *testing.T, dir string) map[string][]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			out[name] = append(out[name], p)
		}
	}
	return out
}
