package seat

import (
	"context"
	"testing"
	"time"

	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestAKeySinceTheLastMatchIsOneAtTheNext: the tournament's away rule
// counts keys since the table opened or since the player's last match
// ended. A tournament's match seen over at its table starts the count
// (MatchEnded); a key pressed since (KeyedAfter) has the next table
// told the player is present as they are seated there, once; with no
// key since, or none since any match (keys before the first table),
// the table is told nothing and waits for a key at it.
func TestAKeySinceTheLastMatchIsOneAtTheNext(t *testing.T) {
	side := commontest.New(t)
	for _, c := range []struct {
		was  common.KeyAfter
		told bool
	}{{common.KeyedAfter, true}, {common.MatchEnded, false}, {common.NoMatchEnded, false}} {
		tb, err := side.H.OpenSeated(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"},
			Seated: &tables.Seated{Tourney: "t1", Players: [4]string{"key:test", "key:p0", "key:p1", "key:p2"}, Back: time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		cm := side.Common(context.Background(), "key:test", "", "ann", "en")
		cm.KeyAfterMatch = c.was
		p := &Page{}
		msg := cm.Join(tb, -1, false)()
		j, ok := msg.(common.JoinedMsg)
		if !ok || j.Err != nil {
			t.Fatalf("the join: %#v", msg)
		}
		p.Update(cm, j)
		if cm.At == nil || !cm.At.Tourney {
			t.Fatalf("not at the tournament's table: %+v", cm.At)
		}
		if got := p.keyed == tb.ID; got != c.told || cm.KeyAfterMatch != common.NoMatchEnded {
			t.Errorf("keys %v: the table told %v (want %v), the count now %v (want none)", c.was, got, c.told, cm.KeyAfterMatch)
		}
		cm.At.Cancel()
	}
	// The match's end, seen at a tournament's table, starts the count.
	cm := side.Common(context.Background(), "key:test", "", "ann", "en")
	at := &common.Membership{Tourney: true, Seat: 0}
	p := &Page{inPlay: true}
	p.playSeen(cm, at, &seatmsg.Update{})
	if cm.KeyAfterMatch != common.MatchEnded {
		t.Errorf("a tournament's match seen over: the count %v, want MatchEnded", cm.KeyAfterMatch)
	}
}
