package okey101

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// replayStats is what the replays went through, to show what the test
// covered.
type replayStats struct {
	kinds   [EvMatchOver + 1]int      // events replayed or made again, by kind
	reasons [PenaltyFeed + 1]int      // penalties, by reason
	counts  map[string]int            // the cases of the match looked at
	seen    map[string]map[string]int // by rules: the same
}

func (st *replayStats) add(rules, what string, n int) {
	if n == 0 {
		return
	}
	st.counts[what] += n
	if st.seen[rules] == nil {
		st.seen[rules] = map[string]int{}
	}
	st.seen[rules][what] += n
}

// replayView rebuilds v's hand from deal d with HandStart and plays v's
// history onto it, each event's action (EventAction) through Apply. It
// checks as it goes that each action is accepted and that the events it
// makes are the history's next ones as v's seat sees them (another
// seat's draw redacted), with the hand over and the match over after
// them when the hand ended; an event no action makes must come among
// the events of the action before it. An okey laid off where EventAction
// cannot tell the end (its doc) is played again at the low end when the
// high end made another meld, and counted.
func replayView(t *testing.T, what string, v View, d Deal, st *replayStats, rules string) State {
	t.Helper()
	s, err := v.HandStart(d)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if len(v.History) == 0 || !reflect.DeepEqual(s.history, v.History[:1]) {
		t.Fatalf("%s: the hand starts with %+v, the view's with %+v", what, s.history, v.History[:min(1, len(v.History))])
	}
	var last []Event // the events of the last action not in the history
	for i := 1; i < len(v.History); {
		e := v.History[i]
		a, ok := EventAction(e)
		if !ok {
			t.Fatalf("%s: event %d (%v) is no action's and came after none", what, i, e.Kind)
		}
		n, evs, err := s.Apply(a)
		if err == nil && e.Kind == EvLayOff && !reflect.DeepEqual(n.history[len(s.history)].Melds, e.Melds) {
			// Only where the doc says EventAction cannot tell: an okey
			// laid off beside the other okey, one at each end of a run.
			ts := e.Melds[0].Tiles
			if a.End != meld.AnyEnd || !s.an.IsOkey(e.Tile) || e.Melds[0].Kind != meld.Run || ts[0] != e.Tile || ts[len(ts)-1] != e.Tile {
				t.Fatalf("%s: event %d: %v laid off otherwise than %+v", what, i, a, e)
			}
			a.End = meld.LowEnd
			n, evs, err = s.Apply(a)
			st.add(rules, "okey lay-offs played again at the low end", 1)
		}
		if err != nil {
			t.Fatalf("%s: event %d (%+v): %v refused: %v", what, i, e, a, err)
		}
		added := n.history[len(s.history):]
		if len(evs) < len(added) || !reflect.DeepEqual(evs[:len(added)], added) {
			t.Fatalf("%s: event %d: %v made %+v, recorded %+v", what, i, a, evs, added)
		}
		last = evs[len(added):]
		for _, x := range last {
			if x.Kind != EvHandOver && x.Kind != EvMatchOver {
				t.Fatalf("%s: event %d: %v made %+v unrecorded", what, i, a, x)
			}
		}
		if i+len(added) > len(v.History) {
			t.Fatalf("%s: event %d: %v made %d events, the history has %d left", what, i, a, len(added), len(v.History)-i)
		}
		for k, x := range added {
			if got, want := x.Redact(v.Seat), v.History[i+k]; !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: event %d: %v made %+v, the history says %+v", what, i+k, a, got, want)
			}
		}
		for _, x := range evs {
			st.kinds[x.Kind]++
			if x.Kind == EvPenalty {
				st.reasons[x.Reason]++
			}
		}
		if e.Kind == EvLayOff && a.End == meld.LowEnd && s.an.IsOkey(e.Tile) {
			st.add(rules, "okeys laid off at a run's low end", 1)
		}
		i += len(added)
		s = n
	}
	// The hand over (and the match over) come last, as the view says.
	var want []Event
	if v.Result != nil {
		want = append(want, Event{Kind: EvHandOver, Seat: v.Result.Finisher, Tile: v.Result.Discard, From: -1, Meld: -1})
		if v.Match != nil {
			want = append(want, Event{Kind: EvMatchOver, Seat: -1, Tile: tile.NoTile, From: -1, Meld: -1})
		}
	}
	if len(last) != len(want) || len(want) > 0 && !reflect.DeepEqual(last, want) {
		t.Fatalf("%s: the replay ended with %+v, the view with %+v", what, last, want)
	}
	return s
}

func newReplayStats() *replayStats {
	return &replayStats{counts: map[string]int{}, seen: map[string]map[string]int{}}
}

// checkReplays replays, at every every-th state of a match and at the
// start and the end of every hand, every seat's view and a spectator's
// (replayView) and checks that the state reached is the real one
// (reflect.DeepEqual on the whole state, the seed set aside: HandStart's
// is 0) and that so is every seat's view of it and a spectator's
// (reflect.DeepEqual).
func checkReplays(t *testing.T, rules string, seed uint64, states []State, every int, st *replayStats) {
	t.Helper()
	for i, s := range states {
		if i%every != 0 && s.Moves() > 0 && s.Phase() == game.Playing {
			continue
		}
		for seat := -1; seat < NumSeats; seat++ {
			what := fmt.Sprintf("%s seed %d step %d (hand %d, deal %d, move %d) seat %d", rules, seed, i, s.hand, s.redeal, s.moves, seat)
			v := s.View(seat)
			rs := replayView(t, what, v, s.deal, st, rules)
			real := s
			real.seed = rs.seed
			if !reflect.DeepEqual(rs, real) {
				t.Fatalf("%s: the replay reached\n%+v\nnot\n%+v", what, rs, real)
			}
			for o := -1; o < NumSeats; o++ {
				if got, want := rs.View(o), s.View(o); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: seat %d's view of the replay differs:\n%+v\n%+v", what, o, got, want)
				}
			}
			st.add(rules, "views replayed", 1)
			if v.Hand > 1 && v.Results[len(v.Results)-1].Scores != [NumSeats]int{} {
				st.add(rules, "views of later hands with scores carried", 1)
			}
			if v.HandPenalties != [NumSeats]int{} {
				st.add(rules, "views with penalties in the hand", 1)
			}
			if v.Totals != v.Scores {
				st.add(rules, "views with team totals", 1)
			}
			if v.Redeal > 0 {
				st.add(rules, "views of a deal again after a void one", 1)
			}
			switch {
			case v.Phase == game.MatchOver:
				st.add(rules, "views of the match over", 1)
			case v.Phase == game.HandOver:
				st.add(rules, "views of a hand over", 1)
			case s.Moves() == 0:
				st.add(rules, "views of a hand's start", 1)
			}
		}
	}
}

// TestHandStartReplaysEveryView plays matches of random purposeful
// players (playMatch: draws, takes and give-backs, openings with melds
// and pairs, lays, lay-offs, take-backs, discards with their penalties,
// finishes and walls out) under rules with and without partners, and
// checks at many points of every hand (its start and its end always)
// that every seat's view, and a spectator's, replayed from the start of
// its hand with the hand's true deal reaches the real state and the
// real views (checkReplays): the table, the openings, the discards,
// scores, totals, hand penalties, stage, turn, wall left, results and
// the match's end.
func TestHandStartReplaysEveryView(t *testing.T) {
	seeds, every := 3, 2
	if testing.Short() {
		seeds, every = 1, 7
	}
	cases := []struct {
		rules string
		limit int
	}{
		{"default", 1500},                                // the first hands of a long match
		{"open=61,hands=3", 100000},                      // whole matches: scores carried, the match over
		{"partners,hands=3", 100000},                     // team totals
		{"open=30,progressive,partners,hands=2", 100000}, // progressive openings under partners
		{"open=15,okey_pair,feed,okey_once,hands=3", 100000},
		{"open=40,islek_back,hands=2", 100000},
		{"islek=off,open=50,hands=2", 100000},
	}
	st := newReplayStats()
	for _, tc := range cases {
		r, err := ParseRules(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(seeds) {
			checkReplays(t, tc.rules, seed, playMatch(t, r, seed, tc.limit), every, st)
		}
	}
	for k := EvDeal + 1; k <= EvMatchOver; k++ {
		if st.kinds[k] == 0 && k != EvVoid {
			t.Errorf("no %v event replayed", k)
		}
	}
	for r := PenaltyOkey; r <= PenaltyFeed; r++ {
		if st.reasons[r] == 0 {
			t.Errorf("no penalty for %v replayed", r)
		}
	}
	for _, what := range []string{
		"views of later hands with scores carried", "views with penalties in the hand", "views with team totals",
		"views of the match over", "views of a hand over", "views of a hand's start", "okeys laid off at a run's low end",
	} {
		// Short runs may lay no okey off low: TestEventActionLayOffEnds
		// does.
		if st.counts[what] == 0 && !(testing.Short() && what == "okeys laid off at a run's low end") {
			t.Errorf("no %s", what)
		}
	}
	if st.seen["partners,hands=3"]["views with team totals"] == 0 {
		t.Error("no team totals under partners")
	}
	t.Logf("events %v, penalties %v, %v", st.kinds, st.reasons, st.counts)
}

// cloneDeal is a deep copy of d.
func cloneDeal(d Deal) Deal {
	d.Wall = slices.Clone(d.Wall)
	return d
}

// TestHandStartRefuses: a deal that is not one of the view's hand (its
// dealer, its indicator, a rack of another size, tiles that are not the
// 106), or a view whose scores, totals and results do not agree, is
// refused with an error that wraps ErrView — never a panic — and
// neither the view nor the deal changes. The deal itself is accepted.
func TestHandStartRefuses(t *testing.T) {
	r, err := ParseRules("partners,open=40,hands=2")
	if err != nil {
		t.Fatal(err)
	}
	states := playMatch(t, r, 5, 100000)
	// A hand's start, a hand in play with penalties if there is one, a
	// hand over and the match over.
	var picked []State
	for _, want := range []func(s State) bool{
		func(s State) bool { return s.hand == 2 && s.moves == 0 },
		func(s State) bool { return s.hand == 2 && s.phase == game.Playing && s.handPen != [NumSeats]int{} },
		func(s State) bool { return s.hand == 2 && s.phase == game.Playing && s.moves > 10 },
		func(s State) bool { return s.hand == 1 && s.phase == game.HandOver },
		func(s State) bool { return s.phase == game.MatchOver },
	} {
		if i := slices.IndexFunc(states, want); i >= 0 {
			picked = append(picked, states[i])
		}
	}
	if len(picked) < 4 {
		t.Fatalf("only %d of the positions wanted in the match", len(picked))
	}
	other := func(t tile.Tile) tile.Tile { return (t + 1) % tile.NumFaces }
	deals := []struct {
		name string
		bad  func(d *Deal)
	}{
		{"another dealer", func(d *Deal) { d.Dealer = next(d.Dealer) }},
		{"no seat's deal", func(d *Deal) { d.Dealer = 7 }},
		{"another indicator", func(d *Deal) { d.Indicator = other(d.Indicator) }},
		{"no indicator", func(d *Deal) { d.Indicator = tile.NoTile }},
		{"the dealer's rack a tile short", func(d *Deal) {
			x := d.Racks[d.Dealer].Tiles()[0]
			d.Racks[d.Dealer][x]--
			d.Wall = append(d.Wall, x)
		}},
		{"a rack a tile over", func(d *Deal) {
			s := next(d.Dealer)
			d.Racks[s][d.Wall[0]]++
			d.Wall = d.Wall[1:]
		}},
		{"the dealer's rack and the next one's swapped", func(d *Deal) {
			s := next(d.Dealer)
			d.Racks[s], d.Racks[d.Dealer] = d.Racks[d.Dealer], d.Racks[s]
		}},
		{"a rack with 255 of a tile", func(d *Deal) { d.Racks[prev(d.Dealer)][3] = 255 }},
		{"a rack's tile for another", func(d *Deal) {
			s := prev(d.Dealer)
			x := d.Racks[s].Tiles()[0]
			d.Racks[s][x]--
			d.Racks[s][other(x)]++
		}},
		{"a wall tile three times", func(d *Deal) { d.Wall[5] = other(d.Wall[5]) }},
		{"the indicator in the wall too", func(d *Deal) { d.Wall[0] = d.Indicator }},
		{"the wall a tile short", func(d *Deal) { d.Wall = d.Wall[1:] }},
		{"the wall a tile over", func(d *Deal) { d.Wall = append(d.Wall, d.Wall[0]) }},
		{"no wall", func(d *Deal) { d.Wall = nil }},
		{"not a tile in the wall", func(d *Deal) { d.Wall[3] = 200 }},
		{"NoTile in the wall", func(d *Deal) { d.Wall[19] = tile.NoTile }},
		{"no racks", func(d *Deal) { d.Racks = [NumSeats]tile.Counts{} }},
	}
	views := []struct {
		name string
		bad  func(v *View)
	}{
		{"rules not valid", func(v *View) { v.Rules.Hands = 0 }},
		{"a hand past the match", func(v *View) { v.Hand = 3 }},
		{"no hand", func(v *View) { v.Hand = 0 }},
		{"a redeal without the void deal", func(v *View) { v.Redeal = 1 }},
		{"a redeal below 0", func(v *View) { v.Redeal = -1 }},
		{"scores not the match's", func(v *View) {
			v.Scores[1] += 7
			v.Totals[1] += 7
			v.Totals[3] += 7
		}},
		{"penalties not the scores'", func(v *View) { v.HandPenalties[0] += PenaltyPoints }},
		{"totals not the scores'", func(v *View) { v.Totals[2]++ }},
		{"totals without partners", func(v *View) { v.Rules.Partners = false }},
		{"a result lost", func(v *View) {
			if len(v.Results) > 0 {
				v.Results = v.Results[1:]
			} else {
				v.Results = []HandResult{{Hand: 1, Finisher: -1}}
			}
		}},
		{"the hand's result and not", func(v *View) {
			if v.Result == nil {
				v.Result = &HandResult{Hand: v.Hand}
			} else {
				v.Result = nil
			}
		}},
		{"no phase", func(v *View) { v.Phase = 0 }},
		{"the match over or not", func(v *View) {
			if v.Phase == game.MatchOver {
				v.Phase = game.HandOver
			} else {
				v.Phase = game.MatchOver
			}
		}},
	}
	check := func(what string, s State, seat int, badDeal func(*Deal), badView func(*View)) {
		t.Helper()
		v, w := s.View(seat), s.View(seat) // v for the call, w to compare
		d, e := cloneDeal(s.deal), cloneDeal(s.deal)
		if badDeal != nil {
			badDeal(&d)
			badDeal(&e)
		}
		if badView != nil {
			badView(&v)
			badView(&w)
		}
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%s: HandStart panicked: %v", what, p)
				}
			}()
			_, err = v.HandStart(d)
		}()
		if !errors.Is(err, ErrView) {
			t.Errorf("%s: err = %v, want one wrapping ErrView", what, err)
		}
		if !reflect.DeepEqual(v, w) {
			t.Errorf("%s: the view changed", what)
		}
		if !reflect.DeepEqual(d, e) {
			t.Errorf("%s: the deal changed", what)
		}
	}
	for _, s := range picked {
		for seat := -1; seat < NumSeats; seat++ {
			at := fmt.Sprintf("hand %d move %d %s seat %d", s.hand, s.moves, s.phase, seat)
			v := s.View(seat)
			d := cloneDeal(s.deal)
			hs, err := v.HandStart(d)
			if err != nil {
				t.Fatalf("%s: the true deal: %v", at, err)
			}
			for i := range d.Wall {
				d.Wall[i] = tile.NoTile // the state holds its own wall
			}
			if !reflect.DeepEqual(hs.deal, s.deal) {
				t.Fatalf("%s: the state shares the deal's wall", at)
			}
			for _, tc := range deals {
				check(at+": "+tc.name, s, seat, tc.bad, nil)
			}
			for _, tc := range views {
				check(at+": "+tc.name, s, seat, nil, tc.bad)
			}
		}
	}
}

// TestEventActionLayOffEnds: a lay-off's event does not hold the end the
// action named; EventAction reads it from the meld made, so the replay
// lays the tile where it went — an okey at a run's low end too, where
// AnyEnd would lay it high. The one case it cannot read (an okey laid
// beside the other okey, one at each end of the run) gives AnyEnd, which
// replays the high end and, when the high end is 13, the low; an okey
// laid at the low end of a run whose high end was free is then laid
// otherwise, and LowEnd replays it (as EventAction's doc says).
func TestEventActionLayOffEnds(t *testing.T) {
	// Indicator K4: the okey is K5. Seat 0 has opened and plays.
	cases := []struct {
		name    string
		rack    string // "" for K5 K5 R4 R8 K7 Y1 Y2
		table   string
		before  []Action // played first
		act     Action
		end     meld.End // EventAction's
		exact   bool     // whether EventAction's action replays the event
		anyEnds bool     // whether AnyEnd would too
	}{
		{"a real tile low", "", "R5 R6 R7", nil, LayOff(0, tile.NewTile(tile.Red, 4), 0, meld.AnyEnd), meld.LowEnd, true, true},
		{"a real tile high", "", "R5 R6 R7", nil, LayOff(0, tile.NewTile(tile.Red, 8), 0, meld.HighEnd), meld.HighEnd, true, true},
		{"a real tile onto a set", "", "R7 Y7 B7", nil, LayOff(0, tile.NewTile(tile.Black, 7), 0, meld.AnyEnd), meld.AnyEnd, true, true},
		{"an okey onto a set", "", "R7 Y7 B7", nil, LayOff(0, okey5, 0, meld.AnyEnd), meld.AnyEnd, true, true},
		{"an okey high", "", "R5 R6 R7", nil, LayOff(0, okey5, 0, meld.HighEnd), meld.HighEnd, true, true},
		{"an okey low", "", "R5 R6 R7", nil, LayOff(0, okey5, 0, meld.LowEnd), meld.LowEnd, true, false},
		{"an okey low of a run up to 13", "", "R11 R12 R13", nil, LayOff(0, okey5, 0, meld.AnyEnd), meld.LowEnd, true, true},
		{"the other okey high, the first low", "", "R5 R6 R7", []Action{LayOff(0, okey5, 0, meld.LowEnd)}, LayOff(0, okey5, 0, meld.HighEnd), meld.AnyEnd, true, true},
		{"the other okey low, the first high at 13", "K5 R4 K7 Y1", "R11 R12 K5", nil, LayOff(0, okey5, 0, meld.LowEnd), meld.AnyEnd, true, true},
		{"the other okey low, the first high", "K5 R4 K7 Y1", "R5 R6 K5", nil, LayOff(0, okey5, 0, meld.LowEnd), meld.AnyEnd, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := rig(t, rigSpec{
				rules: "default", ind: "K4", dealer: 0, turn: 0, stage: StagePlay,
				racks: [NumSeats]string{cmp.Or(tc.rack, "K5 K5 R4 R8 K7 Y1 Y2")},
				table: []rigMeld{{tc.table, 1}},
				open:  [NumSeats]Opening{melds, melds},
			})
			s, _ = apply(t, s, tc.before...)
			n, evs := apply(t, s, tc.act)
			e := evs[0]
			a, ok := EventAction(e)
			if !ok || a.Kind != ActLayOff || a.Seat != 0 || a.Tile != tc.act.Tile || a.Meld != tc.act.Meld || a.End != tc.end {
				t.Fatalf("EventAction(%+v) = %v %v, want the lay-off at the %v end", e, a, ok, tc.end)
			}
			for _, c := range []struct {
				end  meld.End
				want bool
			}{{a.End, tc.exact}, {meld.AnyEnd, tc.anyEnds}} {
				b := a
				b.End = c.end
				got, _ := apply(t, s, b)
				if same := reflect.DeepEqual(got, n); same != c.want {
					t.Fatalf("%v replays the hand exactly: %v, want %v", b, same, c.want)
				}
			}
			if !tc.exact {
				// What the doc says to do then: the low end.
				a.End = meld.LowEnd
				if got, _ := apply(t, s, a); !reflect.DeepEqual(got, n) {
					t.Fatalf("%v does not replay the hand", a)
				}
			}
		})
	}
}

// okey5 is the okey under indicator K4.
var okey5 = tile.NewTile(tile.Black, 5)

// TestEventActionOfEveryKind: each event a player's action makes gives
// that action (a finish the discard of the last tile, an opening or a
// lay its melds' tiles, with Pairs when they are pairs), each other
// event none.
func TestEventActionOfEveryKind(t *testing.T) {
	an, err := meld.New(tile.NewTile(tile.Black, 4))
	if err != nil {
		t.Fatal(err)
	}
	run, _ := an.Read([]tile.Tile{okey5, tile.NewTile(tile.Red, 2), tile.NewTile(tile.Red, 3)})
	pair, _ := an.ReadPair([]tile.Tile{okey5, tile.NewTile(tile.Red, 9)}, false)
	r9 := tile.NewTile(tile.Red, 9)
	e := func(k EventKind, seat int, t tile.Tile, m int, ms ...meld.Meld) Event {
		return Event{Kind: k, Seat: seat, Tile: t, From: -1, Meld: m, Melds: ms}
	}
	cases := []struct {
		e    Event
		want Action
		ok   bool
	}{
		{e(EvDraw, 1, r9, -1), Draw(1), true},
		{e(EvDraw, 1, tile.NoTile, -1), Draw(1), true},
		{e(EvTake, 2, r9, -1), Take(2), true},
		{e(EvGiveBack, 2, r9, -1), GiveBack(2), true},
		{e(EvOpen, 3, tile.NoTile, 4, run, run), Open(3, run.Tiles, run.Tiles), true},
		{e(EvOpen, 3, tile.NoTile, 4, pair, pair), OpenPairs(3, pair.Tiles, pair.Tiles), true},
		{e(EvLay, 0, tile.NoTile, 2, run), Lay(0, run.Tiles), true},
		{e(EvLay, 0, tile.NoTile, 2, pair), Action{Kind: ActLay, Seat: 0, Tile: tile.NoTile, Melds: [][]tile.Tile{pair.Tiles}, Pairs: true}, true},
		{e(EvLayOff, 1, tile.NewTile(tile.Red, 4), 1, run), LayOff(1, tile.NewTile(tile.Red, 4), 1, meld.AnyEnd), true},
		{e(EvTakeBack, 1, tile.NewTile(tile.Red, 1), 3, run), TakeBack(1, tile.NewTile(tile.Red, 1), 3), true},
		{e(EvDiscard, 2, r9, -1), Discard(2, r9), true},
		{e(EvFinish, 2, r9, -1), Discard(2, r9), true},
		{e(EvDeal, 2, r9, -1), Action{}, false},
		{Event{Kind: EvPenalty, Seat: 2, Tile: okey5, From: -1, Meld: -1, Points: 101, Reason: PenaltyOkey}, Action{}, false},
		{e(EvWallOut, 2, tile.NoTile, -1), Action{}, false},
		{e(EvVoid, -1, tile.NoTile, -1), Action{}, false},
		{e(EvHandOver, 2, r9, -1), Action{}, false},
		{e(EvMatchOver, -1, tile.NoTile, -1), Action{}, false},
		{e(0, 0, tile.NoTile, -1), Action{}, false},
		{e(EvMatchOver+1, 0, tile.NoTile, -1), Action{}, false},
	}
	for _, tc := range cases {
		// The lay-off's meld is read for its end: R4 is not at either
		// end of that run, so AnyEnd.
		got, ok := EventAction(tc.e)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("EventAction(%v) = %v %v, want %v %v", tc.e.Kind, got, ok, tc.want, tc.ok)
		}
		if ok && len(got.Melds) > 0 {
			got.Melds[0][0] = tile.NoTile
			if tc.e.Melds[0].Tiles[0] == tile.NoTile {
				t.Errorf("EventAction(%v) shares the event's tiles", tc.e.Kind)
			}
		}
	}
}

// pairsDeal is a deal by dealer in which every seat holds five pairs
// (the dealer faces 0 to 4, the next seat 5 to 9, …), the dealer the
// okey besides, and every other tile once at most in a rack; the wall
// is what is left, in face order. Indicator ind must be above the
// pairs' faces and its okey below the false joker.
func pairsDeal(t *testing.T, dealer int, ind tile.Tile) Deal {
	t.Helper()
	okey := ind.Next()
	left := tile.CountsOf(fullSet())
	d := Deal{Dealer: dealer, Indicator: ind}
	put := func(seat int, x tile.Tile) {
		if left[x] == 0 {
			t.Fatalf("pairsDeal: %v used up", x)
		}
		left[x]--
		d.Racks[seat][x]++
	}
	left[ind]--
	for i := range NumSeats {
		seat := (dealer + i) % NumSeats
		for f := range 5 {
			x := tile.Tile(5*i + f)
			put(seat, x)
			put(seat, x)
		}
	}
	put(dealer, okey)
	f := tile.Tile(20)
	for i := range NumSeats {
		seat := (dealer + i) % NumSeats
		want := RackTiles
		if seat == dealer {
			want = DealerTiles
		}
		for d.Racks[seat].Total() < want {
			if left[f] > 0 && f != okey {
				put(seat, f)
			}
			f = 20 + (f-20+1)%(tile.NumFaces-20)
		}
	}
	d.Wall = left.Tiles()
	if len(d.Wall) != WallSize {
		t.Fatalf("pairsDeal: a wall of %d", len(d.Wall))
	}
	return d
}

// TestHandStartReplaysAVoidDeal: hand 2 of a match is dealt so that all
// four seats open with pairs after the dealer has paid for discarding
// the okey, which voids the deal and gives the penalty back; the same
// hand is dealt again (redeal 1) and the match played out. Every view of
// the match replays to the real state (checkReplays): the void deal's,
// whose result gives its penalties back, and the deal after it, whose
// results hold the void one.
func TestHandStartReplaysAVoidDeal(t *testing.T) {
	for _, rules := range []string{"hands=3,open=40", "partners,hands=2,open=40"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		const seed = 9
		states := playMatch(t, r, seed, 100000)
		i := slices.IndexFunc(states, func(s State) bool { return s.hand == 2 })
		if i < 0 {
			t.Fatalf("%s: no hand 2", rules)
		}
		states = states[:i+1]
		s := states[i]
		if err := s.startHand(pairsDeal(t, s.dealer, tile.NewTile(tile.Black, 12))); err != nil {
			t.Fatal(err)
		}
		states[i] = s
		// moved checks and keeps the state a played to.
		moved := func(a Action, n State, evs []Event, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v: %v", rules, a, err)
			}
			checkInvariants(t, n)
			checkScores(t, s, n, a, evs)
			s = n
			states = append(states, s)
		}
		step := func(a Action) {
			t.Helper()
			n, evs, err := s.Apply(a)
			moved(a, n, evs, err)
		}
		pairsOf := func(seat int) [][]tile.Tile {
			var gs [][]tile.Tile
			for x, n := range s.racks[seat] {
				if n == 2 && len(gs) < MinPairs {
					gs = append(gs, []tile.Tile{tile.Tile(x), tile.Tile(x)})
				}
			}
			return gs
		}
		single := func(seat int) tile.Tile {
			for x, n := range s.racks[seat] {
				if n == 1 && !s.an.IsOkey(tile.Tile(x)) {
					return tile.Tile(x)
				}
			}
			t.Fatalf("%s: seat %d holds no single", rules, seat)
			return 0
		}
		dealer := s.dealer
		step(Discard(dealer, s.an.Okey()))
		for k := 1; k <= NumSeats; k++ {
			seat := (dealer + k) % NumSeats
			step(Draw(seat))
			step(OpenPairs(seat, pairsOf(seat)...))
			if k < NumSeats {
				step(Discard(seat, single(seat)))
			}
		}
		res := s.Result()
		if res == nil || !res.Void || s.handPen[dealer] != PenaltyPoints || s.scores != res.Scores {
			t.Fatalf("%s: the deal was not voided with the penalty given back: %+v", rules, res)
		}
		p := newPlayer(seed)
		for s.Phase() != game.MatchOver {
			moved(p.move(s))
		}
		st := newReplayStats()
		checkReplays(t, rules, seed, states, 3, st)
		if st.kinds[EvVoid] == 0 || st.counts["views of a deal again after a void one"] == 0 || st.counts["views of later hands with scores carried"] == 0 {
			t.Fatalf("%s: the void deal and the deal after it not replayed: %v %v", rules, st.kinds, st.counts)
		}
		t.Logf("%s: %v", rules, st.counts)
	}
}
