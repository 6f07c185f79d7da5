package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
)

// Its creator cancels or changes a tournament before it begins, through
// its owner: a change keeps its entrants, may not move what they joined
// as (the game), and is refused once it has begun; anyone else is
// refused. A cancelled one is finished, with no match, and says so in
// its lobby line; one edited says its new description and time control.
func TestOrganiserChangesOrCancelsBeforeTheStart(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-30 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	arena := tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Hands: 1, Start: t0, Length: time.Hour}
	id, err := n.svc.CreateFrom(ctx, ann, "198.51.100.1", arena)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.svc.JoinTournament(ctx, id, bob, "Bob", 0); err != nil {
		t.Fatal(err)
	}
	waitFor(t, n, id, "bob joined", func(tr tourney.Tournament) bool { return tr.Players() == 1 })
	if !n.svc.IsOrganiser(id, ann) || n.svc.IsOrganiser(id, bob) {
		t.Errorf("organiser: ann %v, bob %v", n.svc.IsOrganiser(id, ann), n.svc.IsOrganiser(id, bob))
	}

	edit := arena
	edit.Description, edit.Turn, edit.Bank, edit.Length = "Bring snacks", 20*time.Second, time.Minute, 2*time.Hour
	if err := n.svc.Organise(ctx, id, bob, false, edit); !errors.Is(err, ErrNotOrganiser) {
		t.Errorf("bob edits ann's: %v", err)
	}
	moved := edit
	moved.Game = "classic"
	moved.Hands = 20
	if err := n.svc.Organise(ctx, id, ann, false, moved); !errors.Is(err, tourney.ErrEditEntrants) {
		t.Errorf("the game changed under an entrant: %v", err)
	}
	if err := n.svc.Organise(ctx, id, ann, false, edit); err != nil {
		t.Fatal(err)
	}
	tr := waitFor(t, n, id, "edited", func(tr tourney.Tournament) bool { return tr.Config.Description == "Bring snacks" })
	if tr.Config.Turn != 20*time.Second || tr.Config.Bank != time.Minute || tr.Config.Length != 2*time.Hour || tr.Players() != 1 {
		t.Errorf("after the edit: %+v, %d players", tr.Config, tr.Players())
	}
	if l, _, _ := n.svc.Tournament(id); l.Description != "Bring snacks" {
		t.Errorf("the lobby line's description %q", l.Description)
	}

	if err := n.svc.Organise(ctx, id, ann, true, tourney.Config{}); err != nil {
		t.Fatal(err)
	}
	tr = waitFor(t, n, id, "cancelled", func(tr tourney.Tournament) bool { return tr.Cancelled })
	l, _, _ := n.svc.Tournament(id)
	if tr.Phase != tourney.Finished || len(tr.Matches) != 0 || !l.Cancelled || len(l.Podium) != 0 {
		t.Errorf("cancelled: phase %s, %d matches, listed cancelled %v, a podium of %d", tr.Phase, len(tr.Matches), l.Cancelled, len(l.Podium))
	}
	clk.add(time.Hour)
	n.svc.Owner().Round(ctx)
	if _, tr, _ := n.svc.Tournament(id); tr.Phase != tourney.Finished || len(tr.Playing) != 0 {
		t.Errorf("cancelled, then past its start: %s, %d tables", tr.Phase, len(tr.Playing))
	}

	// Once begun, neither.
	if err := n.svc.Organise(ctx, id, ann, false, edit); !errors.Is(err, tourney.ErrBegun) {
		t.Errorf("edited once cancelled: %v", err)
	}
	other := arena
	other.Name, other.Start = "Saturday", clk.Now().Add(time.Minute)
	id2, err := n.svc.CreateFrom(ctx, ann, "198.51.100.1", other)
	if err != nil {
		t.Fatal(err)
	}
	clk.add(2 * time.Minute)
	waitFor(t, n, id2, "begun", func(tr tourney.Tournament) bool { return tr.Phase == tourney.Running })
	if err := n.svc.Organise(ctx, id2, ann, true, tourney.Config{}); !errors.Is(err, tourney.ErrBegun) {
		t.Errorf("cancelled once begun: %v", err)
	}
}

// The operator's file changes its tournament while it has not begun
// (its start kept when the file names none) and calls it off with
// "cancelled"; read again unchanged, it changes nothing.
func TestOperatorsFileChangesAndCancels(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-30 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	read := func(file string) Order {
		t.Helper()
		o, err := ReadOrder(strings.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	id, err := n.svc.Apply(ctx, read(`{"name":"Club night","kind":"arena","game":"101","length":"1h","start":"2026-11-27T20:00:00Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	same, err := n.svc.Apply(ctx, read(`{"name":"Club night","kind":"arena","game":"101","length":"1h","start":"2026-11-27T20:00:00Z"}`))
	if err != nil || same != id {
		t.Fatalf("the same file again: %q, %v", same, err)
	}
	if _, err := n.svc.Apply(ctx, read(`{"name":"Club night","description":"Doors at 8","kind":"arena","game":"101","length":"90m","turn":"25s"}`)); err != nil {
		t.Fatal(err)
	}
	tr := waitFor(t, n, id, "changed by its file", func(tr tourney.Tournament) bool { return tr.Config.Description == "Doors at 8" })
	if tr.Config.Length != 90*time.Minute || tr.Config.Turn != 25*time.Second || !tr.Config.Start.Equal(t0) {
		t.Errorf("changed by its file: %+v", tr.Config)
	}
	if _, err := n.svc.Apply(ctx, read(`{"name":"Club night","kind":"arena","game":"101","length":"90m","cancelled":true}`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, n, id, "cancelled by its file", func(tr tourney.Tournament) bool { return tr.Cancelled && tr.Phase == tourney.Finished })
	if got, err := n.svc.Apply(ctx, read(`{"name":"Never made","kind":"arena","game":"101","length":"1h","cancelled":true}`)); err != nil || got != "" {
		t.Errorf("a file cancelling one never made: %q, %v", got, err)
	}
}

// A tournament's time control is its tables': its time a turn in place
// of the server's timer, and its bank.
func TestTablesUseTheTournamentsTimeControl(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		turn, bank, timer, want, wantBank time.Duration
	}{
		{0, 0, 30 * time.Second, 30 * time.Second, 0},
		{15 * time.Second, 0, 30 * time.Second, 15 * time.Second, 0},
		{20 * time.Second, time.Minute, 0, 20 * time.Second, time.Minute},
	} {
		cfg := tourney.Config{Kind: tourney.Arena, Game: "101", Hands: 1, Length: time.Hour, Turn: c.turn, Bank: c.bank}
		tc := tableConfig(cfg, tourney.Start{}, "t", c.timer)
		if tc.Timer != c.want || tc.Bank != c.wantBank {
			t.Errorf("turn %v, bank %v, server's %v: the tables' timer %v and bank %v, want %v and %v", c.turn, c.bank, c.timer, tc.Timer, tc.Bank, c.want, c.wantBank)
		}
	}
}

// A private tournament's join code is shown to its creator only and
// asked of every other player (any case); a page's copy never holds it.
func TestPrivateTournamentAsksItsCode(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-30 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	id, err := n.svc.CreateFrom(ctx, ann, "198.51.100.1", tourney.Config{Name: "Friends", Kind: tourney.Arena, Game: "101", Hands: 1, Start: t0, Length: time.Hour, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	code := n.svc.JoinCode(id, ann)
	if len(code) != codeLen || n.svc.JoinCode(id, bob) != "" {
		t.Fatalf("the code shown to its creator %q, to another %q", code, n.svc.JoinCode(id, bob))
	}
	for _, try := range []string{"", "AAAAAA"} {
		if err := n.svc.JoinFrom(ctx, id, bob, "Bob", 0, From{Addr: "198.51.100.2", Code: try}); !errors.Is(err, ErrCode) {
			t.Errorf("joined with code %q: %v", try, err)
		}
	}
	if err := n.svc.JoinFrom(ctx, id, bob, "Bob", 0, From{Addr: "198.51.100.2", Code: strings.ToLower(code)}); err != nil {
		t.Fatalf("joined with its code: %v", err)
	}
	if err := n.svc.JoinFrom(ctx, id, ann, "Ann", 0, From{Addr: "198.51.100.1"}); err != nil {
		t.Errorf("its creator joins without it: %v", err)
	}
	waitFor(t, n, id, "both joined", func(tr tourney.Tournament) bool { return tr.Players() == 2 })
	l, tr, _ := n.svc.Tournament(id)
	b, _ := json.Marshal(tr)
	if !l.Private || strings.Contains(string(b), code) {
		t.Errorf("listed private %v; the page's copy holds the code: %v", l.Private, strings.Contains(string(b), code))
	}
}
