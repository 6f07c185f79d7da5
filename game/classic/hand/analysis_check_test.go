package hand

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

// Every structure a witness vouches for exists: whenever the witness of
// an optimal config says yes, with a natural taken out or put in, the
// exact search seats as many. The quick way answers nearly every time,
// so this is mostly its test.
func TestWitnessesAreSound(t *testing.T) {
	t.Parallel()
	n := 1000
	if testing.Short() {
		n = 150
	}
	if raceOn {
		n = 30
	}
	checked := 0
	r := rand.New(rand.NewPCG(11, 12))
	for _, rc := range refCases(11, n, 0) {
		a, _ := NewAnalyzer(rc.rules, rc.ind)
		h, _ := a.HandOf(rc.c)
		p := a.play(&h)
		var o optimal
		o.solveAll(&a, &p, true)
		if o.best < 0 {
			continue
		}
		// exact reports what the search seats, stopping at target.
		exact := func(q *played, target int) int {
			s := a.newSearch(q)
			s.enough = int8(target)
			return s.meldsSeated()
		}
		var m seatMap
		for i := range o.n {
			if a.stock.witnessOf(&o.r, &o.opts[i].choice, o.best, -1, 0, 0, &m) {
				if got := exact(&p, o.best); got < o.best {
					t.Fatalf("%v: config %d vouched for %d, exact %d", rc, i, o.best, got)
				}
				checked++
			}
			for range 3 {
				f := tile.Tile(r.IntN(52))
				c, v := int(f)/tile.NumValues, int8(f%tile.NumValues+1)
				digit := o.opts[i].cc[c].digit(v)
				if digit > 0 && a.stock.witnessOf(&o.r, &o.opts[i].choice, o.best, c, v, -1, &m) {
					q := p
					q.remove(f)
					if got := exact(&q, o.best); got < o.best {
						t.Fatalf("%v: config %d without %v vouched for %d, exact %d", rc, i, f, o.best, got)
					}
					checked++
				}
				if digit < 2 && a.outside(&h, a.stock.realTile(int(f))) > 0 && a.stock.witnessOf(&o.r, &o.opts[i].choice, o.best+1, c, v, 1, &m) {
					q := p
					q.add(f)
					if got := exact(&q, o.best+1); got < o.best+1 {
						t.Fatalf("%v: config %d with %v vouched for %d, exact %d", rc, i, f, o.best+1, got)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d structures checked", checked)
}
