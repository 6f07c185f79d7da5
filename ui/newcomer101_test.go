package ui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/ui/play101"
)

// Tests of what confused a newcomer playing 101 in a real terminal.

// A group made of a taken tile is taken apart when the tile is given
// back: what is left of it is no longer the meld the player made (after
// giving back the K11 of K11 K12 K13, "K12 K13" was counted as a pair
// and the work line said "1 pairs").
func TestGivingBackTakesTheGroupApart(t *testing.T) {
	var m *Model
	var with []tile.Tile
	for seed := uint64(1); seed < 60 && m == nil; seed++ {
		c := start101(t, 100, 30, withSeed(seed))
		if table101(c).View.MyTurn() && table101(c).View.Stage == okey101.StageFirst {
			myTurn101(t, c)
		}
		v := &table101(c).View
		top := v.Top(v.Previous)
		if !v.MyTurn() || v.Stage != okey101.StageDraw || top == tile.NoTile {
			c.Close()
			continue
		}
		// A run or set of the top and two rack tiles.
		rack := v.Rack
		for i := 0; i < len(rack) && with == nil; i++ {
			for j := i + 1; j < len(rack) && with == nil; j++ {
				if _, err := v.Analyzer.Read([]tile.Tile{top, rack[i], rack[j]}); err == nil {
					with = []tile.Tile{rack[i], rack[j]}
				}
			}
		}
		if with == nil {
			c.Close()
			continue
		}
		m = c
	}
	if m == nil {
		t.Fatal("no seed up to 60 gives a discard top that makes a meld with the rack")
	}
	v := &table101(m).View
	top := v.Top(v.Previous)
	press(t, m, "t")
	selectTiles(t, m, append([]tile.Tile{top}, with...))
	press(t, m, "a")
	if len(table101(m).Groups) != 1 {
		t.Fatalf("the group is not made: %q", m.flash)
	}
	press(t, m, "z")
	if v.Legal.GiveBack || !v.GaveBack {
		t.Fatalf("g did not give %v back: %q", top, m.flash)
	}
	if len(table101(m).Groups) != 0 {
		t.Fatalf("the group lost %v and stays: %v", top, table101(m).Groups)
	}
	if work := ansiPlain(table101(m).WorkLine(200)); strings.Contains(work, "pairs:") || strings.Contains(work, "1: ") {
		t.Fatalf("the work line still counts the group: %q", work)
	}
}

// runTurn101 brings the table to the player's first play stage of the
// first seed (from 1) whose rack then holds a run in its best opening,
// and gives that run.
func runTurn101(t *testing.T) (*Model, meld.Meld) {
	t.Helper()
	for seed := uint64(1); seed < 30; seed++ {
		m := start101(t, 100, 30, withSeed(seed))
		drawIfDue(t, m)
		v := &table101(m).View
		for _, x := range table101(m).SV.BestOpening(v.Analyzer, v.Counts).Melds {
			if x.Kind == meld.Run {
				return m, x
			}
		}
		m.Close()
	}
	t.Fatal("no seed up to 30 deals the player a run")
	return nil, meld.Meld{}
}

// A group reads in its meld's order, however its tiles were chosen.
func TestGroupReadsInMeldOrder(t *testing.T) {
	m, g := runTurn101(t)
	scrambled := slices.Clone(g.Tiles)
	slices.Reverse(scrambled)
	selectTiles(t, m, scrambled)
	press(t, m, "a")
	want := "1: " + table101(m).TilesText(g.Tiles)
	if work := ansiPlain(table101(m).WorkLine(200)); !strings.Contains(work, want) {
		t.Fatalf("the group is not read in order: want %q in %q", want, work)
	}
}

// esc after a discard that costs 101 was asked about says the tile is
// kept (it said "Nothing to cancel.").
func TestEscKeepsTheCostlyTile(t *testing.T) {
	m := costlyTurn101(t)
	v := &table101(m).View
	cursorTo101(t, m, slotOf101(m, v.Okey))
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "x")
	if table101(m).Confirm.Kind != play101.ConfirmDiscard {
		t.Fatalf("no question: %q", m.flash)
	}
	press(t, m, "esc")
	if table101(m).Confirm.Kind != play101.ConfirmNone || len(table101(m).G.Record().Actions) != actions {
		t.Fatal("esc did not let the discard go")
	}
	if !strings.Contains(m.flash, "You keep") || strings.Contains(m.flash, "Nothing to cancel") {
		t.Fatalf("esc does not say the tile is kept: %q", m.flash)
	}
}

// A lay-off after a refused key says what it did (a warning left over
// from the refusal kept it quiet).
func TestLayOffAfterARefusalIsTold(t *testing.T) {
	var one, none tile.Tile
	m := findTurn101(t, 40, func(m *Model) bool {
		one, none = tile.NoTile, tile.NoTile
		for _, y := range table101(m).Rack.Slots {
			if y == tile.NoTile {
				continue
			}
			switch len(table101(m).Places(okey101.ActLayOff, y, -1, table101(m).TryState()).Opts) {
			case 0:
				if len(table101(m).Places(okey101.ActTakeBack, y, -1, table101(m).TryState()).Opts) == 0 {
					none = y
				}
			case 1:
				one = y
			}
		}
		return table101(m).View.Opened[0].Status != meld.NotOpened && one != tile.NoTile && none != tile.NoTile
	})
	if m == nil {
		t.Fatal("no seed up to 40 gives a tile with one place and one with none")
	}
	cursorTo101(t, m, slotOf101(m, none))
	press(t, m, "e")
	if !m.flashWarn {
		t.Fatalf("%v laid off nowhere is not refused: %q", none, m.flash)
	}
	cursorTo101(t, m, slotOf101(m, one))
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "e")
	if len(table101(m).G.Record().Actions) != actions+1 {
		t.Fatalf("%v not laid off: %q", one, m.flash)
	}
	if !strings.Contains(m.flash, "You lay "+table101(m).TileName(one)+" off on") {
		t.Fatalf("the lay-off is not told: %q", m.flash)
	}
}

// The hint is one plan: carried out as written, step by step, on the
// game itself, every step is taken (it said "lay down K12 OK", "lay
// off OK", "then discard K12"; "lay off B5", "take an okey back with
// B5"), its words name every tile each step plays, and the discard
// costs 101 only when every tile would.
func TestHintIsOnePlan(t *testing.T) {
	checked, planned := 0, 0
	findTurn101(t, 6, func(m *Model) bool {
		s := table101(m).G.State()
		v := s.View(0)
		var sv meld.Solver
		f := decide101.Hint(&v, &sv)
		if len(f.Plan) == 0 {
			t.Fatal("a hint in the player's turn without a plan")
		}
		checked++
		txt := table101(m).HintText(&f)
		for i, a := range f.Plan {
			if a.Kind == okey101.ActLayOff || a.Kind == okey101.ActTakeBack || a.Kind == okey101.ActOpen {
				planned++
			}
			for _, g := range a.Melds {
				if w := table101(m).TilesText(g); !strings.Contains(txt, w) {
					t.Fatalf("the hint does not name %s: %q", w, txt)
				}
			}
			if a.Tile.Valid() && !strings.Contains(txt, table101(m).TileName(a.Tile)) {
				t.Fatalf("the hint does not name %v: %q", a.Tile, txt)
			}
			now := s.View(0)
			if a.Kind == okey101.ActDiscard && now.Counts.Total() > 1 && now.DiscardPenalty(a.Tile) != 0 {
				for _, x := range now.Rack {
					if now.DiscardPenalty(x) == 0 && !now.Analyzer.IsOkey(x) {
						t.Fatalf("the hint discards %v at a cost while %v is free: %q", a.Tile, x, txt)
					}
				}
			}
			var err error
			if s, _, err = s.Apply(a); err != nil {
				t.Fatalf("step %d of the hint %q is refused: %v", i, txt, err)
			}
		}
		return false
	})
	if checked < 10 || planned == 0 {
		t.Fatalf("only %d hints checked, %d steps on the table", checked, planned)
	}
}

// The rack of the newcomer's game: opened with pairs, an okey beside
// A12 (a pair with it) and a run on the table the okey lays off onto.
// The hint offered the okey twice and then the A12 it paired: now it
// lays the pair down, has nothing left to lay off, and discards another
// tile.
func TestHintOffersNoTileTwice(t *testing.T) {
	m := start101(t, 100, 30)
	drawIfDue(t, m)
	v := table101(m).G.State().View(0)
	okey := v.Okey
	a, z := (okey.Colour()+1)%tile.NumColours, (okey.Colour()+2)%tile.NumColours
	rack := []tile.Tile{tile.NewTile(a, 12), okey, tile.NewTile(a, 3), tile.NewTile(z, 10), tile.NewTile(z, 2), tile.NewTile(a, 7)}
	run, err := v.Analyzer.Read([]tile.Tile{tile.NewTile(z, 5), tile.NewTile(z, 6), tile.NewTile(z, 7)})
	if err != nil {
		t.Fatal(err)
	}
	v.Rack, v.Counts = rack, tile.Counts{}
	for _, x := range rack {
		v.Counts[x]++
	}
	v.Table = []okey101.TableMeld{{Meld: run, Seats: []int{1, 1, 1}, Owner: 1}}
	v.Opened[0] = okey101.Opening{Status: meld.OpenedPairs, Value: 5, Turn: 1}
	var sv meld.Solver
	f := decide101.Hint(&v, &sv)
	if f.Finish != nil {
		t.Fatalf("a finish found: %+v", f.Finish)
	}
	var use tile.Counts
	for _, g := range f.Lay {
		for _, x := range g.Tiles {
			use[x]++
		}
	}
	for _, x := range append(slices.Clone(f.LayOffs), f.Discard) {
		use[x]++
	}
	if use[okey] > 1 || slices.Contains(f.LayOffs, okey) && len(f.Lay) > 0 {
		t.Fatalf("the okey is offered twice: lay %v, lay off %v", f.Lay, f.LayOffs)
	}
	for x, n := range use {
		if n > v.Counts[x] {
			t.Fatalf("%v used %d times, held %d: lay %v, lay off %v, discard %v", tile.Tile(x), n, v.Counts[x], f.Lay, f.LayOffs, f.Discard)
		}
	}
	if len(f.Lay) != 1 || f.Discard == tile.NoTile || f.DiscardCosts {
		t.Fatalf("want one pair laid and a free discard: lay %v, discard %v (costs %v)", f.Lay, f.Discard, f.DiscardCosts)
	}
}

// A saved group that does not read as a group (saved before groups were
// taken apart with their tiles) is left out on resuming; the good ones
// come back.
func TestResumeLeavesOutABrokenGroup(t *testing.T) {
	m, run := runTurn101(t)
	selectTiles(t, m, run.Tiles)
	press(t, m, "a")
	good := slices.Clone(table101(m).Groups[0])
	// Two other tiles that are not a pair.
	var broken []int
	for i, x := range table101(m).Rack.Slots {
		if x == tile.NoTile || slices.Contains(good, i) || len(broken) == 2 {
			continue
		}
		if len(broken) == 1 {
			if _, err := table101(m).View.Analyzer.ReadPair([]tile.Tile{table101(m).Rack.Slots[broken[0]], x}, true); err == nil {
				continue
			}
		}
		broken = append(broken, i)
	}
	b, err := json.Marshal(play101.RackFile{Game: string(game.Okey101), Hand: table101(m).View.Hand, Redeal: table101(m).View.Redeal,
		Cursor: table101(m).Cursor, Slots: table101(m).Rack.Slots[:], Groups: [][]int{broken, good}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.files.SaveRack(1<<40, b); err != nil {
		t.Fatal(err)
	}
	m2 := reopen(t, m, m.opt)
	m2.Update(windowMsg(100, 30))
	press(t, m2, "enter")
	if table101(m2) == nil || len(table101(m2).Groups) != 1 || !slices.Equal(table101(m2).Groups[0], good) {
		t.Fatalf("resumed groups %v, want only %v", table101(m2).Groups, good)
	}
}

// The dealer's first turn is a discard only: the hint says so, and an
// opening the rack holds is for the next turn (it said "You can open
// with 121", and l was refused).
func TestHintOnTheDealersFirstTurn(t *testing.T) {
	var m *Model
	for seed := uint64(1); seed < 40 && m == nil; seed++ {
		c := start101(t, 100, 30, withSeed(seed))
		if table101(c).View.MyTurn() && table101(c).View.Stage == okey101.StageFirst {
			m = c
		} else {
			c.Close()
		}
	}
	if m == nil {
		t.Fatal("no seed up to 40 makes the player deal the first hand")
	}
	v := table101(m).G.State().View(0)
	okey := v.Okey
	a, z := (okey.Colour()+1)%tile.NumColours, (okey.Colour()+2)%tile.NumColours
	var rack []tile.Tile
	for n := 4; n <= 13; n++ {
		rack = append(rack, tile.NewTile(a, n))
	}
	rack = append(rack, tile.NewTile(z, 11), tile.NewTile(z, 12), tile.NewTile(z, 13))
	v.Rack, v.Counts = rack, tile.Counts{}
	for _, x := range rack {
		v.Counts[x]++
	}
	var sv meld.Solver
	f := decide101.Hint(&v, &sv)
	if !f.Opening.Reaches(v.Threshold) {
		t.Fatalf("the rigged rack does not open: %+v", f.Opening)
	}
	txt := table101(m).HintText(&f)
	if strings.Contains(txt, "You can open") || !strings.Contains(txt, "only discard") || !strings.Contains(txt, "next turn you can open") {
		t.Fatalf("the first turn's hint: %q", txt)
	}
	if f.Discard == tile.NoTile || !strings.Contains(txt, table101(m).TileName(f.Discard)) {
		t.Fatalf("no discard in the hint: %q", txt)
	}
}

// The score sheet's first column is as wide as its words in every
// language (Turkish "toplam" was cut to "topl…"), with partners too.
func TestSheetWordsAreWhole(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, partners := range []bool{false, true} {
			m := start101(t, 80, 24, func(o *Options) {
				o.Settings.Lang = lang
				if partners {
					o.Settings.Rules101 = "partners"
				}
			})
			if table101(m).View.Rules.Partners != partners {
				t.Fatalf("partners %v not set", partners)
			}
			out := strings.Join(table101(m).SheetTable(0), "\n")
			for _, k := range []string{"scores.hand", "t101.col.total"} {
				if w := m.tr.T(k); !strings.Contains(out, w) {
					t.Errorf("%s, partners %v: %q cut in the sheet:\n%s", lang, partners, w, out)
				}
			}
			if partners && !strings.Contains(out, m.tr.T("t101.col.team")) {
				t.Errorf("%s: the team's line is cut:\n%s", lang, out)
			}
			m.Close()
		}
	}
}

// One tile selected before opening does not offer i (a lay-off, refused
// until the player opens); after opening it does.
func TestOneTileSelectedOffersLayOffOnlyOnceOpen(t *testing.T) {
	m := start101(t, 100, 30)
	drawIfDue(t, m)
	if table101(m).View.Opened[0].Status != meld.NotOpened {
		t.Fatal("opened already")
	}
	selectTiles(t, m, table101(m).View.Rack[:1])
	if work := ansiPlain(table101(m).WorkLine(200)); strings.Contains(work, "i lays it off") || !strings.Contains(work, "selected") {
		t.Fatalf("before opening: %q", work)
	}
	m = findTurn101(t, 20, func(m *Model) bool {
		return table101(m).View.Opened[0].Status == meld.OpenedMelds && len(table101(m).View.Rack) > 1
	})
	if m == nil {
		t.Fatal("no seed up to 20 lets the player open with melds")
	}
	selectTiles(t, m, table101(m).View.Rack[:1])
	if work := ansiPlain(table101(m).WorkLine(200)); !strings.Contains(work, "e lays it off") {
		t.Fatalf("after opening: %q", work)
	}
}

// The hint says how to play each step (s or p, then l; e; k; x), names
// the tiles of each, puts "then" only before a discard that follows
// other steps, and says where the cursor is (it said "Lay off (i): K2
// (the cursor is on the first)" and "Discard K2 (the cursor is on it:
// x)" of the two K2 of a rack).
func TestHintSaysHowAndInWhatOrder(t *testing.T) {
	m := start101(t, 100, 30)
	an := table101(m).View.Analyzer
	k2 := tile.NewTile(tile.Black, 2)
	if an.IsOkey(k2) {
		k2 = tile.NewTile(tile.Red, 2)
	}
	facts := func(opened meld.Status, plan ...okey101.Action) decide101.Facts {
		f := decide101.Facts{Mine: true, Stage: okey101.StagePlay, Opened: opened, Plan: plan, Top: tile.NoTile, Owed: tile.NoTile, Discard: tile.NoTile}
		for _, a := range plan {
			switch a.Kind {
			case okey101.ActLayOff:
				f.LayOffs = append(f.LayOffs, a.Tile)
			case okey101.ActDiscard:
				f.Discard = a.Tile
			}
		}
		return f
	}
	for _, tc := range []struct {
		f              decide101.Facts
		want, unwanted string
	}{
		{facts(meld.OpenedMelds, okey101.Discard(0, k2)),
			"Plan: discard " + k2.String() + " (x).", "then"},
		{facts(meld.OpenedPairs, okey101.Lay(0, []tile.Tile{k2, k2}), okey101.Discard(0, k2)),
			"lay down " + k2.String() + " " + k2.String() + " (l); then discard", "Plan: discard"},
		{facts(meld.OpenedMelds, okey101.Discard(0, k2)),
			"The cursor is on " + k2.String(), "lay"},
	} {
		got := table101(m).HintText(&tc.f)
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.unwanted) {
			t.Errorf("want %q and not %q in %q", tc.want, tc.unwanted, got)
		}
	}
}
