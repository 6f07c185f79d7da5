//go:build tune

package botsclassic_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
)

// TestHazard measures what botsclassic's hazardByRound holds: over
// hands of four bots of one level (OKEY_HAZARD, hard by default; OKEY_HANDS of them, 3,000
// by default), the share of a player's turns on which it finishes, by
// round (four draws or takes) and by the discards it has taken so far:
//
//	OKEY_HAZARD=hard go -C lab test -tags tune ./botsclassic -run Hazard -v
func TestHazard(t *testing.T) {
	level := os.Getenv("OKEY_HAZARD")
	if level == "" {
		t.Skip("set OKEY_HAZARD to a level")
	}
	hands := 3000
	if s := os.Getenv("OKEY_HANDS"); s != "" {
		hands, _ = strconv.Atoi(s)
	}
	const rounds = 16
	var turns, fins [rounds][3]int
	for seed := uint64(1); seed <= uint64(hands); seed++ {
		s, err := classic.NewMatch(classic.DefaultRules(), seed)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			if bs[i], err = botsclassic.New(level, botsclassic.Options{Seed: seed*4 + uint64(i)}); err != nil {
				t.Fatal(err)
			}
		}
		for s.Phase() == game.Playing && s.Moves() < 500 {
			who := s.Turn()
			v := s.View(who)
			r := min(drawsSoFar(&v)/classic.NumSeats, rounds-1)
			k := min(takesBy(&v)[who], 2)
			a, err := bs[who].Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case v.MyTurn() && v.Stage == classic.MustDraw:
				turns[r][k]++
			case a.Kind == classic.ActFinish:
				fins[r][k]++
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for r := range rounds {
		line := ""
		all, fin := 0, 0
		for k := range 3 {
			line += " " + ratioText(fins[r][k], turns[r][k])
			all += turns[r][k]
			fin += fins[r][k]
		}
		t.Logf("round %2d: all %s; by takes 0, 1, 2+:%s", r, ratioText(fin, all), line)
	}
}

func ratioText(k, n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(k)/float64(n), 'f', 4, 64) + " (" + strconv.Itoa(n) + ")"
}

// drawsSoFar counts the draws and takes of the hand so far, as the bot's
// own count of the same name does (a round is four of them).
func drawsSoFar(v *classic.View) int {
	n := 0
	for _, e := range v.History {
		if e.Kind == classic.EvDraw || e.Kind == classic.EvTake {
			n++
		}
	}
	return n
}

// takesBy counts the discards each seat has taken this hand, as the
// bot's own count of the same name does.
func takesBy(v *classic.View) [classic.NumSeats]int {
	var k [classic.NumSeats]int
	for _, e := range v.History {
		if e.Kind == classic.EvTake && e.Seat >= 0 && e.Seat < classic.NumSeats {
			k[e.Seat]++
		}
	}
	return k
}
