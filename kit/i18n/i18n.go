package i18n

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"

	"okey/assets"
)

// Catalog is one language's words. Catalogs are shared: never change
// one.
type Catalog struct {
	Lang string
	m    map[string]string
}

// Load reads the catalog of lang ("en" or "tr"). A catalog is never
// changed once read, so every caller shares one a language, read once a
// process: a server loaded one for every session and every seat, a
// hundred kilobytes each.
func Load(lang string) (*Catalog, error) {
	loadedMu.Lock()
	defer loadedMu.Unlock()
	if c, ok := loaded[lang]; ok {
		return c, nil
	}
	c, err := load(lang)
	if err != nil {
		return nil, err
	}
	loaded[lang] = c
	return c, nil
}

// loaded are the catalogs read so far, by language: a cache of values
// that never change.
var (
	loadedMu sync.Mutex
	loaded   = map[string]*Catalog{}
)

// load reads the catalog of lang from the embedded files.
func load(lang string) (*Catalog, error) {
	if !slices.Contains(assets.Languages, lang) {
		return nil, fmt.Errorf("language %q: unknown (known: %s)", lang, strings.Join(assets.Languages, ", "))
	}
	b, err := assets.FS.ReadFile("i18n/" + lang + ".txt")
	if err != nil {
		return nil, err
	}
	m, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("language %s: %w", lang, err)
	}
	// The words of a part of the game may live in a file of their own,
	// <lang>.<part>.txt (en.101.txt): they join the catalog, and a key
	// may be in only one of its files.
	parts, err := fs.Glob(assets.FS, "i18n/"+lang+".*.txt")
	if err != nil {
		return nil, err
	}
	for _, p := range parts {
		b, err := assets.FS.ReadFile(p)
		if err != nil {
			return nil, err
		}
		more, err := Parse(b)
		if err != nil {
			return nil, fmt.Errorf("language %s, %s: %w", lang, path.Base(p), err)
		}
		for k, v := range more {
			if _, dup := m[k]; dup {
				return nil, fmt.Errorf("language %s, %s: key %q is in another file too", lang, path.Base(p), k)
			}
			m[k] = v
		}
	}
	return &Catalog{Lang: lang, m: m}, nil
}

// MustLoad is Load for the built-in languages, which are tested.
func MustLoad(lang string) *Catalog {
	c, err := Load(lang)
	if err != nil {
		panic(err)
	}
	return c
}

// Parse reads "key = text" lines; # starts a comment line.
func Parse(b []byte) (map[string]string, error) {
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("line %d: want \"key = text\"", n)
		}
		k = strings.TrimSpace(k)
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("line %d: key %q twice", n, k)
		}
		m[k] = strings.ReplaceAll(strings.TrimSpace(v), `\n`, "\n")
	}
	return m, nil
}

// T is the text of key with args formatted in; a missing key shows as
// {{key}} so that tests catch it.
func (c *Catalog) T(key string, args ...any) string {
	s, ok := c.m[key]
	if !ok {
		return "{{" + key + "}}"
	}
	if len(args) == 0 {
		return s
	}
	if p := c.point(); p != "." {
		args = slices.Clone(args) // a caller's slice (T(k, xs...)) is never changed
		for i, a := range args {
			switch x := a.(type) {
			case float64:
				args[i] = decimal{x, p}
			case float32:
				args[i] = decimal{float64(x), p}
			}
		}
	}
	return fmt.Sprintf(s, args...)
}

// point is the language's decimal mark: "." in English, "," in
// Turkish ("0,98 puan"), as its catalogue's num.point says.
func (c *Catalog) point() string {
	if p, ok := c.m["num.point"]; ok && p != "" {
		return p
	}
	return "."
}

// Dec is s, a number or a text holding numbers written with a decimal
// point ("0.98", "0.26 to 0.35"), with the language's decimal mark: a
// point between two digits becomes a comma in Turkish.
func (c *Catalog) Dec(s string) string {
	p := c.point()
	if p == "." || !strings.Contains(s, ".") {
		return s
	}
	b := []byte(s)
	var out strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] == '.' && i > 0 && i+1 < len(b) && isDigit(b[i-1]) && isDigit(b[i+1]) {
			out.WriteString(p)
			continue
		}
		out.WriteByte(b[i])
	}
	return out.String()
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// decimal is a number T formats with a decimal mark other than the
// point: every float argument of a catalogue text, so that a verb such
// as %.1f reads "4,5" in Turkish.
type decimal struct {
	x     float64
	point string
}

// Format writes d as the verb and flags of f ask, its point swapped.
func (d decimal) Format(f fmt.State, verb rune) {
	spec := "%"
	for _, fl := range "+-# 0" {
		if f.Flag(int(fl)) {
			spec += string(fl)
		}
	}
	if w, ok := f.Width(); ok {
		spec += fmt.Sprint(w)
	}
	if p, ok := f.Precision(); ok {
		spec += "." + fmt.Sprint(p)
	}
	spec += string(verb)
	_, _ = fmt.Fprint(f, strings.Replace(fmt.Sprintf(spec, d.x), ".", d.point, 1))
}

// Has reports whether the catalog has key.
func (c *Catalog) Has(key string) bool { _, ok := c.m[key]; return ok }

// Keys lists the catalog's keys, sorted.
func (c *Catalog) Keys() []string {
	ks := make([]string, 0, len(c.m))
	for k := range c.m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// FromEnv picks the language from the environment (LC_ALL, LC_MESSAGES,
// LANG, LANGUAGE): Turkish when it starts with "tr", English otherwise.
func FromEnv(getenv func(string) string) string {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"} {
		if s := getenv(v); s != "" {
			if strings.HasPrefix(strings.ToLower(s), "tr") {
				return "tr"
			}
			return "en"
		}
	}
	return "en"
}

// Help is the how-to-play page of lang.
func Help(lang string) string { return HelpOf(lang, "") }

// HelpOf is the how-to-play page of a part of the game in lang:
// help/<lang>.<part>.txt ("" is the classic page, help/<lang>.txt).
func HelpOf(lang, part string) string {
	name := lang
	if part != "" {
		name += "." + part
	}
	b, err := assets.FS.ReadFile("help/" + name + ".txt")
	if err != nil {
		b, err = assets.FS.ReadFile("help/" + strings.Replace(name, lang, "en", 1) + ".txt")
	}
	if err != nil {
		return "" // cannot happen: the pages are embedded, and tested
	}
	return strings.TrimRight(string(b), "\n")
}

// Rules is the whole rules of game ("classic" or "101") in lang, from
// rules/<lang>.<game>.txt (English if lang has none): paragraphs one a
// line, a line starting "# " a heading, "- " a point. okey rules prints
// it and the ? page ends with it, so the binary carries the rules that
// RULES.md keeps in the repository.
func Rules(lang, game string) string {
	b, err := assets.FS.ReadFile("rules/" + lang + "." + game + ".txt")
	if err != nil {
		b, err = assets.FS.ReadFile("rules/en." + game + ".txt")
	}
	if err != nil {
		return "" // an unknown game: the games' pages are embedded, and tested
	}
	return strings.TrimRight(string(b), "\n")
}
