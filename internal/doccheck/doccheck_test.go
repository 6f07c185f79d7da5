// Package doccheck holds a test that keeps the doc comments' links true:
// a doc link (a name or Type.Method in square brackets) to a name of its
// own package that no longer exists is reported. It is conservative: it
// judges only an exported-looking name (a capital, then a small letter
// somewhere: not a tile like R7, nor a key like x), or Type.Name where
// Type is a type of the package without embedded fields; a link into an
// imported package is not judged. And a camel-case word in a comment
// (a small letter, then a capital: how an unexported name is written)
// that is no identifier anywhere in the module is reported: the old name
// of something renamed. Exported-looking words are not judged there, as
// they may be another module's names. And every package of mapMin files
// or more has a doc.go whose map names every file.
package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// link is a bracketed doc link: Name or Type.Name, not preceded by ']'
// or a letter.
var link = regexp.MustCompile(`(^|[^\]\w])\[([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\]`)

// stale lists the doc links of the package in dir that name nothing it
// declares.
func stale(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]map[string]*ast.File{} // package name: its files by path
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if pkgs[f.Name.Name] == nil {
			pkgs[f.Name.Name] = map[string]*ast.File{}
		}
		pkgs[f.Name.Name][path] = f
	}
	var out []string
	for _, files := range pkgs {
		names := map[string]bool{}
		imports := map[string]bool{}
		for _, f := range files {
			for _, im := range f.Imports {
				path := strings.Trim(im.Path.Value, `"`)
				name := path[strings.LastIndex(path, "/")+1:]
				if im.Name != nil {
					name = im.Name.Name
				}
				imports[name] = true
				if i := strings.LastIndex(name, "/v"); i > 0 {
					imports[name[:i]] = true
				}
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						names[d.Name.Name] = true
						continue
					}
					rt := d.Recv.List[0].Type
					for {
						switch x := rt.(type) {
						case *ast.StarExpr:
							rt = x.X
							continue
						case *ast.IndexExpr:
							rt = x.X
							continue
						case *ast.IndexListExpr:
							rt = x.X
							continue
						}
						break
					}
					if id, ok := rt.(*ast.Ident); ok {
						names[id.Name+"."+d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							names[s.Name.Name] = true
							addFields(names, s.Name.Name, s.Type)
						case *ast.ValueSpec:
							for _, n := range s.Names {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
		for fn, f := range files {
			for _, cg := range f.Comments {
				for _, m := range link.FindAllStringSubmatch(cg.Text(), -1) {
					name := m[2]
					first, _, dotted := strings.Cut(name, ".")
					switch {
					case names[name], imports[first] && dotted, builtin[name]:
						continue
					case dotted && (!names[first] || names[first+".*"]):
						continue // a field of a value, or another package: not judged
					case !dotted && !exportedLooking(name):
						continue
					}
					out = append(out, filepath.Base(fn)+": ["+name+"]")
				}
			}
		}
	}
	return out
}

// addFields adds a struct's fields and an interface's methods as
// Type.Name.
func addFields(names map[string]bool, typ string, e ast.Expr) {
	var fl *ast.FieldList
	switch x := e.(type) {
	case *ast.StructType:
		fl = x.Fields
	case *ast.InterfaceType:
		fl = x.Methods
	}
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			names[typ+"."+n.Name] = true
		}
		if len(f.Names) == 0 { // embedded: its methods are not known here
			names[typ+".*"] = true
		}
	}
}

// exportedLooking reports whether name starts with a capital and has a
// small letter: a Go name, not a tile (R7) or a word of the game (okey).
func exportedLooking(name string) bool {
	return name[0] >= 'A' && name[0] <= 'Z' && strings.ContainsAny(name, "abcdefghijklmnopqrstuvwxyz")
}

var builtin = map[string]bool{"error": true, "string": true, "int": true, "any": true, "nil": true, "true": true, "false": true}

// TestDocLinks walks the module and reports every doc link to a name its
// package no longer declares.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
			return filepath.SkipDir
		}
		if ms, _ := filepath.Glob(filepath.Join(path, "*.go")); len(ms) == 0 {
			return nil
		}
		for _, s := range stale(t, path) {
			t.Errorf("%s: %s names nothing in its package", path, s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPlanted proves the check fails on a stale name and passes a true
// one, an imported package's, a tile's and a field's.
func TestPlanted(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import "strings"

// Real is real; [Real], [Real.Do], [Real.N], [strings.Cut], [R7] and [x]
// are fine, [Gone] and [Real.Gone] are not.
type Real struct{ N int }

// Do does.
func (Real) Do() {}

var _ = strings.Cut
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := stale(t, dir)
	want := []string{"p.go: [Gone]", "p.go: [Real.Gone]"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("stale = %q, want %q", got, want)
	}
}

// camel is a word written as an unexported Go name: a small letter,
// then a capital somewhere, not after a dot or a letter (a qualified
// name is another package's to judge).
var camel = regexp.MustCompile(`(^|[^.\w])([a-z][a-z0-9]*[A-Z]\w*)`)

// notNames are camel-case words the comments use that are no Go names:
// a platform, a quantity of the run analysis' maths, a parameter of the
// rating system's reference implementation, what mango's printf made
// of %AppData%, a roff escape, git's strict ISO date format.
var notNames = map[string]bool{"macOS": true, "minT": true, "limitSigma": true, "ppData": true, "u00E7": true, "cI": true}

// camelStale lists the camel-case words in the comments of the Go files
// under root that are no identifier in any of them (a name renamed or
// gone); it reports each as file:line: word.
func camelStale(t *testing.T, root string) []string {
	t.Helper()
	idents := map[string]bool{}
	type use struct{ at, word string }
	var uses []use
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
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				idents[id.Name] = true
			}
			return true
		})
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				for _, m := range camel.FindAllStringSubmatch(c.Text, -1) {
					p := fset.Position(c.Pos())
					uses = append(uses, use{filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line), m[2]})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, u := range uses {
		if !idents[u.word] && !notNames[u.word] {
			out = append(out, u.at+": "+u.word)
		}
	}
	return out
}

// TestCommentNames reports a camel-case name in a comment that nothing in
// the module declares or uses any more.
func TestCommentNames(t *testing.T) {
	for _, s := range camelStale(t, filepath.Join("..", "..")) {
		t.Errorf("%s names nothing in the module", s)
	}
}

// TestCommentNamesPlanted proves the check fails on a renamed function's
// old name left in its doc comment, and passes the new name, a qualified
// name and a word that is no Go name.
func TestCommentNamesPlanted(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import "strings"

// oldName cuts; newName is its name now, strings.fieldsFunc is another
// package's, and macOS is no Go name.
func newName() { _ = strings.Cut }
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := camelStale(t, dir)
	if want := []string{"p.go:5: oldName"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("camelStale = %q, want %q", got, want)
	}
}

// mapMin is how many Go files (tests aside) make a package big enough to
// need a map: a doc.go that names every file.
const mapMin = 5

// unmapped lists, for each package under root of mapMin files or more,
// a missing doc.go or the files its comment does not name.
func unmapped(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	walkDirs(t, root, nil, func(path string) error {
		all, _ := filepath.Glob(filepath.Join(path, "*.go"))
		var files []string
		for _, f := range all {
			if !strings.HasSuffix(f, "_test.go") {
				files = append(files, filepath.Base(f))
			}
		}
		if len(files) < mapMin {
			return nil
		}
		doc, err := os.ReadFile(filepath.Join(path, "doc.go"))
		if err != nil {
			out = append(out, path+": no doc.go")
			return nil
		}
		for _, f := range files {
			if f != "doc.go" && !strings.Contains(string(doc), f) {
				out = append(out, path+": doc.go does not name "+f)
			}
		}
		return nil
	})
	return out
}

// walkDirs calls f with root and every folder under it, dot folders,
// testdata, vendor and the folders named in skip aside.
func walkDirs(t *testing.T, root string, skip []string, f func(path string) error) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor" || slices.Contains(skip, n)) {
			return filepath.SkipDir
		}
		return f(path)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDocMaps: every package of mapMin files or more has a doc.go whose
// map names every file.
func TestDocMaps(t *testing.T) {
	for _, s := range unmapped(t, filepath.Join("..", "..")) {
		t.Error(s)
	}
}

// TestDocMapsPlanted proves the check fails on a file left out of the
// map and on a package with no doc.go.
func TestDocMapsPlanted(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"a", "b"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"one.go", "two.go", "three.go", "four.go", "five.go"} {
			if err := os.WriteFile(filepath.Join(dir, sub, f), []byte("package p\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	doc := "// Package p: one.go two.go three.go four.go\npackage p\n"
	if err := os.WriteFile(filepath.Join(dir, "a", "doc.go"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	got := unmapped(t, dir)
	want := []string{filepath.Join(dir, "a") + ": doc.go does not name five.go", filepath.Join(dir, "b") + ": no doc.go"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("unmapped = %q, want %q", got, want)
	}
}

// mapEntry is a line of a doc.go's map: a file's name after a tab.
var mapEntry = regexp.MustCompile(`(?m)^//\t+([A-Za-z0-9_]+\.go)\b`)

// mapRank is each file's place in the map of dir's doc.go, from the
// top; a file the map does not name comes after those it does.
func mapRank(t *testing.T, dir string) func(file string) int {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	order := map[string]int{}
	for _, m := range mapEntry.FindAllStringSubmatch(string(doc), -1) {
		if _, ok := order[m[1]]; !ok {
			order[m[1]] = len(order)
		}
	}
	return func(file string) int {
		if r, ok := order[file]; ok {
			return r
		}
		return len(order)
	}
}

// backUp lists the references of the package in dir that run back up:
// a file that uses a package-level name (a type, function, variable or
// constant) declared in a file its doc.go's map lists above it (a file
// the map does not name counts as listed after those it does). A
// method or a field is reached through its value, and the type a
// method's receiver names is the one it adds to: neither counts.
func backUp(t *testing.T, dir string) []string {
	t.Helper()
	return backUpBy(t, dir, mapRank(t, dir))
}

// backUpBy is backUp with the files' order given by rank.
func backUpBy(t *testing.T, dir string, rank func(file string) int) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	declared := map[string]string{} // name: its file
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0) // identifiers resolved within the file
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		files[name] = f
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = name
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						declared[s.Name.Name] = name
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declared[n.Name] = name
						}
					}
				}
			}
		}
	}
	var out []string
	for name, f := range files {
		receivers := map[*ast.Ident]bool{}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv != nil {
				ast.Inspect(fn.Recv, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						receivers[id] = true
					}
					return true
				})
			}
		}
		seen := map[string]bool{}
		for _, id := range f.Unresolved {
			from, ok := declared[id.Name]
			if !ok || receivers[id] || from == name || rank(from) >= rank(name) || seen[id.Name] {
				continue
			}
			seen[id.Name] = true
			out = append(out, fmt.Sprintf("%s: %s uses %s of %s, listed above it", dir, name, id.Name, from))
		}
	}
	slices.Sort(out)
	return out
}

// topDown are the packages read top-down, held to it: the server's
// tree, the served session's host and its common value, and the
// command line.
var topDown = []string{
	"door", "server/hall", "server/keep", "door/loadgen", "server/tables", "server/tournaments",
	"ui/serve", "ui/serve/common", "ui/serve/pages/seat",
	"cmd",
}

// TestNoReferenceRunsBackUp: in each package of topDown, every file uses
// only names of the files its doc.go's map lists below it (backUp).
func TestNoReferenceRunsBackUp(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, dir := range topDown {
		for _, s := range backUp(t, filepath.Join(root, dir)) {
			t.Error(s)
		}
	}
}

// TestBackUpPlanted proves the check finds a name used from a file
// listed above, and not one from below, a method's receiver, a local
// name that shadows another file's, nor a field or a method.
func TestBackUpPlanted(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"doc.go": "// Package p.\n//\n//\ttop.go  the top\n//\tlow.go  below it\npackage p\n",
		"top.go": "package p\n\nfunc Top() int { x := Low{}; return x.n + low() }\n\nfunc (l Low) Up() int { return l.n }\n",
		"low.go": "package p\n\ntype Low struct{ n int }\n\nfunc low() int { Top := 1; return Top + Up() }\n\nfunc Up() int { return Top() }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := backUp(t, dir)
	want := []string{dir + ": low.go uses Top of top.go, listed above it"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("backUp = %q, want %q", got, want)
	}
}
