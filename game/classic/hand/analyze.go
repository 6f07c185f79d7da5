package hand

import (
	"okey/game/tile"
)

// This file turns a rack of real tiles into what analysis reasons about:
// the naturals by the face they play as, and the number of wilds.
//
// The model behind every analysis (win, distance, outs, discards):
//
// A rack H of 14 tiles holds w okeys (wild) and 14-w naturals; a false
// joker is the natural okey face. A winning hand H' is a set of melds (or
// seven pairs) whose every slot is filled by a natural of the slot's face
// or by a wild. The distance of H is 14 - max |H ∩ H'| over winning H'
// made of tiles that exist outside the table. Keeping every okey is never
// worse (an okey can take the place of any tile H' adds), so the distance
// is 14 - min(14, m + w), where m is the largest number of H's naturals a
// winning structure can seat. A structure is a multiset of melds; N_f is
// its number of slots of face f, it seats sum_f min(nat_f, N_f) naturals,
// and it can be filled from the tiles in existence when
//
//	sum_f max(0, N_f - avail_f) <= B
//
// (the slots beyond a face's copies take okeys: B = 2 with okeys, 0 under
// simple104) and it has exactly 14 slots, or at most 11 and the rest is
// made up of fresh melds of available tiles, which always exist.
// Seven pairs are the same with pairs for melds.

// played is a rack seen by one deal: naturals by played face in rows of
// copy masks (as in Hand), and the number of wilds.
type played struct {
	rows [tile.NumColours]uint32
	w    int
	n    int
}

// play splits h into naturals and wilds.
func (a *Analyzer) play(h *Hand) played {
	p := played{rows: h.rows, n: int(h.n)}
	if a.stock.okey == tile.NoTile {
		return p
	}
	c := a.stock.okey / tile.NumValues
	b := uint32(1) << (a.stock.okey % tile.NumValues)
	r := p.rows[c]
	p.w = int(r&b) >> (a.stock.okey % tile.NumValues)
	p.w += int(r&(b<<16)) >> (a.stock.okey%tile.NumValues + 16)
	r &^= b | b<<16
	switch h.j {
	case 1:
		r |= b
	case 2:
		r |= b | b<<16
	}
	p.rows[c] = r
	return p
}

// add puts one natural of played face f in; remove takes one out.
func (p *played) add(f tile.Tile) {
	r := &p.rows[f/tile.NumValues]
	b := uint32(1) << (f % tile.NumValues)
	if *r&b == 0 {
		*r |= b
	} else {
		*r |= b << 16
	}
	p.n++
}

func (p *played) remove(f tile.Tile) {
	r := &p.rows[f/tile.NumValues]
	b := uint32(1) << (f % tile.NumValues)
	if *r&(b<<16) != 0 {
		*r &^= b << 16
	} else {
		*r &^= b
	}
	p.n--
}

// nat returns the naturals as counts by played face.
func (p *played) nat() (nat [tile.NumColoured]int8) {
	for c := range tile.NumColours {
		r := p.rows[c]
		for v := range tile.NumValues {
			nat[c*tile.NumValues+v] = int8(r>>v&1 + r>>(v+16)&1)
		}
	}
	return nat
}

// budget is how many slots beyond the tiles in existence okeys may fill.
func (sk *stock) budget() int8 {
	if !sk.noOkey {
		return 2
	}
	return 0
}

// wraps reports whether 12-13-1 runs are allowed.
func (a *Analyzer) wraps() bool { return a.cfg.Wrap && !a.cfg.NoOkey }

// availOf is how many naturals of played face f exist outside the table:
// the okey face's naturals are the false jokers.
func (sk *stock) availOf(f tile.Tile) int8 {
	if f == sk.okey {
		return int8(sk.avail[tile.FalseJoker])
	}
	return int8(sk.avail[f])
}

// outside is how many copies of real face t exist outside the rack h:
// what a player could still draw or take.
func (a *Analyzer) outside(h *Hand, t tile.Tile) int {
	if !t.Valid() {
		return 0
	}
	return int(a.stock.avail[t]) - h.Count(t)
}
