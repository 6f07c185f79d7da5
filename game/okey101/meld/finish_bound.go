package meld

import "okey/game/tile"

// hopeless is a quick necessary condition for finishing, checked before
// the search: every natural but one must go onto the table, and one that
// has no way there without an okey — no run of three naturals through
// it, no two other colours of its value, no table run it reaches through
// naturals, no set of the table with room for it, no okey it can free,
// and (laying pairs) no twin — needs an okey, which brings at most two
// such naturals along (two naturals and an okey make a set). With the
// player's okeys and those the table could give back, more strays than
// twice that, plus the discard, cannot all be placed.
func hopeless(h *hand, hk *hooks, pairs bool) bool {
	strays := 0
	for c := range tile.NumColours {
		row := &h.nat[c]
		// Values that naturals link to a table run's end: up from a run
		// ending below, down from one starting above.
		var up, down [tile.NumValues + 2]bool
		for v := 1; v <= tile.NumValues; v++ {
			up[v] = row[v] > 0 && (hk.inject[c][v] > 0 || up[v-1])
		}
		for v := tile.NumValues; v >= 1; v-- {
			down[v] = row[v] > 0 && (hk.absorb[c][v+1] > 0 || down[v+1])
		}
		for v := 1; v <= tile.NumValues; v++ {
			n := int(row[v])
			if n == 0 || up[v] || down[v] {
				continue
			}
			has := func(u int) bool { return u >= 1 && u <= tile.NumValues && row[u] > 0 }
			if has(v-1) && has(v+1) || has(v+1) && has(v+2) || has(v-2) && has(v-1) {
				continue
			}
			others := 0
			for d := range tile.NumColours {
				if d != c && h.nat[d][v] > 0 {
					others++
				}
			}
			if others >= 2 || hk.freed[c][v] > 0 || pairs && n == 2 {
				continue
			}
			if setRoom(hk, c, v) {
				continue
			}
			strays += n
		}
	}
	return strays > 4*(h.wild+hk.frees)+1
}

// setRoom reports whether a set of the table at value v lacks colour c
// and has room for it or an okey it frees.
func setRoom(hk *hooks, c, v int) bool {
	for _, ts := range hk.sets[v] {
		if ts.have&(1<<c) == 0 && (ts.room > 0 || ts.okeys > 0) {
			return true
		}
	}
	return false
}
