package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// TestLeavingWithTheSeatKeptListsNoOnesPrivateTable: the lobby a player
// comes back to after q twice at a table lists no other player's private
// table, not the hall's whole list until the next refresh.
func TestLeavingWithTheSeatKeptListsNoOnesPrivateTable(t *testing.T) {
	t.Parallel()
	srv := commontest.New(t)
	// bob's private table, bob seated.
	tb, err := srv.H.Create(tables.Config{Game: "classic", Levels: [4]string{"normal", "normal", "normal", "normal"}, Code: common.NewCode()}, "key:bob", "10.0.0.2")
	if err != nil {
		t.Fatal(err)
	}
	bob := tables.Request{Kind: tables.ReqJoin, M: tables.NewMember("key:bob", "bob", "10.0.0.2", 0), Reply: make(chan tables.JoinReply, 1)}
	if !tb.Call(context.Background(), bob) {
		t.Fatal("bob's table took no join")
	}
	if rep := <-bob.Reply; rep.Err != nil {
		t.Fatal(rep.Err)
	}
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if l := srv.H.List(); len(l) == 1 && l[0].Private && l[0].Holds("key:bob") >= 0 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("bob's private table never listed: %+v", srv.H.List())
		}
	}

	s := newSession(srv, commontest.NewTourneys(srv.Now), context.Background(), "key:ann", "", "ann", "127.0.0.1", "en")
	s.Init()
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	s.apply(common.BackToLobby) // the turn q twice at a table answers with
	if s.page != common.Lobby {
		t.Fatalf("after leaving: page %v, want the lobby", s.page)
	}
	if scr := ansi.Strip(s.View().Content); strings.Contains(scr, "Table 1 ·") {
		t.Errorf("the lobby after leaving lists table 1, private, of others:\n%s", scr)
	}
}
