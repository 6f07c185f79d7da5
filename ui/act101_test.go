package ui

import (
	"strings"
	"testing"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/play101"
)

// findTurn101 plays matches from seed 1 on, the player's turns through
// keys as the plain player, until want holds at a play stage of the
// player; it returns the table there (nil when no seed up to last
// gets there).
func findTurn101(t *testing.T, last uint64, want func(m *Model) bool) *Model {
	t.Helper()
	for seed := uint64(1); seed <= last; seed++ {
		m := start101(t, 100, 30, withSeed(seed))
		if findIn101(t, m, want) {
			return m
		}
		m.Close()
	}
	return nil
}

// findIn101 plays the match on m, the player's turns through keys as
// the plain player, until want holds at a play stage of the player
// (true), or for 40 turns or the end of the hand (false).
func findIn101(t *testing.T, m *Model, want func(m *Model) bool) bool {
	t.Helper()
	for turns := 0; m.screen == scrPlay && turns < 40; turns++ {
		if table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StageDraw {
			press(t, m, "d")
		}
		for n := 0; m.screen == scrPlay && table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StagePlay && n < 30; n++ {
			if want(m) {
				return true
			}
			v := table101(m).G.State().View(0)
			var sv meld.Solver
			a, _ := decide101.PlainAction(&v, &sv)
			playKeys101(t, m, a)
			if a.Kind == okey101.ActDiscard {
				break
			}
		}
		if m.screen == scrPlay && table101(m).View.MyTurn() && table101(m).View.Stage == okey101.StageFirst {
			myTurn101(t, m)
		}
	}
	return false
}

// f finishes the hand the way the analysis finds, shown first and
// played when f is pressed again; any other key in between lets it go.
func TestFinishShowsThenPlays(t *testing.T) {
	m := findTurn101(t, 30, func(m *Model) bool {
		v := &table101(m).View
		p, ok := table101(m).SV.CanFinish(v.Analyzer, v.Counts, v.Melds(), v.MeldTurn())
		return ok && len(p.Steps) > 0
	})
	if m == nil {
		t.Fatal("no seed gives the player a finish of more than a discard")
	}
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "f")
	if table101(m).Confirm.Kind != play101.ConfirmFinish || !strings.Contains(m.flash, "f again finishes") || !strings.Contains(m.flash, "then discard") {
		t.Fatalf("f does not show the finish first: %q", m.flash)
	}
	if len(table101(m).G.Record().Actions) != actions {
		t.Fatal("f played before it was confirmed")
	}
	press(t, m, "right")
	if table101(m).Confirm.Kind != play101.ConfirmNone {
		t.Fatal("another key does not let the finish go")
	}
	press(t, m, "f")
	press(t, m, "f")
	if m.screen != scrHandOver || table101(m).View.Result == nil || table101(m).View.Result.Finisher != 0 {
		t.Fatalf("f f did not finish the hand: screen %d\n%s", m.screen, plain(m))
	}
	if !strings.Contains(plain(m), "you finished") {
		t.Fatalf("the end of the hand does not say so:\n%s", plain(m))
	}
}

// A tile with more than one place on the table is laid off where the
// player chooses: ←→ show the places one by one (only legal ones),
// enter lays it there, esc lets it go.
func TestLayOffChoosesAmongLegalPlaces(t *testing.T) {
	var x tile.Tile
	m := findTurn101(t, 40, func(m *Model) bool {
		for _, y := range table101(m).Rack.Slots {
			if y != tile.NoTile && len(table101(m).Places(okey101.ActLayOff, y, -1, table101(m).TryState()).Opts) > 1 {
				x = y
				return true
			}
		}
		return false
	})
	if m == nil {
		t.Fatal("no seed gives the player a tile with two places")
	}
	cursorTo101(t, m, slotOf101(m, x))
	press(t, m, "e")
	c := table101(m).Choose
	if c == nil || len(c.Opts) < 2 {
		t.Fatalf("no choice of places: %q", m.flash)
	}
	st := table101(m).G.State()
	for _, a := range c.Opts {
		if _, _, err := st.Apply(a); err != nil {
			t.Fatalf("an illegal place offered: %v: %v", a, err)
		}
	}
	if out := plain(m); !strings.Contains(out, ">") || !strings.Contains(out, "1 of ") {
		t.Fatalf("the place is not shown:\n%s", out)
	}
	press(t, m, "right")
	if table101(m).Choose == nil || table101(m).Choose.At != 1 {
		t.Fatal("→ does not show the next place")
	}
	// In Turkish the question names its tiles in words, the tile an
	// okey would stand for too: "(sarı 1 yerine)", not "(Y1 yerine)".
	en := m.tr
	m.tr = i18n.MustLoad("tr")
	as := table101(m).Choose.As[1]
	table101(m).Choose.As[1] = tile.NewTile(tile.Yellow, 1)
	if got := table101(m).ChooseText(); tileNotation.MatchString(got) || !strings.Contains(strings.ReplaceAll(got, "\u00a0", " "), "sarı 1") {
		t.Errorf("tr: the place is not said in tile words: %q", got)
	}
	// The hint's step names the meld it lays off onto by whose it is,
	// in the dative ("Zeynep'in serisine", "kendi serine"), and the
	// tile in the accusative.
	for _, a := range table101(m).Choose.Opts {
		v := table101(m).G.State().View(0)
		step := table101(m).StepsText(&v, []okey101.Action{a}, false)
		owner := v.Table[a.Meld].Owner
		whose := "kendi "
		if owner != 0 {
			whose = m.words().NameIn(owner, i18n.Genitive) + " "
		}
		if want := table101(m).TileCase(a.Tile, i18n.Accusative) + " " + whose; !strings.HasPrefix(step, want) || !strings.HasSuffix(step, "e işle") && !strings.HasSuffix(step, "a işle") {
			t.Errorf("tr: the step %q does not say %q…(y)a/e işle", step, want)
		}
	}
	m.tr, table101(m).Choose.As[1] = en, as
	actions := len(table101(m).G.Record().Actions)
	press(t, m, "esc")
	if table101(m).Choose != nil || len(table101(m).G.Record().Actions) != actions {
		t.Fatal("esc does not let the choice go")
	}
	press(t, m, "e")
	press(t, m, "right")
	second := table101(m).Choose.Opts[1]
	press(t, m, "enter")
	if len(table101(m).G.Record().Actions) != actions+1 {
		t.Fatalf("enter did not lay the tile off: %q", m.flash)
	}
	if got := table101(m).G.Record().Actions[actions]; got.Meld != second.Meld || got.End != second.End {
		t.Fatalf("laid off at %v, chosen %v", got, second)
	}
}

// k puts the tile an okey on the table stands for in its place and
// takes the okey into the rack.
func TestTakeOkeyBack(t *testing.T) {
	var x tile.Tile
	m := findTurn101(t, 60, func(m *Model) bool {
		v := &table101(m).View
		if tb := v.Analyzer.TakeBacks(v.Counts, v.Melds()); len(tb) > 0 {
			x = tb[0].Tile
			return len(table101(m).Places(okey101.ActTakeBack, x, -1, table101(m).TryState()).Opts) > 0
		}
		return false
	})
	if m == nil {
		t.Fatal("no seed up to 60 gives the player an okey to take back")
	}
	okeys := table101(m).View.Counts[table101(m).View.Okey]
	cursorTo101(t, m, slotOf101(m, x))
	press(t, m, "k")
	if table101(m).Choose != nil {
		press(t, m, "enter")
	}
	if table101(m).View.Counts[table101(m).View.Okey] != okeys+1 {
		t.Fatalf("k did not take the okey back: %q", m.flash)
	}
	if !strings.Contains(m.flash, "take the okey") {
		t.Fatalf("not said: %q", m.flash)
	}
}

// A log entry of an earlier hand names tiles by that hand's okey, not
// by the okey of the hand on the table.
func TestLogKeepsItsHandsOkey(t *testing.T) {
	m := start101(t, 100, 30)
	now := table101(m).View.Okey
	then := now.Next()
	e := play101.LogEntry{Ev: okey101.Event{Kind: okey101.EvDiscard, Seat: 1, Tile: then}, Deal: game.DealKey(1, 0), Okey: then}
	if got := table101(m).LogText(e); !strings.Contains(got, then.String()+" (okey)") {
		t.Fatalf("the okey of its hand is not said: %q", got)
	}
	e = play101.LogEntry{Ev: okey101.Event{Kind: okey101.EvDiscard, Seat: 1, Tile: now}, Deal: game.DealKey(1, 0), Okey: then}
	if got := table101(m).LogText(e); strings.Contains(got, "okey") {
		t.Fatalf("this hand's okey named in an entry of another: %q", got)
	}
}
