package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// mdLink is a Markdown link's target: what stands between "](" and ")".
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// heading is a Markdown heading's line.
var heading = regexp.MustCompile(`^#{1,6}\s+(.*)$`)

// pages are the Markdown pages a reader follows links between: the
// README and every page under docs/ (the rules among them), paths from
// the module's root.
func pages(t *testing.T, root string) []string {
	t.Helper()
	out := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			out = append(out, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// anchors are the fragments GitHub gives a page's headings: lower case,
// spaces as hyphens, punctuation other than hyphens and underscores
// dropped, a repeated one numbered from -1.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		m := heading.FindStringSubmatch(line)
		if fenced || m == nil {
			continue
		}
		a := slug(m[1])
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// slug is a heading's anchor as GitHub makes it.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && isLetter(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isLetter reports whether a rune past ASCII is a letter GitHub keeps
// in an anchor (Turkish letters, accented ones), not a dash or a symbol.
func isLetter(r rune) bool { return !strings.ContainsRune("—–·×→←…’‘“”", r) }

// TestPageLinks checks every relative link of the README, the rules and
// the pages under docs/: the file it names exists, and a fragment names a
// heading of that page. A page moved or a heading renamed breaks the
// links that pointed at it; this finds them.
func TestPageLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	texts := map[string]string{}
	read := func(path string) (string, bool) {
		if s, ok := texts[path]; ok {
			return s, true
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return "", false
		}
		texts[path] = string(b)
		return string(b), true
	}
	for _, page := range pages(t, root) {
		text, ok := read(page)
		if !ok {
			t.Fatalf("%s: cannot read", page)
		}
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			rel, _ := filepath.Rel(root, page)
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %q names no file", rel, target)
				continue
			}
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			to, _ := read(path)
			if !anchors(to)[frag] {
				t.Errorf("%s: link %q names no heading of its page", rel, target)
			}
		}
	}
}

// TestPageLinksPlanted proves the anchors are GitHub's for the headings
// the pages use.
func TestPageLinksPlanted(t *testing.T) {
	a := anchors("# Top\n## Tournaments: what a player sees\n```\n# not a heading\n```\n### Whole matches, 1,600 (and the expert it became; session of 2026-11-28, evening)\n## Top\n")
	for _, want := range []string{"top", "top-1", "tournaments-what-a-player-sees", "whole-matches-1600-and-the-expert-it-became-session-of-2026-11-28-evening"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Error("a comment in a code block was taken for a heading")
	}
}

// Page sizes: the README and each page of docs/ a reader meets first
// stay short; a page that grows past its size is split by subject, and
// measurement history goes to docs/studies/, which has no limit.
const (
	readmeMax = 300
	pageMax   = 400
)

// longPages may exceed pageMax for now, each with why.
var longPages = map[string]string{}

// overLong lists the pages of dir (not its subfolders) longer than
// pageMax, and README.md at root if longer than readmeMax, leaving out
// the allowed ones.
func overLong(t *testing.T, root, dir string, allowed map[string]string) []string {
	t.Helper()
	var out []string
	count := func(path string) int {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "\n")
	}
	if n := count(filepath.Join(root, "README.md")); n > readmeMax {
		out = append(out, "README.md: "+strconv.Itoa(n)+" lines, over "+strconv.Itoa(readmeMax))
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		name := filepath.Base(p)
		if _, ok := allowed[name]; ok {
			continue
		}
		if n := count(p); n > pageMax {
			out = append(out, name+": "+strconv.Itoa(n)+" lines, over "+strconv.Itoa(pageMax)+": split it by subject, or move its history to docs/studies/")
		}
	}
	return out
}

// TestPageSizes holds the README under readmeMax lines and every page
// of docs/ under pageMax, but the studies and longPages.
func TestPageSizes(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, s := range overLong(t, root, filepath.Join(root, "docs"), longPages) {
		t.Error(s)
	}
}

// TestPageSizesPlanted proves the size check finds a long page and a
// long README, and passes an allowed one.
func TestPageSizesPlanted(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path string, lines int) {
		if err := os.WriteFile(path, []byte(strings.Repeat("a line\n", lines)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "README.md"), readmeMax+1)
	write(filepath.Join(docs, "long.md"), pageMax+1)
	write(filepath.Join(docs, "allowed.md"), pageMax+1)
	write(filepath.Join(docs, "short.md"), pageMax)
	got := overLong(t, root, docs, map[string]string{"allowed.md": "planted"})
	if len(got) != 2 || !strings.HasPrefix(got[0], "README.md") || !strings.HasPrefix(got[1], "long.md") {
		t.Errorf("found %q, want README.md and long.md", got)
	}
}
