package meld

import (
	"okey/game/tile"
)

// The search behind CanFinish: can every tile but one go onto the table
// this turn? Like the opening search it reads the rack value by value,
// but the table joins in: a table run of colour c ending at v-1 is an
// open run that a tile at v may extend ("injected"), one starting at v
// may take a chain of tiles ending at v-1 ("absorbed"), a set of the
// table takes tiles of the colours it lacks, and a real tile equal to
// what an okey of the table stands for frees the okey, which may then go
// anywhere an okey goes. What may be laid depends on the mode: new runs
// and sets after opening with melds, new pairs after opening with pairs,
// lay-offs and okey take-backs in both. A player who has not opened must
// open in the same turn: with melds worth the threshold, counted only
// over the new melds that hold no okey taken back this turn (it was not
// in the rack when the opening was laid), or with five pairs likewise.
//
// Every tile must be placed but one, so a state with two tiles left out
// is dropped at once: the search stays small.
//
// Per colour a state holds the counted runs (n1, n2, n3 as in the opening
// search: the runs of the opening) and the uncounted ones (k1, k2, k3):
// injected table runs, chains that must end on a table run, new runs
// laid after the opening. Where a run may not be laid (after opening with
// pairs, or when nothing uncounted could need one), uncounted runs are
// chains that must be absorbed.

// fkey is a state of the finish search.
type fkey struct {
	runs uint64 // 16 bits a colour: n1:2 n2:2 n3:3 k1:2 k2:2 k3:3
	glob uint32 // okeys used (tw:2, counted cw:2), okeys freed f:2, left out:1, counted pairs:3, take used:1
}

// colState is a colour's open runs. ws is set while an opening run that
// started on an okey is open: it must go on to 13, or it would be read
// with the okey above its top, away from what is laid off onto it.
type colState struct{ n1, n2, n3, k1, k2, k3, ws int }

func unpackCol(x uint64) colState {
	return colState{int(x & 3), int(x >> 2 & 3), int(x >> 4 & 7), int(x >> 7 & 3), int(x >> 9 & 3), int(x >> 11 & 7), int(x >> 14 & 1)}
}

func packCol(s colState) uint64 {
	return uint64(s.n1) | uint64(s.n2)<<2 | uint64(s.n3)<<4 | uint64(s.k1)<<7 | uint64(s.k2)<<9 | uint64(s.k3)<<11 | uint64(s.ws)<<14
}

type glob struct{ tw, cw, f, left, pairs, took int }

func unpackGlob(g uint32) glob {
	return glob{int(g & 3), int(g >> 2 & 3), int(g >> 4 & 3), int(g >> 6 & 1), int(g >> 7 & 7), int(g >> 10 & 1)}
}

func packGlob(g glob) uint32 {
	return uint32(g.tw) | uint32(g.cw)<<2 | uint32(g.f)<<4 | uint32(g.left)<<6 | uint32(g.pairs)<<7 | uint32(g.took)<<10
}

type fnode struct {
	key  fkey
	val  int32
	prev int32
}

// colMove is a colour's move through a value.
type colMove struct {
	y1, y2 int // uncounted short runs absorbed below table runs at this value
	x, xk  int // counted and uncounted long runs that go on
	fc, fk int // counted and uncounted runs that start
	z      int // long opening runs that go on as lay-offs
	ru     int // naturals in uncounted runs
}

// Where a leftover natural goes at its value.
const (
	dLeft     = iota // stays in the rack (the discard)
	dSetA            // a new set
	dSetB            // a second new set
	dPair            // a pair with its twin
	dPairWild        // a pair with an okey
	dFree            // frees the okey of a run or pair standing for it
	dTable           // + 2j: lays off onto table set j; + 2j+1: frees its okey
)

// stepDec is the decision at one value: the colours' moves and where
// each leftover natural and okey goes.
type stepDec struct {
	col   [tile.NumColours]colMove
	tiles [8]uint8 // leftover naturals: colour
	dest  [8]uint8
	n     int
	// new sets: counted, okeys added; okeys laid off onto table sets;
	// pairs of a natural and an okey counted (own okey)
	setCounted [2]bool
	setWild    [2]int
	setExtra   [2]int // freed okeys laid off onto an opening set
	tableWild  [4]int
	pairOwn    [8]bool
}

type fsolver struct {
	a     Analyzer
	h     *hand
	hk    *hooks
	mode  fmode
	thr   int
	okp   bool
	sat   bool // uncounted runs of 3 or more may stand as melds
	taint bool // uncounted melds may hold okeys freed this turn
	split bool // opening now with okeys to free: lay-offs may take them so that naturals go into the opening
	takeC int  // colour and value of the taken natural, or -1
	takeV int
	takeW bool // the taken tile is an okey

	ahead [tile.NumColours][tile.NumValues + 2]bool // a table run starts above v in colour c

	nodes []fnode
	layer [tile.NumValues + 2]int32
	index map[fkey]int32

	// the value being expanded
	v          int
	from       int32
	dec        stepDec
	fromG      glob
	leftovers  [tile.NumColours]int // naturals the runs leave at v
	countedNat [tile.NumColours]int // naturals in counted runs at v
	natRun     [tile.NumColours]int // naturals in runs at v
	// capture mode: find the move from node from to target
	target *fnode
	found  bool
	got    stepDec
}

func (s *fsolver) counted() bool { return s.mode == modeOpenMelds }

// run searches and returns the index of the best final node, or -1.
func (s *fsolver) run() int32 {
	for c := range tile.NumColours {
		any := false
		for v := tile.NumValues; v >= 0; v-- {
			s.ahead[c][v] = any
			if s.hk.absorb[c][v] > 0 {
				any = true
			}
		}
	}
	s.nodes = append(s.nodes[:0], fnode{prev: -1})
	if s.index == nil {
		s.index = map[fkey]int32{}
	}
	for v := 1; v <= tile.NumValues; v++ {
		s.layer[v] = int32(len(s.nodes))
		clear(s.index)
		for i := s.layer[v-1]; i < s.layer[v]; i++ {
			s.expand(v, i)
		}
	}
	s.layer[tile.NumValues+1] = int32(len(s.nodes))
	best, bestRank := int32(-1), int64(-1)
	for i := s.layer[tile.NumValues]; i < int32(len(s.nodes)); i++ {
		if r, ok := s.final(s.nodes[i]); ok && r > bestRank {
			best, bestRank = i, r
		}
	}
	return best
}

// final checks that a last node finishes and ranks it: an okey discard
// first, then the opening's value or pairs.
func (s *fsolver) final(n fnode) (int64, bool) {
	for c := range tile.NumColours {
		cs := unpackCol(n.key.runs >> (16 * c))
		if cs.n1+cs.n2+cs.k1+cs.k2 > 0 {
			return 0, false
		}
	}
	g := unpackGlob(n.key.glob)
	spare, pairs, _, ok := s.spare(g)
	if !ok || g.left+spare != 1 {
		return 0, false
	}
	switch s.mode {
	case modeOpenMelds:
		if int(n.val) < s.thr {
			return 0, false
		}
	case modeOpenPairs:
		if pairs < 5 {
			return 0, false
		}
	}
	if s.takeC < 0 && s.takeW && !s.tookWild(g) {
		return 0, false
	}
	if s.takeC >= 0 && g.took == 0 {
		return 0, false
	}
	rank := int64(n.val)
	if g.left == 0 {
		rank += 1 << 32 // the okey is the discard
	}
	return rank, true
}

// spare is the okeys left in the rack at the end, after pairing two of
// them if the rules let okeys pair (pairs modes only), the counted pairs
// then, and whether the okeys used add up.
func (s *fsolver) spare(g glob) (spare, pairs int, okeyPair bool, ok bool) {
	w := s.h.wild
	if g.cw > w || g.tw > w+g.f {
		return 0, 0, false, false
	}
	spare = w + g.f - g.tw
	pairs = g.pairs
	if s.mode.pairsMode() && s.okp && spare >= 2 && spare+g.left > 1 {
		spare -= 2
		okeyPair = true
		ownUsed := g.cw + max(0, g.tw-g.cw-g.f)
		if w-ownUsed >= 2 {
			pairs++
		}
	}
	return spare, pairs, okeyPair, true
}

// tookWild reports whether a taken okey can be used as the rules ask.
// An okey may always be laid in the place of a natural of a meld (or a
// twin of a pair) and taken straight back with that natural, so an
// opening can always hold it, and an opened player can put it on the
// table whenever a natural goes down or off otherwise than into an
// okey's place (g.took), or an okey goes down at all: laid before any
// okey is taken back, it leaves the rack with fewer okeys than the take
// left.
func (s *fsolver) tookWild(g glob) bool {
	if s.mode == modeOpenMelds || s.mode == modeOpenPairs {
		return true
	}
	return g.took == 1 || g.tw >= 1
}

// laidNatural reports whether a natural went down or off at v otherwise
// than into an okey's place: in a run, a set, onto a table set, or as a
// twin of a pair.
func (s *fsolver) laidNatural(as *assign) bool {
	for c := range tile.NumColours {
		if s.natRun[c] > 0 {
			return true
		}
	}
	if as.setN[0]+as.setN[1]+as.twins > 0 {
		return true
	}
	for j := range as.tableRoom {
		if as.tableRoom[j] > 0 {
			return true
		}
	}
	return false
}

// expand lays every way through value v from node i.
func (s *fsolver) expand(v int, i int32) {
	s.v, s.from = v, i
	nd := s.nodes[i]
	s.fromG = unpackGlob(nd.key.glob)
	s.walk(0, nd, 0, 0, 0, 0)
}

// walk chooses colour c's move.
func (s *fsolver) walk(c int, nd fnode, runs uint64, qc, qu, counted int) {
	// s.natRun[c] holds the naturals colour c puts in runs at v.
	if c == tile.NumColours {
		s.setStep(nd, runs, qc, qu, counted)
		return
	}
	v := s.v
	a := int(s.h.nat[c][v])
	cs := unpackCol(nd.key.runs >> (16 * c))
	cs.k3 = min(7, cs.k3+int(s.hk.inject[c][v]))
	hooks := int(s.hk.absorb[c][v])
	wildRoom := s.h.wild + s.hk.frees - s.fromG.tw - qc - qu
	ownRoom := s.h.wild - s.fromG.cw - qc
	maxFc := 0
	if s.counted() && v <= tile.NumValues-2 {
		maxFc = 2
	}
	for fc := 0; fc <= maxFc; fc++ {
		// With okeys freed this turn, a chain may also end below an
		// opening run that starts here (laid off onto it after).
		hk := hooks
		if s.taint {
			hk += fc
		}
		for y1 := 0; y1 <= min(cs.k1, hk); y1++ {
			for y2 := 0; y2 <= min(cs.k2, hk-y1); y2++ {
				must := cs.k1 - y1 + cs.k2 - y2
				for x := 0; x <= cs.n3; x++ {
					if fc > 0 && x < cs.n3 && !s.taint {
						continue // going on covers the same, with less owed
					}
					// z opening runs go on as lay-offs (with okeys freed
					// this turn).
					maxZ := 0
					if s.taint {
						maxZ = cs.n3 - x
					}
					for z := 0; z <= maxZ; z++ {
						for xk := 0; xk <= cs.k3; xk++ {
							maxFk := 0
							if xk == cs.k3 && (s.sat && v <= tile.NumValues-2 || s.ahead[c][v]) {
								maxFk = 2
							}
							for fk := 0; fk <= maxFk; fk++ {
								s.colMove(c, nd, runs, qc, qu, counted, cs, a, ownRoom, wildRoom,
									colMove{y1: y1, y2: y2, x: x, xk: xk, fc: fc, fk: fk, z: z}, must)
							}
						}
					}
				}
			}
		}
	}
}

// colMove checks one move of colour c and goes on to the next colour.
func (s *fsolver) colMove(c int, nd fnode, runs uint64, qc, qu, counted int, cs colState, a, ownRoom, wildRoom int, mv colMove, must int) {
	v := s.v
	uc := cs.n1 + cs.n2 + mv.x + mv.fc
	uk := must + mv.xk + mv.fk + mv.z
	if uc+uk > 4 {
		return
	}
	ws := cs.ws
	if ws == 1 && cs.n1+cs.n2+mv.x == 0 {
		return // the opening run that started on an okey must reach 13
	}
	rc := min(uc, a)
	mqc := uc - rc
	if s.taint {
		// Naturals start the new opening runs first; one that starts on
		// an okey (the player has at most one okey of their own when the
		// table has one to free) is marked to reach 13.
		if wild := mv.fc - min(mv.fc, a); wild > 0 {
			if wild > 1 || ws == 1 {
				return
			}
			ws = 1
		}
	}
	maxRu := min(uk, a-rc)
	minRu := maxRu
	if s.split {
		// A freed okey may take a place in a lay-off so that a natural
		// goes into the opening's sets or pairs instead.
		minRu = 0
	}
	for ru := maxRu; ru >= minRu; ru-- {
		mqu := uk - ru
		if mqc > ownRoom || mqc+mqu > wildRoom {
			continue
		}
		ns := colState{n1: mv.fc, n2: cs.n1, n3: cs.n2 + mv.x, ws: ws}
		if s.sat {
			ns.k1, ns.k2, ns.k3 = mv.fk, cs.k1-mv.y1, cs.k2-mv.y2+mv.xk+mv.z
		} else {
			ns.k1, ns.k2, ns.k3 = mv.fk, cs.k1-mv.y1+cs.k2-mv.y2, mv.xk
		}
		if ns.n3 > 7 || ns.k2 > 3 || ns.k3 > 7 {
			return
		}
		if !s.canGoOn(c, v, ns, wildRoom-mqc-mqu) {
			continue
		}
		mv.ru = ru
		s.dec.col[c] = mv
		s.leftovers[c] = a - rc - ru
		s.countedNat[c] = rc
		s.natRun[c] = rc + ru
		s.walk(c+1, nd, runs|packCol(ns)<<(16*c), qc+mqc, qu+mqu, counted+uc)
	}
}

// canGoOn is a cheap look-ahead: the short runs after v must find tiles
// at v+1 (counted ones, and uncounted ones that no table run absorbs).
func (s *fsolver) canGoOn(c, v int, ns colState, wilds int) bool {
	if v == tile.NumValues {
		return ns.n1+ns.n2+ns.k1+ns.k2 == 0
	}
	if v == tile.NumValues-1 && ns.n1 > 0 {
		return false
	}
	need := ns.n1 + ns.n2 + max(0, ns.k1+ns.k2-int(s.hk.absorb[c][v+1]))
	return need <= int(s.h.nat[c][v+1])+max(0, wilds)
}

// assign is the set step's scratch: where the leftover naturals went.
type assign struct {
	setMask   [2]uint8
	setN      [2]int
	tableAdd  [4]uint8
	tableRoom [4]int // lay-offs onto table set j
	tableFree [4]int // okeys of table set j freed
	runFree   [tile.NumColours]int
	left      int
	leftCol   [tile.NumColours]int
	freed     int
	twins     int
	singles   int
}

// setStep places the naturals the runs left at v: in new sets, onto the
// table's sets, in the place of okeys, in pairs, or (one in all) left in
// the rack.
func (s *fsolver) setStep(nd fnode, runs uint64, qc, qu, counted int) {
	n := 0
	for c := range tile.NumColours {
		for range s.leftovers[c] {
			s.dec.tiles[n] = uint8(c)
			n++
		}
	}
	s.dec.n = n
	s.place(0, nd, runs, qc, qu, counted, assign{})
}

func (s *fsolver) place(k int, nd fnode, runs uint64, qc, qu, counted int, as assign) {
	if k == s.dec.n {
		s.wilds(nd, runs, qc, qu, counted, &as)
		return
	}
	v := s.v
	c := int(s.dec.tiles[k])
	bit := uint8(1) << c
	try := func(d int, next assign, step int) {
		s.dec.dest[k] = uint8(d)
		if step == 2 {
			s.dec.dest[k+1] = uint8(d)
		}
		s.place(k+step, nd, runs, qc, qu, counted, next)
	}
	if s.fromG.left+as.left < 1 {
		nx := as
		nx.left++
		nx.leftCol[c]++
		try(dLeft, nx, 1)
	}
	if !s.mode.pairsMode() {
		for i := range 2 {
			if as.setMask[i]&bit != 0 || i == 1 && as.setN[0] == 0 {
				continue
			}
			nx := as
			nx.setMask[i] |= bit
			nx.setN[i]++
			try(dSetA+i, nx, 1)
		}
	} else {
		if k+1 < s.dec.n && int(s.dec.tiles[k+1]) == c {
			nx := as
			nx.twins++
			try(dPair, nx, 2)
		}
		nx := as
		nx.singles++
		try(dPairWild, nx, 1)
	}
	if as.runFree[c] < int(s.hk.freed[c][v]) {
		nx := as
		nx.runFree[c]++
		nx.freed++
		try(dFree, nx, 1)
	}
	for j, ts := range s.hk.sets[v] {
		if j >= 4 {
			break
		}
		if (ts.have|as.tableAdd[j])&bit != 0 {
			continue
		}
		if as.tableRoom[j] < int(ts.room) {
			nx := as
			nx.tableAdd[j] |= bit
			nx.tableRoom[j]++
			try(dTable+2*j, nx, 1)
		}
		if as.tableFree[j] < int(ts.okeys) {
			nx := as
			nx.tableAdd[j] |= bit
			nx.tableFree[j]++
			nx.freed++
			try(dTable+2*j+1, nx, 1)
		}
	}
}

// wilds gives okeys to what the naturals at v need (sets of three, a
// natural's pair) and may lay spare ones onto sets with room, then
// records the state.
func (s *fsolver) wilds(nd fnode, runs uint64, qc, qu, counted int, as *assign) {
	if as.setN[1] > 0 && as.setN[0] == 0 {
		return
	}
	s.wildSet(0, nd, runs, qc, qu, counted, as)
}

// wildSet decides new set i: counted or not, and its okeys.
func (s *fsolver) wildSet(i int, nd fnode, runs uint64, qc, qu, counted int, as *assign) {
	if i == 2 {
		s.wildTable(0, nd, runs, qc, qu, counted, as)
		return
	}
	if as.setN[i] == 0 {
		s.dec.setWild[i] = 0
		s.dec.setCounted[i] = false
		s.wildSet(i+1, nd, runs, qc, qu, counted, as)
		return
	}
	for _, cnt := range [2]bool{true, false} {
		if cnt && !s.counted() || !cnt && s.counted() && !s.taint {
			continue
		}
		for w := max(0, 3-as.setN[i]); as.setN[i]+w <= 4 && w <= 2; w++ {
			s.dec.setWild[i] = w
			s.dec.setCounted[i] = cnt
			s.dec.setExtra[i] = 0
			if !cnt {
				s.wildSet(i+1, nd, runs, qc, qu+w, counted, as)
				continue
			}
			s.wildSet(i+1, nd, runs, qc+w, qu, counted+as.setN[i]+w, as)
			if s.taint && as.setN[i]+w == 3 {
				// A freed okey laid off onto the opening's set of three.
				s.dec.setExtra[i] = 1
				s.wildSet(i+1, nd, runs, qc+w, qu+1, counted+as.setN[i]+w, as)
			}
		}
	}
}

// wildTable lays spare okeys onto table set j.
func (s *fsolver) wildTable(j int, nd fnode, runs uint64, qc, qu, counted int, as *assign) {
	sets := s.hk.sets[s.v]
	if j >= len(sets) || j >= 4 {
		s.wildPairs(0, 0, nd, runs, qc, qu, counted, as)
		return
	}
	room := int(sets[j].room) - as.tableRoom[j]
	for w := 0; w <= min(room, 2); w++ {
		s.dec.tableWild[j] = w
		s.wildTable(j+1, nd, runs, qc, qu+w, counted, as)
	}
}

// wildPairs pairs the k-th single (of as.singles) with an okey, the
// player's own (a counted pair when opening with pairs) or a freed one.
func (s *fsolver) wildPairs(k, own int, nd fnode, runs uint64, qc, qu, counted int, as *assign) {
	if k == as.singles {
		s.record(nd, runs, qc, qu, counted, own, as)
		return
	}
	idx := 0
	for i := range s.dec.n {
		if s.dec.dest[i] == dPairWild {
			if idx == k {
				idx = i
				break
			}
			idx++
		}
	}
	for _, o := range [2]bool{true, false} {
		if o && s.mode != modeOpenPairs {
			continue // only an opening counts its okeys apart
		}
		s.dec.pairOwn[idx] = o
		if o {
			s.wildPairs(k+1, own+1, nd, runs, qc+1, qu, counted, as)
		} else {
			s.wildPairs(k+1, own, nd, runs, qc, qu+1, counted, as)
		}
	}
}

// record checks the state after v and keeps it (or, capturing, compares
// it with the target).
func (s *fsolver) record(nd fnode, runs uint64, qc, qu, counted, ownPairs int, as *assign) {
	g := s.fromG
	w := s.h.wild
	g.cw += qc
	g.tw += qc + qu
	g.f += as.freed
	g.left += as.left
	if g.cw > w || g.tw > w+s.hk.frees || g.left > 1 || g.f > 2 {
		return
	}
	if s.mode == modeOpenPairs {
		g.pairs = min(5, g.pairs+as.twins+ownPairs)
	}
	if s.takeC >= 0 && s.v == s.takeV {
		if !s.tookHere(as) {
			return
		}
		g.took = 1
	}
	if s.takeW && s.laidNatural(as) {
		g.took = 1
	}
	val := nd.val
	if s.counted() {
		val += int32(s.v * counted)
	}
	key := fkey{runs: runs, glob: packGlob(g)}
	if s.target != nil {
		if !s.found && key == s.target.key && val == s.target.val {
			s.found = true
			s.got = s.dec
		}
		return
	}
	if at, ok := s.index[key]; ok {
		if val > s.nodes[at].val {
			s.nodes[at].val, s.nodes[at].prev = val, s.from
		}
		return
	}
	s.index[key] = int32(len(s.nodes))
	s.nodes = append(s.nodes, fnode{key: key, val: val, prev: s.from})
}

// tookHere reports whether the taken natural (at this value) went where
// the rules want it: into the opening when opening now, else anywhere on
// the table.
func (s *fsolver) tookHere(as *assign) bool {
	c := s.takeC
	switch s.mode {
	case modeOpenMelds:
		if s.countedNat[c] > 0 {
			return true
		}
		for i := range 2 {
			if s.dec.setCounted[i] && as.setMask[i]&(1<<c) != 0 {
				return true
			}
		}
		return false
	case modeOpenPairs:
		for i := range s.dec.n {
			if int(s.dec.tiles[i]) == c && (s.dec.dest[i] == dPair || s.dec.dest[i] == dPairWild && s.dec.pairOwn[i]) {
				return true
			}
		}
		return false
	}
	return int(s.h.nat[c][s.v])-as.leftCol[c] >= 1
}
