package server

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mayDraw names the server's packages that may stand on a screen, and
// why.
var mayDraw = map[string]string{
	"okey/server/loadgen": "okey load starts the SSH door it loads, and the door draws",
}

// TestServerDrawsNothing holds the server's tree apart from the
// screens: no package under server/ (but okey load) stands on Charm's
// libraries or on the app's or the door's screens (okey/ui,
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
		dir := filepath.Join(root, strings.TrimPrefix(pkg, module))
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
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
