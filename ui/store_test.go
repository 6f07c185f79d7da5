package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/kit/store"
)

// dirFiles lists a directory's files with their contents.
func dirFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			out[p] = string(b)
		}
		return nil
	})
	return out
}

// A second game on the same state directory says another one is playing
// there and only looks at its match: it moves nothing and saves nothing
// (two games overwrote each other's save).
func TestSecondGameOnlyLooks(t *testing.T) {
	first := newTestModel(t, 100, 30, withPlainBots)
	drain(t, first, first.Init())
	playMyTurn(t, first)
	before := dirFiles(t, first.opt.StateDir)

	second, err := New(first.opt)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	second.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	drain(t, second, second.Init())
	if second.screen != scrLocked || !strings.Contains(plain(second), "Another okey is playing") {
		t.Fatalf("the second game does not say it is locked out:\n%s", plain(second))
	}
	press(t, second, "l")
	if second.screen != scrPlay || tableClassic(second).G.State().Moves() != tableClassic(first).G.State().Moves() {
		t.Fatalf("l does not show the first game's match: screen %d", second.screen)
	}
	for _, k := range []string{"d", "t", "x", "f", "g", "c", "space", "right", "space"} {
		press(t, second, k)
	}
	if tableClassic(second).G.State().Moves() != tableClassic(first).G.State().Moves() {
		t.Fatal("the second game moved")
	}
	press(t, second, "d")
	if !strings.Contains(second.flash, "only look") {
		t.Fatalf("d says %q", second.flash)
	}
	if err := second.Flush(); err != nil {
		t.Fatal(err)
	}
	press(t, second, "q")
	if after := dirFiles(t, first.opt.StateDir); !mapsEqual(before, after) {
		t.Fatal("the second game wrote in the state directory")
	}
	if bye := second.Goodbye(nil); bye != "" {
		t.Fatalf("the second game says %q on leaving", bye)
	}

	// Once the first has gone, the next start plays.
	third := reopen(t, first, first.opt)
	if third.readOnly || third.screen != scrResume {
		t.Fatalf("after the first game, the next is read only %v, screen %d", third.readOnly, third.screen)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A save whose last line was cut short resumes at the move before it and
// says what was dropped, keeping the file as it was; temporary files a
// killed game left are cleared.
func TestTornLastLineResumesBeforeIt(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	drain(t, m, m.Init())
	playMyTurn(t, m)
	playMyTurn(t, m)
	good := append([]byte(nil), m.rec...)
	moves := tableClassic(m).G.State().Moves()
	path := m.files.MatchPath()
	torn := append(append([]byte(nil), good...), `{"a":"disc`...)
	if err := os.WriteFile(path, torn, 0o644); err != nil {
		t.Fatal(err)
	}
	temp := filepath.Join(m.opt.StateDir, "."+store.MatchFile+".tmp-12345")
	if err := os.WriteFile(temp, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	m2 := reopen(t, m, m.opt)
	m2.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if m2.screen != scrNotice || !strings.Contains(plain(m2), "cut short") || !strings.Contains(plain(m2), `{"a":"disc`) {
		t.Fatalf("not told:\n%s", plain(m2))
	}
	if tableClassic(m2).G.State().Moves() != moves {
		t.Fatalf("resumed at %d moves, want %d", tableClassic(m2).G.State().Moves(), moves)
	}
	kept, _ := filepath.Glob(path + ".torn-*")
	if len(kept) != 1 {
		t.Fatalf("the torn file is not kept: %v", kept)
	}
	if b, _ := os.ReadFile(kept[0]); !bytes.Equal(b, torn) {
		t.Fatal("the kept file is not the torn one")
	}
	if _, err := os.Stat(temp); !os.IsNotExist(err) {
		t.Fatalf("the leftover temporary file is still there: %v", err)
	}
	drain(t, m2, m2.Init())
	if b, _ := os.ReadFile(path); !bytes.Equal(b, good) {
		t.Fatalf("the match saved is not the good part:\n%s", b)
	}
	if _, err := classic.ParseRecord(good); err != nil {
		t.Fatal(err)
	}
}

// A state directory that cannot be written is said at the start; the
// game plays on and no longer claims to save.
func TestUnwritableStateDirIsSaidAtStart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, 100, 30, withPlainBots, func(o *Options) { o.StateDir = filepath.Join(file, "state") })
	if m.screen != scrNotice || !strings.Contains(plain(m), "will not be saved") {
		t.Fatalf("not told at the start:\n%s", plain(m))
	}
	drain(t, m, m.Init())
	press(t, m, "enter")
	playMyTurn(t, m)
	out := plain(m)
	if strings.Contains(out, "(saved)") || !strings.Contains(out, "q quit") {
		t.Fatalf("the table still claims to save:\n%s", out)
	}
	if strings.Contains(m.flash, "Could not save") {
		t.Fatalf("every move warns: %q", m.flash)
	}
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	if bye := m.Goodbye(nil); !strings.Contains(bye, "could not be saved") {
		t.Fatalf("the goodbye line: %q", bye)
	}
}
