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
const maxSessionMethods = 30

// sessionSide reports whether a method's receiver type is one of the
// session's side: the session, the value its pages share, a page, or a
// part of one.
func sessionSide(recv string) bool {
	switch recv {
	case "session", "idler", "dupState", "createForm":
		return true
	}
	return strings.HasSuffix(recv, "Page")
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
