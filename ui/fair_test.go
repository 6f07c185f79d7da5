package ui

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"time"

	"okey/kit/seatmsg"
	"okey/ui/settings"
)

// countingRandom is a source of randomness for tests: the bytes 0, 1,
// 2, … in turn, the same every run.
type countingRandom struct{ n byte }

func (r *countingRandom) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.n
		r.n++
	}
	return len(p), nil
}

type failingRandom struct{}

func (failingRandom) Read([]byte) (int, error) { return 0, errors.New("entropy ran dry") }

// TestLocalSeedsFromRandom: a local match with no --seed takes its seed
// from Options.Random, crypto/rand by default, whatever the clock says,
// and the next match the source's next bytes; with --seed the series
// stays the seed's; a source that fails stops the game with why.
func TestLocalSeedsFromRandom(t *testing.T) {
	m := newTestModel(t, 80, 24, func(o *Options) { o.SeedSet = false })
	if m.opt.Random != rand.Reader {
		t.Fatalf("the default source is %T, not crypto/rand", m.opt.Random)
	}
	for _, now := range []time.Time{time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC), time.Date(2030, 1, 2, 3, 4, 5, 6, time.UTC)} {
		m := newTestModel(t, 80, 24, func(o *Options) {
			o.SeedSet, o.Random, o.Now = false, &countingRandom{}, func() time.Time { return now }
		})
		want := binary.BigEndian.Uint64([]byte{0, 1, 2, 3, 4, 5, 6, 7})
		if got := tableClassic(m).G.State().Seed(); got != want {
			t.Errorf("at %v: the first match's seed %#x, want %#x (the source's first bytes)", now, got, want)
		}
		m.newMatchCmd("test")
		if got, want := tableClassic(m).G.State().Seed(), binary.BigEndian.Uint64([]byte{8, 9, 10, 11, 12, 13, 14, 15}); got != want {
			t.Errorf("the next match's seed %#x, want %#x", got, want)
		}
	}
	seeded := newTestModel(t, 80, 24, func(o *Options) { o.Random = failingRandom{} }) // --seed 7: no draw
	if tableClassic(seeded).G.State().Seed() != 7 {
		t.Errorf("--seed 7 plays seed %d", tableClassic(seeded).G.State().Seed())
	}
	state, cfg := testEnv(t)
	s := settings.Default("en")
	if _, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Random: failingRandom{}}); err == nil || !strings.Contains(err.Error(), "drawing a seed") {
		t.Errorf("a source that fails: %v", err)
	}
}

// TestSeatNotesTheCommitment: a seat's screen notes the table's
// commitment in the log once (not again at every update), keeps it on
// the score page, notes a new match's anew, and says nothing of seed or
// salt before the table tells them.
func TestSeatNotesTheCommitment(t *testing.T) {
	f := newFakeTable(t, 5)
	m := newSeatModel(t, f, 1)
	notes := func() int {
		n := 0
		for _, e := range tableClassic(m).Log {
			if strings.HasPrefix(e.Note, "Deal committed: ") {
				n++
			}
		}
		return n
	}
	u := f.update(1)
	u.Fair = seatmsg.Fairness{Commit: "3f9a 21c0 88d1 7b2e"}
	m.Update(u)
	m.Update(u)
	if notes() != 1 || !strings.Contains(plain(m), "Deal committed: 3f9a 21c0 88d1 7b2e (note it)") {
		t.Fatalf("%d notes of the commitment; the screen:\n%s", notes(), plain(m))
	}
	if page := strings.Join(m.scoreLines(), "\n"); !strings.Contains(page, "Deal committed: 3f9a 21c0 88d1 7b2e") {
		t.Errorf("the score page does not keep the commitment:\n%s", page)
	}
	if lines := strings.Join(m.fairLines(true), "\n"); strings.Contains(lines, "Revealed") {
		t.Errorf("a match in play reveals: %s", lines)
	}
	u.Fair = seatmsg.Fairness{Commit: "0000 1111 2222 3333"}
	m.Update(u)
	if notes() != 2 {
		t.Errorf("a new commitment is not noted: %d notes", notes())
	}
	// A local match has no commitment to show.
	if got := (&Model{}).fairLines(true); got != nil {
		t.Errorf("a local match's page says %q", got)
	}
}
