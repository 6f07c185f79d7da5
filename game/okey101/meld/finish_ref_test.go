package meld

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"okey/game/tile"
)

// The reference for CanFinish plays the turn out: every opening (every
// set of disjoint melds worth the threshold, or of five pairs or more),
// then every order of laying down melds or pairs, laying off onto every
// meld at every end and taking back every okey, with the meld
// operations Read, ReadPair, LayOff and TakeBack as the only judges of
// what is legal. It is exponential and meant for small racks and tables.
// It returns the best multiplier a finish can reach (an okey as the last
// discard doubles, opening with pairs doubles), 0 when none.

type refTurn struct {
	a    Analyzer
	t    Turn
	memo map[string]int
}

func refFinish(a Analyzer, c tile.Counts, table []Meld, t Turn) int {
	r := &refTurn{a: a, t: t, memo: map[string]int{}}
	switch t.Status {
	case OpenedMelds, OpenedPairs:
		return r.after(c, table, t.Status, t.Taken.Valid(), c)
	}
	best := 0
	// Open with melds: every set of disjoint melds worth the threshold.
	r.openings(c, r.meldsOf, nil, func(melds []Meld, rest tile.Counts) {
		v := 0
		for _, m := range melds {
			v += m.Value()
		}
		if v < t.Threshold || rest.Total() == 0 || !r.usedTaken(c, rest, t.Taken) {
			return
		}
		tb := append(slices.Clone(table), melds...)
		best = max(best, r.after(rest, tb, OpenedMelds, false, rest))
	})
	// Open with pairs: every set of five pairs or more.
	r.openings(c, r.pairsOf, nil, func(pairs []Meld, rest tile.Counts) {
		if len(pairs) < 5 || rest.Total() == 0 || !r.usedTaken(c, rest, t.Taken) {
			return
		}
		tb := append(slices.Clone(table), pairs...)
		if m := r.after(rest, tb, OpenedPairs, false, rest); m > 0 {
			best = max(best, 2*m)
		}
	})
	return best
}

// usedTaken reports whether the taken tile left the rack: rest holds
// fewer of its face than before.
func (r *refTurn) usedTaken(before, after tile.Counts, t tile.Tile) bool {
	return !t.Valid() || after[t] < before[t]
}

// openings calls f with every set of disjoint groups of c that groups
// lists (melds, or pairs), each set once, and the rest.
func (r *refTurn) openings(c tile.Counts, groups func(tile.Counts) []Meld, got []Meld, f func([]Meld, tile.Counts)) {
	f(got, c)
	for _, m := range groups(c) {
		if len(got) > 0 && meldString(m) < meldString(got[len(got)-1]) {
			continue // one order per set of melds
		}
		d := c
		for _, x := range m.Tiles {
			d[x]--
		}
		r.openings(d, groups, append(slices.Clone(got), m), f)
	}
}

// meldsOf lists every run or set that the tiles of c make, in the
// reading Read gives (one per group of tiles).
func (r *refTurn) meldsOf(c tile.Counts) []Meld {
	ts := c.Tiles()
	var gs [][]tile.Tile
	for mask := 1; mask < 1<<len(ts); mask++ {
		var g []tile.Tile
		for i := range ts {
			if mask&(1<<i) != 0 {
				g = append(g, ts[i])
			}
		}
		if len(g) >= 3 {
			gs = append(gs, g)
		}
	}
	return uniqueMelds(gs, r.a.Read)
}

// pairsOf lists every pair the tiles of c make.
func (r *refTurn) pairsOf(c tile.Counts) []Meld {
	ts := c.Tiles()
	var gs [][]tile.Tile
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			gs = append(gs, []tile.Tile{ts[i], ts[j]})
		}
	}
	return uniqueMelds(gs, func(g []tile.Tile) (Meld, error) { return r.a.ReadPair(g, r.t.OkeyPair) })
}

// uniqueMelds reads the groups and keeps each meld they make once.
func uniqueMelds(gs [][]tile.Tile, read func([]tile.Tile) (Meld, error)) []Meld {
	seen := map[string]bool{}
	var out []Meld
	for _, g := range gs {
		m, err := read(g)
		if err != nil {
			continue
		}
		if s := meldString(m); !seen[s] {
			seen[s] = true
			out = append(out, m)
		}
	}
	return out
}

func meldString(m Meld) string {
	return m.Kind.String() + ":" + tile.FormatTiles(m.Tiles) + "/" + tile.FormatTiles(m.As)
}

func tableKey(c tile.Counts, table []Meld, st Status, owe bool) string {
	ms := make([]string, len(table))
	for i, m := range table {
		ms[i] = meldString(m)
	}
	sort.Strings(ms)
	return fmt.Sprint(c, st, owe) + strings.Join(ms, "|")
}

// after searches the turn of a player who has opened (st), with the
// taken tile still owed when owe (start is the rack when it was taken),
// and returns the best multiplier of a finish (1 or 2), 0 when none.
func (r *refTurn) after(c tile.Counts, table []Meld, st Status, owe bool, start tile.Counts) int {
	if owe && !r.usedTaken(start, c, r.t.Taken) {
		owe = true
	} else {
		owe = false
	}
	key := tableKey(c, table, st, owe)
	if v, ok := r.memo[key]; ok {
		return v
	}
	r.memo[key] = 0
	best := 0
	if c.Total() == 1 && !owe {
		best = 1
		if c[r.a.Okey()] == 1 {
			best = 2
		}
	}
	try := func(d tile.Counts, tb []Meld) {
		best = max(best, r.after(d, tb, st, owe, start))
	}
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if c[f] == 0 {
			continue
		}
		// Take an okey back: the rack keeps its size.
		for i, m := range table {
			if n, _, _, err := r.a.TakeBack(m, f); err == nil {
				d := c
				d[f]--
				d[r.a.Okey()]++
				tb := slices.Clone(table)
				tb[i] = n
				try(d, tb)
			}
		}
	}
	if c.Total() > 1 {
		// Lay down a new meld or pair, keeping a tile.
		var news []Meld
		if st == OpenedPairs {
			news = r.pairsOf(c)
		} else {
			news = r.meldsOf(c)
		}
		for _, m := range news {
			if m.Len() >= c.Total() {
				continue
			}
			d := c
			for _, x := range m.Tiles {
				d[x]--
			}
			try(d, append(slices.Clone(table), m))
		}
		// Lay off a tile, at each end.
		for f := tile.Tile(0); f < tile.NumFaces; f++ {
			if c[f] == 0 {
				continue
			}
			for i, m := range table {
				for _, end := range []End{LowEnd, HighEnd} {
					if m.Kind != Run && end == HighEnd {
						continue
					}
					n, _, err := r.a.LayOff(m, f, end)
					if err != nil {
						continue
					}
					d := c
					d[f]--
					tb := slices.Clone(table)
					tb[i] = n
					try(d, tb)
				}
			}
		}
	}
	r.memo[key] = best
	return best
}

// execPlan plays a plan on the rack and table with the meld operations
// and reports what is wrong with it, or "".
func execPlan(a Analyzer, c tile.Counts, table []Meld, t Turn, p Plan) string {
	tb := slices.Clone(table)
	start := c
	st := t.Status
	owed := t.Taken.Valid()
	take := func(ts []tile.Tile) string {
		for _, x := range ts {
			if c[x] == 0 {
				return fmt.Sprintf("%v is not in the rack", x)
			}
			c[x]--
		}
		if c.Total() == 0 {
			return "no tile kept"
		}
		return ""
	}
	for i, step := range p.Steps {
		switch step.Kind {
		case StepOpen:
			if st != NotOpened || i != 0 {
				return "open when opened"
			}
			v := 0
			for _, m := range step.Melds {
				if p.Pairs {
					if _, err := a.ReadPair(m.Tiles, t.OkeyPair); err != nil || m.Kind != Pair {
						return fmt.Sprintf("opening pair %v: %v", m, err)
					}
					v++
				} else {
					got, err := a.Read(m.Tiles)
					if err != nil || !got.Equal(m) {
						return fmt.Sprintf("opening meld %v: %v", m, err)
					}
					v += m.Value()
				}
				tb = append(tb, m)
			}
			for _, m := range step.Melds {
				if s := take(m.Tiles); s != "" {
					return "opening: " + s
				}
			}
			if p.Pairs && v < 5 || !p.Pairs && v < t.Threshold {
				return fmt.Sprintf("opening worth %d", v)
			}
			if v != p.OpenValue {
				return fmt.Sprintf("opening worth %d, plan says %d", v, p.OpenValue)
			}
			if owed && c[t.Taken] >= start[t.Taken] {
				return "the taken tile is not in the opening"
			}
			owed = false
			st = OpenedMelds
			if p.Pairs {
				st = OpenedPairs
			}
		case StepLay:
			if st == NotOpened {
				return "lay before opening"
			}
			for _, m := range step.Melds {
				if st == OpenedPairs {
					if _, err := a.ReadPair(m.Tiles, t.OkeyPair); err != nil || m.Kind != Pair {
						return fmt.Sprintf("pair %v: %v", m, err)
					}
				} else if got, err := a.Read(m.Tiles); err != nil || !got.Equal(m) {
					return fmt.Sprintf("meld %v: %v", m, err)
				}
				if s := take(m.Tiles); s != "" {
					return "lay: " + s
				}
				tb = append(tb, m)
			}
		case StepLayOff:
			if st == NotOpened || step.Meld < 0 || step.Meld >= len(tb) || c[step.Tile] == 0 {
				return fmt.Sprintf("lay-off %+v", step)
			}
			n, _, err := a.LayOff(tb[step.Meld], step.Tile, step.End)
			if err != nil {
				return fmt.Sprintf("lay-off %+v: %v", step, err)
			}
			tb[step.Meld] = n
			if s := take([]tile.Tile{step.Tile}); s != "" {
				return "lay-off: " + s
			}
		case StepTakeBack:
			if st == NotOpened || step.Meld < 0 || step.Meld >= len(tb) || c[step.Tile] == 0 {
				return fmt.Sprintf("take-back %+v", step)
			}
			n, _, _, err := a.TakeBack(tb[step.Meld], step.Tile)
			if err != nil {
				return fmt.Sprintf("take-back %+v: %v", step, err)
			}
			tb[step.Meld] = n
			c[step.Tile]--
			c[a.Okey()]++
		default:
			return "unknown step"
		}
		if owed && c[t.Taken] < start[t.Taken] {
			owed = false
		}
	}
	if st == NotOpened {
		return "never opened"
	}
	if owed {
		return "the taken tile was not used"
	}
	if c.Total() != 1 || c[p.Discard] != 1 {
		return fmt.Sprintf("left %v, discard %v", tile.FormatTiles(c.Tiles()), p.Discard)
	}
	if p.OkeyFinish != a.IsOkey(p.Discard) {
		return "okey finish flag wrong"
	}
	return ""
}

// finishCase is a random rack and table for the finish check: a table
// of a few melds (with okeys now and then) and a small rack whose tiles
// are mostly ones that fit the table or each other.
func finishCase(r *rand.Rand) (Analyzer, tile.Counts, []Meld, Turn) {
	ind := tile.Tile(r.IntN(52))
	a, _ := New(ind)
	var left tile.Counts // tiles not yet placed anywhere
	for f := range left {
		left[f] = 2
	}
	left[ind] = 1
	takeTile := func(t tile.Tile) bool {
		if !t.Valid() || left[t] == 0 {
			return false
		}
		left[t]--
		return true
	}
	var table []Meld
	for range r.IntN(5) {
		var g []tile.Tile
		switch r.IntN(3) {
		case 0: // a run
			c := tile.Colour(r.IntN(4))
			lo := 1 + r.IntN(11)
			n := 3 + r.IntN(3)
			for v := lo; v < lo+n && v <= tile.NumValues; v++ {
				t := tile.NewTile(c, v)
				if t == a.Okey() {
					t = tile.FalseJoker
				}
				if r.IntN(6) == 0 {
					t = a.Okey()
				}
				g = append(g, t)
			}
		case 1: // a set
			v := 1 + r.IntN(13)
			for c := range tile.Colour(4) {
				if r.IntN(4) != 0 {
					t := tile.NewTile(c, v)
					if t == a.Okey() {
						t = tile.FalseJoker
					}
					if r.IntN(6) == 0 {
						t = a.Okey()
					}
					g = append(g, t)
				}
			}
		default: // a pair
			t := tile.Tile(r.IntN(52))
			g = []tile.Tile{t, t}
			if r.IntN(2) == 0 {
				g[1] = a.Okey()
			}
		}
		ok := true
		var took []tile.Tile
		for _, t := range g {
			if !takeTile(t) {
				ok = false
				break
			}
			took = append(took, t)
		}
		var m Meld
		var err error
		if ok {
			if len(g) == 2 {
				m, err = a.ReadPair(g, false)
			} else {
				m, err = a.Read(g)
			}
		}
		if !ok || err != nil {
			for _, t := range took {
				left[t]++
			}
			continue
		}
		table = append(table, m)
	}
	// The rack: tiles near the table's melds and each other.
	var want []tile.Tile
	for _, m := range table {
		switch m.Kind {
		case Run:
			c := int(m.RunColour())
			for _, v := range []int{m.Low() - 2, m.Low() - 1, m.High() + 1, m.High() + 2} {
				if v >= 1 && v <= 13 {
					want = append(want, a.tileAt(c, v))
				}
			}
		case Set:
			want = append(want, m.Missing()...)
		}
		for i, x := range m.Tiles {
			if a.IsOkey(x) {
				for _, p := range m.Stands(i) {
					want = append(want, a.tileAt(int(p.Colour()), p.Value()))
				}
			}
		}
	}
	n := 2 + r.IntN(6)
	if r.IntN(4) == 0 {
		n += r.IntN(3)
	}
	var c tile.Counts
	base := tile.Tile(r.IntN(52))
	for tries := 0; c.Total() < n && tries < 100; tries++ {
		var t tile.Tile
		switch k := r.IntN(10); {
		case k < 4 && len(want) > 0:
			t = want[r.IntN(len(want))]
		case k < 8:
			// near base: same colour close by, or same value
			col, v := int(base.Colour()), base.Value()
			if r.IntN(2) == 0 {
				v = min(13, max(1, v+r.IntN(5)-2))
			} else {
				col = r.IntN(4)
			}
			t = a.tileAt(col, v)
		case k == 8:
			t = a.Okey()
		default:
			t = tile.Tile(r.IntN(53))
		}
		if takeTile(t) {
			c[t]++
		}
	}
	turn := Turn{Status: Status(r.IntN(3)), Threshold: 5 + r.IntN(40), OkeyPair: r.IntN(2) == 0, Taken: tile.NoTile}
	if r.IntN(3) == 0 && c.Total() > 0 {
		ts := c.Tiles()
		turn.Taken = ts[r.IntN(len(ts))]
	}
	return a, c, table, turn
}
