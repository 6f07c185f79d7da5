package tourney

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// A seat its player was away from (their bot playing) earns nothing:
// its first place counts no points, no win and ends the streak, its
// match is marked away as well as lost (Match.Away, Scored.Away), and
// a forfeit never come is not marked away. Partners lose both seats of
// the team.
func TestAwayEarnsNothing(t *testing.T) {
	tr, err := New(Config{Kind: Arena, Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, tr: tr}
	for i := range 4 {
		if _, err := tr.Join(fmt.Sprintf("p%d", i), 1500, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	// Two wins in a row for seat 0's player: on a streak.
	s.open(tr.Tick(t0), t0)
	first := tr.Playing[0].Players[0]
	for range 2 {
		p := tr.Playing[0]
		i := slices.Index(p.Players[:], first)
		starts, err := tr.Ended(p.Table, winner(i), [4]bool{}, t0)
		if err != nil {
			t.Fatal(err)
		}
		s.open(starts, t0)
	}
	st, _ := tr.Standings()
	line := lineOf(st, first)
	if !line.OnFire() {
		t.Fatalf("after two wins: %+v, want on a streak", line)
	}
	// Their bot wins the third for them: nothing.
	p := tr.Playing[0]
	i := slices.Index(p.Players[:], first)
	var away, forfeit [4]bool
	away[i] = true
	other := (i + 1) % 4
	forfeit[other] = true // never came: a forfeit, not away
	if _, err := tr.EndedAway(p.Table, winner(i), forfeit, away, t0); err != nil {
		t.Fatal(err)
	}
	m := tr.Matches[len(tr.Matches)-1]
	if !m.Forfeit[i] || !m.Away[i] || !m.Forfeit[other] || m.Away[other] {
		t.Errorf("the match's marks: forfeit %v, away %v; want seat %d away (and lost), seat %d forfeit only", m.Forfeit, m.Away, i, other)
	}
	st, _ = tr.Standings()
	after := lineOf(st, first)
	if after.Points != line.Points || after.Wins != line.Wins || after.Streak != 0 || after.Matches != line.Matches+1 {
		t.Errorf("after a win of their bot: %+v, before %+v; want the same points and wins, no streak, one more match", after, line)
	}
	sheets, err := Sheets(Rules{Streaks: true}, tr.Matches)
	if err != nil {
		t.Fatal(err)
	}
	sh := sheets[first]
	if last := sh[len(sh)-1]; !last.Away || !last.Forfeit || last.Points != 0 {
		t.Errorf("the sheet's last: %+v, want away, lost, 0", last)
	}
	if last := sheets[p.Players[other]]; !last[len(last)-1].Forfeit || last[len(last)-1].Away {
		t.Errorf("the forfeit's sheet: %+v, want a forfeit not away", last)
	}

	pt := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 4)
	starts := pt.Tick(t0)
	pt.Opened(starts[0], 1, t0)
	if _, err := pt.EndedAway(1, [4]int{1, 2, 1, 2}, [4]bool{}, [4]bool{false, false, true, false}, t0); err != nil {
		t.Fatal(err)
	}
	if pm := pt.Matches[0]; pm.Away != [4]bool{true, false, true, false} || pm.Forfeit != pm.Away {
		t.Errorf("partners, one away: forfeit %v, away %v; want the team's two seats", pm.Forfeit, pm.Away)
	}
}

// winner are a match's places with seat i first, the three others
// sharing the second.
func winner(i int) [4]int {
	var standing [4]int
	standing[i] = 1
	return Places(standing)
}

func lineOf(st []Standing, id string) Standing {
	for _, s := range st {
		if s.Player == id {
			return s
		}
	}
	return Standing{}
}

// A Swiss player paused (lost a match for want of being at it) is out
// of the next rounds' pairing, the others paired without them, until
// they come back (Join, after the rounds began), then paired again.
func TestSwissPausedOutOfThePairing(t *testing.T) {
	tr, err := New(Config{Kind: Swiss, Hands: 1, Start: t0, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, tr: tr}
	for i := range 4 {
		if _, err := tr.Join(fmt.Sprintf("p%d", i), 1500, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	s.open(tr.Tick(t0), t0)
	if err := tr.Pause("p3"); err != nil {
		t.Fatal(err)
	}
	s.endAll(t0.Add(time.Minute))
	if tr.Round != 2 || len(tr.Playing) != 1 || slices.Contains(tr.Playing[0].Players[:], "p3") || !slices.Contains(tr.Playing[0].Players[:], Bot) {
		t.Fatalf("round 2 with p3 paused: round %d, playing %v; want the three others and a bot", tr.Round, tr.Playing)
	}
	if _, err := tr.Join("p3", 1500, t0.Add(2*time.Minute)); err != nil || tr.Joined["p3"].Paused {
		t.Fatalf("back: %v, %+v", err, tr.Joined["p3"])
	}
	s.endAll(t0.Add(3 * time.Minute))
	if tr.Round != 3 || !slices.Contains(tr.Playing[0].Players[:], "p3") {
		t.Errorf("round 3, p3 back: round %d, playing %v", tr.Round, tr.Playing)
	}
}
