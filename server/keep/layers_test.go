package keep

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The package's two floors (doc.go): the layer over JetStream, which
// knows no subject, and the stored subjects over it, each on its own.
var (
	// layerFiles know the store and nothing kept in it.
	layerFiles = []string{"engine.go", "reads.go", "direct.go", "inbox.go", "fence.go", "secret.go", "seal.go", "fresh.go", "lease.go", "holding.go", "members.go", "leaders.go", "view.go", "rotate.go", "names.go", "watch.go"}
	// subjects are the stored subjects' files, by subject.
	subjects = map[string][]string{
		"tables":   {"entries.go", "records.go", "numbers.go", "tablelog.go"},
		"ratings":  {"ratings.go"},
		"daily":    {"daily.go", "dailycache.go", "dailyrank.go", "dailyresult.go"},
		"tourneys": {"tourneys.go"},
		"links":    {"links.go"},
	}
	// tying is the one file that ties subjects together (Keeper: the
	// tables' three types; the boards' plain values sealed).
	tying = "keep.go"
	// layerNames are the subjects' names the layer may say: the view
	// of the store reports on the tables' stream and bucket by name.
	layerNames = map[string][]string{"view.go": {"recordsStream", "tablesBucket"}}
)

// declared is the package-level names (not methods) each file declares.
func declared(t *testing.T, fset *token.FileSet, files map[string]*ast.File) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					out[d.Name.Name] = name
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						out[s.Name.Name] = name
					case *ast.ValueSpec:
						for _, n := range s.Names {
							out[n.Name] = name
						}
					}
				}
			}
		}
	}
	return out
}

// said is the package-level names file f says (identifiers that are not
// a selector's field or method, nor a declaration's own name).
func said(f *ast.File, decl map[string]string) map[string]bool {
	out := map[string]bool{}
	skip := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true // a struct literal's field (or a map's key: names a constant rarely)
			}
		case *ast.Ident:
			if !skip[n] && decl[n.Name] != "" {
				out[n.Name] = true
			}
		}
		return true
	})
	return out
}

// TestLayersRunOneWay holds the package's floors: no file of the layer
// over JetStream names anything a subject's file declares (but the
// view, the two names it reports on), and no subject's file names
// another subject's; keep.go alone ties them. A file of the package
// that is on neither list fails too: a new file says where it stands.
func TestLayersRunOneWay(t *testing.T) {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "doc.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	floor := map[string]string{tying: "tying"}
	for _, f := range layerFiles {
		floor[f] = "layer"
	}
	for s, fs := range subjects {
		for _, f := range fs {
			floor[f] = s
		}
	}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if floor[name] == "" {
			t.Errorf("%s is on neither floor: add it to layerFiles or subjects (and to doc.go's map)", name)
		}
	}
	decl := declared(t, fset, files)
	for _, name := range names {
		from := floor[name]
		if from == "" || from == "tying" {
			continue
		}
		for id := range said(files[name], decl) {
			to := floor[decl[id]]
			switch {
			case to == "" || to == "layer" || to == from:
			case from == "layer" && slices.Contains(layerNames[name], id):
			case to == "tying":
				t.Errorf("%s names %s, which %s declares: only %s ties the subjects, nothing stands on it", name, id, decl[id], tying)
			case from == "layer":
				t.Errorf("%s, of the layer over JetStream, names %s, which %s (the %s) declares: the layer knows no subject", name, id, decl[id], to)
			default:
				t.Errorf("%s (the %s) names %s, which %s (the %s) declares: each subject stands on the layer alone", name, from, id, decl[id], to)
			}
		}
	}
}
