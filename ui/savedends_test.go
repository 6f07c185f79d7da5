package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/decide101"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/store"
	"okey/ui/settings"
)

// finishedRecord is the record of a whole match of game (GameClassic or
// Game101) played to its end by easy bots: short rules, so it is quick.
func finishedRecord(t *testing.T, which string) []byte {
	t.Helper()
	ctx := context.Background()
	if which == Game101 {
		r, err := okey101.ParseRules("hands=1")
		if err != nil {
			t.Fatal(err)
		}
		g, err := okey101.NewGame(r, 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bs [okey101.NumSeats]bots101.Bot
		for s := range bs {
			if bs[s], err = bots101.New("easy", bots101.Options{Seed: uint64(s)}); err != nil {
				t.Fatal(err)
			}
		}
		for step := 0; g.State().Phase() != game.MatchOver; step++ {
			if step > 5000 {
				t.Fatal("the 101 match does not end")
			}
			a := okey101.NextHand()
			if st := g.State(); st.Phase() == game.Playing {
				if a, err = bs[st.Turn()].Decide(ctx, st.View(st.Turn())); err != nil {
					t.Fatal(err)
				}
			}
			if _, _, err := g.Apply(a); err != nil {
				t.Fatalf("%v: %v", a, err)
			}
		}
		rec := g.Record()
		return rec.Marshal()
	}
	r, err := classic.ParseRules("points=5")
	if err != nil {
		t.Fatal(err)
	}
	g, err := classic.NewGame(r, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for s := range bs {
		if bs[s], err = botsclassic.New("easy", botsclassic.Options{Seed: uint64(s)}); err != nil {
			t.Fatal(err)
		}
	}
	for step := 0; g.State().Phase() != game.MatchOver; step++ {
		if step > 50000 {
			t.Fatal("the classic match does not end")
		}
		a := classic.NextHandAction()
		if st := g.State(); st.Phase() == game.Playing {
			if a, err = bs[st.Turn()].Decide(ctx, st.View(st.Turn())); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	rec := g.Record()
	return rec.Marshal()
}

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
	s := settings.Default("en")
	s.Speed, s.Game = "instant", which
	m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Now: fixedNow, NoColor: true, NewPlayer101: decide101.NewPlain})
	if m != nil {
		t.Cleanup(func() { m.Close() })
	}
	return m, err
}

// A finished match whose last line is torn: okey
// starts, files the match with the finished ones (the lines that
// replayed), keeps the torn file as it was, says so, and starts a new
// match — in both games, never trying to archive the current file it
// has set aside.
func TestFinishedMatchWithTornLastLine(t *testing.T) {
	for _, which := range []string{GameClassic, Game101} {
		t.Run(which, func(t *testing.T) {
			whole := finishedRecord(t, which)
			torn := append(bytes.Clone(whole), `{"a":"dr`...)
			m, err := startOn(t, torn, which)
			if err != nil {
				t.Fatalf("okey does not start: %v", err)
			}
			m.Update(windowMsg(100, 30))
			state := m.files.StateDir()
			done, _ := filepath.Glob(filepath.Join(state, store.FinishedDir, "*finished*.okey"))
			if len(done) != 1 {
				t.Fatalf("the finished match is not with the finished ones: %v", done)
			}
			b, _ := os.ReadFile(done[0])
			if !bytes.Equal(b, whole) {
				t.Fatalf("the match filed is not the lines that replayed:\n%s", b)
			}
			kept, _ := filepath.Glob(filepath.Join(state, store.MatchFile+".torn-*"))
			if len(kept) != 1 {
				t.Fatalf("the torn file is not kept: %v", kept)
			}
			if b, _ := os.ReadFile(kept[0]); !bytes.Equal(b, torn) {
				t.Fatal("the kept file is not the torn one")
			}
			if out := plain(m); m.screen != scrNotice || !strings.Contains(out, "already over") || !strings.Contains(out, `{"a":"dr`) {
				t.Fatalf("not told:\n%s", out)
			}
			drain(t, m, m.Init())
			press(t, m, "enter")
			if m.screen != scrPlay {
				t.Fatalf("no new match: screen %d", m.screen)
			}
		})
	}
}

// Blank lines at the end of a save are not damage:
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
