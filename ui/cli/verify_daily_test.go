package cli

import (
	"errors"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/okey101"
)

// dailyClassic is hand k of the classic daily of 2026-11-24 played
// plainly for n actions (or to the hand's end), with meta as given.
func dailyClassic(t *testing.T, k int, seedDelta uint64, meta map[string]string, n int) []byte {
	t.Helper()
	d, _ := daily.ParseDate("2026-11-24")
	set, _ := daily.New(game.Classic, d)
	h := set.Hands[k-1]
	if meta == nil {
		meta = set.Meta(h, false)
	}
	g, err := classic.NewGame(daily.ClassicRules(), h.Seed+seedDelta, meta)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && g.State().Result() == nil; i++ {
		st := g.State()
		s := st.Turn()
		try := []classic.Action{classic.DrawAction(s), classic.EndHandAction(s)}
		for _, tl := range st.View(s).Rack {
			try = append(try, classic.DiscardAction(s, tl))
		}
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				break
			}
		}
	}
	r := g.Record()
	return r.Marshal()
}

// okey verify on a local daily's hand: which day and hand it is, that it
// is that hand's, and whether the hand ended; a record that names a
// daily it is not fails.
func TestVerifyDaily(t *testing.T) {
	v, err := Verify(dailyClassic(t, 3, 0, nil, 1000))
	if err != nil || v.Daily == nil || v.Daily.Hand.N != 3 || v.Daily.Set.Date.String() != "2026-11-24" || !v.Over || v.Daily.Practice {
		t.Fatalf("a whole daily hand: %+v, %v", v, err)
	}
	if v, err := Verify(dailyClassic(t, 1, 0, nil, 5)); err != nil || v.Over {
		t.Fatalf("a daily hand under way: %+v, %v", v, err)
	}
	if _, err := Verify(dailyClassic(t, 1, 1, nil, 5)); !errors.Is(err, daily.ErrDailyMismatch) {
		t.Fatalf("another seed under a daily's name: %v", err)
	}
	bad := map[string]string{daily.MetaDaily: "v1 classic 2026-13-01 hand 1"}
	if _, err := Verify(dailyClassic(t, 1, 0, bad, 5)); !errors.Is(err, daily.ErrDailyMeta) {
		t.Fatalf("a damaged daily meta: %v", err)
	}
	// 101: a one-hand match, played to its end.
	d, _ := daily.ParseDate("2026-11-24")
	set, _ := daily.New(game.Okey101, d)
	h := set.Hands[1]
	g, err := okey101.NewGame(daily.Rules101(), h.Seed, set.Meta(h, true))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5000 && g.State().Phase() != game.MatchOver; i++ {
		st := g.State()
		v := st.View(st.Turn())
		try := v.SimpleActions()
		if st.Phase() == game.HandOver {
			try = []okey101.Action{okey101.NextHand()}
		}
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				break
			}
		}
	}
	r := g.Record()
	v, err = Verify(r.Marshal())
	if err != nil || v.Daily == nil || v.Daily.Hand.N != 2 || !v.Daily.Practice || !v.Over {
		t.Fatalf("a 101 daily hand: %+v, %v", v, err)
	}
}
