package cmd

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// importersOfCmd lists the Go files under the module root root, other
// than its main.go, that import okey/cmd or a package beneath it.
func importersOfCmd(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
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
		if !strings.HasSuffix(path, ".go") || path == filepath.Join(root, "main.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "okey/cmd" || strings.HasPrefix(p, "okey/cmd/") {
				out = append(out, path+" imports "+p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The command line is the house's top floor: only the module's main.go
// imports it, so that no package below can reach the flags' wiring.
func TestOnlyMainImportsCmd(t *testing.T) {
	for _, s := range importersOfCmd(t, "..") {
		t.Errorf("%s: only main.go may", s)
	}
}

// TestOnlyMainImportsCmdPlanted proves the check finds a package that
// imports the command line, and lets main.go do so.
func TestOnlyMainImportsCmdPlanted(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.go":     "package main\n\nimport \"okey/cmd\"\n",
		"ui/ui.go":    "package ui\n\nimport _ \"okey/cmd\"\n",
		"game/one.go": "package game\n\nimport \"okey/commands\"\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := importersOfCmd(t, dir)
	want := filepath.Join(dir, "ui", "ui.go") + " imports okey/cmd"
	if len(got) != 1 || got[0] != want {
		t.Errorf("importersOfCmd = %q, want [%q]", got, want)
	}
}
