package meld

import "okey/game/tile"

// The exact search behind BestOpening and Unmelded: a dynamic programme
// over the values 1..13, never a greedy choice.
//
// Reading the rack value by value, what the future needs to know of the
// runs laid so far is, for each colour, how many runs are open and how
// long they are: 1, 2, or 3 and more (a run of 3 may stop anywhere, a
// shorter one must go on). Sets live at one value, so they are decided
// where that value is read, from the tiles the runs leave there. The
// state between two values is the four colours' open runs and the number
// of okeys spent; equal states keep only the best score, which is what
// makes the search exact and small.
//
// Some choices can be left out without losing the best: a run starts on
// an okey only if it goes on to 13 (otherwise moving the okey from its
// bottom to above its top is worth more, or as much when counting
// tiles); a run never
// starts while a run of 3 or more of its colour stops at the same value
// (continuing it covers the same tiles with fewer obligations); a tile's
// place in a run goes to a natural before an okey (swapping them changes
// nothing, unless it empties a set of naturals, which two okeys cannot
// make); and at a value, the sets take as many of the tiles the runs left
// as they can (each is worth the value, and nothing later can use them).
//
// Up to two runs of one colour can start at a value (three could never
// all reach length 3 with two copies of each tile and two okeys), but with
// okeys up to four can pass through one value: R9 R10 R11 twice and okey
// R12 R13 twice is worth more than R9..R13 twice with the okeys below.

// The weights of Work, fitted to the CPU time of 2,000 decisions of the
// hard 101 bot: a search's start (the hand read, the first layer, the
// melds rebuilt) and a finish search's start and states, in states of
// the opening search.
const (
	runWork  = 170
	frunWork = 390
	fputWork = 19
)

// Per colour, the open runs are packed in a byte: n1 (bits 0-1) runs of
// length 1, n2 (bits 2-3) of length 2, n3 (bits 4-6) of length 3 or more.
func runState(n1, n2, n3 int) uint8 { return uint8(n1 | n2<<2 | n3<<4) }

func stateN1(s uint8) int { return int(s & 3) }
func stateN2(s uint8) int { return int(s >> 2 & 3) }

// runMove is one way a colour's open runs go through the next value: x of
// the runs of 3 or more go on (the others stop), fresh new runs start.
type runMove struct {
	to    uint8 // the state after
	cover uint8 // runs through this value: tiles it places here
	x     uint8
	fresh uint8
}

// runMoves[s][0] lists the moves from state s where no run may start
// (values 12 and 13); runMoves[s][1] those where runs may.
var runMoves = func() (t [128][2][]runMove) {
	for n1 := range 3 {
		for n2 := range 3 {
			for n3 := range 5 {
				s := runState(n1, n2, n3)
				for allow := range 2 {
					for x := 0; x <= n3; x++ {
						maxFresh := 0
						if allow == 1 && x == n3 {
							maxFresh = 2
						}
						for fresh := 0; fresh <= maxFresh; fresh++ {
							cover := n1 + n2 + x + fresh
							to3 := n2 + x
							if cover > 4 || to3 > 4 {
								continue
							}
							t[s][allow] = append(t[s][allow], runMove{
								to: runState(fresh, n1, to3), cover: uint8(cover),
								x: uint8(x), fresh: uint8(fresh),
							})
						}
					}
				}
			}
		}
	}
	return t
}()

// setTiles is the most naturals the sets at one value can take from the
// leftovers (m colours holding at least one, l tiles in all) with q
// okeys: one set of 3 or 4 different colours, or two sets of 6 to 8
// tiles. 0 when no set can be made.
func setTiles(m, l, q int) int {
	best := 0
	if t := min(m, 4-q); t >= 1 && t+q >= 3 {
		best = t
	}
	if t := min(l, 8-q); t >= 1 && t+q >= 6 {
		best = max(best, t)
	}
	return best
}

// node is one state of the search between two values.
type node struct {
	key  uint64 // four colour states (a byte each), okeys spent << 32
	val  int32
	prev int32  // the node of the previous value it came from
	dec  uint32 // per colour x | fresh<<3 (5 bits each), okeys in sets << 20, decSets
}

// decSets marks a decision that forms sets at its value.
const decSets = 1 << 22

// minHashBits sizes the table of the states of one layer; it grows when
// a layer fills three quarters of it (dealt racks have a few dozen
// states a layer, crowded ones some hundreds).
const minHashBits = 10

// grow doubles the table and puts the layer being built back in.
func (s *solver) grow() {
	bits := 65 - s.shift
	s.slots = make([]uint64, 1<<bits)
	s.mask = 1<<bits - 1
	s.shift = 64 - bits
	for i := s.cur; i < int32(len(s.nodes)); i++ {
		h := (s.nodes[i].key * 0x9E3779B97F4A7C15) >> s.shift
		for s.slots[h]>>32 == s.gen {
			h = (h + 1) & s.mask
		}
		s.slots[h] = s.gen<<32 | uint64(i)
	}
}

// solver holds the search's memory, reused across calls by one
// goroutine.
type solver struct {
	h          *hand
	count      bool // score each tile 1 (Unmelded) instead of its value
	nodes      []node
	layer      [tile.NumValues + 2]int32 // first node of each value's layer
	slots      []uint64                  // gen<<32 | node index, open addressing
	mask       uint64
	shift      uint
	gen        uint64
	cur        int32       // first node of the layer being built
	groups     [][2]int    // the melds rebuilt: ranges of groupTiles
	groupTiles []tile.Tile // their tiles
	cands      [tile.NumColours][128]candList
	pool       []cand
	stamp      uint32
	// gaps[c][v] is the number of values v..13 where colour c has no
	// natural.
	gaps [tile.NumColours][tile.NumValues + 2]uint8
	work uint64 // the states built over the solver's life (Solver.Work)
}

func (s *solver) weight(v int) int32 {
	if s.count {
		return 1
	}
	return int32(v)
}

// put records a state of the layer being built, keeping the better of
// two equal states.
func (s *solver) put(key uint64, val int32, prev int32, dec uint32) {
	s.work++
	if int(int32(len(s.nodes))-s.cur)*4 >= len(s.slots)*3 {
		s.grow()
	}
	h := (key * 0x9E3779B97F4A7C15) >> s.shift
	for {
		sl := s.slots[h]
		if sl>>32 != s.gen {
			s.slots[h] = s.gen<<32 | uint64(len(s.nodes))
			s.nodes = append(s.nodes, node{key: key, val: val, prev: prev, dec: dec})
			return
		}
		n := &s.nodes[int32(sl)]
		if n.key == key {
			if val > n.val {
				n.val, n.prev, n.dec = val, prev, dec
			}
			return
		}
		h = (h + 1) & s.mask
	}
}

// run searches h and returns the best score and the index of the final
// node (-1 when the rack is empty of anything meldable: the score is 0).
func (s *solver) run(h *hand, count bool) (int32, int32) {
	s.h, s.count = h, count
	for c := range tile.NumColours {
		g := uint8(0)
		for v := tile.NumValues; v >= 1; v-- {
			if h.nat[c][v] == 0 {
				g++
			}
			s.gaps[c][v] = g
		}
	}
	s.nodes = s.nodes[:0]
	s.nodes = append(s.nodes, node{prev: -1})
	s.layer[0] = 0
	if s.slots == nil {
		s.slots = make([]uint64, 1<<minHashBits)
		s.mask = 1<<minHashBits - 1
		s.shift = 64 - minHashBits
	}
	for v := 1; v <= tile.NumValues; v++ {
		s.gen++
		s.layer[v] = int32(len(s.nodes))
		s.cur = s.layer[v]
		s.stamp++
		s.pool = s.pool[:0]
		for i := s.layer[v-1]; i < s.layer[v]; i++ {
			s.expand(v, i)
		}
	}
	s.layer[tile.NumValues+1] = int32(len(s.nodes))
	s.work += runWork
	best, at := int32(-1), int32(-1)
	for i := s.layer[tile.NumValues]; i < int32(len(s.nodes)); i++ {
		if s.nodes[i].val > best {
			best, at = s.nodes[i].val, i
		}
	}
	return best, at
}

// cand is one way a colour's open runs go through a value, with what it
// needs: the okeys it spends here (q), the least okey budget it needs
// counting those it will need later (need), the tiles it places (cover)
// and the naturals it leaves for the sets (rest).
type cand struct {
	key                  uint32 // the colour's next state, in its byte
	dec                  uint32 // the decision bits of the colour
	q, need, cover, rest uint8
}

// candList is where a colour state's candidates sit in the pool.
type candList struct {
	stamp uint32
	start uint16
	n     uint8
}

// candsFor lists the candidates of colour c in state st at value v,
// building them once a layer.
func (s *solver) candsFor(v, c int, st uint8) []cand {
	cl := &s.cands[c][st]
	if cl.stamp == s.stamp {
		return s.pool[cl.start : int(cl.start)+int(cl.n)]
	}
	allow := 0
	if v <= tile.NumValues-2 {
		allow = 1
	}
	a := int(s.h.nat[c][v])
	nextA := int(s.h.nat[c][v+1])
	start := len(s.pool)
	for _, mv := range runMoves[st][allow] {
		cover := int(mv.cover)
		used := min(cover, a)
		q := cover - used
		need := q
		if f := int(mv.fresh); f > a {
			// f-a runs start on an okey: each must reach 13 (else the
			// okey moves above its top for more), okeys filling every
			// gap on the way.
			need = max(need, (f-a)*(1+int(s.gaps[c][v+1])))
		}
		to := mv.to
		if n := stateN1(to) + stateN2(to); n > 0 {
			// Short runs must go on at v+1, and runs of 1 at v+2.
			if v == tile.NumValues || stateN1(to) > 0 && v >= tile.NumValues-1 {
				continue
			}
			need = max(need, q+n-nextA)
			if n1 := stateN1(to); n1 > 0 {
				need = max(need, q+n1-int(s.h.nat[c][v+2]))
			}
		}
		if need > s.h.wild {
			continue
		}
		s.pool = append(s.pool, cand{
			key: uint32(to) << (8 * c), dec: uint32(mv.x)<<(5*c) | uint32(mv.fresh)<<(5*c+3),
			q: uint8(q), need: uint8(need), cover: uint8(cover), rest: uint8(a - used),
		})
	}
	*cl = candList{stamp: s.stamp, start: uint16(start), n: uint8(len(s.pool) - start)}
	return s.pool[start:]
}

// expand lays every way through value v from node i: a move for each
// colour, then the sets from what the runs left.
func (s *solver) expand(v int, i int32) {
	nd := s.nodes[i]
	b0 := s.h.wild - int(nd.key>>32)
	l0 := s.candsFor(v, 0, uint8(nd.key))
	l1 := s.candsFor(v, 1, uint8(nd.key>>8))
	l2 := s.candsFor(v, 2, uint8(nd.key>>16))
	l3 := s.candsFor(v, 3, uint8(nd.key>>24))
	for i0 := range l0 {
		x0 := &l0[i0]
		if int(x0.need) > b0 {
			continue
		}
		b1 := b0 - int(x0.q)
		for i1 := range l1 {
			x1 := &l1[i1]
			if int(x1.need) > b1 {
				continue
			}
			b2 := b1 - int(x1.q)
			for i2 := range l2 {
				x2 := &l2[i2]
				if int(x2.need) > b2 {
					continue
				}
				b3 := b2 - int(x2.q)
				for i3 := range l3 {
					x3 := &l3[i3]
					if int(x3.need) > b3 {
						continue
					}
					m := b2i(x0.rest > 0) + b2i(x1.rest > 0) + b2i(x2.rest > 0) + b2i(x3.rest > 0)
					l := int(x0.rest) + int(x1.rest) + int(x2.rest) + int(x3.rest)
					s.finish(v, i, nd.val, b3-int(x3.q),
						int(x0.cover)+int(x1.cover)+int(x2.cover)+int(x3.cover),
						[2]int{m, l}, uint64(x0.key|x1.key|x2.key|x3.key), x0.dec|x1.dec|x2.dec|x3.dec)
				}
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// finish adds the sets at value v and records the state.
func (s *solver) finish(v int, from int32, val int32, budget, placed int, left [2]int, key uint64, dec uint32) {
	spent := uint64(s.h.wild - budget)
	w := s.weight(v)
	s.put(key|spent<<32, val+w*int32(placed), from, dec)
	if left[0] == 0 {
		return // a set needs a natural
	}
	for q := 0; q <= budget; q++ {
		t := setTiles(left[0], left[1], q)
		if t == 0 {
			continue
		}
		s.put(key|(spent+uint64(q))<<32, val+w*int32(placed+t+q), from, dec|uint32(q)<<20|decSets)
	}
}
