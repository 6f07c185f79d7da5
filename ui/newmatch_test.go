package ui

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/kit/store"
)

// runShuffled runs cmds and every command that follows from them in an
// order drawn from rnd (as Bubble Tea's goroutines might), feeding each
// message back to the model.
func runShuffled(t *testing.T, m *Model, rnd *rand.Rand, cmds ...tea.Cmd) {
	t.Helper()
	pool := append([]tea.Cmd(nil), cmds...)
	for steps := 0; len(pool) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("commands do not settle")
		}
		i := rnd.IntN(len(pool))
		c := pool[i]
		pool = append(pool[:i], pool[i+1:]...)
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			pool = append(pool, msg...)
		case savedMsg:
			if msg.Err != nil {
				t.Fatalf("save failed: %v", msg.Err)
			}
		default:
			if isSequence(msg) {
				pool = append(pool, sequenceCmds(msg)...)
				continue
			}
			_, next := m.Update(msg)
			pool = append(pool, next)
		}
	}
}

// A new match, from the resume screen or the final table, keeps the old
// match whole in matches/ and the new one as the match being played,
// whatever order the saves of the two and the bots' first moves run in
// (at --speed instant the new match's first save could
// run before the old one was archived, and the archive then took the new
// match away).
func TestNewMatchKeepsBothWhateverTheOrder(t *testing.T) {
	for seed := range uint64(24) {
		for _, from := range []screen{scrResume, scrMatchOver} {
			m := newTestModel(t, 100, 30, withPlainBots)
			drain(t, m, m.Init())
			playMyTurn(t, m)
			playMyTurn(t, m)
			// One more move whose save has not run yet.
			press(t, m, "c")
			pending := m.saveCmd()
			oldRec := append([]byte(nil), m.rec...)
			m.screen = from
			key := "n"
			if from == scrResume {
				m.Update(keyMsg(key)) // asks: a new match ends this one
			}
			_, cmd := m.Update(keyMsg(key))
			if tableClassic(m).G.State().Moves() > 1 && tableClassic(m).View.Hand != 1 {
				t.Fatal("n did not start a new match")
			}
			runShuffled(t, m, rand.New(rand.NewPCG(seed, uint64(from))), pending, cmd)
			if err := m.Flush(); err != nil {
				t.Fatal(err)
			}
			kept, _ := filepath.Glob(filepath.Join(m.opt.StateDir, store.FinishedDir, "*.okey"))
			if len(kept) != 1 {
				t.Fatalf("order %d from screen %d: %d matches kept, want the old one: %v", seed, from, len(kept), kept)
			}
			b, err := os.ReadFile(kept[0])
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, oldRec) {
				t.Fatalf("order %d: the kept match is not the old one whole:\n%s\nwant:\n%s", seed, b, oldRec)
			}
			cur, err := os.ReadFile(m.files.MatchPath())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(cur, m.rec) {
				t.Fatalf("order %d: the match on disk is not the new one", seed)
			}
			rec, err := classic.ParseRecord(cur)
			if err != nil || rec.Seed != m.seed {
				t.Fatalf("order %d: the saved match is not the new one: %v", seed, err)
			}
		}
	}
}
