package format

import "testing"

// Every table of a duplicate round deals the round's seal, whatever it
// is handed, shows its commitment and never its secret, lets nobody
// watch nor gives its record out, is rated, plays one match, and comes
// back under the round's seal.
func TestRoundDealsTheRoundsSealAndKeepsItsSecret(t *testing.T) {
	round := sealN(5)
	for _, r := range []*Round{NewRound(RoundPlanOf(round)), NewRound(RoundPlanOf(round))} {
		if r.NeedsSeal() {
			t.Fatal("a round's table draws its own seal")
		}
		h := r.Deal(sealN(9))
		if h.Seal.Seed != round.Seed || h.Seal.Commit != round.Commit || h.Seal.BotKey != round.BotKey {
			t.Fatalf("dealt %+v, want the round's %+v", h.Seal, round)
		}
		if len(h.Meta) == 0 {
			t.Errorf("the record's meta has no commitment: %v", h.Meta)
		}
		for _, over := range []bool{false, true} {
			if sh := r.Show(h.Seal, over); sh.Seed != "" || sh.Salt != "" || sh.Commit != round.Commit.Short() {
				t.Errorf("shown with the match over %v: %+v", over, sh)
			}
		}
		if p := r.Policy(); p.Watch || p.RecordAtEnd || !p.Rated || !p.SharedSeal {
			t.Errorf("policy %+v", p)
		}
		if _, more, ok := r.Next(); more || !ok {
			t.Errorf("after its match: more %v, ok %v", more, ok)
		}
		if s, err := r.Restore(1, nil, sealN(9)); err != nil || s.Seed != round.Seed {
			t.Errorf("restored under %+v, %v", s, err)
		}
	}
}

// A tournament's table is its format's with the tournament's say over
// the seats: its players awaited and no one else seated, its match
// played out by the bots, one match, a seat away too long lost; the rest of the policy, and everything else, its format's. No
// other format awaits, plays out alone, stops at one match or loses a seat for its player's absence.
func TestSeatedAddsTheTournamentsSeatsToItsFormat(t *testing.T) {
	for _, f := range []Format{NewMatch("default"), NewRound(RoundPlanOf(sealN(5)))} {
		s := Seated(f)
		want := f.Policy()
		if want.Awaits || want.PlaysOut || want.OneMatch || want.Chosen || want.AwayLoses {
			t.Errorf("%T alone: %+v", f, want)
		}
		want.Awaits, want.PlaysOut, want.OneMatch, want.Chosen, want.AwayLoses = true, true, true, true, true
		if got := s.Policy(); got != want {
			t.Errorf("%T seated: %+v, want %+v", f, got, want)
		}
		if s.Kind() != f.Kind() || s.NeedsSeal() != f.NeedsSeal() {
			t.Errorf("%T seated: kind %q, seal %v", f, s.Kind(), s.NeedsSeal())
		}
	}
}
