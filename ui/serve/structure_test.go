package serve

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxSessionMethods is the most methods the session, the host of the
// pages, may have: what a page does belongs to the page.
const maxSessionMethods = 25

// sessionSide reports whether a method's receiver type is one of the
// session's side in this package: the session and its idle clock (the
// pages are packages of their own, which cannot name the Server).
func sessionSide(recv string) bool {
	return recv == "session" || recv == "idler"
}

// receiver is the name of a method's receiver type ("" for a function).
func receiver(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return ""
	}
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// sourceFiles are the package's files but its tests, parsed.
func sourceFiles(t *testing.T) map[string]*ast.File {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*ast.File{}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = f
	}
	return out
}

// TestSessionIsASmallHost: the session declares at most
// maxSessionMethods methods, and the session's side (its methods, its
// pages', the shared value's) never names the Server nor holds one:
// what a session needs of the server comes through ServerSide.
func TestSessionIsASmallHost(t *testing.T) {
	methods := 0
	for name, f := range sourceFiles(t) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				recv := receiver(d)
				if recv == "session" {
					methods++
				}
				if sessionSide(recv) && d.Body != nil && namesServer(d.Body) {
					t.Errorf("%s: %s.%s names the Server: ask it through serverSide", name, recv, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && sessionSide(ts.Name.Name) && namesServer(ts.Type) {
						t.Errorf("%s: type %s holds the Server: hold a serverSide", name, ts.Name.Name)
					}
				}
			}
		}
	}
	if methods == 0 || methods > maxSessionMethods {
		t.Errorf("the session has %d methods; a host of pages has at most %d", methods, maxSessionMethods)
	}
}

// namesServer reports whether n mentions the Server type.
func namesServer(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "Server" {
			found = true
		}
		return !found
	})
	return found
}

// TestDocMapsEveryFile: the package's doc names every file of it (but
// the tests and the doc itself) in its map, so a reader finds each.
func TestDocMapsEveryFile(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	mapped := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^//\t([a-z0-9_]+\.go)\b`).FindAllStringSubmatch(string(doc), -1) {
		mapped[m[1]] = true
	}
	for name := range sourceFiles(t) {
		if name != "doc.go" && !mapped[name] {
			t.Errorf("%s is not in doc.go's map of the files", name)
		}
	}
}

// TestPagesStandAlone: a page package (under pages/) imports package
// common and never another page, nor the session's host (package
// serve): what a page needs of the session comes in common.Common, of
// the server through common.ServerSide.
func TestPagesStandAlone(t *testing.T) {
	dirs, err := filepath.Glob("pages/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no page packages found (%v)", err)
	}
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			f, err := parser.ParseFile(token.NewFileSet(), n, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range f.Imports {
				p := strings.Trim(im.Path.Value, `"`)
				if p == "okey/ui/serve" || strings.HasPrefix(p, "okey/ui/serve/pages/") {
					t.Errorf("%s imports %s: a page stands on common alone", n, p)
				}
			}
		}
	}
}

// TestHostAsksNoPageKind: the session's host (session.go, update.go,
// view.go) hands messages to the page on show without asking which page
// it is: no comparison with a page's name (common.Lobby, common.Table,
// …), and no switch on one but pageOf's, which finds the page of a
// name. What differs by page is the page's to say (common.Screen,
// Watcher, Idler, Opener).
func TestHostAsksNoPageKind(t *testing.T) {
	names := pageNames(t)
	if len(names) < 10 {
		t.Fatalf("only %d page names found in common/pages.go", len(names))
	}
	isName := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		x, ok := sel.X.(*ast.Ident)
		return ok && x.Name == "common" && names[sel.Sel.Name]
	}
	for _, file := range []string{"session.go", "update.go", "view.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Name.Name == "pageOf" {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BinaryExpr:
					if (n.Op == token.EQL || n.Op == token.NEQ) && (isName(n.X) || isName(n.Y)) {
						t.Errorf("%s: %s compares the page with a page's name", file, fn.Name.Name)
					}
				case *ast.CaseClause:
					for _, e := range n.List {
						if isName(e) {
							t.Errorf("%s: %s switches on a page's name", file, fn.Name.Name)
						}
					}
				}
				return true
			})
		}
	}
}

// pageNames are the names of the session's pages (common.PageID's
// constants).
func pageNames(t *testing.T) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("common", "pages.go"), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		ofPages := false
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); ok && id.Name == "PageID" {
				ofPages = true
			}
			if ofPages {
				for _, n := range v.Names {
					out[n.Name] = true
				}
			}
		}
	}
	return out
}
