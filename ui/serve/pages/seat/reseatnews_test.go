package seat

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestASeatWaitingForItsMovedTableAsksAtTheHallsNews: a seat whose
// table moved watches the hall while it waits, and asks for its seat
// again as soon as the hall has news of the table (a node said it took
// it over), not at its next try 300 ms on; news before the table is
// listed asks nothing.
func TestASeatWaitingForItsMovedTableAsksAtTheHallsNews(t *testing.T) {
	side := commontest.New(t)
	c := side.Common(context.Background(), "key:test", "", "ann", "en")
	p := &Page{}
	if p.WatchesHall(c) {
		t.Fatal("a seat waiting for nothing watches the hall")
	}
	p.reseat = &common.Reseating{ID: "1", Until: side.Now().Add(reseatFor), Quiet: true}
	if !p.WatchesHall(c) {
		t.Fatal("a seat waiting for its moved table does not watch the hall")
	}
	if turn := p.Update(c, common.HallNews{}); turn.Cmd != nil {
		t.Fatal("news before the table is listed asked for the seat")
	}
	tb, err := side.H.Create(tables.Config{Game: "classic", Rules: "default",
		Levels: [4]string{"normal", "normal", "normal", "normal"}}, "key:other", "127.0.0.1")
	if err != nil || tb.ID != "1" {
		t.Fatalf("the table: %v (%v)", tb, err)
	}
	turn := p.Update(c, common.HallNews{})
	if turn.Cmd == nil {
		t.Fatal("news of the listed table asked nothing")
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- turn.Cmd() }()
	select {
	case msg := <-done:
		if _, ok := msg.(common.JoinedMsg); !ok {
			t.Fatalf("the news asked %T, want the seat's join", msg)
		}
	case <-time.After(time.Minute):
		t.Fatal("the seat's join never answered")
	}
}
