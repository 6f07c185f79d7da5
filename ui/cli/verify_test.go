package cli

import (
	"bytes"
	"errors"
	"strconv"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/fair"
	"okey/game/okey101"
	"okey/game/tile"
)

var testSalt = []byte("0123456789abcdef")

// classicRecord is a classic match of seed, committed with testSalt,
// played plainly (draw, discard the first tile; the next hand when one
// ends) for n actions.
func classicRecord(t *testing.T, seed uint64, n int) classic.Record {
	t.Helper()
	g, err := classic.NewGame(classic.DefaultRules(), seed, fair.Meta(seed, testSalt))
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		st := g.State()
		if st.Phase() == game.MatchOver {
			break
		}
		s := st.Turn()
		try := []classic.Action{classic.NextHandAction(), classic.DrawAction(s), classic.EndHandAction(s)}
		for _, tl := range st.View(s).Rack {
			try = append(try, classic.DiscardAction(s, tl))
		}
		played := false
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				played = true
				break
			}
		}
		if !played {
			t.Fatalf("no plain move at action %d", len(g.Record().Actions))
		}
	}
	return g.Record()
}

// record101 is a match of Okey 101 played likewise, for n actions.
func record101(t *testing.T, seed uint64, n int) okey101.Record {
	t.Helper()
	g, err := okey101.NewGame(okey101.DefaultRules(), seed, fair.Meta(seed, testSalt))
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		st := g.State()
		if st.Phase() == game.MatchOver {
			break
		}
		v := st.View(st.Turn())
		try := v.SimpleActions()
		if st.Phase() == game.HandOver {
			try = []okey101.Action{okey101.NextHand()}
		}
		played := false
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				played = true
				break
			}
		}
		if !played {
			t.Fatalf("no plain move at action %d (%v)", len(g.Record().Actions), st.Phase())
		}
	}
	return g.Record()
}

// TestVerify: a committed record verifies, with its commitment; each way
// to tamper with it fails for its own reason — another seed, another
// salt, a move the deal does not allow, a commitment taken out, a file
// that is not a record — in both games.
func TestVerify(t *testing.T) {
	c := classicRecord(t, 42, 120)
	o := record101(t, 42, 120)
	good := map[string]func(func(meta map[string]string, seed *uint64)) []byte{
		"classic": func(edit func(map[string]string, *uint64)) []byte {
			r := c
			r.Meta = map[string]string{}
			for k, v := range c.Meta {
				r.Meta[k] = v
			}
			edit(r.Meta, &r.Seed)
			return r.Marshal()
		},
		"101": func(edit func(map[string]string, *uint64)) []byte {
			r := o
			r.Meta = map[string]string{}
			for k, v := range o.Meta {
				r.Meta[k] = v
			}
			edit(r.Meta, &r.Seed)
			return r.Marshal()
		},
	}
	for name, rec := range good {
		t.Run(name, func(t *testing.T) {
			v, err := Verify(rec(func(map[string]string, *uint64) {}))
			if err != nil {
				t.Fatalf("a good record: %v", err)
			}
			if v.Commit != fair.Commit(42, testSalt) || v.Seed != 42 || v.Hands < 1 || v.Game != map[string]game.Kind{"classic": game.Classic, "101": game.Okey101}[name] {
				t.Errorf("verified %+v", v)
			}
			for _, tc := range []struct {
				what string
				b    []byte
				want error
			}{
				{"another seed", rec(func(_ map[string]string, s *uint64) { *s = 43 }), fair.ErrMismatch},
				{"another salt", rec(func(m map[string]string, _ *uint64) { m[fair.MetaSalt] = "30313233343536373839616263646566ff" }), fair.ErrMismatch},
				{"no commitment", rec(func(m map[string]string, _ *uint64) { delete(m, fair.MetaCommit); delete(m, fair.MetaSalt) }), fair.ErrNoCommitment},
				{"a damaged salt", rec(func(m map[string]string, _ *uint64) { m[fair.MetaSalt] = "xyz" }), fair.ErrBadCommitment},
				{"not a record", []byte("hello\n"), ErrDamaged},
				{"a torn line", append(rec(func(map[string]string, *uint64) {}), `{"a":"disc`...), ErrDamaged},
			} {
				if _, err := Verify(tc.b); !errors.Is(err, tc.want) {
					t.Errorf("%s: %v, want %v", tc.what, err, tc.want)
				}
			}
		})
	}

	// Another seed with a commitment made anew for it verifies as a
	// record — but with another commitment than the players noted.
	r := c
	r.Seed, r.Meta = 43, fair.Meta(43, testSalt)
	r.Deals = nil // the deals written would give the change away
	if v, err := Verify(r.Marshal()); err == nil && v.Commit == fair.Commit(42, testSalt) {
		t.Error("a record dealt from another seed shows the first seed's commitment")
	}
}

// TestVerifyIllegalMove: a discard changed to a tile the player does
// not hold, or a deal line changed, does not replay under the deal.
func TestVerifyIllegalMove(t *testing.T) {
	c := classicRecord(t, 42, 120)
	b := c.Marshal()
	lines := bytes.Split(b, []byte("\n"))
	// The first discard: its tile becomes one the seat does not hold.
	g, _ := classic.NewGame(c.Rules, c.Seed, nil)
	var changed bool
	for i, a := range c.Actions {
		if a.Kind == classic.ActDiscard {
			rack := g.State().View(a.Seat).Rack
			for f := range tile.Tile(tile.NumFaces) {
				held := false
				for _, x := range rack {
					held = held || x == f
				}
				if !held && f.Valid() {
					c2 := c
					c2.Actions = append([]classic.Action(nil), c.Actions...)
					c2.Actions[i].Tile = f
					if _, err := Verify(c2.Marshal()); !errors.Is(err, ErrIllegalMove) {
						t.Errorf("a discard of %v, not held: %v", f, err)
					}
					changed = true
					break
				}
			}
			break
		}
		g.Apply(a)
	}
	if !changed {
		t.Fatal("no discard to change")
	}
	// In 101, a draw by a seat whose turn it is not.
	o := record101(t, 42, 60)
	for i, a := range o.Actions {
		if a.Kind == okey101.ActDraw {
			o.Actions[i].Seat = (a.Seat + 1) % okey101.NumSeats
			if _, err := Verify(o.Marshal()); !errors.Is(err, ErrIllegalMove) {
				t.Errorf("101: a draw out of turn: %v", err)
			}
			break
		}
	}
	// The first deal line says another indicator.
	for i, ln := range lines {
		if bytes.HasPrefix(ln, []byte(`{"deal":1`)) {
			d := c.Deals[0]
			other := tile.Tile(0)
			if d.Indicator == other {
				other = 1
			}
			lines[i] = bytes.Replace(ln, []byte(`"indicator":"`+d.Indicator.String()+`"`), []byte(`"indicator":"`+other.String()+`"`), 1)
			if _, err := Verify(bytes.Join(lines, []byte("\n"))); !errors.Is(err, ErrDealMismatch) {
				t.Errorf("another indicator for hand 1: %v", err)
			}
			return
		}
	}
	t.Fatalf("no deal line in %s", strconv.Quote(string(b[:200])))
}
