package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDirs: okey dirs says where each file is, from the same defaults
// and flags as play and serve, and which are there yet.
func TestDirs(t *testing.T) {
	state, config := t.TempDir(), t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	if err := os.MkdirAll(filepath.Join(state, "okey"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "okey", "current.okey"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"dirs", "--config-dir", config}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := map[string]string{
		"settings":              filepath.Join(config, "settings.json") + " (not yet)",
		"match in play":         filepath.Join(state, "okey", "current.okey"),
		"statistics":            filepath.Join(state, "okey", "stats.json") + " (not yet)",
		"okey serve's tables":   filepath.Join(state, "okey", "serve") + " (not yet)",
		"okey serve's host key": filepath.Join(state, "okey", "serve-hostkey", "ssh_host_ed25519") + " (not yet)",
	}
	for what, w := range want {
		found := false
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(line, what+" ") {
				found = true
				if got := strings.TrimSpace(strings.TrimPrefix(line, what)); got != w {
					t.Errorf("%s: %q, want %q", what, got, w)
				}
			}
		}
		if !found {
			t.Errorf("no line for %s in:\n%s", what, out.String())
		}
	}
	errb.Reset()
	if code := run(context.Background(), []string{"dirs", "extra"}, strings.NewReader(""), &out, &errb); code != 2 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("an extra argument: exit %d, %q", code, errb.String())
	}
}

// A player's save where okey kept it before (~/.local/state/okey) is
// where okey dirs, okey review and the game look: it is found, not
// replaced by an empty directory elsewhere.
func TestDirsFindTheSaveWhereItIs(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	old := filepath.Join(home, ".local", "state", "okey")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(old, "current.okey"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"dirs"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !regexp.MustCompile(`(?m)^match in play +` + regexp.QuoteMeta(filepath.Join(old, "current.okey")) + `$`).MatchString(out.String()) {
		t.Errorf("okey dirs does not find the save:\n%s", out.String())
	}
	if !strings.Contains(out.String(), filepath.Join(home, "config", "okey", "settings.json")) {
		t.Errorf("okey dirs does not show the settings in the config directory:\n%s", out.String())
	}
}

// okey dirs speaks the player's language, its paths lined up.
func TestDirsInTurkish(t *testing.T) {
	state, config := t.TempDir(), t.TempDir()
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"dirs", "--lang", "tr", "--state-dir", state, "--config-dir", config}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 7 || !strings.HasPrefix(lines[0], "ayarlar ") || !strings.HasPrefix(lines[1], "oynanan oyun ") || !strings.HasSuffix(lines[1], "(henüz yok)") {
		t.Fatalf("okey dirs --lang tr:\n%s", out.String())
	}
	col := -1
	for _, l := range lines {
		i := strings.Index(l, "/")
		if c := utf8.RuneCountInString(l[:i]); col < 0 {
			col = c
		} else if c != col {
			t.Errorf("the paths do not line up:\n%s", out.String())
		}
	}
}
