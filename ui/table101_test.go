package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/store"
	"okey/ui/host101"
	"okey/ui/play101"
	"okey/ui/rack"
)

// newTest101 is newTestModel with a match of Okey 101 on the table.
func newTest101(t testing.TB, w, h int, tweak ...func(*Options)) *Model {
	t.Helper()
	return newTestModel(t, w, h, append([]func(*Options){func(o *Options) { o.Settings.Game = Game101 }}, tweak...)...)
}

// start101 is newTest101 with its first commands run: the bots have
// played up to the player's turn.
func start101(t testing.TB, w, h int, tweak ...func(*Options)) *Model {
	t.Helper()
	m := newTest101(t, w, h, tweak...)
	drain(t, m, m.Init())
	if table101(m) == nil {
		t.Fatal("no 101 table")
	}
	return m
}

func withSeed(seed uint64) func(*Options) { return func(o *Options) { o.Seed = seed } }

// cursorTo101 moves the cursor to slot i with the arrow keys.
func cursorTo101(t testing.TB, m *Model, i int) {
	t.Helper()
	if table101(m).Cursor/rack.Cols != i/rack.Cols {
		press(t, m, "down")
	}
	for n := 0; table101(m).Cursor != i; n++ {
		if n > rack.NumSlots {
			t.Fatalf("the cursor does not reach %d", i)
		}
		if table101(m).Cursor < i {
			press(t, m, "right")
		} else {
			press(t, m, "left")
		}
	}
}

// slotOf101 is a slot holding x that is in no group, or -1.
func slotOf101(m *Model, x tile.Tile) int {
	for i, y := range table101(m).Rack.Slots {
		if y == x && table101(m).GroupOf(i) < 0 {
			return i
		}
	}
	return -1
}

// playKeys101 makes the player's action a with keys, as a player would:
// tiles are selected one by one and made into groups, lay-offs and
// take-backs go through the choice of a place, a discard that costs
// 101 is confirmed.
func playKeys101(t testing.TB, m *Model, a okey101.Action) {
	t.Helper()
	onto := func(x tile.Tile, k string) {
		i := slotOf101(m, x)
		if i < 0 {
			t.Fatalf("%v is not on the rack", x)
		}
		cursorTo101(t, m, i)
		press(t, m, k)
		if c := table101(m).Choose; c != nil {
			for n := 0; c.Opts[c.At].Meld != a.Meld || a.Kind == okey101.ActLayOff && c.Opts[c.At].End != a.End && a.End != meld.AnyEnd; n++ {
				if n > len(c.Opts) {
					t.Fatalf("%v: no such place among %v", a, c.Opts)
				}
				press(t, m, "right")
			}
			press(t, m, "enter")
		}
	}
	switch a.Kind {
	case okey101.ActDraw:
		press(t, m, "d")
	case okey101.ActTake:
		press(t, m, "t")
	case okey101.ActGiveBack:
		press(t, m, "z")
	case okey101.ActDiscard:
		onto(a.Tile, "x")
		if table101(m).Confirm.Kind == play101.ConfirmDiscard {
			press(t, m, "x")
		}
	case okey101.ActLayOff:
		onto(a.Tile, "e")
	case okey101.ActTakeBack:
		onto(a.Tile, "k")
	case okey101.ActOpen, okey101.ActLay:
		for _, g := range a.Melds {
			for _, x := range g {
				i := slotOf101(m, x)
				if i < 0 {
					t.Fatalf("%v of %v is not on the rack", x, g)
				}
				cursorTo101(t, m, i)
				press(t, m, "enter")
			}
			press(t, m, "a")
			if m.flashWarn {
				t.Fatalf("group %v refused: %s", g, m.flash)
			}
		}
		press(t, m, "l")
	case okey101.ActNextHand:
		press(t, m, "enter")
	default:
		t.Fatalf("no keys for %v", a)
	}
}

// myTurn101 plays the player's turn with keys, as the plain player
// would, up to its discard (after which the bots play on to the
// player's next turn, or the end of the hand).
func myTurn101(t testing.TB, m *Model) {
	t.Helper()
	for n := 0; m.screen == scrPlay && table101(m).View.MyTurn(); n++ {
		if n > 60 {
			t.Fatal("the turn does not end")
		}
		v := table101(m).G.State().View(0)
		var sv meld.Solver
		a, ok := decide101.PlainAction(&v, &sv)
		if !ok {
			t.Fatalf("no action for the player:\n%s", plain(m))
		}
		n := len(table101(m).G.Record().Actions)
		playKeys101(t, m, a)
		if len(table101(m).G.Record().Actions) == n {
			t.Fatalf("%v through keys did nothing: %s\n%s", a, m.flash, plain(m))
		}
		if a.Kind == okey101.ActDiscard {
			return // the bots have played since, up to the player's turn
		}
	}
}

// handEvents are the events of the record's current hand, as
// replayed.
func handEvents(t testing.TB, m *Model) []okey101.Event {
	t.Helper()
	rec := table101(m).G.Record()
	g, err := okey101.NewGame(rec.Rules, rec.Seed, rec.Meta)
	if err != nil {
		t.Fatal(err)
	}
	var out []okey101.Event
	for _, a := range rec.Actions {
		evs, _, err := g.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		if a.Kind == okey101.ActNextHand {
			out = nil
		}
		out = append(out, evs...)
	}
	return out
}

func kinds(evs []okey101.Event, seat int) []okey101.EventKind {
	var out []okey101.EventKind
	for _, e := range evs {
		if e.Seat == seat {
			out = append(out, e.Kind)
		}
	}
	return out
}

// A whole hand of 101 through keys: the player draws and takes, opens
// with melds, lays off and finishes, all with the keys of the help bar;
// the end of the hand says who finished and each player's score, and
// the record on disk is the match as played. (Seed 92 deals a hand the
// plain player finishes this way.)
func TestWhole101HandThroughKeys(t *testing.T) {
	m := start101(t, 100, 30, withSeed(92))
	for turns := 0; m.screen == scrPlay; turns++ {
		if turns > 40 {
			t.Fatal("the hand does not end")
		}
		if !table101(m).View.MyTurn() {
			t.Fatalf("the bots stopped at seat %d:\n%s", table101(m).View.Turn, plain(m))
		}
		myTurn101(t, m)
		if w, line := maxLineWidth(plain(m)); w > 100 {
			t.Fatalf("a line of %d columns: %q", w, line)
		}
	}
	mine := kinds(handEvents(t, m), 0)
	for _, k := range []okey101.EventKind{okey101.EvDraw, okey101.EvTake, okey101.EvOpen, okey101.EvLayOff, okey101.EvFinish} {
		if !slices.Contains(mine, k) {
			t.Errorf("the player never made a %v: %v", k, mine)
		}
	}
	res := table101(m).View.Result
	if m.screen != scrHandOver || res == nil || res.Finisher != 0 {
		t.Fatalf("screen %d, result %+v", m.screen, res)
	}
	out := strings.ReplaceAll(plain(m), "\u00a0", " ") // a sum is one word: "-101 × 1"
	for _, want := range []string{"you finished", "finished: -101 × 1", "total", m.words().SeatName(1), m.words().SeatName(2), m.words().SeatName(3)} {
		if !strings.Contains(out, want) {
			t.Errorf("the end of the hand does not say %q:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(filepath.Join(m.opt.StateDir, store.MatchFile))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := okey101.ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if g.State().Phase() != game.HandOver || g.State().Result().Finisher != 0 {
		t.Fatalf("the saved record replays to %v, result %+v", g.State().Phase(), g.State().Result())
	}
	press(t, m, "enter")
	if m.screen != scrPlay || table101(m).View.Hand != 2 || !strings.Contains(plain(m), "hand 2 of 11") {
		t.Fatalf("enter does not deal hand 2:\n%s", plain(m))
	}
}

var _ = tea.Quit

// drawIfDue brings the player to the play stage of a turn: the
// dealer's first discard made, the tile drawn.
func drawIfDue(t testing.TB, m *Model) {
	t.Helper()
	if table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StageFirst {
		myTurn101(t, m) // the dealer's first discard
	}
	if table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StageDraw {
		press(t, m, "d")
	}
	if !table101(m).View.MyTurn() || table101(m).View.Stage != okey101.StagePlay {
		t.Fatalf("not the player's play stage:\n%s", plain(m))
	}
}

// selectTiles selects tiles on the rack with the cursor and enter.
func selectTiles(t testing.TB, m *Model, ts []tile.Tile) {
	t.Helper()
	for _, x := range ts {
		i := slotOf101(m, x)
		if i < 0 || slices.Contains(table101(m).Sel, i) {
			// the second copy of a tile selected twice
			for j, y := range table101(m).Rack.Slots {
				if y == x && !slices.Contains(table101(m).Sel, j) && table101(m).GroupOf(j) < 0 {
					i = j
				}
			}
		}
		cursorTo101(t, m, i)
		press(t, m, "enter")
	}
}

// An opening worth less than the threshold is refused with the reason,
// and nothing moves: the group shows its worth as soon as its tiles
// are selected, the groups their total against the threshold.
func TestShortOpeningIsRefused(t *testing.T) {
	m := start101(t, 100, 30)
	drawIfDue(t, m)
	v := &table101(m).View
	o := table101(m).SV.BestOpening(v.Analyzer, v.Counts)
	if len(o.Melds) == 0 {
		t.Fatal("no meld on this rack: take another seed")
	}
	g := o.Melds[0]
	selectTiles(t, m, g.Tiles)
	want := g.Value()
	if work := table101(m).WorkLine(200); !strings.Contains(ansiPlain(work), strconv.Itoa(want)) {
		t.Fatalf("the work line does not say the group's worth %d: %q", want, ansiPlain(work))
	}
	press(t, m, "a")
	if len(table101(m).Groups) != 1 || !strings.Contains(plain(m), "Together "+strconv.Itoa(want)+" of 101") {
		t.Fatalf("the group is not made, or its total not shown:\n%s", plain(m))
	}
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "l")
	short := v.Threshold - want
	if !m.flashWarn || !strings.Contains(m.flash, "an opening needs 101: "+strconv.Itoa(short)+" short") {
		t.Fatalf("the refusal does not say why: %q", m.flash)
	}
	if len(table101(m).G.Record().Actions) != actions || table101(m).View.Opened[0].Status != meld.NotOpened || len(table101(m).Groups) != 1 {
		t.Fatalf("a refused opening changed something: %d actions, %v, groups %v", len(table101(m).G.Record().Actions), table101(m).View.Opened[0], table101(m).Groups)
	}
	if !strings.Contains(plain(m), "Your groups are worth "+strconv.Itoa(want)) {
		t.Fatalf("the status does not show the refusal:\n%s", plain(m))
	}
	// Not a meld at all: said at once, and a refuses it.
	press(t, m, "esc")
	if len(table101(m).Groups) != 0 {
		t.Fatal("esc does not take the groups apart")
	}
}

// ansiPlain strips the styles of a rendered string.
func ansiPlain(s string) string { return ansi.Strip(s) }

// A taken discard must go onto the table this turn: the obligation is
// shown until it is met, a discard is refused with the reason, g gives
// the tile back, and then only the wall is open.
func TestTakeMustBeUsedOrGivenBack(t *testing.T) {
	m := start101(t, 100, 30)
	if table101(m).View.Stage == okey101.StageFirst {
		myTurn101(t, m)
	}
	v := &table101(m).View
	top := v.Top(v.Previous)
	if !v.MyTurn() || v.Stage != okey101.StageDraw || top == tile.NoTile {
		t.Fatalf("not a turn to take:\n%s", plain(m))
	}
	press(t, m, "t")
	// No flash says it again: the work line says the obligation, the
	// status what to do.
	if v.Taken.Tile != top || m.flash != "" {
		t.Fatalf("take: %+v, %q", v.Taken, m.flash)
	}
	owed := "You took " + top.String()
	press(t, m, "right") // the obligation stays on the work line
	if out := plain(m); !strings.Contains(out, owed+": it must go onto the table this turn") {
		t.Fatalf("the obligation is not shown:\n%s", out)
	}
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "x")
	if !m.flashWarn || !strings.Contains(m.flash, "must go onto the table first") || len(table101(m).G.Record().Actions) != actions {
		t.Fatalf("a discard with the taken tile owed: %q", m.flash)
	}
	press(t, m, "z")
	if v.Stage != okey101.StageDraw || !v.GaveBack || v.Top(v.Previous) != top {
		t.Fatalf("g did not give %v back: stage %v, top %v", top, v.Stage, v.Top(v.Previous))
	}
	press(t, m, "t")
	if !m.flashWarn || !strings.Contains(m.flash, "gave the discard back") {
		t.Fatalf("taking again: %q", m.flash)
	}
	press(t, m, "d")
	if v.Stage != okey101.StagePlay || v.Legal.GiveBack {
		t.Fatalf("no draw after giving back: %v", v.Stage)
	}
	mine := kinds(handEvents(t, m), 0)
	if !slices.Contains(mine, okey101.EvTake) || !slices.Contains(mine, okey101.EvGiveBack) {
		t.Fatalf("the record does not have the take and the give-back: %v", mine)
	}
}

// costlyTurn101 finds a seed whose first play stage of the player holds
// an okey and no opening, and brings the table there. (With an opening
// in reach the hint, asked while the discard waits, makes the opening's
// melds the rack's groups, the okey in one.)
func costlyTurn101(t *testing.T) *Model {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		m := start101(t, 100, 30, withSeed(seed))
		drawIfDue(t, m)
		v := &table101(m).View
		opens := table101(m).SV.BestOpening(v.Analyzer, v.Counts).Reaches(v.Threshold) || v.Analyzer.Pairs(v.Counts, v.Rules.OkeyPair) >= 5
		if v.Counts[v.Okey] > 0 && !opens {
			return m
		}
		m.Close()
	}
	t.Fatal("no seed deals the player an okey")
	return nil
}

// A discard that costs 101 asks first: the same key again throws it
// (and the 101 is charged), any other key keeps the tile.
func TestCostlyDiscardAsksFirst(t *testing.T) {
	m := costlyTurn101(t)
	v := &table101(m).View
	ok := slotOf101(m, v.Okey)
	cursorTo101(t, m, ok)
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "x")
	if table101(m).Confirm.Kind != play101.ConfirmDiscard || !strings.Contains(m.flash, "costs 101") || len(table101(m).G.Record().Actions) != actions {
		t.Fatalf("no question before throwing the okey: %q", m.flash)
	}
	if !strings.Contains(plain(m), "costs 101! x again discards it anyway") {
		t.Fatalf("the question is not on the screen:\n%s", plain(m))
	}
	press(t, m, "h") // another key: the okey stays
	if table101(m).Confirm.Kind != play101.ConfirmNone || len(table101(m).G.Record().Actions) != actions {
		t.Fatal("another key did not let the discard go")
	}
	drain(t, m, nil)
	cursorTo101(t, m, slotOf101(m, v.Okey))
	press(t, m, "x")
	press(t, m, "x")
	evs := handEvents(t, m)
	paid := false
	for _, e := range evs {
		paid = paid || e.Kind == okey101.EvPenalty && e.Seat == 0 && e.Reason == okey101.PenaltyOkey
	}
	if !paid || table101(m).G.State().Scores()[0] < okey101.PenaltyPoints {
		t.Fatalf("the confirmed discard did not cost 101: scores %v", table101(m).G.State().Scores())
	}
}

// checkFits fails when a rendered screen of m is wider or taller than
// its terminal.
func checkFits(t testing.TB, m *Model, what string) {
	t.Helper()
	out := plain(m)
	if w, line := maxLineWidth(out); w > m.width {
		t.Fatalf("%s at %dx%d: a line of %d columns: %q\n%s", what, m.width, m.height, w, line, out)
	}
	if n := strings.Count(out, "\n") + 1; n > m.height {
		t.Fatalf("%s at %dx%d: %d lines", what, m.width, m.height, n)
	}
}

// Sizes the table is checked at.
var sizes101 = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// checkAllSizes draws m's screen (and, on the table, its overlays and
// a choice of places) at every size in both languages.
func checkAllSizes(t testing.TB, m *Model, what string) {
	t.Helper()
	w0, h0, lang := m.width, m.height, m.set.Lang
	for _, l := range []string{"en", "tr"} {
		m.set.Lang = l
		if err := m.applySettings(); err != nil {
			t.Fatal(err)
		}
		for _, sz := range sizes101 {
			m.Update(windowMsg(sz[0], sz[1]))
			checkFits(t, m, what+" ("+l+")")
			if m.screen == scrPlay {
				for _, o := range []overlay{ovHelp, ovBrowse} {
					m.openOverlay(o)
					checkFits(t, m, what+" overlay")
					m.overlay = ovNone
				}
			}
		}
	}
	m.set.Lang = lang
	if err := m.applySettings(); err != nil {
		t.Fatal(err)
	}
	m.Update(windowMsg(w0, h0))
}

// No line of any screen of a match of 101 is wider than the terminal,
// nor has the screen more lines, at 80×24, 120×40 and 200×60, in both
// languages, with the table as crowded as a hand of 101 gets (seed 92:
// fourteen melds, lay-offs on every side) and with the groups, the
// choice of places and the pages between hands on show.
func TestLinesFit101(t *testing.T) {
	m := start101(t, 100, 30, withSeed(92))
	most := 0
	for turns := 0; m.screen == scrPlay; turns++ {
		if turns > 40 {
			t.Fatal("the hand does not end")
		}
		most = max(most, len(table101(m).View.Table))
		checkAllSizes(t, m, "table")
		if table101(m).View.Stage == okey101.StagePlay || table101(m).View.Stage == okey101.StageDraw && len(table101(m).View.Table) > 8 {
			// groups made and being made, the work line full
			saved := *table101(m)
			for i := 0; i < rack.NumSlots; i++ {
				if table101(m).Rack.Slots[i] != tile.NoTile {
					table101(m).Sel = append(table101(m).Sel, i)
				}
			}
			table101(m).Groups = [][]int{table101(m).Sel[:2], table101(m).Sel[2:4]}
			table101(m).Sel = table101(m).Sel[4:]
			checkAllSizes(t, m, "groups")
			*table101(m) = saved
		}
		if table101(m).View.Stage == okey101.StagePlay && table101(m).View.Opened[0].Status != meld.NotOpened {
			for i, x := range table101(m).Rack.Slots {
				if c := table101(m).Places(okey101.ActLayOff, x, -1, table101(m).TryState()); x != tile.NoTile && len(c.Opts) > 0 {
					c.Slot = i
					table101(m).Choose = &c
					checkAllSizes(t, m, "a place chosen")
					table101(m).Choose = nil
					break
				}
			}
		}
		myTurn101(t, m)
	}
	if most < 12 {
		t.Fatalf("the table was not crowded: %d melds at most", most)
	}
	checkAllSizes(t, m, "hand over")
	press(t, m, "r")
	checkAllSizes(t, m, "score sheet")
}

// A whole match of 101, eleven hands, through keys: the final sheet
// names the winner (the lowest total), shows every hand, and n starts a
// new match.
func TestWhole101MatchThroughKeys(t *testing.T) {
	m := start101(t, 80, 24, withSeed(3))
	for hands := 0; m.screen != scrMatchOver; hands++ {
		if hands > 40 {
			t.Fatal("the match does not end")
		}
		for turns := 0; m.screen == scrPlay; turns++ {
			if turns > 40 {
				t.Fatal("the hand does not end")
			}
			myTurn101(t, m)
		}
		if m.screen != scrHandOver {
			t.Fatalf("screen %d after a hand", m.screen)
		}
		checkFits(t, m, "hand over")
		press(t, m, "enter")
	}
	v := &table101(m).View
	if v.Match == nil || v.Match.Hands != 11 || len(v.Results) < 11 {
		t.Fatalf("the match: %+v, %d results", v.Match, len(v.Results))
	}
	checkAllSizes(t, m, "match over")
	m.Update(windowMsg(100, 30))
	out := plain(m)
	best := slices.Min(v.Match.Scores[:])
	for s := range okey101.NumSeats {
		if v.Match.Scores[s] == best && v.Match.Outcome[s] == game.OutcomeLost {
			t.Fatalf("seat %d has the lowest total and lost", s)
		}
	}
	for _, want := range []string{"The match is over after 11 hands", "The lowest total wins", "total"} {
		if !strings.Contains(out, want) {
			t.Errorf("the final sheet does not say %q:\n%s", want, out)
		}
	}
	press(t, m, "r")
	if sheet := plain(m); !strings.Contains(sheet, "Score sheet") || strings.Count(sheet, "\n") < 14 {
		t.Fatalf("no score sheet of every hand:\n%s", sheet)
	}
	press(t, m, "esc")
	press(t, m, "n")
	if m.screen != scrPlay || table101(m) == nil || table101(m).View.Hand != 1 || m.MatchOver() {
		t.Fatalf("n does not start a new match of 101: screen %d", m.screen)
	}
}

// The 101 table seats the levels the game offers in 101 (bots/bots101's
// and the expert, decide101.Levels), an expert among them: a whole
// hand with the default players (not the tests' plain player) ends, no
// bot fails or is replaced by the stand-in, and some bot opens on the
// table.
func TestTable101SeatsTheBots101(t *testing.T) {
	m := start101(t, 100, 30, withSeed(3), func(o *Options) {
		o.NewPlayer101 = nil
		o.Settings.Levels = [3]string{decide101.Expert, "hard", "normal"}
	})
	if got := m.games[1].(*host101.Side).Players().Levels; !slices.Equal(got, decide101.Levels) {
		t.Fatalf("the table's levels are %v, want the game's 101 levels %v", got, decide101.Levels)
	}
	if sp, ok := table101(m).Players[1].(*decide101.SeatPlayer); !ok || sp.Level != decide101.Expert {
		t.Fatalf("seat 1, set to expert, is played by %#v", table101(m).Players[1])
	}
	for turns := 0; m.screen == scrPlay; turns++ {
		if turns > 60 {
			t.Fatal("the hand does not end")
		}
		if !table101(m).View.MyTurn() {
			t.Fatalf("the bots stopped at seat %d:\n%s", table101(m).View.Turn, plain(m))
		}
		myTurn101(t, m)
	}
	for s := 1; s < okey101.NumSeats; s++ {
		if _, stand := table101(m).Players[s].(decide101.Plain); stand || table101(m).Failed[s] != 0 {
			t.Errorf("seat %d's bot failed (%d) or was replaced: %T", s, table101(m).Failed[s], table101(m).Players[s])
		}
	}
	opened := 0
	for s := 1; s < okey101.NumSeats; s++ {
		if slices.Contains(kinds(handEvents(t, m), s), okey101.EvOpen) {
			opened++
		}
	}
	if opened == 0 {
		t.Errorf("no bot opened in the hand:\n%s", plain(m))
	}
}
