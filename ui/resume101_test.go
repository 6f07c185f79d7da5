package ui

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/store"
	"okey/ui/layout"
	"okey/ui/play101"
	"okey/ui/settings"
)

// stripStatus101 blanks the status lines, which greet the player back.
func stripStatus101(s string, w, h int) string {
	l := layout.NewTable101(w, h)
	lines := strings.Split(s, "\n")
	for y := l.Status.Y; y < l.Help.Y; y++ {
		lines[y] = ""
	}
	return strings.Join(lines, "\n")
}

// Quitting saves, and the next start offers to resume the match of 101
// (not a classic one, whatever the settings say): after enter the table
// is as it was left, the rack's arrangement and the groups being made
// included.
func TestQuit101AndResumeGivesTheSameScreen(t *testing.T) {
	m := start101(t, 100, 30)
	drawIfDue(t, m)
	cursorTo101(t, m, 0)
	press(t, m, "space")
	press(t, m, "down")
	press(t, m, "space") // the rack arranged by hand
	press(t, m, "enter") // a tile selected
	want := plain(m)
	press(t, m, "q")
	if !m.quitting {
		t.Fatal("q does not quit")
	}
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	opt := m.opt
	opt.Settings.Game = GameClassic
	m2 := reopen(t, m, opt)
	m2.Update(windowMsg(100, 30))
	if m2.screen != scrResume || table101(m2) == nil || !strings.Contains(plain(m2), "Okey 101, hand 1 of 11") {
		t.Fatalf("no offer to resume the match of 101:\n%s", plain(m2))
	}
	press(t, m2, "enter")
	if got := plain(m2); stripStatus101(got, 100, 30) != stripStatus101(want, 100, 30) {
		t.Fatalf("the resumed screen differs.\nbefore:\n%s\nafter:\n%s", want, got)
	}
	// The status says what to do now, not a welcome the page before
	// said already.
	if got := plain(m2); strings.Contains(got, "Welcome back") || !strings.Contains(oneLine(got), oneLine(table101(m2).Guide())) {
		t.Fatalf("the status does not say what to do now (%q):\n%s", table101(m2).Guide(), got)
	}
}

// Killed mid-hand (no quit, no flush): every action was saved as it
// happened, and the table comes back as it was.
func TestKilled101MidHandResumes(t *testing.T) {
	m := start101(t, 100, 30, withSeed(8))
	myTurn101(t, m)
	drawIfDue(t, m)
	want := plain(m)
	actions := len(table101(m).G.Record().Actions)
	m2 := reopen(t, m, m.opt)
	m2.Update(windowMsg(100, 30))
	if m2.screen != scrResume || len(table101(m2).G.Record().Actions) != actions {
		t.Fatalf("resumed at %d actions (screen %d), want %d", len(table101(m2).G.Record().Actions), m2.screen, actions)
	}
	press(t, m2, "enter")
	if got := plain(m2); stripStatus101(got, 100, 30) != stripStatus101(want, 100, 30) {
		t.Fatalf("the resumed screen differs.\nbefore:\n%s\nafter:\n%s", want, got)
	}
}

// A match killed and resumed plays on exactly as the same match played
// without a break: the bots take the same decisions.
func TestResumed101PlaysOnTheSame(t *testing.T) {
	const before, after = 2, 3
	whole := start101(t, 100, 30, withSeed(11))
	for range before + after {
		myTurn101(t, whole)
	}
	broken := start101(t, 100, 30, withSeed(11))
	for range before {
		myTurn101(t, broken)
	}
	resumed := reopen(t, broken, broken.opt)
	resumed.Update(windowMsg(100, 30))
	press(t, resumed, "enter")
	for range after {
		myTurn101(t, resumed)
	}
	a, b := table101(whole).G.Record().Actions, table101(resumed).G.Record().Actions
	if len(a) < 20 {
		t.Fatalf("only %d actions: the test should span bot moves", len(a))
	}
	if len(a) != len(b) {
		t.Fatalf("%d actions whole, %d resumed", len(a), len(b))
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			t.Fatalf("action %d: whole %v, resumed %v", i, a[i], b[i])
		}
	}
}

// A saved match of 101 whose header cannot be read is set aside, the
// player is told, and a new match starts; one whose last line was cut
// short resumes at the line before.
func TestDamaged101SaveIsSetAside(t *testing.T) {
	good := func(t *testing.T) []byte {
		m := start101(t, 100, 30)
		drawIfDue(t, m)
		return slices.Clone(m.rec)
	}
	for _, tc := range []struct {
		name, why string
		data      func([]byte) []byte
	}{
		// An illegal move appended resumes before it
		// (TestDamagedSavesGoOnFromTheLastGoodMove).
		{"version", "unknown-version", func([]byte) []byte {
			return []byte(`{"okey":"record","version":99,"game":"101","rules":"default","seed":1}` + "\n")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data(good(t))
			state, cfg := testEnv(t)
			if err := os.MkdirAll(state, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(state, store.MatchFile)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			s := settings.Default("en")
			s.Speed, s.Game = "instant", Game101
			m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Now: fixedNow, NoColor: true, Random: &countingRandom{}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { m.Close() })
			m.Update(windowMsg(80, 24))
			aside := path + "." + tc.why + "-20250301-120000"
			if b, err := os.ReadFile(aside); err != nil || !bytes.Equal(b, data) {
				t.Fatalf("the damaged file was not kept as %s: %v", aside, err)
			}
			if m.screen != scrNotice || !strings.Contains(plain(m), filepath.Base(aside)) {
				t.Fatalf("not told:\n%s", plain(m))
			}
			drain(t, m, m.Init())
			press(t, m, "enter")
			if m.screen != scrPlay || table101(m) == nil {
				t.Fatalf("no new match of 101: screen %d", m.screen)
			}
			b, _ := os.ReadFile(path)
			if _, err := okey101.ParseRecord(b); err != nil {
				t.Fatalf("the new match is not saved: %v", err)
			}
		})
	}
	t.Run("torn", func(t *testing.T) {
		m := start101(t, 100, 30)
		drawIfDue(t, m)
		good := slices.Clone(m.rec)
		actions := len(table101(m).G.Record().Actions)
		torn := append(slices.Clone(good), `{"a":"disc`...)
		if err := os.WriteFile(m.files.MatchPath(), torn, 0o644); err != nil {
			t.Fatal(err)
		}
		m2 := reopen(t, m, m.opt)
		m2.Update(windowMsg(100, 30))
		if m2.screen != scrNotice || !strings.Contains(plain(m2), "cut short") {
			t.Fatalf("not told:\n%s", plain(m2))
		}
		if len(table101(m2).G.Record().Actions) != actions {
			t.Fatalf("resumed at %d actions, want %d", len(table101(m2).G.Record().Actions), actions)
		}
		if kept, _ := filepath.Glob(m.files.MatchPath() + ".torn-*"); len(kept) != 1 {
			t.Fatalf("the torn file is not kept: %v", kept)
		}
	})
}

// While the terminal is too small, no key acts on the 101 table.
func TestKeys101DoNothingWhileTooSmall(t *testing.T) {
	m := start101(t, 100, 30)
	drawIfDue(t, m)
	m.Update(windowMsg(70, 20))
	actions, rack := len(table101(m).G.Record().Actions), table101(m).Rack
	for _, k := range []string{"x", "enter", "a", "l", "e", "i", "k", "t", "z", "f", "d", "space", "right", "c", "s", "h", "b", "?", "o", "r"} {
		press(t, m, k)
	}
	if len(table101(m).G.Record().Actions) != actions || table101(m).Rack != rack || m.screen != scrPlay || m.overlay != ovNone || len(table101(m).Sel) > 0 {
		t.Fatal("a key acted while the terminal was too small")
	}
	if !strings.Contains(plain(m), "at least 80×24") {
		t.Fatalf("no size notice:\n%s", plain(m))
	}
	m.Update(windowMsg(80, 24))
	if !strings.Contains(plain(m), "OKEY 101") {
		t.Fatal("no table after growing the terminal")
	}
}

// The mouse: a click puts the cursor on a tile, a right click selects
// it, a click on a meld lays the tile off there, a click on the middle
// line draws.
func TestMouse101(t *testing.T) {
	m := start101(t, 100, 30, withSeed(92))
	l := layout.NewTable101(100, 30)
	click := func(x, y int, b tea.MouseButton) {
		_, cmd := m.Update(tea.MouseClickMsg{X: x, Y: y, Button: b})
		drain(t, m, cmd)
	}
	for m.screen == scrPlay && !(table101(m).View.Stage == okey101.StageDraw && table101(m).View.Opened[0].Status != 0 && len(table101(m).View.Table) > 0) {
		myTurn101(t, m)
	}
	if m.screen != scrPlay {
		t.Fatal("the hand ended before the player had opened")
	}
	c := l.Center
	click(c.X+1, c.Y, tea.MouseLeft)
	if table101(m).View.Stage != okey101.StagePlay {
		t.Fatalf("a click on the middle line did not draw: %q", m.flash)
	}
	for i, x := range table101(m).Rack.Slots {
		if x == tile.NoTile {
			continue
		}
		s := l.Slot(i)
		click(s.X+1, s.Y+1, tea.MouseLeft)
		if table101(m).Cursor != i {
			t.Fatalf("a click on slot %d put the cursor on %d", i, table101(m).Cursor)
		}
		click(s.X+1, s.Y+1, tea.MouseRight)
		if !slices.Contains(table101(m).Sel, i) {
			t.Fatal("a right click did not select the tile")
		}
		click(s.X+1, s.Y+1, tea.MouseRight)
		if len(table101(m).Sel) != 0 {
			t.Fatal("a second right click did not let the tile go")
		}
		// A phone has no right click: a second tap chooses, a third
		// lets go.
		click(s.X+1, s.Y+1, tea.MouseLeft)
		if !slices.Contains(table101(m).Sel, i) {
			t.Fatal("a second click did not select the tile")
		}
		click(s.X+1, s.Y+1, tea.MouseLeft)
		if len(table101(m).Sel) != 0 {
			t.Fatal("a third click did not let the tile go")
		}
		break
	}
	// A tile that lays off: click its meld.
	v := &table101(m).View
	for _, lo := range v.Analyzer.LayOffs(v.Counts, v.Melds()) {
		cursorTo101(t, m, slotOf101(m, lo.Tile))
		rows := table101(m).MeldRows(l.Flex.W)
		table, _ := l.Split(len(rows))
		for y, row := range rows {
			for _, p := range row {
				if p.Meld == lo.Meld && y < table.H {
					before := v.TileCounts[0]
					click(table.X+p.X, table.Y+y, tea.MouseLeft)
					if table101(m).Choose != nil {
						press(t, m, "enter")
					}
					if v.TileCounts[0] != before-1 {
						t.Fatalf("a click on the meld did not lay %v off: %q", lo.Tile, m.flash)
					}
					return
				}
			}
		}
	}
	t.Fatal("no lay-off on this table to click: take another seed")
}

// failing101 fails every decision in its own way.
type failing101 struct {
	answer func(okey101.View) (okey101.Action, error)
}

func (f failing101) Decide(_ context.Context, v okey101.View) (okey101.Action, error) {
	return f.answer(v)
}

// A 101 bot that fails, in any way, never stalls the table: the plain
// player stands in, the player is told, and the turn comes round.
func TestFailing101BotNeverStallsTheTable(t *testing.T) {
	forever := make(chan struct{})
	t.Cleanup(func() { close(forever) })
	for _, tc := range []struct {
		name string
		p    Player101
		want string
	}{
		{"errors", failing101{func(okey101.View) (okey101.Action, error) { return okey101.Action{}, errors.New("out of ideas") }}, "out of ideas"},
		{"hangs", hanging101{forever}, "no answer in time"},
		{"wrong seat", failing101{func(v okey101.View) (okey101.Action, error) { return okey101.Draw((v.Seat + 1) % 4), nil }}, "turn"},
		{"illegal", failing101{func(v okey101.View) (okey101.Action, error) { return okey101.Open(v.Seat, v.Rack[:2]), nil }}, "fail"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := start101(t, 100, 30, func(o *Options) {
				o.NewPlayer101 = func(string, uint64) (Player101, error) { return tc.p, nil }
				o.BotTimeout = failingBotTimeout(tc.name == "hangs")
			})
			for turn := range 3 {
				myTurn101(t, m)
				if m.screen != scrPlay {
					break
				}
				if turn == 0 && !strings.Contains(m.flash, tc.want) {
					t.Fatalf("the player is not told of the failure: %q", m.flash)
				}
				if !table101(m).View.MyTurn() {
					t.Fatalf("the table stalled at seat %d", table101(m).View.Turn)
				}
			}
			if !strings.Contains(strings.Join(logLines101(m), "\n"), "draws") {
				t.Fatal("no bot moved")
			}
			if _, ok := table101(m).Players[1].(decide101.Plain); !ok {
				t.Fatal("a bot failing again and again is not replaced by the plain player")
			}
		})
	}
}

// hanging101 never answers, and ignores its context too.
type hanging101 struct{ forever chan struct{} }

func (h hanging101) Decide(context.Context, okey101.View) (okey101.Action, error) {
	<-h.forever
	return okey101.Action{}, errors.New("released")
}

func logLines101(m *Model) []string {
	var out []string
	for _, e := range table101(m).Log {
		out = append(out, table101(m).LogText(e))
	}
	return out
}

// A bot's answer to a question no longer asked is dropped.
func TestStale101AnswerIsDropped(t *testing.T) {
	m := start101(t, 100, 30)
	actions := len(table101(m).G.Record().Actions)
	m.Update(play101.BotMsg{ID: m.askID + 7, Seat: 1, Act: okey101.Draw(1)})
	if len(table101(m).G.Record().Actions) != actions {
		t.Fatal("a stale answer was played")
	}
}
