package duplicate

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestScheduleShape(t *testing.T) {
	for _, tc := range []struct {
		deals int
		err   error
	}{{0, ErrDeals}, {-1, ErrDeals}, {MaxDeals + 1, ErrDeals}, {1, nil}, {3, nil}, {MaxDeals, nil}} {
		hs, err := Schedule(42, tc.deals)
		if !errors.Is(err, tc.err) {
			t.Fatalf("%d deals: error %v, want %v", tc.deals, err, tc.err)
		}
		if err != nil {
			continue
		}
		if len(hs) != Seats*tc.deals {
			t.Fatalf("%d deals: %d hands", tc.deals, len(hs))
		}
		for i, h := range hs {
			if h.N != i || h.Deal != i/Seats || h.Rotation != i%Seats {
				t.Errorf("hand %d: %+v, want deal %d rotation %d", i, h, i/Seats, i%Seats)
			}
			if h.Seed != DealSeed(42, h.Deal) {
				t.Errorf("hand %d: seed %d, not its deal's", i, h.Seed)
			}
		}
	}
}

// TestEveryPlayerEverySeat: across a deal's rotations each player holds
// each seat's cards once, and Seat and Player are inverses.
func TestEveryPlayerEverySeat(t *testing.T) {
	for secret := range uint64(20) {
		hs, err := Schedule(secret, 5)
		if err != nil {
			t.Fatal(err)
		}
		held := map[[3]int]int{} // deal, player, seat
		for _, h := range hs {
			seats := map[int]bool{}
			for p := range Seats {
				s := h.Seat(p)
				if h.Player(s) != p {
					t.Fatalf("hand %d: Player(Seat(%d)) = %d", h.N, p, h.Player(s))
				}
				seats[s] = true
				held[[3]int{h.Deal, p, s}]++
			}
			if len(seats) != Seats {
				t.Fatalf("hand %d: players share a seat", h.N)
			}
		}
		for k := range 5 {
			for p := range Seats {
				for s := range Seats {
					if n := held[[3]int{k, p, s}]; n != 1 {
						t.Fatalf("secret %d deal %d: player %d held seat %d's cards %d times", secret, k, p, s, n)
					}
				}
			}
		}
	}
}

// TestSeeds: the deals differ from each other and from table to table,
// and a pinned value keeps the derivation from moving silently.
func TestSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	for secret := range uint64(50) {
		for k := range MaxDeals {
			s := DealSeed(secret, k)
			if seen[s] {
				t.Fatalf("secret %d deal %d: seed %d seen before", secret, k, s)
			}
			seen[s] = true
		}
	}
	// sha256("okey duplicate v1\x00" "7\x00" "deal 1")[:8], computed with
	// another SHA-256 (Python's hashlib) when the derivation was written.
	if got, want := DealSeed(7, 0), uint64(0x1326581a97d1d456); got != want {
		t.Errorf("DealSeed(7, 0) = %#x, want %#x", got, want)
	}
}

// play is hands played with results given by f(deal, player, seat).
func play(t *testing.T, deals int, f func(deal, player, seat int) int) []Played {
	t.Helper()
	hs, err := Schedule(1, deals)
	if err != nil {
		t.Fatal(err)
	}
	var out []Played
	for _, h := range hs {
		p := Played{Hand: h}
		for s := range Seats {
			p.Result[s] = f(h.Deal, h.Player(s), s)
		}
		out = append(out, p)
	}
	return out
}

func TestScore(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	luck := make([][Seats]int, 6) // what the cards give, per deal and seat
	for k := range luck {
		for s := range Seats {
			luck[k][s] = r.IntN(21) - 10
		}
	}
	for _, tc := range []struct {
		name string
		f    func(deal, player, seat int) int
		want [Seats]Quarters
	}{
		// Four players alike: whatever the cards, nobody beats the field.
		{"alike", func(k, p, s int) int { return luck[k][s] }, [Seats]Quarters{}},
		// Player 2 makes one point more than the cards give, every hand:
		// each seat of each deal, 1 − 1/4 above the mean, 4 seats × 6 deals.
		{"one better", func(k, p, s int) int {
			if p == 2 {
				return luck[k][s] + 1
			}
			return luck[k][s]
		}, [Seats]Quarters{-6 * 4, -6 * 4, 3 * 6 * 4, -6 * 4}},
		// Skill by player, no luck: player p makes p every hand.
		{"skill", func(k, p, s int) int { return p }, [Seats]Quarters{-1.5 * 4 * 24, -0.5 * 4 * 24, 0.5 * 4 * 24, 1.5 * 4 * 24}},
	} {
		got, err := Score(play(t, len(luck), tc.f), true)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestScoreSumsToZero: whatever is played, the field's scores sum to 0.
func TestScoreSumsToZero(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		hands := play(t, 1+r.IntN(4), func(k, p, s int) int { return r.IntN(201) - 100 })
		got, err := Score(hands, true)
		if err != nil {
			t.Fatal(err)
		}
		sum := Quarters(0)
		for _, q := range got {
			sum += q
		}
		if sum != 0 {
			t.Fatalf("%v sums to %v", got, sum)
		}
	}
}

func TestScoreIncomplete(t *testing.T) {
	hands := play(t, 2, func(k, p, s int) int {
		if p == 0 {
			return 4
		}
		return 0
	})
	short := hands[:len(hands)-1] // deal 2's last rotation not played
	if _, err := Score(short, true); !errors.Is(err, ErrIncomplete) {
		t.Errorf("a deal short of a rotation: %v, want ErrIncomplete", err)
	}
	got, err := Score(short, false)
	if err != nil {
		t.Fatal(err)
	}
	// Deal 1 alone: player 0 makes 4 in each seat, the mean is 1.
	if want := [Seats]Quarters{4 * 4 * 3, -4 * 4, -4 * 4, -4 * 4}; got != want {
		t.Errorf("deal 1 alone: %v, want %v", got, want)
	}
	twice := append(hands[:4:4], hands[0])
	if _, err := Score(twice, false); err == nil {
		t.Error("a rotation played twice: no error")
	}
	bad := []Played{{Hand: Hand{Rotation: Seats}}}
	if _, err := Score(bad, false); err == nil {
		t.Error("rotation 4: no error")
	}
}

func TestTotals(t *testing.T) {
	hands := play(t, 2, func(k, p, s int) int { return 10*p + s })
	// Player p holds every seat once a deal: 2 × (4·10p + 0+1+2+3).
	want := [Seats]int{12, 92, 172, 252}
	if got := Totals(hands); got != want {
		t.Errorf("%v, want %v", got, want)
	}
}

func TestQuartersString(t *testing.T) {
	for q, want := range map[Quarters]string{0: "0", 4: "+1", -5: "-1.25", 2: "+0.5", 13: "+3.25"} {
		if got := q.String(); got != want {
			t.Errorf("%d: %q, want %q", int(q), got, want)
		}
	}
}

// TestHandMeta: a hand's place in the plan, written and read back; a
// value that is no hand of a plan of whole deals is refused.
func TestHandMeta(t *testing.T) {
	for _, tc := range []struct{ n, hands int }{{0, 4}, {3, 4}, {6, 8}, {15, 16}} {
		s := HandMeta(tc.n, tc.hands)
		h, of, err := ParseHandMeta(s)
		if err != nil || h.N != tc.n || h.Deal != tc.n/Seats || h.Rotation != tc.n%Seats || of != tc.hands {
			t.Errorf("%q read as %+v of %d, %v", s, h, of, err)
		}
	}
	for _, s := range []string{"", "v1 hand 0 of 4", "v1 hand 5 of 4", "v1 hand 1 of 3", "v2 hand 1 of 4",
		"v1 hand 1 of 4 extra", "hand 1 of 4", "v1 hand 1 of 68"} {
		if _, _, err := ParseHandMeta(s); !errors.Is(err, ErrMeta) {
			t.Errorf("%q: %v, want ErrMeta", s, err)
		}
	}
}
