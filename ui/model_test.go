package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/tile"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/bots/botsclassic"
	"okey/game/classic"
	"okey/kit/problem"
	"okey/kit/store"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/playclassic"
	"okey/ui/rack"
	"okey/ui/settings"
)

// firstTile is the slot of the first tile on the rack.
func firstTile(m *Model) int {
	for i, t := range tableClassic(m).Rack.Slots {
		if t != tile.NoTile {
			return i
		}
	}
	return -1
}

// cursorTo moves the cursor to slot i with arrow keys.
func cursorTo(t *testing.T, m *Model, i int) {
	t.Helper()
	for n := 0; tableClassic(m).Cursor != i; n++ {
		if n > rack.NumSlots {
			t.Fatalf("cursor does not reach %d", i)
		}
		press(t, m, "right")
	}
}

// playMyTurn plays the player's turn with keys: draw, then discard the
// first tile of the rack.
func playMyTurn(t *testing.T, m *Model) {
	t.Helper()
	v := tableClassic(m).View
	if v.Stage == classic.MustDraw {
		press(t, m, "d")
		if m.screen != scrPlay {
			return
		}
	}
	cursorTo(t, m, firstTile(m))
	press(t, m, "x")
}

func TestWholeHandThroughKeys(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	if !strings.Contains(plain(m), "Hand 1") {
		t.Fatalf("no table:\n%s", plain(m))
	}
	for turns := 0; m.screen == scrPlay; turns++ {
		if turns > 200 {
			t.Fatal("the hand does not end")
		}
		if !tableClassic(m).View.MyTurn() {
			t.Fatalf("the bots stopped: turn %d, screen:\n%s", tableClassic(m).View.Turn, plain(m))
		}
		playMyTurn(t, m)
		if w, line := maxLineWidth(plain(m)); w > 100 {
			t.Fatalf("line of %d columns: %q", w, line)
		}
	}
	out := plain(m)
	if m.screen != scrHandOver && m.screen != scrMatchOver {
		t.Fatalf("screen %d after the hand", m.screen)
	}
	if !strings.Contains(out, "What each player lost") && !strings.Contains(out, "The scores:") {
		t.Fatalf("no losses on the hand-over screen:\n%s", out)
	}
	res := tableClassic(m).View.Result
	if res.WallOut && !strings.Contains(out, "the wall is empty, no score") {
		t.Fatalf("wall out not said:\n%s", out)
	}
	// The record on disk is the match as played.
	b, err := os.ReadFile(filepath.Join(m.opt.StateDir, store.MatchFile))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if g.State().Moves() != tableClassic(m).G.State().Moves() || g.State().Phase() != tableClassic(m).G.State().Phase() {
		t.Fatalf("saved record replays to %d moves, phase %v; the table has %d, %v",
			g.State().Moves(), g.State().Phase(), tableClassic(m).G.State().Moves(), tableClassic(m).G.State().Phase())
	}
	if m.screen == scrHandOver {
		press(t, m, "enter")
		if m.screen != scrPlay || tableClassic(m).View.Hand != 2 {
			t.Fatalf("enter does not deal hand 2: screen %d hand %d", m.screen, tableClassic(m).View.Hand)
		}
		if !strings.Contains(plain(m), "Hand 2") {
			t.Fatalf("hand 2 not shown:\n%s", plain(m))
		}
	}
}

func TestRefusalsAreExplained(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	status := func() string {
		lines := strings.Split(plain(m), "\n")
		return lines[m.lay.Status.Y]
	}
	expect := func(k, want string) {
		t.Helper()
		press(t, m, k)
		if !strings.Contains(status(), want) {
			t.Fatalf("after %q the status line is %q, want %q", k, status(), want)
		}
	}
	if !tableClassic(m).View.MyTurn() || tableClassic(m).View.Stage != classic.MustDraw {
		t.Fatalf("want the player to draw first; turn %d stage %v", tableClassic(m).View.Turn, tableClassic(m).View.Stage)
	}
	expect("w", `The key "w" does nothing here`)
	expect("x", "Draw from the wall (d) or take the discard (t) first")
	expect("f", "Draw from the wall (d) or take the discard (t) first")
	expect("esc", "Nothing to cancel")
	// An empty slot.
	empty := -1
	for i, t := range tableClassic(m).Rack.Slots {
		if t == tile.NoTile {
			empty = i
			break
		}
	}
	cursorTo(t, m, empty)
	expect("space", "No tile under the cursor to pick up")
	press(t, m, "d")
	if tableClassic(m).View.Stage != classic.MustDiscard {
		t.Fatal("d did not draw")
	}
	expect("d", "You have 15 tiles")
	expect("t", "You have 15 tiles")
	for tableClassic(m).Rack.Slots[tableClassic(m).Cursor] != tile.NoTile {
		press(t, m, "right")
	}
	expect("x", "No tile under the cursor")
	cursorTo(t, m, firstTile(m))
	tile := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]
	hand := tableClassic(m).View.Counts
	expect("f", "Not a winning hand")
	if tableClassic(m).View.Counts != hand || tableClassic(m).Rack.Slots[tableClassic(m).Cursor] != tile {
		t.Fatal("a refused finish changed the rack")
	}
	expect("g", "") // gösterme: refused with a reason or done
	if s := status(); !strings.Contains(s, "indicator") && !strings.Contains(s, "Too late") {
		t.Fatalf("g says %q", s)
	}
}

func TestWaitForBotIsExplained(t *testing.T) {
	block := make(chan struct{})
	m := newTestModel(t, 100, 30, func(o *Options) {
		o.NewBot = func(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
			b, err := botsclassic.New(level, opt)
			return &blockingBot{inner: b, release: block}, err
		}
	})
	cmd := m.Init()
	// Run the bots' questions in the background as Bubble Tea would.
	msgs := make(chan tea.Msg, 16)
	go func() { msgs <- runAll(cmd) }()
	if tableClassic(m).View.MyTurn() {
		t.Fatal("the test needs a seed where a bot moves first")
	}
	_, c := m.Update(keyMsg("d"))
	if c != nil {
		t.Fatal("d on a bot's turn started something")
	}
	if !strings.Contains(plain(m), "It is "+m.words().SeatName(tableClassic(m).View.Turn)+"'s turn") {
		t.Fatalf("no wait message:\n%s", plain(m))
	}
	before := tableClassic(m).Cursor
	m.Update(keyMsg("right"))
	if tableClassic(m).Cursor == before {
		t.Fatal("the cursor does not move while a bot thinks")
	}
	m.Update(keyMsg("c"))
	close(block)
	<-msgs
}

// runAll runs a command and its batches, returning the last message.
func runAll(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var last tea.Msg
		for _, c := range b {
			if r := runAll(c); r != nil {
				last = r
			}
		}
		return last
	}
	return msg
}

func TestStaleBotAnswerIsDropped(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	moves := tableClassic(m).G.State().Moves()
	stale := playclassic.BotMoveMsg{ID: m.askID - 1, Seat: tableClassic(m).View.Turn, Act: classic.DrawAction(tableClassic(m).View.Turn)}
	m.Update(stale)
	if tableClassic(m).G.State().Moves() != moves {
		t.Fatal("a stale bot answer was played")
	}
	// After a quit, an answer to the last question is stale too.
	id := m.askID
	m.Update(keyMsg("q"))
	m.Update(playclassic.BotMoveMsg{ID: id, Seat: 1, Act: classic.DrawAction(1)})
	if tableClassic(m).G.State().Moves() != moves {
		t.Fatal("an answer after quitting was played")
	}
}

func TestQuitSavesAndResumeGivesSameScreen(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	playMyTurn(t, m)
	playMyTurn(t, m)
	// Arrange the rack by hand: the arrangement is part of "where the
	// player was".
	cursorTo(t, m, firstTile(m))
	press(t, m, "space")
	press(t, m, "down")
	press(t, m, "space")
	press(t, m, "right")
	want := plain(m)
	press(t, m, "q")
	if !m.quitting {
		t.Fatal("q does not quit")
	}
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}

	// A new start on the same directories offers to resume.
	m2 := reopen(t, m, m.opt)
	m2.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if m2.screen != scrResume || !strings.Contains(plain(m2), "Welcome back") {
		t.Fatalf("no resume offer:\n%s", plain(m2))
	}
	press(t, m2, "enter")
	got := plain(m2)
	if stripStatus(got, m2.lay) != stripStatus(want, m.lay) {
		t.Fatalf("resumed screen differs.\nbefore:\n%s\nafter:\n%s", want, got)
	}
}

// stripStatus blanks the status line, which greets the player back.
func stripStatus(s string, l layout.Screen) string {
	lines := strings.Split(s, "\n")
	lines[l.Status.Y] = ""
	return strings.Join(lines, "\n")
}

func TestKilledMidHandResumes(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	playMyTurn(t, m)
	// No quit, no flush: the process dies here. Every action was saved
	// as it happened.
	moves := tableClassic(m).G.State().Moves()
	m2 := reopen(t, m, m.opt)
	if m2.screen != scrResume || tableClassic(m2).G.State().Moves() != moves {
		t.Fatalf("resumed at %d moves (screen %d), want %d", tableClassic(m2).G.State().Moves(), m2.screen, moves)
	}
	m2.Close()

	// Killed again just after a draw: the table comes back as it was,
	// the move log (which names the drawn tile) included.
	if m.screen != scrPlay || !tableClassic(m).View.MyTurn() || tableClassic(m).View.Stage != classic.MustDraw {
		t.Fatalf("expected the player's draw: screen %d, stage %v", m.screen, tableClassic(m).View.Stage)
	}
	press(t, m, "d")
	want := plain(m)
	m3 := reopen(t, m, m.opt)
	m3.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	press(t, m3, "enter")
	tableClassic(m3).Cursor = tableClassic(m).Cursor
	if got := plain(m3); stripStatus(got, m3.lay) != stripStatus(want, m.lay) {
		t.Fatalf("resumed screen differs.\nbefore:\n%s\nafter:\n%s", want, got)
	}
}

// A match killed and resumed plays on exactly as the same match played
// without a break: the bots take the same decisions after the resume.
// Seed 1's first hand lasts the nine turns of the player it plays (with
// seed 7 a bot wins it on the eighth).
func TestResumedMatchPlaysOnTheSame(t *testing.T) {
	const before, after = 3, 6
	whole := newTestModel(t, 100, 30, withSeed(1))
	drain(t, whole, whole.Init())
	for range before + after {
		playMyTurn(t, whole)
	}
	broken := newTestModel(t, 100, 30, withSeed(1))
	drain(t, broken, broken.Init())
	for range before {
		playMyTurn(t, broken)
	}
	resumed := reopen(t, broken, broken.opt) // killed: no quit, no flush
	resumed.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	press(t, resumed, "enter")
	for range after {
		playMyTurn(t, resumed)
	}
	a, b := tableClassic(whole).G.Record().Actions, tableClassic(resumed).G.Record().Actions
	if len(a) < 20 {
		t.Fatalf("only %d actions: the test should span bot moves", len(a))
	}
	if !slices.Equal(a, b) {
		t.Fatalf("the resumed match went another way:\nwhole:   %v\nresumed: %v", a, b)
	}
}

func TestDamagedSaveIsSetAside(t *testing.T) {
	for _, tc := range []struct {
		name, data, why string
	}{
		{"garbage", "this is not a record\n", "damaged"},
		{"version", `{"okey":"record","version":99,"rules":"default","seed":1}` + "\n", "unknown-version"},
		// An illegal move after a good header resumes before it
		// (TestDamagedSavesGoOnFromTheLastGoodMove).
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, cfg := testEnv(t)
			if err := os.MkdirAll(state, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(state, store.MatchFile)
			if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
				t.Fatal(err)
			}
			s := settings.Default("en")
			s.Speed = "instant"
			m, err := New(Options{Settings: s, StateDir: state, ConfigDir: cfg, Now: fixedNow, NoColor: true, Random: &countingRandom{}})
			if err != nil {
				t.Fatal(err)
			}
			m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			if m.screen != scrNotice || !strings.Contains(plain(m), "could not be read") {
				t.Fatalf("not told:\n%s", plain(m))
			}
			aside := path + "." + tc.why + "-20250301-120000"
			b, err := os.ReadFile(aside)
			if err != nil || string(b) != tc.data {
				t.Fatalf("the damaged file was not kept as %s: %v", aside, err)
			}
			if !strings.Contains(plain(m), filepath.Base(aside)) {
				t.Fatalf("the new name is not told:\n%s", plain(m))
			}
			drain(t, m, m.Init())
			press(t, m, "enter")
			if m.screen != scrPlay {
				t.Fatalf("no new match after the notice: screen %d", m.screen)
			}
			b, _ = os.ReadFile(path)
			if _, err := classic.ParseRecord(b); err != nil {
				t.Fatalf("the new match is not saved: %v", err)
			}
		})
	}
}

func TestLinesFitTheTerminal(t *testing.T) {
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 60}}
	for _, lang := range []string{"en", "tr"} {
		for _, sz := range sizes {
			m := newTestModel(t, sz[0], sz[1], func(o *Options) { o.Settings.Lang = lang })
			drain(t, m, m.Init())
			check := func(what string) {
				t.Helper()
				out := plain(m)
				if w, line := maxLineWidth(out); w > sz[0] {
					t.Fatalf("%s %dx%d %s: line of %d columns: %q", lang, sz[0], sz[1], what, w, line)
				}
				if n := strings.Count(out, "\n") + 1; n > sz[1] {
					t.Fatalf("%s %dx%d %s: %d lines", lang, sz[0], sz[1], what, n)
				}
				if strings.Contains(out, "{{") || strings.Contains(out, "%!") {
					t.Fatalf("%s %s: missing words:\n%s", lang, what, out)
				}
			}
			check("table")
			press(t, m, "?")
			check("help")
			press(t, m, "esc")
			press(t, m, "b")
			check("browse")
			press(t, m, "esc")
			press(t, m, "o")
			check("settings")
			press(t, m, "esc")
			for m.screen == scrPlay {
				playMyTurn(t, m)
				check("playing")
			}
			check("hand over")
			// Force the final table.
			m.screen = scrMatchOver
			check("match over")
		}
	}
}

func TestTooSmall(t *testing.T) {
	m := newTestModel(t, 60, 20)
	out := plain(m)
	if !strings.Contains(out, "at least 80×24") || !strings.Contains(out, "60×20") {
		t.Fatalf("no size notice:\n%s", out)
	}
	if w, _ := maxLineWidth(out); w > 60 {
		t.Fatalf("too-small notice is %d wide", w)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(plain(m), "Hand 1") {
		t.Fatal("no table after growing the terminal")
	}
}

func TestMouseSelectsAndDraws(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	i := firstTile(m) + 1
	r := m.lay.Slot(i)
	_, cmd := m.Update(tea.MouseClickMsg{X: r.X + 2, Y: r.Y + 1, Button: tea.MouseLeft})
	drain(t, m, cmd)
	if tableClassic(m).Cursor != i {
		t.Fatalf("click on slot %d put the cursor on %d", i, tableClassic(m).Cursor)
	}
	w := m.lay.Wall
	_, cmd = m.Update(tea.MouseClickMsg{X: w.X + 1, Y: w.Y + 1, Button: tea.MouseLeft})
	drain(t, m, cmd)
	if tableClassic(m).View.Stage != classic.MustDiscard || tableClassic(m).View.Counts.Total() != 15 {
		t.Fatal("a click on the wall did not draw")
	}
}

func TestSettingsScreenSavesAndTranslates(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	press(t, m, "o")
	if m.screen != scrSettings {
		t.Fatal("o does not open the settings")
	}
	press(t, m, "right") // language: en → tr
	press(t, m, "enter")
	if m.screen != scrPlay || !strings.Contains(plain(m), "El 1") {
		t.Fatalf("not Turkish after saving:\n%s", plain(m))
	}
	b, err := os.ReadFile(filepath.Join(m.opt.ConfigDir, store.SettingsFile))
	if err != nil {
		t.Fatal(err)
	}
	var s settings.Settings
	if err := json.Unmarshal(b, &s); err != nil || s.Lang != "tr" {
		t.Fatalf("settings file: %s (%v)", b, err)
	}
	// Partners with leave at zero is refused with the reason, in the
	// player's language (Turkish now).
	press(t, m, "o")
	for m.settings.At != settings.FieldLeaveAtZero {
		press(t, m, "down")
	}
	press(t, m, "right")
	press(t, m, "down")
	press(t, m, "right")
	press(t, m, "enter")
	if m.screen != scrSettings || !strings.Contains(plain(m), "partners ile leave_at_zero birlikte olmaz") {
		t.Fatalf("bad rules accepted:\n%s", plain(m))
	}
	press(t, m, "esc")
}

func TestArrangeKeys(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	before := tableClassic(m).Rack.Counts()
	for _, k := range []string{"v", "c", "s", "p"} {
		press(t, m, k)
		if tableClassic(m).Rack.Counts() != before {
			t.Fatalf("%s changed the tiles", k)
		}
		if m.flash == "" {
			t.Fatalf("%s said nothing", k)
		}
	}
	press(t, m, "h")
	if !strings.Contains(m.flash, "int") && !strings.Contains(m.flash, "winning") {
		t.Fatalf("h says %q", m.flash)
	}
}

// The hint puts the cursor on the tile it suggests, so x then throws
// exactly that tile.
func TestHintPutsTheCursorOnTheDiscard(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	if tableClassic(m).View.Stage == classic.MustDraw {
		press(t, m, "d")
	}
	if m.screen != scrPlay || len(tableClassic(m).View.Rack) != playclassic.TurnTiles {
		t.Fatalf("the player should hold 15 tiles, has %d (screen %d)", len(tableClassic(m).View.Rack), m.screen)
	}
	tableClassic(m).Cursor = slices.Index(tableClassic(m).Rack.Slots[:], tile.NoTile) // an empty slot
	press(t, m, "h")
	want := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]
	if want == tile.NoTile || !strings.Contains(m.flash, want.String()) {
		t.Fatalf("after h the cursor is on %v; the hint: %q", want, m.flash)
	}
	before := tableClassic(m).View.Counts[want]
	press(t, m, "x")
	if n := len(tableClassic(m).View.Rack); n != playclassic.HandTiles || tableClassic(m).View.Counts[want] != before-1 {
		t.Fatalf("x after the hint did not throw %v: %d tiles left", want, n)
	}
}

func TestCatalogsHaveTheSameKeys(t *testing.T) {
	en, tr := catalogKeys(t, "en"), catalogKeys(t, "tr")
	if !bytes.Equal([]byte(strings.Join(en, "\n")), []byte(strings.Join(tr, "\n"))) {
		t.Fatalf("en and tr differ:\nonly en: %v\nonly tr: %v", minus(en, tr), minus(tr, en))
	}
}

// TestWholeMatchThroughKeys plays a match from the first deal to the
// final table with keys only. The bots here show the indicator and never
// finish, so scores move by gösterme alone: the match (5 points) is short
// and sure to end. Hands won by play are in TestWholeHandThroughKeys.
func TestWholeMatchThroughKeys(t *testing.T) {
	m := newTestModel(t, 80, 24, func(o *Options) {
		o.Settings.Rules = "points=5"
		o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
	})
	drain(t, m, m.Init())
	for hands := 0; m.screen != scrMatchOver; hands++ {
		if hands > 200 {
			t.Fatal("the match does not end")
		}
		for turns := 0; m.screen == scrPlay; turns++ {
			if turns > 200 {
				t.Fatal("the hand does not end")
			}
			if tableClassic(m).View.Legal.Show {
				press(t, m, "g")
				if !tableClassic(m).View.Shown[0] {
					t.Fatalf("g did not show: %s", m.flash)
				}
			}
			playMyTurn(t, m)
		}
		if m.screen == scrHandOver {
			press(t, m, "enter")
		}
	}
	out := plain(m)
	t.Log("\n" + out)
	if !strings.Contains(out, "The match is over") || !strings.Contains(out, "won") || !strings.Contains(out, "lost") {
		t.Fatalf("no final table:\n%s", out)
	}
	if w, line := maxLineWidth(out); w > 80 {
		t.Fatalf("final table line of %d: %q", w, line)
	}
	press(t, m, "n")
	if m.screen != scrPlay || tableClassic(m).View.Hand != 1 || m.MatchOver() {
		t.Fatalf("n does not start a new match: screen %d", m.screen)
	}
	done, _ := filepath.Glob(filepath.Join(m.opt.StateDir, store.FinishedDir, "*finished*.okey"))
	if len(done) != 1 {
		t.Fatalf("the finished match was not kept: %v", done)
	}
	b, _ := os.ReadFile(done[0])
	rec, err := classic.ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := rec.Replay(); err != nil || g.State().Phase() != game.MatchOver {
		t.Fatalf("the kept record does not replay to the end: %v", err)
	}
}

func TestRulesVariantsFit(t *testing.T) {
	for _, rules := range []string{"simple104", "partners,one_colour_double", "leave_at_zero,indicator_last,simple"} {
		m := newTestModel(t, 80, 24, withPlainBots, func(o *Options) { o.Settings.Rules = rules })
		drain(t, m, m.Init())
		for turns := 0; m.screen == scrPlay; turns++ {
			out := plain(m)
			if w, line := maxLineWidth(out); w > 80 || strings.Contains(out, "%!") || strings.Contains(out, "{{") {
				t.Fatalf("%s: bad line of %d columns: %q\n%s", rules, w, line, out)
			}
			if turns > 100 {
				t.Fatal("the hand does not end")
			}
			playMyTurn(t, m)
		}
		if rules == "simple104" && !strings.Contains(plain(m), "no score") {
			t.Fatalf("simple104 hand over:\n%s", plain(m))
		}
	}
}

// TestHandOverShowsTheWinningGroups draws the end of a won hand: the
// winner's groups, each loser's loss and why.
func TestHandOverShowsTheWinningGroups(t *testing.T) {
	m := newTestModel(t, 80, 24)
	ts := func(s string) []tile.Tile {
		out, err := tile.ParseTiles(s)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	okey := tableClassic(m).View.Okey
	run := ts("R1 R2 R3 R4")
	melds := []hand.Meld{
		{Kind: hand.Run, Tiles: run, As: run},
		{Kind: hand.Set, Tiles: ts("K7 B7 Y7"), As: ts("K7 B7 Y7")},
		{Kind: hand.Set, Tiles: []tile.Tile{tile.NewTile(tile.Red, 9), tile.NewTile(tile.Blue, 9), okey}, As: ts("R9 B9 K9")},
		{Kind: hand.Run, Tiles: ts("Y11 Y12 Y13 Y1"), As: ts("Y11 Y12 Y13 Y1")},
	}
	tableClassic(m).View.Phase = game.HandOver
	tableClassic(m).View.Result = &classic.HandResult{
		Hand: 1, Winner: 2, Discard: okey, OkeyFinish: true, Points: 4,
		Win:  hand.Win{Kind: hand.WinMelds, Melds: melds},
		Lost: [4]int{5, 4, 0, 4}, Shown: [4]bool{false, false, true, false},
	}
	m.screen = scrHandOver
	out := plain(m)
	for _, want := range []string{"Mehmet wins with runs and sets", "R1", "Y13", "OK", "okey finish",
		"showed the indicator: 1", "runs and sets: 4 (okey finish ×2)", "-5"} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q on:\n%s", want, out)
		}
	}
	if w, line := maxLineWidth(out); w > 80 {
		t.Fatalf("line of %d: %q", w, line)
	}
}

func TestHandEndingDuringSettingsLeadsToHandOver(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	drain(t, m, m.Init())
	for tableClassic(m).View.WallLeft > 0 {
		playMyTurn(t, m)
	}
	// The wall is out and it is the player's turn: open the settings,
	// and end the hand behind them as a bot would.
	press(t, m, "o")
	if _, _, err := tableClassic(m).G.Apply(classic.EndHandAction(0)); err != nil {
		t.Fatal(err)
	}
	tableClassic(m).Refresh()
	press(t, m, "esc")
	if m.screen != scrHandOver {
		t.Fatalf("back from the settings to screen %d, want the hand over", m.screen)
	}
}

// While the terminal is too small no key acts on the hidden table (d,
// then a shrink, then x must not discard a tile unseen); q still quits.
func TestKeysDoNothingWhileTooSmall(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	press(t, m, "d")
	cursorTo(t, m, firstTile(m))
	before, moves := tableClassic(m).Rack, tableClassic(m).G.State().Moves()
	m.Update(tea.WindowSizeMsg{Width: 70, Height: 20})
	for _, k := range []string{"x", "f", "enter", "space", "right", "c", "s", "o", "?", "b", "t", "d"} {
		press(t, m, k)
	}
	if tableClassic(m).G.State().Moves() != moves || tableClassic(m).Rack != before || m.screen != scrPlay || m.overlay != ovNone {
		t.Fatalf("keys acted on the hidden table: %d moves (was %d), screen %d", tableClassic(m).G.State().Moves(), moves, m.screen)
	}
	if !strings.Contains(plain(m), "q quit") {
		t.Fatalf("the too-small screen does not say how to quit:\n%s", plain(m))
	}
	press(t, m, "q")
	if !m.quitting {
		t.Fatal("q does not quit while too small")
	}
}

// After a sort the cursor is on the tile it was on, and never on a gap
// (it kept its slot).
func TestSortKeepsTheCursorOnItsTile(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	for _, k := range []string{"v", "c", "s", "p", "v"} {
		// The last tile of the rack: sorts move it.
		last := -1
		for i, u := range tableClassic(m).Rack.Slots {
			if u != tile.NoTile {
				last = i
			}
		}
		cursorTo(t, m, last)
		want := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]
		press(t, m, k)
		if got := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]; got != want {
			t.Fatalf("after %s the cursor is on %v, was on %v", k, got, want)
		}
		// From a gap, the cursor lands on a tile.
		cursorTo(t, m, slices.Index(tableClassic(m).Rack.Slots[:], tile.NoTile))
		press(t, m, k)
		if tableClassic(m).Rack.Slots[tableClassic(m).Cursor] == tile.NoTile {
			t.Fatalf("after %s from a gap the cursor is on a gap", k)
		}
	}
}

// Resumed during a bot's turn, the welcome is gone when the player's turn
// comes: the status line says what to do.
func TestWelcomeBackGivesWayToTheGuide(t *testing.T) {
	block := make(chan struct{})
	t.Cleanup(func() { close(block) })
	m := newTestModel(t, 100, 30, func(o *Options) {
		o.NewBot = func(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
			return &blockingBot{inner: playclassic.Plain{}, release: block}, nil
		}
	})
	if tableClassic(m).View.MyTurn() {
		t.Fatal("the test needs a seed where a bot moves first")
	}
	drain(t, m, m.saveCmd()) // the bots never answer: saved at a bot's turn
	opt := m.opt
	opt.NewBot = withPlainBotsOpt
	m2 := reopen(t, m, opt)
	m2.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	press(t, m2, "enter")
	if !tableClassic(m2).View.MyTurn() {
		t.Fatalf("not the player's turn after the bots: turn %d", tableClassic(m2).View.Turn)
	}
	status := strings.Split(plain(m2), "\n")[m2.lay.Status.Y]
	if strings.Contains(status, "Welcome back") || !strings.Contains(status, "Your turn") {
		t.Fatalf("the status line at the player's turn: %q", status)
	}
}

// At the empty wall, d ends the hand, and the help bar, the wall and the
// refusal of a discard all say so in the same words.
func TestEmptyWallSaysEndTheHandEverywhere(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		m := newTestModel(t, 100, 30, withPlainBots, func(o *Options) { o.Settings.Lang = lang })
		drain(t, m, m.Init())
		for tableClassic(m).View.WallLeft > 0 && m.screen == scrPlay {
			playMyTurn(t, m)
		}
		if m.screen != scrPlay || !tableClassic(m).View.MyTurn() || tableClassic(m).View.Stage != classic.MustDraw {
			t.Fatalf("%s: not the player's draw at the empty wall", lang)
		}
		words := m.tr.T("key.endhand")
		screen := plain(m)
		lines := strings.Split(screen, "\n")
		if help := lines[m.lay.Help.Y]; !strings.Contains(help, "d "+words) {
			t.Fatalf("%s: the help bar says %q, want d %s", lang, help, words)
		}
		if !strings.Contains(screen, m.tr.T("center.end")) {
			t.Fatalf("%s: the wall does not say %q:\n%s", lang, m.tr.T("center.end"), screen)
		}
		press(t, m, "x")
		if !strings.Contains(m.flash, "(d)") || !strings.Contains(m.flash, strings.Split(words, " ")[0]) {
			t.Fatalf("%s: x at the empty wall says %q", lang, m.flash)
		}
	}
}

// winningRack plays hands with the hard bot's choices for the player
// until the player holds 15 tiles that finish; the cursor is then on the
// finishing tile.
func winningRack(t *testing.T) *Model {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		m := newTestModel(t, 100, 30, withPlainBots, func(o *Options) { o.Seed = seed })
		drain(t, m, m.Init())
		me := botsclassic.NewHard(seed)
		for turns := 0; m.screen == scrPlay && turns < 100; turns++ {
			a, err := me.Decide(context.Background(), tableClassic(m).G.State().View(0))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == classic.ActFinish {
				cursorTo(t, m, slices.Index(tableClassic(m).Rack.Slots[:], a.Tile))
				return m
			}
			drain(t, m, act(m, a))
		}
	}
	t.Fatal("no winning rack in 60 matches")
	return nil
}

// x on a tile that would finish the hand asks first instead of
// throwing the win away; x again discards it, f
// finishes.
func TestDiscardingAWinAsksFirst(t *testing.T) {
	m := winningRack(t)
	win := tableClassic(m).Rack.Slots[tableClassic(m).Cursor]
	for range 2 {
		press(t, m, "x")
		if len(tableClassic(m).View.Rack) != playclassic.TurnTiles || !strings.Contains(m.flash, "wins the hand") {
			t.Fatalf("x on the winning %v: %d tiles, %q", win, len(tableClassic(m).View.Rack), m.flash)
		}
		press(t, m, "left") // another key forgets the question
		press(t, m, "right")
	}
	press(t, m, "x")
	press(t, m, "x")
	if tableClassic(m).View.Counts.Total() == playclassic.TurnTiles || tableClassic(m).View.Phase != game.Playing && tableClassic(m).View.Result.Winner == 0 {
		t.Fatalf("x twice did not just discard %v", win)
	}

	m = winningRack(t)
	press(t, m, "x")
	press(t, m, "f")
	if m.screen != scrHandOver || tableClassic(m).View.Result == nil || tableClassic(m).View.Result.Winner != 0 {
		t.Fatalf("f after the question did not finish: screen %d", m.screen)
	}
}

// TestEnterAfterTheHandsEndThrowsNothing: enter goes on from the end
// of a hand, and one enter too many on the next hand, whose first move
// is the player's discard, throws nothing (it threw the
// tile under the cursor, blind). x is the one discard key.
func TestEnterAfterTheHandsEndThrowsNothing(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots, func(o *Options) { o.Settings.Rules = "points=5" })
	drain(t, m, m.Init())
	for hands := 0; hands < 8 && m.screen != scrMatchOver; {
		if m.screen == scrPlay {
			playMyTurn(t, m)
			continue
		}
		press(t, m, "enter")
		hands++
		if m.screen != scrPlay || !tableClassic(m).View.MyTurn() || tableClassic(m).View.Stage != classic.MustDiscard {
			continue // another seat starts this hand
		}
		press(t, m, "enter")
		if tableClassic(m).View.Counts.Total() != playclassic.TurnTiles || tableClassic(m).G.State().Moves() != 0 {
			t.Fatalf("hand %d: a second enter played: %d tiles, %d moves", tableClassic(m).View.Hand, tableClassic(m).View.Counts.Total(), tableClassic(m).G.State().Moves())
		}
		press(t, m, "x")
		if tableClassic(m).View.Counts.Total() != playclassic.HandTiles {
			t.Fatalf("hand %d: x did not discard: %q", tableClassic(m).View.Hand, m.flash)
		}
		return
	}
	t.Fatal("the player never started a hand")
}

// A long status wraps into the lines above it instead of being cut,
// and the log below the table gives way for it.
func TestLongStatusWraps(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		m := newTestModel(t, sz[0], sz[1], withPlainBots)
		drain(t, m, m.Init())
		long := strings.Repeat("word ", 30) + "END"
		m.setFlash(false, long)
		out := plain(m)
		if !strings.Contains(out, "END") {
			t.Fatalf("%v: the end of the status is cut:\n%s", sz, out)
		}
		if w, line := maxLineWidth(out); w > sz[0] {
			t.Fatalf("%v: line of %d: %q", sz, w, line)
		}
		if !strings.Contains(out, "Zeynep discards") && !strings.Contains(out, "Hand 1:") {
			t.Fatalf("%v: the log is gone:\n%s", sz, out)
		}
	}
}

// The ? page scrolls to its last paragraph at 80×24 and 100×30, and the
// help bar at 80 columns shows how to sort, group and look through the
// discards.
func TestHelpScrollsAndTheBarShowsTheRackKeys(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, sz := range [][2]int{{80, 24}, {100, 30}} {
			m := newTestModel(t, sz[0], sz[1], func(o *Options) { o.Settings.Lang = lang })
			drain(t, m, m.Init())
			bar := strings.Split(plain(m), "\n")[m.lay.Help.Y]
			for _, want := range []string{"c/v", "s/p", "b "} {
				if !strings.Contains(bar, want) {
					t.Fatalf("%s %v: the help bar %q has no %q", lang, sz, bar, want)
				}
			}
			press(t, m, "?")
			last := m.overlayLines() // the keys, how to play, then the whole rules
			lastLine := strings.TrimSpace(ansi.Strip(last[len(last)-1]))
			if strings.Contains(plain(m), lastLine) {
				if sz[0] == 80 {
					t.Fatalf("%s %v: the help fits; the test needs one that does not", lang, sz)
				}
				continue // nothing to scroll
			}
			for range 100 {
				press(t, m, "down")
			}
			if m.overlay != ovHelp || !strings.Contains(plain(m), lastLine) {
				t.Fatalf("%s %v: scrolling down does not reach %q:\n%s", lang, sz, lastLine, plain(m))
			}
			press(t, m, "home")
			if !strings.Contains(plain(m), m.tr.T("help.title")) {
				t.Fatalf("%s %v: home does not go back to the top", lang, sz)
			}
			press(t, m, "end")
			if !strings.Contains(plain(m), lastLine) {
				t.Fatalf("%s %v: end does not go to the bottom", lang, sz)
			}
			press(t, m, "esc")
			if m.overlay != ovNone {
				t.Fatalf("%s %v: esc does not close the help", lang, sz)
			}
		}
	}
}

// The help follows the match's rules, "you" is lower case inside a
// sentence, and names from a record cannot break the screen.
func TestWordsFollowTheMatch(t *testing.T) {
	m := newTestModel(t, 100, 30, func(o *Options) { o.Settings.Rules = "points=5" })
	help := strings.Join(tableClassic(m).HowToPlay(1000), "\n")
	if !strings.Contains(help, "starts with 5 points") || strings.Contains(help, "20") {
		t.Fatalf("5-point help: %s", help)
	}
	s := newTestModel(t, 100, 30, func(o *Options) { o.Settings.Rules = "simple104" })
	if h := strings.Join(tableClassic(s).HowToPlay(1000), "\n"); strings.Contains(h, "indicator (gösterge)") || strings.Contains(h, "Scoring") ||
		!strings.Contains(h, "simple rules") || !strings.Contains(h, "104 tiles") {
		t.Fatalf("simple104 help: %s", h)
	}

	take := playclassic.LogEntry{Ev: classic.Event{Kind: classic.EvTake, Seat: 1, From: 0, Tile: tile.NewTile(tile.Black, 12)}}
	if got := playclassic.LogText(m.words(), take); !strings.HasSuffix(got, "from you.") {
		t.Fatalf("a take from the player reads %q", got)
	}
}

func TestNamesFromARecordCannotBreakTheScreen(t *testing.T) {
	m := newTestModel(t, 80, 24)
	drain(t, m, m.Init())
	rec := tableClassic(m).G.Record()
	rec.Meta["name1"] = "Evil\nName\x1b[31m"
	rec.Meta["name2"] = "\u202eDirection"
	rec.Meta["name3"] = strings.Repeat("字", 20)
	if err := m.files.SaveMatch(m.seq+1, rec.Marshal()); err != nil {
		t.Fatal(err)
	}
	m2 := reopen(t, m, m.opt)
	m2.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(t, m2, "enter")
	for s := 1; s < classic.NumSeats; s++ {
		if n := m2.names[s]; !pages.Printable(n) || canvas.Width(n) > MaxNameLen || n == "" {
			t.Fatalf("seat %d is named %q", s, n)
		}
	}
	out := plain(m2)
	if n := strings.Count(out, "\n") + 1; n != 24 {
		t.Fatalf("%d lines:\n%s", n, out)
	}
	if w, line := maxLineWidth(out); w > 80 {
		t.Fatalf("line of %d: %q", w, line)
	}
	if !strings.Contains(out, "EvilName") {
		t.Fatalf("the name is not shown:\n%s", out)
	}
}

// The settings screen saves what the player changed on it, not the
// settings given for one run (--points 5 --speed fast,
// a change of language, enter, and every later game was 5 points).
func TestSettingsSaveOnlyWhatChanged(t *testing.T) {
	m := newTestModel(t, 100, 30, func(o *Options) {
		o.Saved = o.Settings
		o.Settings.Rules = "points=5"
		o.Settings.Speed = "fast"
	})
	drain(t, m, m.Init())
	press(t, m, "o")
	press(t, m, "right") // language: en → tr
	for m.settings.At != settings.FieldDeal {
		press(t, m, "down")
	}
	press(t, m, "right") // the deal: table → simple
	press(t, m, "enter")
	b, err := os.ReadFile(filepath.Join(m.opt.ConfigDir, store.SettingsFile))
	if err != nil {
		t.Fatal(err)
	}
	var s settings.Settings
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Lang != "tr" || s.Speed != "instant" || s.Rules != "simple" {
		t.Fatalf("saved %+v: want the language and the deal changed, the rest as saved before", s)
	}
	if m.set.Speed != "fast" || m.set.Rules != "simple,points=5" || m.set.Lang != "tr" {
		t.Fatalf("this run's settings are %+v", m.set)
	}
}

// Problems with the settings are said in the player's language.
func TestProblemsInTheLanguage(t *testing.T) {
	five, twenty := "points=5", 20
	_, err := settings.Default("en").Override(settings.Overrides{Rules: &five, Points: &twenty})
	if err == nil {
		t.Fatal("--points 20 --rules points=5 accepted")
	}
	if en, tr := problem.Say(err, "en"), problem.Say(err, "tr"); !strings.Contains(en, "disagree") || !strings.Contains(tr, "uyuşmuyor") {
		t.Fatalf("en %q, tr %q", en, tr)
	}
	same := "points=20"
	if _, err := settings.Default("en").Override(settings.Overrides{Rules: &same, Points: &twenty}); err != nil {
		t.Fatalf("--points 20 --rules points=20: %v", err)
	}
	m := newTestModel(t, 80, 24, func(o *Options) { o.Settings.Lang = "tr" })
	if bye := m.Goodbye(nil); !strings.Contains(bye, "kaydedildi") {
		t.Fatalf("the goodbye line in Turkish: %q", bye)
	}
}

// The score history (r) lists every hand with the scores after it, from
// the table, the end of a hand and the final table, and the final table
// says whether the player won.
func TestScoreHistory(t *testing.T) {
	m := newTestModel(t, 80, 24, func(o *Options) {
		o.Settings.Rules = "points=5"
		o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
	})
	drain(t, m, m.Init())
	press(t, m, "r")
	if m.screen != scrScores || !strings.Contains(plain(m), "No hand has ended yet") {
		t.Fatalf("r on the table:\n%s", plain(m))
	}
	press(t, m, "esc")
	if m.screen != scrPlay {
		t.Fatalf("esc from the history goes to screen %d", m.screen)
	}
	for m.screen != scrMatchOver {
		for m.screen == scrPlay {
			if tableClassic(m).View.Legal.Show {
				press(t, m, "g")
			}
			playMyTurn(t, m)
		}
		if m.screen == scrHandOver {
			press(t, m, "r")
			if !strings.Contains(plain(m), "Score history") {
				t.Fatalf("r at the end of a hand:\n%s", plain(m))
			}
			press(t, m, "r")
			if m.screen != scrHandOver {
				t.Fatalf("r again goes to screen %d", m.screen)
			}
			press(t, m, "enter")
		}
	}
	mr := tableClassic(m).View.Match
	if len(sideClassic(m).History) != mr.Hands || sideClassic(m).History[len(sideClassic(m).History)-1].Scores != mr.Scores {
		t.Fatalf("%d hands in the history for %d played; last scores %v, final %v",
			len(sideClassic(m).History), mr.Hands, sideClassic(m).History[len(sideClassic(m).History)-1].Scores, mr.Scores)
	}
	final := plain(m)
	if !strings.Contains(final, "You won the match!") && !strings.Contains(final, "You lost the match.") && !strings.Contains(final, "You tied.") {
		t.Fatalf("the final table does not say how the player did:\n%s", final)
	}
	press(t, m, "r")
	press(t, m, "end")
	out := plain(m)
	last := sideClassic(m).History[len(sideClassic(m).History)-1]
	if !strings.Contains(out, strconv.Itoa(last.Result.Hand)+"  ") {
		t.Fatalf("the last hand is not in the history:\n%s", out)
	}
	if w, line := maxLineWidth(out); w > 80 {
		t.Fatalf("line of %d: %q", w, line)
	}
	// A resumed match has its history too.
	m2 := reopen(t, m, m.opt)
	if len(sideClassic(m2).History) != 0 { // the finished match was archived: a new one
		t.Fatalf("a new match starts with %d hands of history", len(sideClassic(m2).History))
	}
}

func TestScoreHistoryOfAResumedMatch(t *testing.T) {
	m := newTestModel(t, 100, 30, func(o *Options) {
		o.Settings.Rules = "points=5"
		o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
	})
	drain(t, m, m.Init())
	for tableClassic(m).View.Hand < 3 {
		for m.screen == scrPlay {
			if tableClassic(m).View.Legal.Show {
				press(t, m, "g")
			}
			playMyTurn(t, m)
		}
		press(t, m, "enter")
	}
	m2 := reopen(t, m, m.opt)
	if !slices.EqualFunc(sideClassic(m).History, sideClassic(m2).History, func(a, b playclassic.HandScore) bool { return a.Scores == b.Scores && a.Result.Lost == b.Result.Lost }) || len(sideClassic(m2).History) != 2 {
		t.Fatalf("resumed history %d hands, played %d", len(sideClassic(m2).History), len(sideClassic(m).History))
	}
}

// A tall terminal puts the status under the rack and the score history
// under it, and the log runs down the side (at
// 200×60 the status sat 28 rows below the rack).
func TestTallTerminalUsesItsHeight(t *testing.T) {
	for _, sz := range [][2]int{{200, 60}, {120, 40}} {
		m := newTestModel(t, sz[0], sz[1], withPlainBots)
		drain(t, m, m.Init())
		l := m.lay
		if gap := l.Status.Y - (l.Rack.Y + l.Rack.H); gap > 1 || !l.StatusDown {
			t.Fatalf("%v: the status is %d rows below the rack", sz, gap)
		}
		if l.History.H < layout.HistoryMin || l.Log.H < sz[1]-6 {
			t.Fatalf("%v: history %d lines, log %d", sz, l.History.H, l.Log.H)
		}
		out := plain(m)
		lines := strings.Split(out, "\n")
		if !strings.Contains(lines[l.Status.Y], "Your turn") || !strings.Contains(out, "Score history") {
			t.Fatalf("%v:\n%s", sz, out)
		}
		if w, line := maxLineWidth(out); w > sz[0] {
			t.Fatalf("%v: line of %d: %q", sz, w, line)
		}
	}
	// At 80×24 and 100×30 it stays as it was: the status above the help.
	m := newTestModel(t, 100, 30)
	if m.lay.StatusDown || m.lay.Status.Y != 28 {
		t.Fatalf("100×30: status at %d", m.lay.Status.Y)
	}
}

// The keys of the pages between hands open their page without a word of
// warning on it.
func TestPageKeysOpenQuietly(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	drain(t, m, m.Init())
	for m.screen == scrPlay {
		playMyTurn(t, m)
	}
	for _, k := range []string{"r", "i", "o"} {
		press(t, m, k)
		if m.screen == scrHandOver || m.flash != "" {
			t.Fatalf("%s on the end of a hand: screen %d, %q", k, m.screen, m.flash)
		}
		press(t, m, "esc")
	}
}
