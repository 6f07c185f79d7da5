package reader101

import (
	"context"
	"errors"
	"testing"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
)

func TestParse(t *testing.T) {
	for name, want := range map[string]Options{
		"read":              {},
		"READ-uniform":      {Uniform: true},
		"read-look":         {Use: bots101.UseLook},
		"read-feed-uniform": {Use: bots101.UseFeed, Uniform: true},
	} {
		got, ok, err := Parse(name)
		if !ok || err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v, %v; want %+v", name, got, ok, err, want)
		}
	}
	for _, name := range []string{"read-", "read-uniform-look", "read-look-feed", "read-x"} {
		if _, ok, err := Parse(name); !ok || !errors.Is(err, ErrLevel) {
			t.Errorf("Parse(%q): %v, %v; want the player's error", name, ok, err)
		}
	}
	for _, name := range []string{"hard", "reader", "search", ""} {
		if _, ok, err := Parse(name); ok || err != nil {
			t.Errorf("Parse(%q): %v, %v; want not the player's", name, ok, err)
		}
	}
}

// play plays the first hand of match seed with the named reading player
// in seat 0 and normal bots elsewhere, and returns its actions.
func play(t *testing.T, name string, seed uint64) []string {
	t.Helper()
	opt, _, err := Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := okey101.NewMatch(okey101.DefaultRules(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var bots [okey101.NumSeats]bots101.Bot
	for i := range bots {
		bo := bots101.Options{Seed: seed + uint64(i)}
		if i == 0 {
			bots[i], err = New(opt, bo)
		} else {
			bots[i], err = bots101.New("normal", bo)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for s.Phase() == game.Playing && s.Moves() < 3000 {
		a, err := bots[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatalf("seed %d: %s played an illegal action %v: %v", seed, name, a, err)
		}
		out = append(out, a.String())
	}
	if s.Phase() == game.Playing {
		t.Fatalf("seed %d: no end", seed)
	}
	return out
}

// TestPlaysLegallyAgain: the reading player plays hands to their end
// with legal actions, the same hand again alike, and (its belief read)
// otherwise than the same player on the uniform belief somewhere.
func TestPlaysLegallyAgain(t *testing.T) {
	differ := false
	for seed := range uint64(3) {
		a, b := play(t, "read", 40+seed), play(t, "read", 40+seed)
		if len(a) != len(b) {
			t.Fatalf("seed %d played twice: %d actions, then %d", seed, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("seed %d played twice: action %d %s, then %s", seed, i, a[i], b[i])
			}
		}
		u := play(t, "read-uniform", 40+seed)
		if len(u) != len(a) {
			differ = true
			continue
		}
		for i := range a {
			if a[i] != u[i] {
				differ = true
			}
		}
	}
	if !differ {
		t.Error("the trained belief and the uniform one played three hands alike")
	}
}

// TestHonest: the reading player decides from its view alone, as hard
// does (bots101's TestHonest): in the world it plays in and in another
// dealt from its view, the same player plays the same turn.
func TestHonest(t *testing.T) {
	turns := 0
	for seed := range uint64(2) {
		s, err := okey101.NewMatch(okey101.DefaultRules(), 60+seed)
		if err != nil {
			t.Fatal(err)
		}
		var bots [okey101.NumSeats]bots101.Bot
		for i := range bots {
			if bots[i], err = bots101.New("normal", bots101.Options{Seed: uint64(i)}); err != nil {
				t.Fatal(err)
			}
		}
		for n := 0; s.Phase() == game.Playing && n < 3000; n++ {
			seat := s.Turn()
			if n%5 == 0 {
				v := s.View(seat)
				alt, err := v.SampleWorld(uint64(n))
				if err != nil {
					t.Fatal(err)
				}
				r1, _ := New(Options{}, bots101.Options{Seed: uint64(n)})
				r2, _ := New(Options{}, bots101.Options{Seed: uint64(n)})
				a1, err1 := r1.Decide(context.Background(), v)
				a2, err2 := r2.Decide(context.Background(), alt.View(seat))
				if err1 != nil || err2 != nil || a1.String() != a2.String() {
					t.Fatalf("seed %d, move %d: %v (%v) in one world, %v (%v) in the other", seed, n, a1, err1, a2, err2)
				}
				turns++
			}
			a, err := bots[seat].Decide(context.Background(), s.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if turns < 10 {
		t.Fatalf("%d decisions compared", turns)
	}
}
