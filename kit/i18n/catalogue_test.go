package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// english are words that, in a Turkish string, are English left
// untranslated: the words of the game and of its messages. ("not",
// "at", "on" and "it" are Turkish words too, so they are not here.)
var english = []string{
	"the", "and", "with", "you", "your", "is", "are", "for", "from", "this", "that", "was", "has", "have",
	"tile", "tiles", "hand", "hands", "match", "matches", "wall", "discard", "discards", "draw", "take",
	"point", "points", "score", "scores", "player", "players", "win", "wins", "won", "lost", "lose",
	"settings", "rules", "game", "games", "help", "quit", "open", "opened", "table", "tables", "press",
	"key", "keys", "turn", "next", "back", "undo", "error", "invalid", "unknown", "option", "options",
	"must", "given", "empty", "value", "number", "record", "review", "play", "saved", "save", "file",
	"name", "names", "none", "yes", "seat", "server", "wait", "waiting", "left", "right", "top", "bottom",
	"finish", "finished", "pairs", "run", "runs", "set", "sets", "meld", "melds", "okeys", "indicator",
}

// loanWords may stand in a Turkish string as they are: names of the
// game and its parts, and words Turkish players use as they are (par,
// the daily's measure, is golf's word in Turkish too; arena, a tournament
// joined at any time, is the Turkish word too; web, as in "web sayfası",
// names the browser door's key in the lobby).
var loanWords = []string{"okey", "bot", "arena", "normal", "par", "seri", "çift", "diz", "web", "Okey", "English", "Türkçe", "OK", "J"}

// notWords are the parts of a message that are not words of a
// language: text in quotes (JSON, what was typed), format verbs, flags,
// options and commands as they are typed, environment variables, paths,
// keys, tiles in the notation.
var notWords = regexp.MustCompile(`"[^"]*"|%(\[\d+\])?[-+# 0-9.]*[a-zA-Z%]|--?[a-z][a-z0-9-]*(=\S*)?|\$\w+|[A-Za-z0-9_]+(=[A-Za-z0-9]*|_[A-Za-z0-9_]+)|\bokey (help )?(hand|sim|serve|review|verify|dirs|help|load|rules|play|man|completion|version)\b|\bgo (run|build|install)\b|\S*/\S+|\b[A-Z][A-Z0-9_]+\b|\b[RYBKJ]\d*\b`)

// optionNames are the rules options as --rules takes them: a rules
// error names them as typed (deal, table ya da simple olmalı).
var optionNames = regexp.MustCompile(`\b(deal|table|simple|points|open|hands|feed|progressive|partners)\b`)

// rawKeys hold no words for a player: err.raw is a switch the code
// reads ("yes" shows the engine's English detail).
var rawKeys = []string{"err.raw"}

// TestEveryMessageInTurkish walks every key of every message catalogue
// (assets/i18n/<lang>.txt and its parts): each is in both languages and
// not empty, a Turkish entry that reads the same as the English one
// holds no word but loan words, and no Turkish entry has an English
// word of the game in it. TestGlossaryTerms (ui) holds the Turkish to
// one term per idea. The commands' failures are the catalogue's too, so
// that they are said in the player's language: no command writes words
// of its own to stderr (commandsSayNothingOfTheirOwn).
func TestEveryMessageInTurkish(t *testing.T) {
	en, tr := MustLoad("en"), MustLoad("tr")
	if a, b := en.Keys(), tr.Keys(); !slices.Equal(a, b) {
		for _, k := range a {
			if !tr.Has(k) {
				t.Errorf("%s: no Turkish", k)
			}
		}
		for _, k := range b {
			if !en.Has(k) {
				t.Errorf("%s: no English", k)
			}
		}
	}
	commandsSayNothingOfTheirOwn(t)
	word := regexp.MustCompile(`[\p{L}]+`)
	for _, k := range tr.Keys() {
		if slices.Contains(rawKeys, k) {
			continue
		}
		s := tr.T(k)
		if strings.TrimSpace(s) == "" || strings.TrimSpace(en.T(k)) == "" {
			t.Errorf("%s: empty", k)
			continue
		}
		plain := notWords.ReplaceAllString(s, " ")
		if strings.HasPrefix(k, "rules") {
			plain = optionNames.ReplaceAllString(plain, " ")
		}
		words := word.FindAllString(plain, -1)
		if s == en.T(k) {
			for _, w := range words {
				if !slices.Contains(loanWords, w) {
					t.Errorf("%s: not translated: %q (%q is no loan word)", k, s, w)
					break
				}
			}
		}
		for _, w := range words {
			if slices.Contains(english, strings.ToLower(w)) {
				t.Errorf("%s: English %q in %q", k, w, s)
			}
		}
	}
}

// stderrText finds the text a command writes to stderr, or hands a
// fail helper: the format's literal.
var stderrText = regexp.MustCompile(`(?:Fprint(?:f|ln)?\((?:e\.)?stderr, |\bfail\((?:\d, )?)"((?:[^"\\]|\\.)*)"`)

// commandsSayNothingOfTheirOwn checks the commands' sources (the main
// package, ../../cmd): every text a command writes to stderr comes from the
// catalogue, so that it is said in the player's language; a format may
// hold the command's name, flags and verbs, and no word of a language.
// (okey verify said "NOT verified: cannot read it" in English under
// --lang tr.)
func commandsSayNothingOfTheirOwn(t *testing.T) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "cmd", "*.go"))
	word := regexp.MustCompile(`\p{L}{2,}`)
	name := regexp.MustCompile(`^okey( [a-z]+)*:`)
	en, tr := MustLoad("en"), MustLoad("tr")
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range stderrText.FindAllStringSubmatch(string(b), -1) {
			checked++
			if en.Has(m[1]) {
				if !tr.Has(m[1]) {
					t.Errorf("%s: %s: no Turkish", filepath.Base(f), m[1])
				}
				continue // a key of the catalogue
			}
			plain := notWords.ReplaceAllString(name.ReplaceAllString(m[1], " "), " ")
			plain = strings.ReplaceAll(plain, `\n`, " ")
			if w := word.FindString(plain); w != "" {
				t.Errorf("%s: a command's words not in the catalogue: %q (%q)", filepath.Base(f), m[1], w)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d texts written to stderr found in the commands: is ../../cmd still the command line?", checked)
	}
}
