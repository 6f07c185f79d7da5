package format

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"okey/game"
	"okey/game/daily"
	dup "okey/game/duplicate"
	"okey/game/fair"
)

// sealN is a fresh seal made of bytes that all equal n: distinct n,
// distinct seals.
func sealN(n byte) Seal {
	var b [SealBytes]byte
	for i := range b {
		b[i] = n
	}
	return SealFrom(b)
}

func TestSealFromAndSealOfAgree(t *testing.T) {
	s := sealN(7)
	if s.None || len(s.Salt) != fair.SaltLen || s.Commit != fair.Commit(s.Seed, s.Salt) {
		t.Fatalf("SealFrom = %+v: not a sealed seed", s)
	}
	if s.BotKey == 0 || s.BotKey != s.Seed {
		t.Errorf("bots' key %d: want the last 8 bytes (%d)", s.BotKey, s.Seed)
	}
	back := SealOf(s.Seed, s.Meta())
	if back.None || back.Commit != s.Commit || string(back.Salt) != string(s.Salt) || back.Seed != s.Seed {
		t.Errorf("SealOf(Meta) = %+v, want %+v", back, s)
	}
	if got := SealOf(s.Seed+1, s.Meta()); !got.None {
		t.Errorf("a seed the commitment does not hide: %+v, want None", got)
	}
	if got := SealOf(s.Seed, nil); !got.None {
		t.Errorf("a header without a commitment: %+v, want None", got)
	}
	if (Seal{None: true}).Meta() != nil {
		t.Error("a seal without a commitment writes meta")
	}
}

func TestOutcomeResultsTurnLessIsBetter(t *testing.T) {
	tests := []struct {
		o    Outcome
		want [Seats]int
	}{
		{Outcome{Scores: [Seats]int{3, -1, -1, -1}}, [Seats]int{3, -1, -1, -1}},
		{Outcome{Scores: [Seats]int{-101, 40, 88, 0}, LessIsBetter: true}, [Seats]int{101, -40, -88, 0}},
	}
	for _, tc := range tests {
		if got := tc.o.Results(); got != tc.want {
			t.Errorf("%+v.Results() = %v, want %v", tc.o, got, tc.want)
		}
	}
}

func TestMatchDealsFreshAndShowsTheSecretAtTheEnd(t *testing.T) {
	m := NewMatch("default")
	s := sealN(3)
	if !m.NeedsSeal() {
		t.Fatal("a match is dealt from a fresh seal")
	}
	h := m.Deal(s)
	if h.Seal.Seed != s.Seed || h.Meta[fair.MetaCommit] != s.Commit.String() {
		t.Errorf("Deal = %+v: not the fresh seal and its commitment", h)
	}
	if sh := m.Show(s, false); sh.Commit != s.Commit.Short() || sh.Seed != "" || sh.Salt != "" {
		t.Errorf("during the match: %+v, want the commitment alone", sh)
	}
	if sh := m.Show(s, true); sh.Seed == "" || sh.Salt == "" {
		t.Errorf("after the match: %+v, want the secret", sh)
	}
	if _, ok := m.Score(Outcome{}); ok || m.HandOver() {
		t.Error("a match scores hands of its own")
	}
	if turn, more, ok := m.Next(); turn != 0 || !more || !ok {
		t.Errorf("Next = %d %v %v: a match is followed by another", turn, more, ok)
	}
	if p := m.Policy(); !p.Watch || !p.Rated || !p.RecordAtEnd || p.Only != "" || !p.Closes.IsZero() {
		t.Errorf("Policy = %+v", p)
	}
}

// servedPlan is a served daily of g for player "ann".
func servedPlan(t *testing.T, g game.Kind) *DailyPlan {
	t.Helper()
	date, err := daily.ParseDate("2026-03-14")
	if err != nil {
		t.Fatal(err)
	}
	var secret daily.Secret
	secret[0] = 9
	set, err := daily.NewServed(g, date, secret)
	if err != nil {
		t.Fatal(err)
	}
	p := NewDailyPlan(set, daily.Commit(g, date, secret), "ann")
	if err := p.Check(string(g)); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestServedDailyPlaysTheDayInOrderScoringEachHandOnce(t *testing.T) {
	for _, g := range []game.Kind{game.Classic, game.Okey101} {
		t.Run(string(g), func(t *testing.T) {
			p := servedPlan(t, g)
			d := NewServedDaily(string(g), p)
			if d.NeedsSeal() || d.Hands() != daily.Hands(g) {
				t.Fatalf("NeedsSeal %v, Hands %d", d.NeedsSeal(), d.Hands())
			}
			pol := d.Policy()
			if pol.Only != "ann" || pol.Watch || pol.Rated || !pol.Closes.Equal(time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC)) {
				t.Errorf("Policy = %+v", pol)
			}
			for k := range daily.Hands(g) {
				h := d.Deal(sealN(1))
				if h.Seal.Seed != p.Seeds[k] || h.Seal.BotKey != p.BotKeys[k] || !h.Seal.None {
					t.Errorf("hand %d: seal %+v, want the plan's seed and key, no commitment", k+1, h.Seal)
				}
				if !reflect.DeepEqual(h.Meta, p.HandMeta(string(g), k)) {
					t.Errorf("hand %d: meta %v", k+1, h.Meta)
				}
				if _, _, ok := d.Next(); ok {
					t.Fatalf("hand %d: moved on before it was scored", k+1)
				}
				sc, ok := d.Score(Outcome{Scores: [Seats]int{k + 5, 0, 0, 0}, LessIsBetter: g == game.Okey101})
				if !ok || sc.Hand != k+1 || sc.Score != k+5 || !sc.Board || sc.Date != p.Date || sc.Player != "ann" {
					t.Errorf("hand %d: Score = %+v, %v", k+1, sc, ok)
				}
				if _, again := d.Score(Outcome{}); again || !d.HandOver() {
					t.Errorf("hand %d: scored twice", k+1)
				}
				if sh := d.Show(h.Seal, true); sh.Seed != "" || sh.Commit != p.Commit[:4]+" "+p.Commit[4:8]+" "+p.Commit[8:12]+" "+p.Commit[12:16] {
					t.Errorf("hand %d: shown %+v, want the day's commitment alone", k+1, sh)
				}
				if hand, over := d.Lobby(1, true); hand != k+1 || over {
					t.Errorf("hand %d: the lobby shows hand %d, over %v", k+1, hand, over)
				}
				turn, more, ok := d.Next()
				if turn != 0 || !ok || more != (k+1 < daily.Hands(g)) {
					t.Errorf("hand %d: Next = %d %v %v", k+1, turn, more, ok)
				}
			}
			st := d.Standing().Daily
			if st == nil || len(st.Scores) != daily.Hands(g) || st.Scores[0] != 5 || st.Date != p.Date {
				t.Errorf("Standing = %+v", st)
			}
		})
	}
}

func TestServedDailyRestoresAtTheRecordsHand(t *testing.T) {
	p := servedPlan(t, game.Classic)
	d := NewServedDaily("classic", p)
	s, err := d.Restore(p.Seeds[2], nil, sealN(4))
	if err != nil || d.Index() != 2 || s.Seed != p.Seeds[2] || s.BotKey != p.BotKeys[2] || !s.None {
		t.Fatalf("Restore = %+v, %v at %d", s, err, d.Index())
	}
	if d.HandOver() {
		t.Error("a restored hand is scored again, not taken as scored")
	}
	if _, err := d.Restore(12345, nil, Seal{}); !errors.Is(err, ErrDaily) {
		t.Errorf("a seed none of the day's: %v, want ErrDaily", err)
	}
}

func TestLocalDailyDealsTheSetsPublicHands(t *testing.T) {
	date, _ := daily.ParseDate("2026-03-14")
	set, err := daily.New(game.Classic, date)
	if err != nil {
		t.Fatal(err)
	}
	d := NewDaily(set, true)
	h := d.Deal(Seal{})
	if h.Seal.Seed != set.Hands[0].Seed || h.Bots != set.Hands[0].Bots || !reflect.DeepEqual(h.Meta, set.Meta(set.Hands[0], true)) {
		t.Errorf("Deal = %+v, want the set's first hand", h)
	}
	if d.Show(h.Seal, true) != (Shown{}) {
		t.Error("a local daily shows a commitment it has not")
	}
}

func TestDuplicateSealsEachDealOnceAndShowsItAfterTheFourthRotation(t *testing.T) {
	d := NewDuplicate("classic", DuplicatePlan{Deals: 2})
	if d.Hands() != 8 {
		t.Fatalf("Hands = %d, want 8", d.Hands())
	}
	var seals []Seal
	for i := range d.Hands() {
		fresh := sealN(byte(i + 1))
		if want := i%4 == 0; d.NeedsSeal() != want {
			t.Errorf("hand %d: NeedsSeal %v, want %v", i+1, !want, want)
		}
		h := d.Deal(fresh)
		seals = append(seals, h.Seal)
		if hand, _, err := dup.ParseHandMeta(h.Meta[dup.MetaHand]); err != nil || hand.N != i {
			t.Errorf("hand %d: meta %q", i+1, h.Meta[dup.MetaHand])
		}
		if p := d.Player(i % 4); p != 0 {
			t.Errorf("hand %d: seat %d holds player %d, want 0 (one seat on each hand)", i+1, i%4, p)
		}
		if d.Arranged() != i {
			t.Errorf("hand %d: arranged %d", i+1, d.Arranged())
		}
		if sh := d.Show(h.Seal, true); sh.Seed != "" {
			t.Errorf("hand %d: the seed shown before the hand is scored", i+1)
		}
		sc, ok := d.Score(Outcome{Scores: [Seats]int{i, 0, 0, -i}})
		if !ok || sc.Share != (i%4 == 3) {
			t.Errorf("hand %d: Score = %+v %v", i+1, sc, ok)
		}
		if sh := d.Show(h.Seal, false); (sh.Seed != "") != (i%4 == 3) {
			t.Errorf("hand %d: shown %+v", i+1, sh)
		}
		turn, more, ok := d.Next()
		if !ok || more != (i < 7) || more && turn != 1 {
			t.Errorf("hand %d: Next = %d %v %v", i+1, turn, more, ok)
		}
	}
	for i, s := range seals {
		if s.Seed != seals[i/4*4].Seed || s.Commit != seals[i/4*4].Commit {
			t.Errorf("hand %d: dealt from another seal than its deal's first", i+1)
		}
	}
	if seals[0].Seed == seals[4].Seed {
		t.Error("two deals from one seal")
	}
	st := d.Standing().Duplicate
	if st == nil || !st.Over || st.Played != 8 || st.Deals != 2 {
		t.Errorf("Standing = %+v", st)
	}
	if hand, over := d.Lobby(1, false); !over || hand != 8 {
		t.Errorf("Lobby = %d %v", hand, over)
	}
}

func TestDuplicateRestoresFromItsOwnRecordMeta(t *testing.T) {
	d := NewDuplicate(string(game.Okey101), DuplicatePlan{Deals: 1})
	d.Deal(sealN(1))
	d.Score(Outcome{Scores: [Seats]int{-20, 30, 50, 60}, LessIsBetter: true})
	d.Next()
	h := d.Deal(Seal{})
	back := NewDuplicate(string(game.Okey101), DuplicatePlan{Deals: 1})
	saved := SealOf(h.Seal.Seed, h.Meta)
	saved.BotKey = h.Seal.BotKey
	s, err := back.Restore(h.Seal.Seed, h.Meta, saved)
	if err != nil || back.Index() != 1 || s.Commit != h.Seal.Commit || back.NeedsSeal() {
		t.Fatalf("Restore = %+v, %v at %d", s, err, back.Index())
	}
	if !reflect.DeepEqual(back.Standing(), d.Standing()) {
		t.Errorf("restored standing %+v, want %+v", back.Standing().Duplicate, d.Standing().Duplicate)
	}
	if tot := back.Standing().Duplicate.Totals; tot[0] != -20 {
		t.Errorf("a 101 total shown as %d, want -20 (less is better)", tot[0])
	}
	for _, tc := range []struct {
		name  string
		meta  map[string]string
		saved Seal
	}{
		{"no hand", map[string]string{}, saved},
		{"results missing", map[string]string{dup.MetaHand: h.Meta[dup.MetaHand], dup.MetaResults: "[]"}, saved},
		{"past the plan", map[string]string{dup.MetaHand: dup.HandMeta(4, 8), dup.MetaResults: "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]"}, saved},
		{"not sealed", h.Meta, Seal{None: true}},
	} {
		if _, err := NewDuplicate("classic", DuplicatePlan{Deals: 1}).Restore(0, tc.meta, tc.saved); !errors.Is(err, ErrDuplicate) {
			t.Errorf("%s: %v, want ErrDuplicate", tc.name, err)
		}
	}
}

func TestDuplicatePlanCheck(t *testing.T) {
	tests := []struct {
		game, rules string
		deals       int
		ok          bool
	}{
		{"classic", "default", 1, true},
		{"classic", "default", 0, false},
		{"classic", "default", MaxDuplicateDeals + 1, false},
		{string(game.Okey101), "hands=1", 2, true},
		{string(game.Okey101), "default", 2, false},
	}
	for _, tc := range tests {
		err := (&DuplicatePlan{Deals: tc.deals}).Check(tc.game, tc.rules)
		if (err == nil) != tc.ok {
			t.Errorf("%s %s %d deals: %v", tc.game, tc.rules, tc.deals, err)
		}
	}
	if r, err := DuplicateRules(string(game.Okey101), "default"); err != nil || (&DuplicatePlan{Deals: 1}).Check(string(game.Okey101), r) != nil {
		t.Errorf("DuplicateRules = %q, %v: not fit for a duplicate", r, err)
	}
}

// TestEveryFormatIsAFormat holds the implementations to the seam.
func TestEveryFormatIsAFormat(t *testing.T) {
	for _, f := range []Format{NewMatch(""), NewServedDaily("classic", &DailyPlan{Seeds: []uint64{1}}), NewDuplicate("classic", DuplicatePlan{Deals: 1}), NewRound(RoundPlanOf(sealN(3))), Seated(NewMatch(""))} {
		if f.Kind() == "" || len(f.LogAttrs())%2 != 0 {
			t.Errorf("%T: kind %q, log attrs %v", f, f.Kind(), f.LogAttrs())
		}
	}
}
