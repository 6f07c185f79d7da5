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

// fkey is a state of the finish search: a colState in each 16 bits of
// runs, a glob in glob.
type fkey struct {
	runs uint64
	glob uint32
}

// colState is a colour's open runs. ws is set while an opening run that
// started on an okey is open: it must go on to 13, or it would be read
// with the okey above its top, away from what is laid off onto it. It
// says where that run is: 1 among the n1 runs, 2 among the n2 (both
// always go on), 3 among the n3, where it is the first to go on (the
// plan puts it first), so a move must continue at least one n3 run.
// (A single bit, "some run goes on", let the run stop at 12 or lower
// while a shorter run of its colour went on: seed 3 of okey sim.)
type colState struct{ n1, n2, n3, k1, k2, k3, ws int }

func unpackCol(x uint64) colState {
	return colState{int(x & 3), int(x >> 2 & 3), int(x >> 4 & 7), int(x >> 7 & 3), int(x >> 9 & 3), int(x >> 11 & 7), int(x >> 14 & 3)}
}

func packCol(s colState) uint64 {
	return uint64(s.n1) | uint64(s.n2)<<2 | uint64(s.n3)<<4 | uint64(s.k1)<<7 | uint64(s.k2)<<9 | uint64(s.k3)<<11 | uint64(s.ws)<<14
}

// glob is the part of a state that is not per colour: okeys used (tw in
// all, cw in the opening), okeys freed (f), a natural left for the
// discard (left), counted pairs, the taken tile used (took), and the
// room the table's sets keep for spare okeys (sink, at most 2).
type glob struct{ tw, cw, f, left, pairs, took, sink int }

func unpackGlob(g uint32) glob {
	return glob{int(g & 3), int(g >> 2 & 3), int(g >> 4 & 3), int(g >> 6 & 1), int(g >> 7 & 7), int(g >> 10 & 1), int(g >> 11 & 3)}
}

func packGlob(g glob) uint32 {
	return uint32(g.tw) | uint32(g.cw)<<2 | uint32(g.f)<<4 | uint32(g.left)<<6 | uint32(g.pairs)<<7 | uint32(g.took)<<10 | uint32(g.sink)<<11
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
	col [tile.NumColours]colMove
	set setDec
}

// setDec is the set step's part of a decision.
type setDec struct {
	tiles [8]uint8 // leftover naturals: colour
	dest  [8]uint8
	n     int
	// new sets: counted, okeys added, freed okeys laid off onto them;
	// pairs of a natural and an okey counted (own okey)
	setCounted [2]bool
	setWild    [2]int
	setExtra   [2]int
	pairOwn    [8]bool
}

// setOut is one way through the set step, as changes to the state.
type setOut struct {
	qc, qu, freed, left, pairs, counted int8
	tableRoom                           [4]int8 // naturals laid onto each table set
	tookNat, laid                       bool    // the taken natural went where it must; a natural was laid
	dec                                 setDec
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
	above [tile.NumValues + 2]int                   // the value of the naturals above v

	nodes []fnode
	layer [tile.NumValues + 2]int32
	slots []uint64 // gen<<32 | node index, open addressing
	mask  uint64
	shift uint
	gen   uint64
	cur   int32  // first node of the layer being built
	work  uint64 // the states built over the solver's life (Solver.Work)

	moveIdx  map[uint32][2]int32 // a colour state's moves in movePool, at value cacheV
	movePool []fmove
	cacheV   int

	// the value being expanded
	v       int
	from    int32
	dec     stepDec
	fromG   glob
	setIdx  map[uint32][2]int32 // set step outcomes in setPool, at value cacheV
	setPool []setOut

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
	for v := tile.NumValues; v >= 0; v-- {
		s.above[v] = s.above[v+1]
		if v < tile.NumValues {
			for c := range tile.NumColours {
				s.above[v] += (v + 1) * int(s.h.nat[c][v+1])
			}
		}
	}
	s.nodes = append(s.nodes[:0], fnode{prev: -1})
	if s.slots == nil {
		s.gen++
		s.grow()
	}
	if s.moveIdx == nil {
		s.moveIdx = map[uint32][2]int32{}
		s.setIdx = map[uint32][2]int32{}
	}
	for v := 1; v <= tile.NumValues; v++ {
		s.layer[v] = int32(len(s.nodes))
		s.cur = s.layer[v]
		s.gen++

		for i := s.layer[v-1]; i < s.layer[v]; i++ {
			s.expand(v, i)
		}
	}
	s.layer[tile.NumValues+1] = int32(len(s.nodes))
	s.work += frunWork
	best, bestRank := int32(-1), int64(-1)
	for i := s.layer[tile.NumValues]; i < int32(len(s.nodes)); i++ {
		if r, ok, _ := s.final(s.nodes[i]); ok && r > bestRank {
			best, bestRank = i, r
		}
	}
	return best
}

// final checks that a last node finishes and ranks it: an okey discard
// first, then the opening's value or pairs. usePair says whether two
// spare okeys pair (pairs modes with okey_pair) on the best way.
func (s *fsolver) final(n fnode) (rank int64, ok, usePair bool) {
	for c := range tile.NumColours {
		cs := unpackCol(n.key.runs >> (16 * c))
		if cs.n1+cs.n2+cs.k1+cs.k2 > 0 {
			return 0, false, false
		}
	}
	g := unpackGlob(n.key.glob)
	w := s.h.wild
	if g.cw > w || g.tw > w+g.f {
		return 0, false, false
	}
	if s.takeC >= 0 && g.took == 0 {
		return 0, false, false
	}
	if s.mode == modeOpenMelds && int(n.val) < s.thr {
		return 0, false, false
	}
	rank = -1
	for _, up := range [2]bool{false, true} {
		spare, pairs := w+g.f-g.tw, g.pairs
		if up {
			if !s.mode.pairsMode() || !s.okp || spare < 2 {
				continue
			}
			spare -= 2
			if ownUsed := g.cw + max(0, g.tw-g.cw-g.f); w-ownUsed >= 2 {
				pairs++
			}
		}
		// One tile stays for the discard; spare okeys beyond it go onto
		// the table's sets with room.
		if g.left+spare < 1 || g.left+spare-1 > g.sink {
			continue
		}
		if s.mode == modeOpenPairs && pairs < 5 {
			continue
		}
		// A spare okey laid onto a set is an okey on the table too.
		if s.takeW && !s.tookWild(g, g.left+spare-1+b2i(up)) {
			continue
		}
		r := int64(n.val)
		if g.left == 0 {
			r += 1 << 32 // an okey is the discard
		}
		if r > rank {
			rank, usePair = r, up
		}
	}
	return rank, rank >= 0, usePair
}

// tookWild reports whether a taken okey can be used as the rules ask.
// An okey may always be laid in the place of a natural of a meld (or a
// twin of a pair) and taken straight back with that natural, so an
// opening can always hold it, and an opened player can put it on the
// table whenever a natural goes down or off otherwise than into an
// okey's place (g.took), or an okey goes down at all: laid before any
// okey is taken back, it leaves the rack with fewer okeys than the take
// left. laidLate counts the spare okeys laid at the end (onto sets, or
// paired).
func (s *fsolver) tookWild(g glob, laidLate int) bool {
	if s.mode == modeOpenMelds || s.mode == modeOpenPairs {
		return true
	}
	return g.took == 1 || g.tw+laidLate >= 1
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

// fmove is one way a colour goes through a value, found once per layer
// for each state of the colour: its next state (in place), the okeys it
// spends in opening runs (qc) and elsewhere (qu), the tiles it adds to
// the opening's runs, and the naturals it leaves, puts in opening runs
// and in runs at all.
type fmove struct {
	bits                        uint64
	qc, qu, uc                  int8
	short                       int8 // okeys its short runs will need at the next value
	left, countedNat, natInRuns int8
	mv                          colMove
}

// expand lays every way through value v from node i: a move for each
// colour, then the set step.
func (s *fsolver) expand(v int, i int32) {
	if s.cacheV != v {
		s.cacheV = v
		clear(s.moveIdx)
		s.movePool = s.movePool[:0]
		clear(s.setIdx)
		s.setPool = s.setPool[:0]
	}
	s.v, s.from = v, i
	nd := s.nodes[i]
	s.fromG = unpackGlob(nd.key.glob)
	var lists [tile.NumColours][]fmove
	for c := range tile.NumColours {
		lists[c] = s.movesFor(c, nd.key.runs>>(16*c)&0xffff)
	}
	own := s.h.wild - s.fromG.cw
	all := s.h.wild + s.hk.frees - s.fromG.tw
	// Okeys spent now plus those the short runs need at the next value
	// must not exceed what is left (the joint look-ahead, colour by
	// colour).
	for _, m0 := range lists[0] {
		qc0, q0 := int(m0.qc), int(m0.qc+m0.qu)
		if qc0 > own || q0+int(m0.short) > all {
			continue
		}
		for _, m1 := range lists[1] {
			qc1, q1 := qc0+int(m1.qc), q0+int(m1.qc+m1.qu)
			sh1 := int(m0.short + m1.short)
			if qc1 > own || q1+sh1 > all {
				continue
			}
			for _, m2 := range lists[2] {
				qc2, q2 := qc1+int(m2.qc), q1+int(m2.qc+m2.qu)
				sh2 := sh1 + int(m2.short)
				if qc2 > own || q2+sh2 > all {
					continue
				}
				for _, m3 := range lists[3] {
					qc3, q3 := qc2+int(m3.qc), q2+int(m3.qc+m3.qu)
					if qc3 > own || q3+sh2+int(m3.short) > all {
						continue
					}
					for c, m := range [4]*fmove{&m0, &m1, &m2, &m3} {
						s.dec.col[c] = m.mv
						s.leftovers[c] = int(m.left)
						s.countedNat[c] = int(m.countedNat)
						s.natRun[c] = int(m.natInRuns)
					}
					s.setStep(nd, m0.bits|m1.bits|m2.bits|m3.bits, qc3, q3-qc3, int(m0.uc)+int(m1.uc)+int(m2.uc)+int(m3.uc))
				}
			}
		}
	}
}

// movesFor lists the moves of colour c from state bits at the value
// being expanded, building them once a layer.
func (s *fsolver) movesFor(c int, bits uint64) []fmove {
	key := uint32(c)<<16 | uint32(bits)
	if sp, ok := s.moveIdx[key]; ok {
		return s.movePool[sp[0]:sp[1]]
	}
	start := len(s.movePool)
	v := s.v
	a := int(s.h.nat[c][v])
	cs := unpackCol(bits)
	cs.k3 = min(7, cs.k3+int(s.hk.inject[c][v]))
	hooks := int(s.hk.absorb[c][v])
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
								s.colMoves(c, cs, a, colMove{y1: y1, y2: y2, x: x, xk: xk, fc: fc, fk: fk, z: z}, must)
							}
						}
					}
				}
			}
		}
	}
	s.moveIdx[key] = [2]int32{int32(start), int32(len(s.movePool))}
	return s.movePool[start:]
}

// colMoves adds the variants of one move of colour c (how many naturals
// go to lay-offs) to the pool.
func (s *fsolver) colMoves(c int, cs colState, a int, mv colMove, must int) {
	v := s.v
	uc := cs.n1 + cs.n2 + mv.x + mv.fc
	uk := must + mv.xk + mv.fk + mv.z
	if uc+uk > 4 {
		return
	}
	ws := cs.ws
	switch ws {
	case 1, 2:
		ws++ // it goes on, from the n1 runs to the n2, from the n2 to the n3
	case 3:
		if mv.x == 0 {
			return // the opening run that started on an okey must reach 13
		}
	}
	rc := min(uc, a)
	mqc := uc - rc
	if s.taint {
		// Naturals start the new opening runs first; one that starts on
		// an okey (the player has at most one okey of their own when the
		// table has one to free) is marked to reach 13.
		if wild := mv.fc - min(mv.fc, a); wild > 0 {
			if wild > 1 || ws != 0 {
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
	wilds := s.h.wild + s.hk.frees
	for ru := maxRu; ru >= minRu; ru-- {
		mqu := uk - ru
		if mqc > s.h.wild || mqc+mqu > wilds {
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
		if !s.canGoOn(c, v, ns, wilds-mqc-mqu) {
			continue
		}
		mv.ru = ru
		short := 0
		if v < tile.NumValues {
			need := ns.n1 + ns.n2 + max(0, ns.k1+ns.k2-int(s.hk.absorb[c][v+1]))
			short = max(0, need-int(s.h.nat[c][v+1]))
		}
		s.movePool = append(s.movePool, fmove{
			bits: packCol(ns) << (16 * c), qc: int8(mqc), qu: int8(mqu), uc: int8(uc), short: int8(short),
			left: int8(a - rc - ru), countedNat: int8(rc), natInRuns: int8(rc + ru), mv: mv,
		})
	}
}

// lookAhead checks that the runs still short after the value being
// expanded can find tiles at the next value, all colours together
// sharing the okeys left.
func (s *fsolver) lookAhead(runs uint64, wilds int) bool {
	v := s.v
	if v == tile.NumValues {
		return true // canGoOn has closed everything
	}
	short := 0
	for c := range tile.NumColours {
		ns := unpackCol(runs >> (16 * c))
		need := ns.n1 + ns.n2 + max(0, ns.k1+ns.k2-int(s.hk.absorb[c][v+1]))
		short += max(0, need-int(s.h.nat[c][v+1]))
	}
	return short <= wilds
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
// setStep places the naturals the runs left at v (in new sets, onto the
// table's sets, in the place of okeys, in pairs, or one in all left in
// the rack) and records each state it reaches. Its ways depend only on
// the leftovers, so they are found once a layer.
func (s *fsolver) setStep(nd fnode, runs uint64, qc, qu, counted int) {
	key := uint32(0)
	for c := range tile.NumColours {
		key |= uint32(s.leftovers[c]) << (2 * c)
	}
	key |= uint32(s.fromG.left) << 8
	if s.takeC >= 0 && s.countedNat[s.takeC] > 0 {
		key |= 1 << 9
	}
	if s.takeC >= 0 && s.natRun[s.takeC] > 0 {
		key |= 1 << 10
	}
	for c := range tile.NumColours {
		if s.natRun[c] > 0 {
			key |= 1 << 11
		}
	}
	sp, ok := s.setIdx[key]
	if !ok {
		start := len(s.setPool)
		n := 0
		for c := range tile.NumColours {
			for range s.leftovers[c] {
				s.dec.set.tiles[n] = uint8(c)
				n++
			}
		}
		s.dec.set.n = n
		s.place(0, 0, 0, 0, assign{})
		sp = [2]int32{int32(start), int32(len(s.setPool))}
		s.setIdx[key] = sp
	}
	for i := sp[0]; i < sp[1]; i++ {
		s.record(nd, runs, qc, qu, counted, &s.setPool[i])
	}
}

func (s *fsolver) place(k int, qc, qu, counted int, as assign) {
	d := &s.dec.set
	if k == d.n {
		s.wilds(qc, qu, counted, &as)
		return
	}
	v := s.v
	c := int(d.tiles[k])
	bit := uint8(1) << c
	try := func(dest int, next assign, step int) {
		d.dest[k] = uint8(dest)
		if step == 2 {
			d.dest[k+1] = uint8(dest)
		}
		s.place(k+step, qc, qu, counted, next)
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
		if k+1 < d.n && int(d.tiles[k+1]) == c {
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
// natural's pair).
func (s *fsolver) wilds(qc, qu, counted int, as *assign) {
	if as.setN[1] > 0 && as.setN[0] == 0 {
		return
	}
	s.wildSet(0, qc, qu, counted, as)
}

// wildSet decides new set i: counted or not, and its okeys.
func (s *fsolver) wildSet(i int, qc, qu, counted int, as *assign) {
	d := &s.dec.set
	if i == 2 {
		s.wildPairs(0, 0, qc, qu, counted, as)
		return
	}
	if as.setN[i] == 0 {
		d.setWild[i] = 0
		d.setCounted[i] = false
		d.setExtra[i] = 0
		s.wildSet(i+1, qc, qu, counted, as)
		return
	}
	for _, cnt := range [2]bool{true, false} {
		if cnt && !s.counted() || !cnt && s.counted() && !s.taint {
			continue
		}
		for w := max(0, 3-as.setN[i]); as.setN[i]+w <= 4 && w <= 2; w++ {
			d.setWild[i] = w
			d.setCounted[i] = cnt
			d.setExtra[i] = 0
			if !cnt {
				s.wildSet(i+1, qc, qu+w, counted, as)
				continue
			}
			s.wildSet(i+1, qc+w, qu, counted+as.setN[i]+w, as)
			if s.taint && as.setN[i]+w == 3 {
				// A freed okey laid off onto the opening's set of three.
				d.setExtra[i] = 1
				s.wildSet(i+1, qc+w, qu+1, counted+as.setN[i]+w, as)
				d.setExtra[i] = 0
			}
		}
	}
}

// wildPairs pairs the k-th single (of as.singles) with an okey, the
// player's own (a counted pair when opening with pairs) or a freed one.
func (s *fsolver) wildPairs(k, own int, qc, qu, counted int, as *assign) {
	d := &s.dec.set
	if k == as.singles {
		s.collect(qc, qu, counted, own, as)
		return
	}
	idx := 0
	for i := range d.n {
		if d.dest[i] == dPairWild {
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
		d.pairOwn[idx] = o
		if o {
			s.wildPairs(k+1, own+1, qc+1, qu, counted, as)
		} else {
			s.wildPairs(k+1, own, qc, qu+1, counted, as)
		}
	}
}

// collect keeps one way through the set step.
func (s *fsolver) collect(qc, qu, counted, ownPairs int, as *assign) {
	o := setOut{
		qc: int8(qc), qu: int8(qu), freed: int8(as.freed), left: int8(as.left),
		counted: int8(counted), dec: s.dec.set,
	}
	if s.mode == modeOpenPairs {
		o.pairs = int8(as.twins + ownPairs)
	}
	for j := range as.tableRoom {
		o.tableRoom[j] = int8(as.tableRoom[j])
	}
	if s.takeC >= 0 && s.v == s.takeV {
		o.tookNat = s.tookHere(as)
	}
	o.laid = s.takeW && s.laidNatural(as)
	s.setPool = append(s.setPool, o)
}

// record checks the state after v and keeps it (or, capturing, compares
// it with the target).
func (s *fsolver) record(nd fnode, runs uint64, qc, qu, counted int, o *setOut) {
	g := s.fromG
	w := s.h.wild
	g.cw += qc + int(o.qc)
	g.tw += qc + qu + int(o.qc+o.qu)
	g.f += int(o.freed)
	g.left += int(o.left)
	if g.cw > w || g.tw > w+s.hk.frees || g.left > 1 || g.f > 2 {
		return
	}
	for j, ts := range s.hk.sets[s.v] {
		if j < 4 {
			g.sink = min(2, g.sink+int(ts.room)-int(o.tableRoom[j]))
		}
	}
	if !s.lookAhead(runs, w+s.hk.frees-g.tw) {
		return
	}
	if s.mode == modeOpenPairs {
		g.pairs = min(5, g.pairs+int(o.pairs))
	}
	if s.takeC >= 0 && s.v == s.takeV {
		if !o.tookNat {
			return
		}
		g.took = 1
	}
	if o.laid {
		g.took = 1
	}
	val := nd.val
	if s.counted() {
		val += int32(s.v * (counted + int(o.counted)))
		// The opening cannot reach the threshold with all the naturals
		// above v and every okey of the player's own at 13.
		if int(val)+s.above[s.v]+13*(w-g.cw) < s.thr {
			return
		}
	}
	key := fkey{runs: runs, glob: packGlob(g)}
	if s.target != nil {
		if !s.found && key == s.target.key && val == s.target.val {
			s.found = true
			s.got = stepDec{col: s.dec.col, set: o.dec}
		}
		return
	}
	s.put(key, val)
}

// put keeps a state of the layer being built, the better of two equal
// ones.
func (s *fsolver) put(key fkey, val int32) {
	s.work += fputWork
	if (len(s.nodes)-int(s.cur))*4 >= len(s.slots)*3 {
		s.grow()
	}
	h := s.hash(key)
	for {
		sl := s.slots[h]
		if sl>>32 != s.gen {
			s.slots[h] = s.gen<<32 | uint64(len(s.nodes))
			s.nodes = append(s.nodes, fnode{key: key, val: val, prev: s.from})
			return
		}
		n := &s.nodes[int32(sl)]
		if n.key == key {
			if val > n.val {
				n.val, n.prev = val, s.from
			}
			return
		}
		h = (h + 1) & s.mask
	}
}

func (s *fsolver) hash(k fkey) uint64 {
	return ((k.runs ^ uint64(k.glob)<<49 ^ uint64(k.glob)>>15) * 0x9E3779B97F4A7C15) >> s.shift
}

// grow doubles the table and puts the layer being built back in.
func (s *fsolver) grow() {
	bits := uint(minHashBits)
	if s.slots != nil {
		bits = 65 - s.shift
	}
	s.slots = make([]uint64, 1<<bits)
	s.mask = 1<<bits - 1
	s.shift = 64 - bits
	for i := s.cur; i < int32(len(s.nodes)); i++ {
		h := s.hash(s.nodes[i].key)
		for s.slots[h]>>32 == s.gen {
			h = (h + 1) & s.mask
		}
		s.slots[h] = s.gen<<32 | uint64(i)
	}
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
			if s.dec.set.setCounted[i] && as.setMask[i]&(1<<c) != 0 {
				return true
			}
		}
		return false
	case modeOpenPairs:
		for i := range s.dec.set.n {
			if int(s.dec.set.tiles[i]) == c && (s.dec.set.dest[i] == dPair || s.dec.set.dest[i] == dPairWild && s.dec.set.pairOwn[i]) {
				return true
			}
		}
		return false
	}
	return int(s.h.nat[c][s.v])-as.leftCol[c] >= 1
}
