package tournaments

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
)

// An operator's tournament file: JSON with durations as Go writes them
// and an RFC 3339 start; unknown fields, bad durations, bad starts and
// files past the cap are refused, never half read.
func TestReadConfig(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 27, 17, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name, file string
		want       tourney.Config
		err        bool
	}{
		{"an arena", `{"name":"Friday","kind":"arena","game":"101","rules":"open=81","start":"2026-11-27T20:00:00+03:00","length":"1h30m","bot_wait":"1m","bot_level":"hard","back":"2m"}`,
			tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Rules: "open=81", Hands: 1, Start: start, Length: 90 * time.Minute, BotWait: time.Minute, BotLevel: "hard", Back: 2 * time.Minute}, false},
		{"duplicate rounds", `{"name":"club","kind":"swiss","game":"101","hands":3,"rounds":4,"duplicate":true}`,
			tourney.Config{Name: "club", Kind: tourney.Swiss, Game: "101", Hands: 3, Rounds: 4, Duplicate: true}, false},
		{"a classic arena: its match from the rules' points", `{"name":"c","kind":"arena","game":"classic","rules":"points=10","length":"1h"}`,
			tourney.Config{Name: "c", Kind: tourney.Arena, Game: "classic", Rules: "points=10", Hands: 10, Length: time.Hour}, false},
		{"an unknown field", `{"name":"x","kind":"arena","prize":100}`, tourney.Config{}, true},
		{"a bad duration", `{"name":"x","kind":"arena","length":"an hour"}`, tourney.Config{}, true},
		{"a bad start", `{"name":"x","kind":"arena","start":"tomorrow"}`, tourney.Config{}, true},
		{"not JSON", `name = x`, tourney.Config{}, true},
		{"too big", `{"name":"` + strings.Repeat("x", maxFile) + `"}`, tourney.Config{}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ReadConfig(strings.NewReader(c.file))
			if (err != nil) != c.err {
				t.Fatalf("error %v, want one: %v", err, c.err)
			}
			if c.err {
				return
			}
			if !got.Start.Equal(c.want.Start) {
				t.Errorf("start %v, want %v", got.Start, c.want.Start)
			}
			got.Start, c.want.Start = time.Time{}, time.Time{}
			if got != c.want {
				t.Errorf("read %+v, want %+v", got, c.want)
			}
		})
	}
	if _, err := ReadConfig(strings.NewReader(`{"name":"` + strings.Repeat("x", maxFile) + `"}`)); !errors.Is(err, ErrSettings) {
		t.Errorf("a file past the cap: %v", err)
	}
}

// A classic tournament's match is played from its Hands points down to
// 0, as classic's match is: settled into the tables' rules, so the page
// ("from N points") and the tables agree; points out of the rules' range,
// or simple104 (which scores nothing) with more than its one hand, are
// refused; 101's hands are its own.
func TestClassicMatchFromItsPoints(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rules     string
		hands     int
		wantRules string
		tables    string
		err       bool
	}{
		{"default", 20, "default", "default", false},
		{"default", 7, "points=7", "points=7", false},
		{"simple,points=10", 15, "simple,points=15", "simple,points=15", false},
		{"default", 1, "", "", true},
		{"default", 22, "", "", true},
		{"simple104", 1, "simple104", "simple104", false},
		{"simple104", 20, "", "", true},
		{"no such rule", 20, "", "", true},
	} {
		cfg := tourney.Config{Kind: tourney.Arena, Game: "classic", Rules: c.rules, Hands: c.hands, Length: time.Hour, BotLevel: "easy"}
		got, err := classicPoints(cfg)
		if (err != nil) != c.err || (err != nil && !errors.Is(err, ErrSettings)) {
			t.Errorf("%q from %d: error %v, want one: %v", c.rules, c.hands, err, c.err)
			continue
		}
		if c.err {
			continue
		}
		if got.Rules != c.wantRules || got.Hands != c.hands {
			t.Errorf("%q from %d: settled as %q from %d, want %q", c.rules, c.hands, got.Rules, got.Hands, c.wantRules)
		}
		if tc := tableConfig(got, tourney.Start{}, "t", time.Second); tc.Rules != c.tables || tc.Check() != nil {
			t.Errorf("%q from %d: the tables play %q (%v), want %q", c.rules, c.hands, tc.Rules, tc.Check(), c.tables)
		}
	}
	// 101 keeps its hands.
	tc := tableConfig(tourney.Config{Game: "101", Hands: 3, BotLevel: "easy"}, tourney.Start{}, "t", time.Second)
	if tc.Rules != "hands=3" {
		t.Errorf("101's tables play %q, want hands=3", tc.Rules)
	}
}

// TestCreationLimitedPerAddress: one address may have two tournaments
// running, however many identities it comes as (every guest is a new
// one: 18 guests of one address filled a server), another address its
// own two; the players between them never take the share of the server's
// tournaments kept for the operator's, whose tournament is created
// still; and the loopback's players are counted by identity alone.
func TestCreationLimitedPerAddress(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	n.svc.opt.Limits = Limits{Total: 8, Reserved: 3}
	ctx := context.Background()
	arena := tourney.Config{Kind: tourney.Arena, Game: "101", Hands: 1, Start: t0, Length: time.Hour}
	create := func(by, addr string) error {
		_, err := n.svc.CreateFrom(ctx, by, addr, arena)
		return err
	}
	for i := range 2 {
		if err := create(fmt.Sprintf("guest:AAAA%06d", i), "203.0.113.5"); err != nil {
			t.Fatal(err)
		}
	}
	if err := create("guest:AAAA999999", "203.0.113.5"); !errors.Is(err, ErrYourAddress) {
		t.Errorf("a third guest from one address: %v", err)
	}
	if err := create("key:SHA256:other", "198.51.100.9"); err != nil {
		t.Errorf("another address: %v", err)
	}
	for i := range 3 {
		if err := create(fmt.Sprintf("key:SHA256:lo%d", i), "127.0.0.1"); err != nil && i < 2 {
			t.Errorf("the loopback's player %d: %v", i, err)
		} else if i == 2 && !errors.Is(err, ErrFull) {
			// Five of the eight are the players': the sixth is refused.
			t.Errorf("past the players' share: %v", err)
		}
	}
	c := arena
	c.Name = "the operator's"
	if _, err := n.svc.EnsureNamed(ctx, c); err != nil {
		t.Errorf("the operator's tournament, the players' share taken: %v", err)
	}
}

// TestOperatorsTournamentRefusedSaysWhy: an operator's tournament the
// server would refuse is an error that says why (okey serve stops with
// it); one of its name kept already is not checked again — its start,
// yesterday's, would be refused now — and keeps its id.
func TestOperatorsTournamentRefusedSaysWhy(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNode(t, eng, kept, nil, clk)
	ctx := context.Background()
	bad := tourney.Config{Name: "too long", Kind: tourney.Arena, Game: "101", Hands: 1, Start: t0, Length: 100 * time.Hour}
	if _, err := n.svc.EnsureNamed(ctx, bad); !errors.Is(err, ErrSettings) || !strings.Contains(err.Error(), "100h") {
		t.Errorf("an arena of 100 hours: %v", err)
	}
	good := tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Hands: 1, Start: t0, Length: time.Hour}
	id, err := n.svc.EnsureNamed(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	clk.add(48 * time.Hour)
	if again, err := n.svc.EnsureNamed(ctx, good); err != nil || again != id {
		t.Errorf("the same file two days on: %q, %v; want %q", again, err, id)
	}
}

// The operator's file docs/tournaments-for-operators.md shows reads as
// the tournament it describes, its description and time control with it.
func TestDocumentedFileReads(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../docs/tournaments-for-operators.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n{\"name\": \"Friday arena\"")
	file, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("docs/tournaments-for-operators.md shows no operator's file")
	}
	o, err := ReadOrder(strings.NewReader(`{"name": "Friday arena"` + file))
	if err != nil {
		t.Fatal(err)
	}
	if c := o.Config; c.Description == "" || c.Turn != 25*time.Second || c.Bank != time.Minute || o.Cancel {
		t.Errorf("read %+v", o)
	}
	if _, err := settle(o.Config, o.Config.Start.Add(-time.Hour), 30*time.Second); err != nil {
		t.Errorf("the documented file is refused: %v", err)
	}
}
