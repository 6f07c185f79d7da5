package meld

import (
	"slices"

	"okey/game/tile"
)

// CanFinish reports whether the player holding rack c can finish this
// turn with the table as it is, and how: every tile but one laid down or
// off (opening first when the player has not opened), the last one
// discarded. It is exact: every way to split the rack between new melds
// or pairs, lay-offs and okey take-backs is weighed. Among the ways it
// prefers the ones worth most to the finisher: an okey as the last
// discard, and for a player who has not opened, opening with pairs (both
// double the hand's score); then the larger opening. A rack that does
// not pass Check cannot finish.
func (a Analyzer) CanFinish(c tile.Counts, table []Meld, t Turn) (Plan, bool) {
	return new(Solver).CanFinish(a, c, table, t)
}

// CanFinish is Analyzer.CanFinish with this solver's memory.
func (sv *Solver) CanFinish(a Analyzer, c tile.Counts, table []Meld, t Turn) (Plan, bool) {
	if c.Total() == 0 || a.Check(c) != nil || !a.okey.Valid() {
		return Plan{}, false // no rack of this hand: nothing to finish with
	}
	h := a.handOf(&c)
	hk := a.hooksOf(table)
	var modes []fmode
	switch t.Status {
	case OpenedMelds:
		modes = []fmode{modeMelds}
	case OpenedPairs:
		modes = []fmode{modePairs}
	default:
		modes = []fmode{modeOpenPairs, modeOpenMelds}
	}
	if hopeless(&h, hk, t.Status == OpenedPairs || t.Status == NotOpened && a.Pairs(c, t.OkeyPair) >= 5) {
		return Plan{}, false
	}
	var best Plan
	found, bestMult := false, 0
	for _, m := range modes {
		if m == modeOpenPairs && a.Pairs(c, t.OkeyPair) < 5 {
			continue
		}
		// The opening holds only the rack's tiles: it is worth no more
		// than the rack's best opening.
		if m == modeOpenMelds && sv.BestOpening(a, c).Value < t.Threshold {
			continue
		}
		fs := &sv.f
		fs.reset(a, &h, hk, m, t)
		at := fs.run()
		if at < 0 {
			continue
		}
		p := fs.plan(at, table)
		mult := 1
		if p.OkeyFinish {
			mult *= 2
		}
		if p.Pairs {
			mult *= 2
		}
		if mult > bestMult {
			best, found, bestMult = p, true, mult
		}
	}
	return best, found
}

func (s *fsolver) reset(a Analyzer, h *hand, hk *hooks, m fmode, t Turn) {
	s.a, s.h, s.hk, s.mode = a, h, hk, m
	s.thr, s.okp = t.Threshold, t.OkeyPair
	s.taint = m == modeOpenMelds && hk.frees > 0
	s.sat = m == modeMelds || s.taint
	s.split = (m == modeOpenMelds || m == modeOpenPairs) && hk.frees > 0
	s.takeC, s.takeV, s.takeW = -1, 0, false
	switch {
	case !t.Taken.Valid():
	case a.IsOkey(t.Taken):
		s.takeW = true
	default:
		p := a.PlaysAs(t.Taken)
		s.takeC, s.takeV = int(p.Colour()), p.Value()
	}
	s.target = nil
	s.cacheV = 0
}

// Run kinds while a plan is laid out.
const (
	prCounted = iota // a run of the opening
	prOwn            // a new run laid after the opening (or by an opened player)
	prTable          // tiles going on above a run (of the table, or of the opening)
	prChain          // tiles going on below a run
)

type planRun struct {
	kind  int
	meld  int      // the table run, for prTable and prChain
	owner *planRun // or the opening run they go onto
	idx   int      // an opening run's index among the opening's melds
	ws    bool     // an opening run that starts on an okey (it reaches 13)
	tiles []tile.Tile
	as    []tile.Tile
}

// layOff is a lay-off of the plan, onto a table meld or (owner) a meld of
// the opening, whose index is known once the opening is laid out.
type layOff struct {
	owner *planRun
	mv    LayOffMove
}

// plan rebuilds the actions of the path ending at node at.
func (s *fsolver) plan(at int32, table []Meld) Plan {
	var path [tile.NumValues + 1]int32
	for v := tile.NumValues; v >= 0; v-- {
		path[v] = at
		if v > 0 {
			at = s.nodes[at].prev
		}
	}
	var decs [tile.NumValues + 1]stepDec
	for v := 1; v <= tile.NumValues; v++ {
		target := s.nodes[path[v]]
		s.target, s.found = &target, false
		s.expand(v, path[v-1])
		decs[v] = s.got
	}
	s.target = nil

	a := s.a
	p := Plan{Discard: tile.NoTile}
	var counted, lay []Meld
	var takes []TakeBackMove
	var offs []layOff
	freedAt := make([]uint16, len(table)) // okeys already freed, by index, per table meld
	addMeld := func(tiles []tile.Tile, cnt bool) int {
		m, err := a.Read(tiles)
		if err != nil {
			return -1 // cannot happen for a path the search built
		}
		if cnt {
			counted = append(counted, m)
			return len(counted) - 1
		}
		lay = append(lay, m)
		return -1
	}
	addPair := func(x, y tile.Tile, cnt bool) {
		m, err := a.ReadPair([]tile.Tile{x, y}, s.okp)
		if err != nil {
			return
		}
		if cnt {
			counted = append(counted, m)
		} else {
			lay = append(lay, m)
		}
	}
	closeRun := func(r *planRun) {
		switch r.kind {
		case prCounted, prOwn:
			r.idx = addMeld(r.tiles, r.kind == prCounted)
		case prTable:
			for i, t := range r.tiles {
				offs = append(offs, layOff{owner: r.owner, mv: LayOffMove{Meld: r.meld, Tile: t, End: HighEnd, As: r.as[i]}})
			}
		case prChain:
			for i := len(r.tiles) - 1; i >= 0; i-- {
				offs = append(offs, layOff{owner: r.owner, mv: LayOffMove{Meld: r.meld, Tile: r.tiles[i], End: LowEnd, As: r.as[i]}})
			}
		}
	}
	var open [tile.NumColours][]*planRun
	for v := 1; v <= tile.NumValues; v++ {
		d := &decs[v]
		for c := range tile.NumColours {
			mv := d.col[c]
			var n1, n2, n3, k1, k2, k3 []*planRun
			for _, r := range open[c] {
				l := len(r.tiles)
				switch {
				case r.kind == prCounted && l == 1:
					n1 = append(n1, r)
				case r.kind == prCounted && l == 2:
					n2 = append(n2, r)
				case r.kind == prCounted && r.ws:
					n3 = append([]*planRun{r}, n3...) // it goes on to 13
				case r.kind == prCounted:
					n3 = append(n3, r)
				case r.kind == prTable:
					k3 = append(k3, r)
				case l == 1:
					k1 = append(k1, r)
				case l == 2 || !s.sat:
					k2 = append(k2, r)
				default:
					k3 = append(k3, r)
				}
			}
			for i, m := range table {
				if m.Kind == Run && m.wellFormed() && int(m.RunColour()) == c && m.High() == v-1 {
					k3 = append(k3, &planRun{kind: prTable, meld: i})
				}
			}
			var fresh []*planRun
			for range mv.fc {
				fresh = append(fresh, &planRun{kind: prCounted})
			}
			// Chains end below the table runs starting at v, then below
			// the opening runs starting at v.
			type absorber struct {
				meld  int
				owner *planRun
			}
			var absorbers []absorber
			for i, m := range table {
				if m.Kind == Run && m.wellFormed() && int(m.RunColour()) == c && m.Low() == v {
					absorbers = append(absorbers, absorber{meld: i})
				}
			}
			for _, r := range fresh {
				absorbers = append(absorbers, absorber{owner: r})
			}
			absorb := append(append([]*planRun{}, k1[:mv.y1]...), k2[:mv.y2]...)
			for i, r := range absorb {
				r.kind, r.meld, r.owner = prChain, absorbers[i].meld, absorbers[i].owner
				closeRun(r)
			}
			k1, k2 = k1[mv.y1:], k2[mv.y2:]
			var conv []*planRun
			for _, r := range n3[mv.x : mv.x+mv.z] {
				closeRun(r)
				conv = append(conv, &planRun{kind: prTable, owner: r})
			}
			for _, r := range n3[mv.x+mv.z:] {
				closeRun(r)
			}
			for _, r := range k3[mv.xk:] {
				closeRun(r)
			}
			cont := append(append(append(append([]*planRun{}, fresh...), n1...), n2...), n3[:mv.x]...)
			ucont := append(append(append(append([]*planRun{}, k1...), k2...), k3[:mv.xk]...), conv...)
			for range mv.fk {
				ucont = append(ucont, &planRun{kind: prOwn})
			}
			nat := int(s.h.nat[c][v])
			put := func(r *planRun, natural bool) {
				t := a.okey
				if natural {
					t = a.tileAt(c, v)
				}
				if len(r.tiles) == 0 && !natural && r.kind == prCounted {
					r.ws = true
				}
				r.tiles = append(r.tiles, t)
				r.as = append(r.as, tile.NewTile(tile.Colour(c), v))
			}
			rc := min(len(cont), nat)
			for i, r := range cont {
				put(r, i < rc)
			}
			for i, r := range ucont {
				put(r, i < mv.ru)
			}
			open[c] = append(cont, ucont...)
		}
		// The set step.
		sd := &d.set
		var sets [2][]tile.Tile
		for i := range sd.n {
			c := int(sd.tiles[i])
			t := a.tileAt(c, v)
			face := tile.NewTile(tile.Colour(c), v)
			switch dest := int(sd.dest[i]); {
			case dest == dLeft:
				p.Discard = t
			case dest == dSetA || dest == dSetB:
				sets[dest-dSetA] = append(sets[dest-dSetA], t)
			case dest == dPair:
				if i > 0 && sd.dest[i-1] == dPair && int(sd.tiles[i-1]) == c {
					continue // the twin was paired with it
				}
				addPair(t, t, s.mode == modeOpenPairs)
			case dest == dPairWild:
				addPair(t, a.okey, s.mode == modeOpenPairs && sd.pairOwn[i])
			case dest == dFree:
				for j, m := range table {
					if m.Kind != Run && m.Kind != Pair || !m.wellFormed() {
						continue
					}
					if k := okeyFor(a, m, face, freedAt[j]); k >= 0 {
						freedAt[j] |= 1 << k
						takes = append(takes, TakeBackMove{Meld: j, Tile: t})
						break
					}
				}
			default:
				j := (dest - dTable) / 2
				ts := s.hk.sets[v][j]
				if (dest-dTable)%2 == 0 {
					offs = append(offs, layOff{mv: LayOffMove{Meld: ts.meld, Tile: t, As: face}})
				} else {
					takes = append(takes, TakeBackMove{Meld: ts.meld, Tile: t})
				}
			}
		}
		for i := range 2 {
			if len(sets[i]) == 0 {
				continue
			}
			g := sets[i]
			for range sd.setWild[i] {
				g = append(g, a.okey)
			}
			idx := addMeld(g, sd.setCounted[i])
			for range sd.setExtra[i] {
				owner := &planRun{idx: idx}
				offs = append(offs, layOff{owner: owner, mv: LayOffMove{Tile: a.okey, As: tile.NoTile}})
			}
		}
	}
	for c := range tile.NumColours {
		for _, r := range open[c] {
			closeRun(r)
		}
	}
	last := s.nodes[path[tile.NumValues]]
	g := unpackGlob(last.key.glob)
	_, _, usePair := s.final(last)
	spare := s.h.wild + g.f - g.tw
	if usePair {
		spare -= 2
		ownUsed := g.cw + max(0, g.tw-g.cw-g.f)
		addPair(a.okey, a.okey, s.mode == modeOpenPairs && s.h.wild-ownUsed >= 2)
	}
	if p.Discard == tile.NoTile {
		p.Discard = a.okey
		p.OkeyFinish = true
		spare--
	}
	// The other spare okeys go onto the table's sets with room.
	for j, m := range table {
		if m.Kind != Set {
			continue
		}
		room := 4 - len(m.Tiles)
		for _, o := range offs {
			if o.owner == nil && o.mv.Meld == j {
				room--
			}
		}
		for ; room > 0 && spare > 0; room-- {
			offs = append(offs, layOff{mv: LayOffMove{Meld: j, Tile: a.okey, As: tile.NoTile}})
			spare--
		}
	}
	opening := s.mode == modeOpenMelds || s.mode == modeOpenPairs
	if !opening {
		lay = append(counted, lay...)
		counted = nil
	}
	if opening {
		p.Pairs = s.mode == modeOpenPairs
		for _, m := range counted {
			if p.Pairs {
				p.OpenValue++
			} else {
				p.OpenValue += m.Value()
			}
		}
		p.Steps = append(p.Steps, Step{Kind: StepOpen, Melds: counted})
	}
	for _, tk := range takes {
		p.Steps = append(p.Steps, Step{Kind: StepTakeBack, Meld: tk.Meld, Tile: tk.Tile})
	}
	slices.SortStableFunc(lay, compareMelds)
	for _, m := range lay {
		p.Steps = append(p.Steps, Step{Kind: StepLay, Melds: []Meld{m}})
	}
	for _, o := range offs {
		m := o.mv.Meld
		if o.owner != nil {
			m = len(table) + o.owner.idx
		}
		p.Steps = append(p.Steps, Step{Kind: StepLayOff, Meld: m, Tile: o.mv.Tile, End: o.mv.End})
	}
	if s.takeW {
		s.useTakenOkey(&p, len(table), opening)
	}
	return p
}

// useTakenOkey makes sure a taken okey goes onto the table when the
// plan does not lay one down already: an okey takes the place of a
// natural in the opening (or in a new meld, or of a natural laid off),
// and the natural takes it straight back.
func (s *fsolver) useTakenOkey(p *Plan, tableLen int, opening bool) {
	a := s.a
	placed, freed := 0, 0
	for _, st := range p.Steps {
		switch st.Kind {
		case StepOpen:
			for _, m := range st.Melds {
				for _, x := range m.Tiles {
					if a.IsOkey(x) {
						placed++
					}
				}
			}
		case StepLay:
			if opening {
				continue // laid after the opening: too late for it
			}
			for _, m := range st.Melds {
				for _, x := range m.Tiles {
					if a.IsOkey(x) {
						placed++
					}
				}
			}
		case StepLayOff:
			if a.IsOkey(st.Tile) && !opening {
				placed++
			}
		case StepTakeBack:
			if !opening {
				freed++
			}
		}
	}
	if opening && placed > 0 || !opening && placed > freed {
		return
	}
	if !opening && placed > 0 {
		// Lay the first okey before taking any back: the rack then
		// holds fewer okeys than after the take. (At most one okey goes
		// down here, so it is the player's own.)
		first := slices.IndexFunc(p.Steps, func(st Step) bool { return st.Kind != StepTakeBack && s.placesOkey(st) })
		var backs, rest []Step
		for i, st := range p.Steps {
			switch {
			case st.Kind == StepTakeBack && i < first:
				backs = append(backs, st)
			default:
				rest = append(rest, st)
				if i == first {
					rest = append(rest, backs...)
				}
			}
		}
		p.Steps = rest
		return
	}
	// Put the okey in the place of a natural, then take it back.
	for i, st := range p.Steps {
		switch {
		case st.Kind == StepOpen || st.Kind == StepLay && !opening:
			base := tableLen
			if st.Kind == StepLay {
				for _, prev := range p.Steps[:i] {
					if prev.Kind == StepOpen {
						base += len(prev.Melds)
					}
				}
			}
			for k, m := range st.Melds {
				if n, nat, ok := s.swapIn(m); ok {
					st.Melds[k] = n
					back := Step{Kind: StepTakeBack, Meld: base + k, Tile: nat}
					p.Steps = slices.Insert(p.Steps, i+1, back)
					return
				}
			}
		case st.Kind == StepLayOff && !opening && !a.IsOkey(st.Tile):
			back := Step{Kind: StepTakeBack, Meld: st.Meld, Tile: st.Tile}
			p.Steps[i].Tile = a.okey
			p.Steps = slices.Insert(p.Steps, i+1, back)
			return
		}
	}
}

// placesOkey reports whether a step puts an okey on the table.
func (s *fsolver) placesOkey(st Step) bool {
	if st.Kind == StepLayOff {
		return s.a.IsOkey(st.Tile)
	}
	for _, m := range st.Melds {
		for _, x := range m.Tiles {
			if s.a.IsOkey(x) {
				return true
			}
		}
	}
	return false
}

// swapIn puts an okey in the place of a natural of m such that the okey
// stands for that natural, and returns the new meld and the natural.
func (s *fsolver) swapIn(m Meld) (Meld, tile.Tile, bool) {
	a := s.a
	for i := len(m.Tiles) - 1; i >= 0; i-- {
		x := m.Tiles[i]
		if a.IsOkey(x) {
			continue
		}
		g := slices.Clone(m.Tiles)
		g[i] = a.okey
		var n Meld
		var err error
		if m.Kind == Pair {
			n, err = a.ReadPair(g, s.okp)
		} else {
			n, err = a.Read(g)
		}
		if err != nil {
			continue
		}
		if _, _, _, err := a.TakeBack(n, x); err == nil {
			return n, x, true
		}
	}
	return Meld{}, tile.NoTile, false
}

// okeyFor is the index of an okey of run or pair m standing for face and
// not in freed, or -1.
func okeyFor(a Analyzer, m Meld, face tile.Tile, freed uint16) int {
	for k, x := range m.Tiles {
		if a.IsOkey(x) && m.As[k] == face && freed&(1<<k) == 0 {
			return k
		}
	}
	return -1
}

// TurnAnalysis is what a player can do this turn with their rack against
// the table: every lay-off and okey take-back open now (for a player who
// has opened), the işler taş of the table (discarding one costs 101), and
// whether and how the player can finish.
type TurnAnalysis struct {
	LayOffs   []LayOffMove   `json:"lay_offs,omitempty"`
	TakeBacks []TakeBackMove `json:"take_backs,omitempty"`
	Islek     tile.TileSet   `json:"islek"`
	CanFinish bool           `json:"can_finish"`
	Finish    Plan           `json:"finish"`
}

// AnalyzeTurn is the analysis of a turn: what a bot needs once it holds
// its tiles for the turn (after drawing or taking). Lay-offs and
// take-backs are listed only for a player who has opened: no one else
// may make them.
func (sv *Solver) AnalyzeTurn(a Analyzer, c tile.Counts, table []Meld, t Turn) TurnAnalysis {
	var ta TurnAnalysis
	if t.Status != NotOpened {
		ta.LayOffs = a.LayOffs(c, table)
		ta.TakeBacks = a.TakeBacks(c, table)
	}
	ta.Islek = a.Islek(table)
	ta.Finish, ta.CanFinish = sv.CanFinish(a, c, table, t)
	return ta
}
