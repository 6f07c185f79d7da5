package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"okey/ui/store"
)

// startOn starts the game on a fresh state directory whose saved match
// is saved, as okey does when it is typed.
func startOn(t *testing.T, saved []byte, which string) (*Model, error) {
	t.Helper()
	state, cfg := testEnv(t)
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, store.MatchFile), saved, 0o644); err != nil {
		t.Fatal(err)
	}
	s := DefaultSettings("en")
	s.Speed, s.Game = "instant", which
	m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Now: fixedNow, NoColor: true, NewPlayer101: newPlain101})
	if m != nil {
		t.Cleanup(func() { m.Close() })
	}
	return m, err
}

// Blank lines at the end of a save are not damage (issue 30, point 4):
// one, two or more newlines (or a blank line with a carriage return)
// after the last move resume the match where it was, with no notice and
// nothing set aside, in both games.
func TestTrailingBlankLinesAreNotDamage(t *testing.T) {
	saves := map[string][]byte{}
	{
		m := newTestModel(t, 100, 30, withPlainBots)
		drain(t, m, m.Init())
		playMyTurn(t, m)
		saves[GameClassic] = bytes.Clone(m.rec)
	}
	{
		m := start101(t, 100, 30)
		drawIfDue(t, m)
		saves[Game101] = bytes.Clone(m.rec)
	}
	for _, which := range []string{GameClassic, Game101} {
		for _, tail := range []string{"\n", "\n\n", "\n\n\n\n", "\r\n", " \n\t\n"} {
			t.Run(which+"/"+strings.NewReplacer("\n", "n", "\r", "r", " ", "s", "\t", "t").Replace(tail), func(t *testing.T) {
				good := saves[which]
				m, err := startOn(t, append(bytes.Clone(good), tail...), which)
				if err != nil {
					t.Fatal(err)
				}
				m.Update(windowMsg(100, 30))
				if m.screen != scrResume || len(m.notice) > 0 {
					t.Fatalf("screen %d, notices %q:\n%s", m.screen, m.notice, plain(m))
				}
				if !bytes.Equal(m.rec, good) {
					t.Fatalf("resumed a different match:\n%s", m.rec)
				}
				entries, _ := os.ReadDir(m.files.StateDir())
				for _, e := range entries {
					if strings.Contains(e.Name(), "torn") || strings.Contains(e.Name(), "damaged") {
						t.Fatalf("%s set aside", e.Name())
					}
				}
			})
		}
		// A torn line with blank lines after it is still a torn last
		// line, not damage: the match resumes at the move before.
		t.Run(which+"/torn-then-blank", func(t *testing.T) {
			good := saves[which]
			m, err := startOn(t, append(bytes.Clone(good), "{\"a\":\"dr\n\n"...), which)
			if err != nil {
				t.Fatal(err)
			}
			m.Update(windowMsg(100, 30))
			if out := plain(m); m.screen != scrNotice || !strings.Contains(out, "cut short") || !strings.Contains(out, `{"a":"dr`) {
				t.Fatalf("not told of the torn line:\n%s", out)
			}
			if !bytes.Equal(m.rec, good) {
				t.Fatalf("resumed a different match:\n%s", m.rec)
			}
		})
	}
}
