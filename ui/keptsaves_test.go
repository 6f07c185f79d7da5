package ui

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/store"
	"okey/ui/settings"
)

// The saves that can go on do. The damage cases of
// a saved match, in both games and both languages: every one whose
// first lines replay resumes at its last good move, the file kept byte
// for byte and the player told which line was lost; one whose header
// cannot be read is set aside and a new match starts.

// recordLines splits a record into its lines, each with its newline.
func recordLines(b []byte) [][]byte {
	return bytes.SplitAfter(bytes.TrimRight(b, "\n"), []byte("\n"))
}

// midMatch is the record of a match of which (GameClassic, Game101)
// stopped a third of the way through: a saved match to damage.
func midMatch(t *testing.T, which string) []byte {
	t.Helper()
	lines := recordLines(finishedRecord(t, which))
	lines = lines[:len(lines)/3]
	b := bytes.Join(lines, nil)
	if !bytes.HasSuffix(b, []byte("\n")) {
		b = append(b, '\n')
	}
	return b
}

// wrongSeatLine is a move of the record rec that the referee refuses:
// a discard by a seat whose turn it is not.
func wrongSeatLine(t *testing.T, which string, rec []byte) []byte {
	t.Helper()
	var turn int
	if which == Game101 {
		r, err := okey101.ParseRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Replay()
		if err != nil {
			t.Fatal(err)
		}
		turn = g.State().Turn()
	} else {
		r, err := classic.ParseRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Replay()
		if err != nil {
			t.Fatal(err)
		}
		turn = g.State().Turn()
	}
	return fmt.Appendf(nil, `{"a":"discard","s":%d,"t":"R1"}`+"\n", (turn+1)%4)
}

// damage is one way a saved match is damaged: the file made of a good
// record, the lines that replay (good lines, 0 for none: a new match),
// and whether the lost lines are told as a torn last line.
type damage struct {
	name string
	make func(t *testing.T, which string, good []byte) (file []byte, goodLines int)
	torn bool
}

var damages = []damage{
	{"torn last line", func(t *testing.T, _ string, good []byte) ([]byte, int) {
		return append(bytes.Clone(good), `{"a":"disc`...), len(recordLines(good))
	}, true},
	{"trailing NULs", func(t *testing.T, _ string, good []byte) ([]byte, int) {
		return append(bytes.Clone(good), make([]byte, 512)...), len(recordLines(good))
	}, true},
	{"300 random bytes appended", func(t *testing.T, _ string, good []byte) ([]byte, int) {
		junk := make([]byte, 300)
		r := rand.New(rand.NewPCG(42, 1))
		for i := range junk {
			junk[i] = byte(r.UintN(256))
		}
		junk[100], junk[200] = '\n', '\n' // lines of junk, not one
		return append(bytes.Clone(good), junk...), len(recordLines(good))
	}, false},
	{"an illegal move appended", func(t *testing.T, which string, good []byte) ([]byte, int) {
		return append(bytes.Clone(good), wrongSeatLine(t, which, good)...), len(recordLines(good))
	}, false},
	{"junk in the middle", func(t *testing.T, _ string, good []byte) ([]byte, int) {
		lines := recordLines(good)
		k := len(lines) / 2
		lines[k] = []byte("#~garbage~#\n")
		return bytes.Join(lines, nil), k
	}, false},
	{"an illegal move in the middle", func(t *testing.T, which string, good []byte) ([]byte, int) {
		lines := recordLines(good)
		k := len(lines) / 2
		lines[k] = wrongSeatLine(t, which, bytes.Join(lines[:k], nil))
		return bytes.Join(lines, nil), k
	}, false},
	{"a damaged header", func(t *testing.T, _ string, good []byte) ([]byte, int) {
		return append([]byte("{not a header\n"), good[bytes.IndexByte(good, '\n')+1:]...), 0
	}, false},
}

func TestDamagedSavesGoOnFromTheLastGoodMove(t *testing.T) {
	for _, which := range []string{GameClassic, Game101} {
		good := midMatch(t, which)
		for _, d := range damages {
			for _, lang := range []string{"en", "tr"} {
				t.Run(which+"/"+d.name+"/"+lang, func(t *testing.T) {
					file, n := d.make(t, which, good)
					m := startDamaged(t, file, which, lang)
					path := m.files.MatchPath()
					aside, _ := filepath.Glob(path + ".*-20250301-120000")
					if len(aside) != 1 {
						t.Fatalf("set aside: %v, want one file", aside)
					}
					if b, _ := os.ReadFile(aside[0]); !bytes.Equal(b, file) {
						t.Fatal("the file set aside is not the saved one byte for byte")
					}
					notice := strings.Join(m.notice, "\n")
					if m.screen != scrNotice || strings.Contains(notice, "{{") {
						t.Fatalf("not told (screen %d): %q", m.screen, notice)
					}
					if !strings.Contains(notice, filepath.Base(aside[0])) {
						t.Errorf("not told where the file is kept: %q", notice)
					}
					if n == 0 {
						if m.after != scrPlay || !strings.Contains(aside[0], "damaged") {
							t.Fatalf("a header that cannot be read: screen after %d, set aside as %s; want a new match", m.after, aside[0])
						}
						return
					}
					lines := recordLines(file)
					if m.after != scrResume {
						t.Fatalf("screen after the notice %d, want the resume screen", m.after)
					}
					if got := len(recordLines(m.rec)); got != n {
						t.Fatalf("resumed at %d lines, want the %d good ones", got, n)
					}
					want := bytes.Clone(m.rec)
					if d.torn {
						if !strings.Contains(aside[0], ".torn-") {
							t.Errorf("a torn line set aside as %s", aside[0])
						}
						return
					}
					told := toldLines(lang, n+1, len(lines))
					if !strings.Contains(notice, told) {
						t.Errorf("the notice does not say %q:\n%s", told, notice)
					}
					// The game goes on, and saves the match from its
					// last good move.
					press(t, m, "enter")
					if err := m.Flush(); err != nil {
						t.Fatal(err)
					}
					saved, err := os.ReadFile(path)
					if err != nil || !bytes.HasPrefix(saved, want) {
						t.Fatalf("the match saved on does not begin with its good lines (%v)", err)
					}
				})
			}
		}
	}
}

// toldLines is how the notice names the lines lost, from, to to.
func toldLines(lang string, from, to int) string {
	switch {
	case lang == "tr" && from == to:
		return fmt.Sprintf("%d. satır", from)
	case lang == "tr":
		return fmt.Sprintf("%d.–%d. satırları", from, to)
	case from == to:
		return fmt.Sprintf("Line %d, the last", from)
	}
	return fmt.Sprintf("Lines %d to %d", from, to)
}

// startDamaged starts the game of which in lang on a state directory
// whose saved match is file.
func startDamaged(t *testing.T, file []byte, which, lang string) *Model {
	t.Helper()
	state, cfg := testEnv(t)
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, store.MatchFile), file, 0o644); err != nil {
		t.Fatal(err)
	}
	m := startIn(t, state, cfg, which, lang)
	return m
}

// startIn starts the game of which in lang on state and cfg, at 80×24.
func startIn(t *testing.T, state, cfg, which, lang string) *Model {
	t.Helper()
	s := settings.Default(lang)
	s.Speed, s.Game = "instant", which
	m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Now: fixedNow, NoColor: true,
		NewPlayer101: decide101.NewPlain, Settle: -1, Seed: 7, SeedSet: true})
	if err != nil {
		t.Fatalf("the game does not start: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// A saved match that is a symbolic link stays one: the match is written
// through it, to the file it points to, and what is set aside or filed
// is that file, beside it.
func TestSymlinkedSaveStaysALink(t *testing.T) {
	for _, which := range []string{GameClassic, Game101} {
		t.Run(which, func(t *testing.T) {
			state, cfg := testEnv(t)
			elsewhere := filepath.Join(filepath.Dir(state), "synced")
			for _, d := range []string{state, elsewhere} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			target := filepath.Join(elsewhere, "my.okey")
			good := midMatch(t, which)
			if err := os.WriteFile(target, good, 0o644); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(state, store.MatchFile)
			if err := os.Symlink("../synced/my.okey", link); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			m := startIn(t, state, cfg, which, "en")
			if m.screen != scrResume || len(recordLines(m.rec)) != len(recordLines(good)) {
				t.Fatalf("the linked match is not resumed: screen %d", m.screen)
			}
			good = bytes.Clone(m.rec)
			press(t, m, "enter")
			if which == Game101 {
				drawIfDue(t, m)
			} else {
				playMyTurn(t, m)
			}
			if err := m.Flush(); err != nil {
				t.Fatal(err)
			}
			st, err := os.Lstat(link)
			if err != nil || st.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("the save is no longer a link: %v %v", st.Mode(), err)
			}
			b, err := os.ReadFile(target)
			if err != nil || !bytes.Equal(b, m.rec) || len(b) <= len(good) {
				t.Fatalf("the match is not written through the link (%d bytes, %d before): %v", len(b), len(good), err)
			}
			if temps, _ := filepath.Glob(filepath.Join(elsewhere, ".*tmp-*")); len(temps) != 0 {
				t.Fatalf("temporary files left beside the target: %v", temps)
			}
			m.Close()

			// Damaged through the link: the target is set aside beside
			// itself, and the link still names the match saved on.
			if err := os.WriteFile(target, append(bytes.Clone(good), "junk\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
			m = startIn(t, state, cfg, which, "en")
			if kept, _ := filepath.Glob(target + ".torn-*"); len(kept) != 1 {
				t.Fatalf("the damaged target is not kept beside it: %v (screen %d, %q)", kept, m.screen, m.notice)
			}
			press(t, m, "enter")
			if err := m.Flush(); err != nil {
				t.Fatal(err)
			}
			if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("after a damaged save the link is gone: %v", err)
			}
			if b, _ := os.ReadFile(target); !bytes.HasPrefix(b, good) {
				t.Fatal("the target does not hold the match saved on")
			}
		})
	}
}

// Where the save should be, a folder, a file that cannot be read, or a
// state folder that cannot be written: the game starts, unsaved, says
// so in the player's language with a way on, and touches nothing.
func TestUnusableSavePlaysUnsaved(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(t *testing.T, state string) (touch string)
		// want is in the notice, by language.
		en, tr string
		root   bool // the case holds for root too
	}{
		{"a folder where the save should be", func(t *testing.T, state string) string {
			p := filepath.Join(state, store.MatchFile)
			if err := os.MkdirAll(filepath.Join(p, "inside"), 0o755); err != nil {
				t.Fatal(err)
			}
			return p
		}, "there is a folder", "bir klasör var", true},
		{"a link that loops", func(t *testing.T, state string) string {
			p := filepath.Join(state, store.MatchFile)
			if err := os.Symlink(store.MatchFile, p); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			return p
		}, "cannot be read", "okunamıyor", true},
		{"a save that may not be read", func(t *testing.T, state string) string {
			p := filepath.Join(state, store.MatchFile)
			if err := os.WriteFile(p, []byte("{}\n"), 0o000); err != nil {
				t.Fatal(err)
			}
			return p
		}, "permission denied", "izin yok", false},
		{"a state folder that is a file", func(t *testing.T, state string) string {
			if err := os.RemoveAll(state); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(state, []byte("a file\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return state
		}, "cannot be written (a part of its path is a file", "yazılamıyor (yolunun", true},
		{"a state folder that may not be written", func(t *testing.T, state string) string {
			if err := os.Chmod(state, 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(state, 0o755) })
			return state
		}, "cannot be written (permission denied)", "yazılamıyor (izin yok)", false},
	} {
		for _, lang := range []string{"en", "tr"} {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				if !tc.root && os.Geteuid() == 0 {
					t.Skip("root reads and writes any file")
				}
				state, cfg := testEnv(t)
				if err := os.MkdirAll(state, 0o755); err != nil {
					t.Fatal(err)
				}
				touch := tc.make(t, state)
				before := snapshot(t, touch)
				m := startIn(t, state, cfg, GameClassic, lang)
				notice := strings.Join(m.notice, "\n")
				want := map[string]string{"en": tc.en, "tr": tc.tr}[lang]
				if m.screen != scrNotice || !strings.Contains(notice, want) || !strings.Contains(notice, "--state-dir") {
					t.Fatalf("not told %q with a way on (screen %d):\n%s", want, m.screen, notice)
				}
				if m.saving() {
					t.Fatal("the game saves over what it could not read")
				}
				press(t, m, "enter")
				if m.screen != scrPlay {
					t.Fatalf("no match to play: screen %d", m.screen)
				}
				playMyTurn(t, m)
				if err := m.Flush(); err != nil {
					t.Fatal(err)
				}
				m.Close()
				if after := snapshot(t, touch); after != before {
					t.Fatalf("%s was changed:\nbefore %s\nafter  %s", touch, before, after)
				}
				bye := m.Goodbye(nil)
				if strings.Contains(bye, "{{") || !strings.Contains(bye, map[string]string{"en": "not be saved", "tr": "kaydedilemedi"}[lang]) {
					t.Fatalf("goodbye: %q", bye)
				}
			})
		}
	}
}

// snapshot is what path is, to tell whether it was changed: its kind,
// and a file's bytes or a folder's names.
func snapshot(t *testing.T, path string) string {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		return "missing"
	}
	switch {
	case st.Mode()&os.ModeSymlink != 0:
		to, _ := os.Readlink(path)
		return "link to " + to
	case st.IsDir():
		names, _ := filepath.Glob(filepath.Join(path, "*"))
		return fmt.Sprintf("folder %v %v", st.Mode(), names)
	}
	b, _ := os.ReadFile(path)
	return fmt.Sprintf("file %v %q", st.Mode(), b)
}
