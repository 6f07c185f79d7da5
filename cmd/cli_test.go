package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// setLang sets the environment's language for run, and nothing else
// that would pick one.
func setLang(t *testing.T, lang string) {
	t.Helper()
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANGUAGE", "")
	t.Setenv("LANG", lang)
}

// runOut runs okey with args and returns stdout, stderr and the status.
func runOut(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// Every command of today keeps its flags under the same names, and its
// help lists every one of them — both games' rules options and bot
// levels where a flag takes them — as plain text on a pipe, reached by
// okey help COMMAND and by COMMAND -h alike, in English and in Turkish.
func TestHelpOfEveryCommand(t *testing.T) {
	flags := map[string][]string{
		"play":    {"game", "lang", "speed", "theme", "rules", "points", "bots", "names", "seed", "state-dir", "config-dir", "debug-log"},
		"hand":    {"indicator", "json", "rules", "deal", "seed", "mix", "game"},
		"sim":     {"bots", "hands", "matches", "seed", "rules", "workers", "json", "game", "record"},
		"serve":   {"addr", "state-dir", "host-key", "authorized-keys", "timer", "max-tables", "max-sessions", "max-per-addr", "conn-rate", "conn-burst", "tables-per-player", "tables-per-addr", "room-idle", "idle-evict", "max-width", "max-height", "handshake-timeout", "idle-timeout", "away-after", "release-after", "max-session", "keep-seat", "keep-matches", "tournament", "bot-delay", "debug-log"},
		"dirs":    {"state-dir", "config-dir"},
		"verify":  {"commit"},
		"daily":   {"game", "date", "fingerprint", "par", "json", "share", "state-dir", "config-dir", "debug-log"},
		"review":  {"seat", "hand", "samples", "seed", "workers", "json", "state-dir"},
		"version": {"help"},
		"man":     {"help"},
	}
	// Both games' words in the flags that take them.
	bothGames := map[string][]string{
		"play": {"no_wrap", "open=N", "simple104", "okey_pair"},
		"hand": {"no_wrap", "open=N"},
		"sim":  {"no_wrap", "open=N"},
	}
	for _, lang := range []string{"en", "tr"} {
		titles := map[string][2]string{"en": {"USAGE", "FLAGS"}, "tr": {"KULLANIM", "SEÇENEKLER"}}[lang]
		for cmd, want := range flags {
			for _, args := range [][]string{{"help", cmd}, {cmd, "-h"}, {cmd, "--help"}} {
				args = append(args, "--lang", lang)
				out, errs, code := runOut(args...)
				if code != 0 || errs != "" {
					t.Errorf("%v: exit %d, stderr %q", args, code, errs)
					continue
				}
				for _, f := range append(want, "help") {
					if !strings.Contains(out, "--"+f) {
						t.Errorf("%v: the help lacks --%s", args, f)
					}
				}
				for _, w := range append(bothGames[cmd], "okey "+cmd, titles[0], titles[1]) {
					if !strings.Contains(out, w) {
						t.Errorf("%v: the help lacks %q", args, w)
					}
				}
				if strings.Contains(out, "\x1b") || strings.Contains(out, " \n") {
					t.Errorf("%v: the help on a pipe is not plain text: %q", args, out)
				}
				if lang == "tr" && (strings.Contains(out, "USAGE") || strings.Contains(out, "FLAGS") || !strings.Contains(out, "komut")) {
					t.Errorf("%v: English in the Turkish help:\n%s", args, out)
				}
			}
		}
	}
}

// okey -h lists the commands and play's flags (the root plays); the
// language comes from --lang or from the environment (LANG, LC_ALL).
func TestRootHelpLanguages(t *testing.T) {
	cases := []struct {
		env  string
		args []string
		want []string
	}{
		{"en_US.UTF-8", []string{"-h"}, []string{"COMMANDS", "FLAGS", "hand", "serve", "dirs", "--game", "--rules", "--version", "okey dirs tells where"}},
		{"en_US.UTF-8", []string{"--lang", "tr", "-h"}, []string{"KOMUTLAR", "SEÇENEKLER", "--game", "okey dirs ayarların"}},
		{"en_US.UTF-8", []string{"-h", "--lang=tr"}, []string{"KOMUTLAR"}},
		{"tr_TR.UTF-8", []string{"-h"}, []string{"KOMUTLAR", "Üç bota karşı bir oyun oyna"}},
		{"tr_TR.UTF-8", []string{"--lang", "en", "--help"}, []string{"COMMANDS", "Play a match against three bots"}},
	}
	for _, c := range cases {
		setLang(t, c.env)
		out, errs, code := runOut(c.args...)
		if code != 0 || errs != "" {
			t.Errorf("LANG=%s %v: exit %d, stderr %q", c.env, c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("LANG=%s %v: lacks %q:\n%s", c.env, c.args, w, out)
			}
		}
	}
	t.Setenv("LC_ALL", "tr_TR.UTF-8")
	if out, _, _ := runOut("-h"); !strings.Contains(out, "KOMUTLAR") {
		t.Errorf("LC_ALL=tr_TR: the help is not Turkish:\n%s", out)
	}
}

// The --bots flag of okey and okey sim names the levels once when both
// games have the same (okey --help listed "easy, normal, hard" twice),
// in both languages.
func TestBotsLevelsNamedOnce(t *testing.T) {
	for _, env := range []string{"en_US.UTF-8", "tr_TR.UTF-8"} {
		setLang(t, env)
		for _, args := range [][]string{{"--help"}, {"sim", "--help"}} {
			out, _, code := runOut(args...)
			var line string
			for l := range strings.Lines(out) {
				if strings.Contains(l, "--bots ") && strings.Contains(l, "easy") {
					line = l
				}
			}
			if code != 0 || strings.Count(line, "easy, normal, hard") != 1 {
				t.Errorf("LANG=%s %v: exit %d, the --bots line %q", env, args, code, line)
			}
		}
	}
}

// The version says the module's version, the commit, its time and a
// dirty mark, from the build information; --version, -v and okey
// version print the same line.
func TestVersion(t *testing.T) {
	info := &debug.BuildInfo{Main: debug.Module{Path: "okey", Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-23T03:58:46Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, c := range []struct {
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{info, true, "v1.2.3 (commit 0123456789ab, commit time 2026-11-23T03:58:46Z, dirty)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}}, true, "(devel) (commit abc)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "(devel)"},
		{nil, false, "unknown"},
	} {
		if got := versionOf(c.info, c.ok).String(); got != c.want {
			t.Errorf("version %q, want %q", got, c.want)
		}
	}
	want := "okey " + currentVersion().String() + "\n"
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}, {"--lang", "tr", "--version"}} {
		out, errs, code := runOut(args...)
		if code != 0 || errs != "" || out != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", args, code, out, errs, want)
		}
	}
}

// okey completion SHELL prints a script for each shell, in either
// language, and the script is the shell's own, unchanged.
func TestCompletion(t *testing.T) {
	for shell, marker := range map[string]string{
		"bash":       "complete -o default -F __start_okey okey",
		"zsh":        "#compdef okey",
		"fish":       "complete -c okey",
		"powershell": "Register-ArgumentCompleter",
	} {
		for _, lang := range []string{"en", "tr"} {
			out, errs, code := runOut("completion", shell, "--lang", lang)
			if code != 0 || errs != "" || !strings.Contains(out, marker) {
				t.Errorf("completion %s (%s): exit %d, stderr %q, %d bytes lacking %q", shell, lang, code, errs, len(out), marker)
			}
		}
	}
	// The completions themselves: the commands, and a flag's values.
	out, _, _ := runOut("__complete", "ha")
	if !strings.Contains(out, "hand") {
		t.Errorf("completing ha: %q", out)
	}
	out, _, _ = runOut("__complete", "--game", "")
	if !strings.Contains(out, "classic") || !strings.Contains(out, "101") {
		t.Errorf("completing --game: %q", out)
	}
}

// okey man prints a manual page in roff that names every command and
// flag, where it is told to.
func TestManPage(t *testing.T) {
	out, errs, code := runOut("man")
	if code != 0 || errs != "" || !strings.HasPrefix(out, ".TH OKEY 1") {
		t.Fatalf("exit %d, stderr %q, page %.80q", code, errs, out)
	}
	for _, w := range []string{".SS \"okey hand", ".SS \"okey serve\"", ".SS \"okey serve secret", "\\fB\\-\\-debug\\-log\\fR", "\\fB\\-\\-authorized\\-keys\\fR", "\\fB\\-\\-indicator\\fR", `\fB\-h\fR, \fB\-\-help\fR`, ".SH \"FILES\"", "XDG_STATE_HOME", ".SH \"EXIT STATUS\""} {
		if !strings.Contains(out, w) {
			t.Errorf("the page lacks %q", w)
		}
	}
	if _, errs, code := runOut("man", "extra"); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("man extra: exit %d, %q", code, errs)
	}
}

// A wrong command line is one line on stderr, exit 2, nothing on
// stdout, in the player's language, its words from pflag's typed errors:
// an unknown flag, a long flag with one dash (named with two), a value
// the flag does not take, a flag without its value, an unknown command.
func TestCommandLineErrors(t *testing.T) {
	cases := []struct {
		args     []string
		en, tr   string
		enPrefix string
	}{
		{[]string{"--bogus"}, "--bogus is not a flag of okey (okey -h lists them)", "--bogus, okey komutunun bir seçeneği değil", "okey: "},
		{[]string{"sim", "--bogus"}, "--bogus is not a flag of okey sim (okey sim -h lists them)", "okey sim komutunun bir seçeneği değil", "okey sim: "},
		{[]string{"-game", "101"}, "-game takes two dashes: write --game (okey -h lists the flags)", "-game iki tireyle yazılır: --game yaz", "okey: "},
		{[]string{"hand", "-indicator=R4", "R1"}, "-indicator takes two dashes: write --indicator", "--indicator yaz", "okey hand: "},
		{[]string{"serve", "-max-tables", "3"}, "-max-tables takes two dashes: write --max-tables", "--max-tables yaz", "okey serve: "},
		{[]string{"-x"}, "-x is not a flag of okey", "-x, okey komutunun bir seçeneği değil", "okey: "},
		{[]string{"--seed", "x"}, `--seed: "x" is not a value it takes (okey -h lists them)`, `--seed: "x" geçerli bir değer değil`, "okey: "},
		{[]string{"sim", "--hands", "many"}, `--hands: "many" is not a value it takes`, `--hands: "many" geçerli bir değer değil`, "okey sim: "},
		{[]string{"hand", "--json=maybe"}, `--json: "maybe" is not a value it takes`, `"maybe" geçerli bir değer değil`, "okey hand: "},
		{[]string{"--lang", "fr"}, `--lang: "fr" is not a value it takes (it takes en, tr)`, `--lang: "fr" geçerli bir değer değil (alabileceği değerler: en, tr)`, "okey: "},
		{[]string{"--lang", "de"}, `--lang: "de" is not a value it takes (it takes en, tr)`, "alabileceği değerler: en, tr", "okey: "},
		{[]string{"daily", "--game", "chess"}, `--game: "chess" is not a value it takes (it takes classic, 101)`, "alabileceği değerler: classic, 101", "okey daily: "},
		{[]string{"daily", "--dat", "2026-01-01"}, "--dat is not a flag of okey daily: did you mean --date? (okey daily -h lists them)", "--dat, okey daily komutunun bir seçeneği değil: --date mi demek istedin?", "okey daily: "},
		{[]string{"--speeed", "fast"}, "--speeed is not a flag of okey: did you mean --speed?", "--speed mi demek istedin?", "okey: "},
		{[]string{"review", "--seat"}, "--seat needs a value (okey review -h lists them)", "--seat bir değer ister", "okey review: "},
		{[]string{"---x"}, "---x is not a flag (flags are written --name or --name=value)", "---x bir seçenek değil", "okey: "},
		{[]string{"hnad"}, `unknown command "hnad": did you mean hand, load?`, `bilinmeyen komut "hnad": hand, load mi demek istedin?`, "okey: "},
		{[]string{"help", "nope"}, `unknown command "nope" (okey help lists them)`, `bilinmeyen komut "nope"`, "okey: "},
		{[]string{"dirs", "extra"}, `unexpected argument "extra"`, `beklenmeyen argüman "extra"`, "okey dirs: "},
		{[]string{"--rules", "turbo"}, `--rules: invalid rules: unknown option "turbo"`, `--rules: geçersiz kurallar: bilinmeyen seçenek "turbo"`, "okey: "},
		{[]string{"--game", "101", "--rules", "open=500"}, "--rules: invalid 101 rules: open must be from", "--rules: geçersiz 101 kuralları: açma barajı", "okey: "},
		{[]string{"--points", "99"}, "--points: invalid rules: points must be from 5 to 21, not 99", "--points: geçersiz kurallar: puan 5 ile 21 arasında olmalı, 99 değil", "okey: "},
	}
	t.Setenv("HOME", t.TempDir())
	for _, lang := range []string{"en", "tr"} {
		setLang(t, map[string]string{"en": "C.UTF-8", "tr": "tr_TR.UTF-8"}[lang])
		for _, c := range cases {
			want := map[string]string{"en": c.en, "tr": c.tr}[lang]
			if want == "" {
				continue
			}
			out, errs, code := runOut(c.args...)
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, want) || (lang == "en" && !strings.HasPrefix(errs, c.enPrefix)) {
				t.Errorf("%s %v: exit %d, stdout %q, stderr %q; want 2 and one line with %q", lang, c.args, code, out, errs, want)
			}
		}
	}
}

// Flags with no command go to play, which checks them and then asks for
// a terminal: okey --game 101 is play's, not a usage error.
func TestNoCommandPlays(t *testing.T) {
	dir := t.TempDir()
	state, cfg := filepath.Join(dir, "state"), filepath.Join(dir, "config")
	for _, args := range [][]string{
		{"--game", "101", "--bots", "hard", "--seed", "3"},
		{"--game=101", "--rules", "open=81", "--speed", "fast"},
		{"--lang", "tr", "--theme", "colourblind", "--names", "A,B,C"},
		{"play", "--game", "101"},
	} {
		out, errs, code := runOut(append(args, "--state-dir", state, "--config-dir", cfg)...)
		if code != 1 || out != "" || !strings.Contains(errs, "terminal") && !strings.Contains(errs, "terminal gerekli") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want play's need of a terminal (1)", args, code, out, errs)
		}
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Errorf("the state directory was made without a terminal: %v", err)
	}
}

// --debug-log FILE, else $OKEY_DEBUG_LOG, opens the debug log with the
// version on its first line; neither is no log at all; a file that
// cannot be made is an error.
func TestOpenDebugLog(t *testing.T) {
	dir := t.TempDir()
	envOf := func(v string) func(string) string {
		return func(k string) string {
			if k == "OKEY_DEBUG_LOG" {
				return v
			}
			return ""
		}
	}
	for _, c := range []struct {
		flag, env, file string
	}{
		{filepath.Join(dir, "flag.log"), filepath.Join(dir, "env.log"), filepath.Join(dir, "flag.log")},
		{"", filepath.Join(dir, "env.log"), filepath.Join(dir, "env.log")},
	} {
		log, closeLog, err := openDebugLog(c.flag, envOf(c.env), "okey play", false)
		if err != nil || log == nil {
			t.Fatalf("%+v: %v", c, err)
		}
		log.Debug("key", "key", "d")
		closeLog()
		b, err := os.ReadFile(c.file)
		lines := strings.Split(string(b), "\n")
		if err != nil || len(lines) < 2 || !strings.Contains(lines[0], "msg=okey version=") || !strings.Contains(lines[0], currentVersion().String()) || !strings.Contains(lines[1], "key=d") {
			t.Errorf("%+v: %s (%v)", c, b, err)
		}
	}
	if log, _, err := openDebugLog("", envOf(""), "okey play", false); log != nil || err != nil {
		t.Errorf("no flag, no variable: %v, %v", log, err)
	}
	if _, _, err := openDebugLog(filepath.Join(dir, "no", "such", "dir", "x.log"), envOf(""), "okey play", false); err == nil {
		t.Error("a log in a missing directory: no error")
	}
	// A server's log keeps what earlier runs wrote; a game's starts anew.
	p := filepath.Join(dir, "again.log")
	for _, appendTo := range []bool{true, true, false} {
		_, closeLog, _ := openDebugLog(p, envOf(""), "okey serve", appendTo)
		closeLog()
	}
	if b, _ := os.ReadFile(p); strings.Count(string(b), "version=") != 1 {
		t.Errorf("a game's log after two server runs:\n%s", b)
	}
	_, closeLog, _ := openDebugLog(p, envOf(""), "okey serve", true)
	closeLog()
	if b, _ := os.ReadFile(p); strings.Count(string(b), "version=") != 2 {
		t.Errorf("a server's log does not keep the last run:\n%s", b)
	}
	cl := (&env{args: []string{"--names", "Ali Can,B,C", "--debug-log", "x.log"}}).commandLine()
	if got := cl; got != `okey --names "Ali Can,B,C" --debug-log x.log` {
		t.Errorf("the command line logged: %s", got)
	}
	if _, errs, code := runOut("serve", "--state-dir", dir, "--addr", "127.0.0.1:0", "--debug-log", filepath.Join(dir, "no", "x.log")); code != 1 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--debug-log") {
		t.Errorf("okey serve with a debug log it cannot write: exit %d, %q", code, errs)
	}
}

// On a terminal, an item of the help whose description is wider than the
// terminal is wrapped between words (never after the hyphen of --game or
// 1-250), its next lines starting under its description; shorter lines
// and lines that are no item stay as they are.
func TestHelpItemsWrap(t *testing.T) {
	item := "    --rules       \x1b[1mRules options, comma-separated. Classic: table, simple, points=N (5-21), no_wrap. With --game 101: open=N (1-250)\x1b[m"
	short := "    --seed        Seed of a new match"
	out := string(wrapItems([]byte(item+"\n"+short+"\n"), 60))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 4 || lines[len(lines)-1] != short {
		t.Fatalf("wrapped into:\n%s", out)
	}
	for i, l := range lines[:len(lines)-1] {
		p := ansiStrip(l)
		if w := len([]rune(p)); w > 60 {
			t.Errorf("line %d of %d columns: %q", i, w, p)
		}
		if i > 0 && (!strings.HasPrefix(p, strings.Repeat(" ", 18)) || p[18] == ' ') {
			t.Errorf("line %d does not start under the description: %q", i, p)
		}
	}
	plainText := ansiStrip(out)
	for _, w := range []string{"--game", "(1-250)", "(5-21)"} {
		if !strings.Contains(plainText, w) {
			t.Errorf("%q was split:\n%s", w, plainText)
		}
	}
	if got := string(wrapItems([]byte(short+"\n"), 60)); got != short+"\n" {
		t.Errorf("a short line changed: %q", got)
	}
}

// ansiStrip is s without its escape sequences.
func ansiStrip(s string) string { return regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(s, "") }
