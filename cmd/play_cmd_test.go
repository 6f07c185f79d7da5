package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"okey/kit/i18n"
)

func TestPlayFlags(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	env := func(k string) string {
		if k == "LANG" {
			return "tr_TR.UTF-8"
		}
		return ""
	}
	var f playFlags
	c := &cobra.Command{Use: "okey"}
	f.bind(c, i18n.MustLoad("en"))
	if err := c.ParseFlags([]string{"--speed", "fast", "--bots", "easy,hard,normal", "--names", "A,B,C", "--points", "10", "--seed", "5"}); err != nil {
		t.Fatal(err)
	}
	f.read(c)
	opt, err := playOptions(&f, env, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	s := opt.Settings
	if s.Lang != "tr" || s.Speed != "fast" || s.Levels != [3]string{"easy", "hard", "normal"} || s.Names != [3]string{"A", "B", "C"} || s.Rules != "points=10" {
		t.Fatalf("settings %+v", s)
	}
	if !opt.SeedSet || opt.Seed != 5 || opt.StateDir != filepath.Join(home, "state", "okey") {
		t.Fatalf("options %+v", opt)
	}
}

func TestPlayBadFlagsAreRefused(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	for _, args := range [][]string{
		{"--lang", "fr"},
		{"--speed", "warp"},
		{"--rules", "partners,leave_at_zero"},
		{"--bots", "easy,hard"},
		{"--points", "99"},
		{"--theme", "neon"},
		{"extra"},
	} {
		var out, errb bytes.Buffer
		code := playMain(context.Background(), append(args, "--config-dir", t.TempDir(), "--state-dir", t.TempDir()), strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "okey:") {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

func TestPlayHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := playMain(context.Background(), []string{"-h"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, flag := range []string{"--game", "--lang", "--speed", "--theme", "--rules", "--points", "--bots", "--names", "--seed", "--state-dir", "--config-dir", "--debug-log"} {
		if !strings.Contains(out.String(), flag) || errb.Len() != 0 {
			t.Fatalf("help lacks %s: stdout %q, stderr %q", flag, out.String(), errb.String())
		}
	}
}

// Without a terminal okey says so, and reads and writes nothing first;
// flag errors still come first, as usage errors, in
// the player's language.
func TestPlayNeedsATerminal(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	state, cfg := filepath.Join(home, "state"), filepath.Join(home, "config")
	var out, errb bytes.Buffer
	code := playMain(context.Background(), []string{"--state-dir", state, "--config-dir", cfg}, strings.NewReader(""), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "terminal") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, dir := range []string{state, cfg} {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Fatalf("%s was created without a terminal: %v", dir, err)
		}
	}
	errb.Reset()
	code = playMain(context.Background(), []string{"--lang", "tr", "--points", "21", "--rules", "points=5", "--state-dir", state}, strings.NewReader(""), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "uyuşmuyor") || strings.Count(errb.String(), "\n") != 1 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// okey play's help goes to stdout; a bad flag is one line on stderr,
// exit 2, before anything else happens.
func TestPlayFlagsOutput(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"play", "--help"}, nil, &out, &errb); code != 0 || errb.Len() != 0 || !strings.Contains(out.String(), "okey play") || !strings.Contains(out.String(), "--game") {
		t.Errorf("help: exit %d, stderr %q", code, errb.String())
	}
	for _, args := range [][]string{{"--seed", "-1"}, {"--bogus"}, {"play", "extra"}} {
		out.Reset()
		errb.Reset()
		if code := run(context.Background(), args, nil, &out, &errb); code != 2 || strings.Count(errb.String(), "\n") != 1 || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, code, errb.String(), out.String())
		}
	}
}

// The flag package's own parse errors are said in the player's language
// too: --lang given before or after the bad flag,
// or the environment's language.
func TestPlayFlagErrorsInTheLanguage(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANGUAGE", "")
	cases := []struct {
		env  string
		args []string
		want []string
	}{
		{"en_US.UTF-8", []string{"--speeed", "fast"}, []string{"-speeed is not a flag of okey"}},
		{"en_US.UTF-8", []string{"--lang", "tr", "--speeed", "fast"}, []string{"-speeed", "seçeneği değil"}},
		{"en_US.UTF-8", []string{"--speeed", "fast", "--lang=tr"}, []string{"-speeed", "seçeneği değil"}},
		{"tr_TR.UTF-8", []string{"--seed", "x"}, []string{"-seed", `"x"`, "geçerli bir değer değil"}},
		{"en_US.UTF-8", []string{"--seed", "x"}, []string{"-seed", `"x"`, "is not a value it takes"}},
		{"en_US.UTF-8", []string{"--lang", "tr", "--seed"}, []string{"-seed bir değer ister"}},
	}
	for _, c := range cases {
		t.Setenv("LANG", c.env)
		var out, errb bytes.Buffer
		code := playMain(context.Background(), c.args, strings.NewReader(""), &out, &errb)
		msg := errb.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "okey: ") {
			t.Fatalf("%v: exit %d, stderr %q; want exit 2 and one line", c.args, code, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%v (LANG=%s): %q lacks %q", c.args, c.env, msg, w)
			}
		}
	}
}

// With 101 saved as the game, --rules takes 101's rules without --game:
// the flags are not refused as classic's before the saved game is read;
// they are taken as 101's, and a rule neither game knows is
// still refused first.
func TestPlayRulesOfTheSavedGame(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	cfg := filepath.Join(home, "config")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(`{"game":"101"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--rules", "open=131"}, 1, "terminal"},
		{[]string{"--rules", "nonsense"}, 2, "okey:"},
		{[]string{"--game", "classic", "--rules", "open=131"}, 2, "okey:"},
	} {
		var out, errb bytes.Buffer
		args := append(tc.args, "--config-dir", cfg, "--state-dir", filepath.Join(home, "state"))
		if code := playMain(context.Background(), args, strings.NewReader(""), &out, &errb); code != tc.code || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errb.String())
		}
	}
	var f playFlags
	c := &cobra.Command{Use: "okey"}
	f.bind(c, i18n.MustLoad("en"))
	if err := c.ParseFlags([]string{"--rules", "open=131", "--config-dir", cfg}); err != nil {
		t.Fatal(err)
	}
	f.read(c)
	opt, err := playOptions(&f, func(string) string { return "" }, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	if !opt.Settings.Is101() || !strings.Contains(opt.Settings.Rules101, "open=131") {
		t.Fatalf("settings %+v", opt.Settings)
	}
}
