package tournaments

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
)

// A tournament's table opens with each seat held in its player's name,
// as the tournament keeps it (cleaned and cut): until they come the
// table and the lobby show whose seat it is and that they are not here
// yet, never an empty name.
func TestSeatsHeldInTheirPlayersNames(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Swiss, Name: "named", Game: "101", Hands: 1, Start: t0, Rounds: 1, BotLevel: "easy", Back: 30 * time.Minute,
	}, 4)
	var pl tourney.Playing
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		n.svc.Owner().Round(context.Background())
		_, tr, err := n.svc.Tournament(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(tr.Playing) == 1 {
			pl = tr.Playing[0]
			break
		}
		if len(tr.Joined) == 4 && clk.Now().Before(t0) {
			clk.add(11 * time.Minute) // the four in: it starts
		}
		if time.Now().After(end) {
			t.Fatalf("the Swiss never opened its table: %s, %d joined", tr.Phase, len(tr.Joined))
		}
	}
	tb := n.hall.Local(strconv.Itoa(pl.Table))
	if tb == nil {
		t.Fatalf("table %d is not the hall's", pl.Table)
	}
	sm := tb.Summary.Load()
	for seat, who := range sm.Owners {
		i := slices.IndexFunc([]int{0, 1, 2, 3}, func(i int) bool { return player(i) == who })
		if i < 0 {
			t.Fatalf("seat %d held for %q, none of the four", seat, who)
		}
		p := sm.Players[seat]
		if want := safetext.Name(nameOf(i)); p.Name != want || p.Kind != seatmsg.Awaited {
			t.Errorf("seat %d: %q kind %d, want %q not here yet", seat, p.Name, p.Kind, want)
		}
	}
}
