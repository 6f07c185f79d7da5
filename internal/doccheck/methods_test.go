package doccheck

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// exportData is where the go command keeps each package's compiled
// export data, for the packages pkgs stand on (go list -export): the
// type checker reads their names from it rather than from their source.
func exportData(t *testing.T, root string, pkgs ...string) map[string]string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, pkgs...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.String())
	}
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if p, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			m[p] = file
		}
	}
	return m
}

// methodsBackUp lists the methods of the package in dir (import path
// pkg) that a file calls or names from below the file its doc.go's map
// lists them in: the same rule backUp holds package-level names to, for
// the methods it lets by. The package is type-checked against exports.
func methodsBackUp(t *testing.T, dir, pkg string, exports map[string]string) []string {
	t.Helper()
	return methodsBackUpBy(t, dir, pkg, exports, mapRank(t, dir))
}

// methodsBackUpBy is methodsBackUp with the files' order given by rank.
func methodsBackUpBy(t *testing.T, dir, pkg string, exports map[string]string, rank func(file string) int) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		// A file for another system (nice_other.go) is not type-checked
		// with this one's: the two declare the same names.
		if ok, err := build.Default.MatchFile(dir, filepath.Base(path)); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(pkg, fset, files, info); err != nil {
		t.Fatalf("%s: %v", pkg, err)
	}
	seen := map[string]bool{}
	var out []string
	for sel, s := range info.Selections {
		if s.Kind() == types.FieldVal {
			continue
		}
		m := s.Obj()
		if m.Pkg() == nil || m.Pkg().Path() != pkg || !m.Pos().IsValid() {
			continue
		}
		from := filepath.Base(fset.Position(sel.Pos()).Filename)
		decl := filepath.Base(fset.Position(m.Pos()).Filename)
		if decl == from || rank(decl) >= rank(from) {
			continue
		}
		line := fmt.Sprintf("%s: %s calls %s of %s, listed above it", dir, from, m.Name(), decl)
		if !seen[line] {
			seen[line] = true
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
}

// methodsLeft are the packages of topDown whose methods still run back
// up, each with why: a list that only shrinks.
var methodsLeft = map[string]string{
	"server/tournaments": "an operator's tournament is created, then organised as a player's request is (create.go calls requests.go's Organise)",
}

// TestNoMethodRunsBackUp: in each package of topDown, every file calls
// only methods declared in the files its doc.go's map lists below it.
func TestNoMethodRunsBackUp(t *testing.T) {
	root := filepath.Join("..", "..")
	var pkgs []string
	for _, d := range topDown {
		pkgs = append(pkgs, "okey/"+d)
	}
	exports := exportData(t, root, pkgs...)
	for _, d := range topDown {
		got := methodsBackUp(t, filepath.Join(root, d), "okey/"+d, exports)
		if methodsLeft[d] != "" {
			if len(got) == 0 {
				t.Errorf("%s: no method runs back up any more: take it off methodsLeft", d)
			}
			continue
		}
		for _, g := range got {
			t.Error(g)
		}
	}
}

// TestMethodsBackUpPlanted proves the check finds a method called from
// below the file that declares it, through a value and as a method
// expression, and not one declared below its caller.
func TestMethodsBackUpPlanted(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"doc.go": "// Package p.\n//\n//\ttop.go  the top\n//\tlow.go  below it\npackage p\n",
		"top.go": "package p\n\nfunc (l Low) Up() int { return l.Down() }\n\nfunc (l Low) Side() int { return 1 }\n",
		"low.go": "package p\n\ntype Low struct{ n int }\n\nfunc (l Low) Down() int { return l.n }\n\nfunc low(l Low) int { return l.Up() + Low.Side(l) }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := methodsBackUp(t, dir, "p", nil)
	want := []string{dir + ": low.go calls Side of top.go, listed above it", dir + ": low.go calls Up of top.go, listed above it"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("methodsBackUp = %q, want %q", got, want)
	}
}
