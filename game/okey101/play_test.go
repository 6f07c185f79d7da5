package okey101

import (
	"slices"
	"testing"

	"okey/game"
	"okey/game/internal/rng"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// player is a random but purposeful player for the tests: it finishes
// when it can, opens when its best opening reaches the threshold (or
// with pairs now and then), lays down, lays off and takes okeys back at
// random, takes discards it may not be able to use and gives them back,
// and discards at random, sometimes an okey or an işler taş. Everything
// it does goes through Apply, so it explores what the reducer allows.
type player struct {
	r  *rng.Source
	sv meld.Solver
	// acts counts table actions this turn, to stop a turn that goes on.
	acts, turnNo, turnSeat int
}

func newPlayer(seed uint64) *player { return &player{r: rng.New(seed), turnSeat: -1} }

func (p *player) pick(ts []tile.Tile) tile.Tile { return ts[p.r.Intn(len(ts))] }

// next chooses the action of the seat to move.
func (p *player) next(s State) Action {
	if s.Phase() == game.HandOver {
		return NextHand()
	}
	seat := s.Turn()
	v := s.View(seat)
	if seat != p.turnSeat || s.turnNo != p.turnNo {
		p.turnSeat, p.turnNo, p.acts = seat, s.turnNo, 0
	}
	switch v.Stage {
	case StageFirst:
		return Discard(seat, p.pick(v.Rack))
	case StageDraw:
		if v.Legal.Take && (p.r.Intn(3) == 0 || !v.Legal.Draw) {
			return Take(seat)
		}
		return Draw(seat)
	}
	p.acts++
	an := v.Analyzer
	table := v.Melds()
	mt := v.MeldTurn()
	if p.acts < 25 {
		if ta := p.sv.AnalyzeTurn(an, v.Counts, table, mt); ta.CanFinish && p.r.Intn(5) != 0 {
			return PlanActions(seat, ta.Finish)[0]
		}
		st := v.Opened[seat].Status
		switch {
		case st == meld.NotOpened:
			o := p.sv.BestOpening(an, v.Counts)
			if o.Value >= v.Threshold && p.r.Intn(4) != 0 {
				return Open(seat, groups(o.Melds)...)
			}
			if ps := an.PairMelds(v.Counts, v.Rules.OkeyPair); len(ps) >= 5 && p.r.Intn(3) == 0 {
				return OpenPairs(seat, groups(ps)...)
			}
		case p.r.Intn(2) == 0:
			switch p.r.Intn(3) {
			case 0:
				if los := an.LayOffs(v.Counts, table); len(los) > 0 && v.Counts.Total() > 1 {
					lo := los[p.r.Intn(len(los))]
					return LayOff(seat, lo.Tile, lo.Meld, lo.End)
				}
			case 1:
				if tbs := an.TakeBacks(v.Counts, table); len(tbs) > 0 {
					tb := tbs[p.r.Intn(len(tbs))]
					return TakeBack(seat, tb.Tile, tb.Meld)
				}
			default:
				var ms []meld.Meld
				if st == meld.OpenedPairs {
					ms = an.PairMelds(v.Counts, v.Rules.OkeyPair)
				} else {
					ms = p.sv.BestOpening(an, v.Counts).Melds
				}
				if len(ms) > 0 {
					return Lay(seat, groups(ms[:1+p.r.Intn(len(ms))])...)
				}
			}
		}
	}
	if v.Legal.GiveBack {
		return GiveBack(seat)
	}
	// Discard: mostly a tile that costs nothing.
	islek := an.Islek(table)
	var free []tile.Tile
	for _, t := range v.Rack {
		if !an.IsOkey(t) && !islek.Has(t) {
			free = append(free, t)
		}
	}
	if len(free) > 0 && p.r.Intn(8) != 0 {
		return Discard(seat, p.pick(free))
	}
	return Discard(seat, p.pick(v.Rack))
}

func groups(ms []meld.Meld) [][]tile.Tile {
	gs := make([][]tile.Tile, len(ms))
	for i, m := range ms {
		gs[i] = slices.Clone(m.Tiles)
	}
	return gs
}

// nonsense is an action that is mostly illegal: a random kind, seat,
// tile, meld and groups.
func (p *player) nonsense(s State) Action {
	seat := p.r.Intn(NumSeats+1) - (p.r.Intn(2) * 0)
	if p.r.Intn(2) == 0 {
		seat = s.Turn()
	}
	a := Action{Kind: ActionKind(p.r.Intn(11)), Seat: seat, Tile: tile.Tile(p.r.Intn(tile.NumFaces + 3)), Meld: p.r.Intn(6) - 1, End: meld.End(p.r.Intn(3))}
	if p.r.Intn(10) == 0 {
		a.Tile = tile.NoTile
	}
	for range p.r.Intn(3) {
		var g []tile.Tile
		for range 2 + p.r.Intn(3) {
			g = append(g, tile.Tile(p.r.Intn(tile.NumFaces)))
		}
		a.Melds = append(a.Melds, g)
	}
	a.Pairs = p.r.Intn(3) == 0
	return a
}

// checkInvariants verifies what must hold between any two actions: all
// 106 tiles are accounted for, no face is held more than twice, and the
// table reads as the melds it claims.
func checkInvariants(t testing.TB, s State) {
	t.Helper()
	var got tile.Counts
	for seat := range NumSeats {
		for f, n := range s.racks[seat] {
			got[f] += n
		}
		for _, x := range s.discards[seat] {
			got[x]++
		}
	}
	for _, x := range s.deal.Wall[s.wallPos:] {
		got[x]++
	}
	got[s.deal.Indicator]++
	for _, m := range s.table {
		for _, x := range m.Meld.Tiles {
			got[x]++
		}
		if len(m.Seats) != len(m.Meld.Tiles) {
			t.Fatalf("meld %v: %d seats for %d tiles", m.Meld, len(m.Seats), len(m.Meld.Tiles))
		}
		k := 0
		for i, x := range m.Meld.Tiles {
			if !s.an.IsOkey(x) {
				continue
			}
			if k >= len(m.Okeys) || m.Okeys[k].Index != i || !slices.Equal(m.Okeys[k].Stands, m.Meld.Stands(i)) {
				t.Fatalf("meld %v: okeys %+v do not say what the okey at %d stands for", m.Meld, m.Okeys, i)
			}
			k++
		}
		if k != len(m.Okeys) {
			t.Fatalf("meld %v: okeys %+v", m.Meld, m.Okeys)
		}
		var re meld.Meld
		var err error
		if m.Meld.Kind == meld.Pair {
			re, err = s.an.ReadPair(m.Meld.Tiles, s.rules.OkeyPair)
		} else {
			re, err = s.an.Read(m.Meld.Tiles)
		}
		if err != nil || re.Kind != m.Meld.Kind {
			t.Fatalf("table meld %v no longer reads: %v", m.Meld, err)
		}
	}
	if s.result != nil && s.result.Finisher >= 0 {
		got[s.result.Discard]++
	}
	if want := tile.CountsOf(fullSet()); got != want {
		t.Fatalf("tiles not accounted for: %d of %d", got.Total(), want.Total())
	}
	if s.phase == game.Playing && s.stage == StagePlay && s.racks[s.turn].Total() == 0 {
		t.Fatal("the player to move holds nothing")
	}
}

// ruledLines is the scoring table of RULES.md written out on its own, from
// what is public at the end of a hand: how each seat opened (its EvOpen),
// the racks, the last discard, and whether the finisher opened in its
// last turn with no one else opened.
func ruledLines(s State, res HandResult) [NumSeats]int {
	var opened [NumSeats]meld.Status
	lastTurn := -1 // index in history of the finisher's last draw or take
	eldenOpen := false
	others := false
	for i, e := range s.history {
		switch e.Kind {
		case EvOpen:
			opened[e.Seat] = meld.OpenedMelds
			if len(e.Melds) > 0 && e.Melds[0].Kind == meld.Pair {
				opened[e.Seat] = meld.OpenedPairs
			}
			if e.Seat != res.Finisher {
				others = true
			} else if i > lastTurn && lastTurn >= 0 {
				eldenOpen = true
			}
		case EvDraw, EvTake:
			if e.Seat == res.Finisher {
				lastTurn = i
				eldenOpen = false
			}
		}
	}
	var out [NumSeats]int
	m := 1
	if res.Finisher >= 0 {
		if s.an.IsOkey(res.Discard) {
			m *= 2
		}
		if opened[res.Finisher] == meld.OpenedPairs {
			m *= 2
		}
		if eldenOpen && !others {
			m *= 2
		}
	}
	for seat := range NumSeats {
		switch {
		case seat == res.Finisher:
			out[seat] = -101 * m
		case opened[seat] == meld.NotOpened:
			out[seat] = 202 * m
		default:
			sum, okeys := 0, 0
			for _, x := range s.racks[seat].Tiles() {
				switch {
				case s.an.IsOkey(x):
					okeys++
				case x == tile.FalseJoker:
					sum += s.an.Okey().Value()
				default:
					sum += x.Value()
				}
			}
			f := m
			if opened[seat] == meld.OpenedPairs {
				f *= 2
			}
			out[seat] = sum*f + 101*okeys
		}
	}
	return out
}

// checkScores verifies that an action moved the scores only as the rules
// say: 101 for each penalty it charged, and at the end of a hand the
// scoring table (or, for a void hand, the hand's penalties given back).
func checkScores(t testing.TB, before, after State, a Action, evs []Event) {
	t.Helper()
	want := before.scores
	for _, e := range evs {
		if e.Kind == EvPenalty {
			want[e.Seat] += PenaltyPoints
			if e.Points != PenaltyPoints {
				t.Fatalf("a penalty of %d", e.Points)
			}
		}
	}
	if after.phase != game.Playing && before.phase == game.Playing {
		res := after.result
		if res.Void {
			for seat := range NumSeats {
				want[seat] -= before.handPen[seat]
			}
		} else {
			lines := ruledLines(after, *res)
			for seat := range NumSeats {
				if res.Lines[seat].Points != lines[seat] {
					t.Fatalf("%v: seat %d scored %d, RULES.md says %d (%+v)", a, seat, res.Lines[seat].Points, lines[seat], res.Lines[seat])
				}
				want[seat] += lines[seat]
			}
		}
	}
	if after.scores != want {
		t.Fatalf("%v: scores %v → %v, want %v", a, before.scores, after.scores, want)
	}
}

// move plays the player's next action, or when Apply refuses it (an
// opening without the taken tile, say) what is always possible: giving
// the take back, or a discard.
func (p *player) move(s State) (Action, State, []Event, error) {
	a := p.next(s)
	n, evs, err := s.Apply(a)
	if err == nil {
		return a, n, evs, nil
	}
	seat := s.Turn()
	v := s.View(seat)
	switch {
	case v.Legal.GiveBack:
		a = GiveBack(seat)
	case v.Legal.Discard:
		a = Discard(seat, v.Rack[0])
	}
	n, evs, err = s.Apply(a)
	return a, n, evs, err
}

// playMatch plays a whole match with random players and returns the
// states it went through (at most limit actions).
func playMatch(t *testing.T, r Rules, seed uint64, limit int) []State {
	t.Helper()
	s, err := NewMatch(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, s)
	p := newPlayer(seed)
	states := []State{s}
	for i := 0; i < limit && s.Phase() != game.MatchOver; i++ {
		a, n, evs, err := p.move(s)
		if err != nil {
			t.Fatalf("seed %d: %v refused: %v", seed, a, err)
		}
		checkInvariants(t, n)
		checkScores(t, s, n, a, evs)
		s = n
		states = append(states, s)
	}
	return states
}
