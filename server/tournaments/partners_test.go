package tournaments

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
)

// checkPartners checks a partners' tournament played to its end: every
// match's places are its teams' (a team's two seats one place), every
// rated match was a partners' table whose players sat facing their
// partner, the standings are the teams' (each of them a line, every
// player in one), and the standings recounted from the matches'
// records in the store are the director's.
func checkPartners(t *testing.T, n *node, id string, tr tourney.Tournament, players int) {
	t.Helper()
	for _, m := range tr.Matches {
		if m.Places[0] != m.Places[2] || m.Places[1] != m.Places[3] || m.Players[0] != m.Players[2] || m.Players[1] != m.Players[3] {
			t.Errorf("table %d: teams %v, places %v", m.Table, m.Players, m.Places)
		}
	}
	rated := n.allRated(t, len(tr.Matches))
	for _, m := range rated {
		if !m.Partners {
			t.Errorf("a match rated as no partners' table: %+v", m)
		}
		who := func(e keep.Entrant) string {
			if strings.HasPrefix(e.ID, keep.KeyPrefix) {
				return e.ID
			}
			return tourney.Bot
		}
		for s := range 2 {
			a, b := who(m.Seats[s]), who(m.Seats[s+2])
			if p, ok := tr.Partner(a); a == tourney.Bot && b != tourney.Bot || a != tourney.Bot && (!ok || p != b) {
				t.Errorf("seats %d and %d: %q and %q, not partners (%q's is %q)", s, s+2, a, b, a, p)
			}
		}
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if !tourney.IsTeam(s.Player) {
			t.Errorf("a standings line of no team: %+v", s)
		}
	}
	if len(tr.People()) != players || len(tr.Lone) != 0 || len(st) != len(tr.Teams) {
		t.Errorf("%d players, alone %v, %d lines for %d teams", len(tr.People()), tr.Lone, len(st), len(tr.Teams))
	}
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
	t.Logf("%d matches; standings %v", len(tr.Matches), st)
}

// A partners' arena (101 eşli) played end to end on one node: nine
// join before it starts, four teams in join order and the ninth alone
// until a bot partners them after the bot wait; each table seats two
// teams facing each other, plays the partners' rules and ends with one
// place a team, and the standings recounted from the records are the
// director's.
func TestPartnersArenaPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Arena, Name: "eşli arena", Game: "101", Hands: 1, Start: t0, Length: 20 * time.Minute,
		BotWait: time.Minute, BotLevel: "easy", Back: time.Minute, Partners: true,
	}, 9)
	// The clock moves 10 s a step: the tables play at the machine's
	// pace, and at 30 s a step the 20 minutes passed with 3 matches
	// played under the race detector beside the whole suite (CI).
	tr := play(t, n, clk, id, 10*time.Second, nil)
	if len(tr.Matches) < 4 {
		t.Fatalf("%d matches in the arena", len(tr.Matches))
	}
	if team, ok := tr.TeamOf(player(8)); !ok || tr.Teams[team].Second != tourney.Bot {
		t.Errorf("the ninth's team: %+v", tr.Teams[team])
	}
	checkPartners(t, n, id, tr, 9)
	if l := n.svc.Tournaments(); len(l) != 1 || l[0].Players != 9 {
		t.Errorf("the lobby lists %+v", l)
	}
}

// A partners' Swiss of six played to its end: three teams, each round
// a table of two teams and one of a team and two bots; every team
// plays every round.
func TestPartnersSwissPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Swiss, Name: "eşli rounds", Game: "101", Hands: 1, Start: t0, Rounds: 2,
		BotLevel: "easy", Back: time.Minute, Partners: true,
	}, 6)
	tr := play(t, n, clk, id, 30*time.Second, nil)
	if tr.Round != 2 || len(tr.Matches) != 4 {
		t.Fatalf("round %d, %d matches; want 2 rounds of two tables", tr.Round, len(tr.Matches))
	}
	for _, m := range tr.Matches {
		if m.Forfeit != [4]bool{} {
			t.Errorf("table %d: forfeits %v, though every player came", m.Table, m.Forfeit)
		}
	}
	checkPartners(t, n, id, tr, 6)
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.Matches != 2 {
			t.Errorf("a team's line: %+v; want two matches", s)
		}
	}
}

// Partners are created for 101 only: its partners switch, or its rules'
// partners option (which makes the entrants teams), are taken; classic
// is refused with the director's word, and rules that turn partners off
// with the switch on are refused.
func TestCreatePartners(t *testing.T) {
	t.Parallel()
	eng, kept := openStore(t)
	n := startNode(t, eng, kept, nil, &clock{now: t0})
	base := tourney.Config{Kind: tourney.Swiss, Game: "101", Hands: 1, Rounds: 2, Start: t0.Add(time.Hour)}
	for _, c := range []struct {
		name         string
		game, rules  string
		partners     bool
		want         error
		wantPartners bool
	}{
		{"101 partners", "101", "", true, nil, true},
		{"101 partners, default rules", "101", "default", true, nil, true},
		{"101 partners, rules named", "101", "partners,islek=off", true, nil, true},
		{"101 partners by its rules", "101", "partners", false, nil, true},
		{"101 rules off, switch on", "101", "partners=false", true, ErrSettings, false},
		{"classic partners", "classic", "default", true, tourney.ErrConfig, false},
		{"101 without", "101", "", false, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := base
			cfg.Name, cfg.Game, cfg.Rules, cfg.Partners = c.name, c.game, c.rules, c.partners
			id, err := n.svc.CreateTournament(context.Background(), keep.KeyPrefix+c.name, cfg)
			if !errors.Is(err, c.want) {
				t.Fatalf("created: %v, want %v", err, c.want)
			}
			if err != nil {
				if c.game == "classic" && !strings.Contains(err.Error(), "101") {
					t.Errorf("classic refused without saying partners are 101's: %v", err)
				}
				return
			}
			_, tr, err := n.svc.Tournament(id)
			if err != nil {
				t.Fatal(err)
			}
			if tr.Config.Partners != c.wantPartners {
				t.Errorf("partners %v, want %v", tr.Config.Partners, c.wantPartners)
			}
			rules := tableConfig(tr.Config, tourney.Start{}, id, time.Second).Rules
			if got := strings.Count(rules, "partners"); got != map[bool]int{true: 1, false: 0}[c.wantPartners] {
				t.Errorf("the tables' rules %q", rules)
			}
		})
	}
}

// Duplicate rounds of partners: every team of a round plays the same
// deals, and a team's score against the field is its two seats'
// summed, each against the mean of its seat: the teams' scores sum to
// zero, and are what each seat's result less its seat's mean add up to.
func TestPartnersDuplicate(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a duplicate Swiss of eight played out by bots (10 s and more): the whole suite runs it")
	}
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Swiss, Name: "eşli duplicate", Game: "101", Hands: 1, Start: t0, Rounds: 2,
		BotLevel: "easy", Back: time.Minute, Duplicate: true, Partners: true,
	}, 8)
	tr := play(t, n, clk, id, 30*time.Second, nil)
	if len(tr.Matches) != 4 {
		t.Fatalf("%d matches, want two rounds of two tables", len(tr.Matches))
	}
	checkPartners(t, n, id, tr, 8)
	fs, err := n.svc.FieldScores(id)
	if err != nil || len(fs) != 4 {
		t.Fatalf("field scores %v, %v; want the four teams'", fs, err)
	}
	n.svc.mu.Lock()
	results := n.svc.recs[id].Results
	n.svc.mu.Unlock()
	want := map[string]*big.Rat{}
	sum := new(big.Rat)
	for _, m := range tr.Matches {
		for s, team := range m.Players {
			var seat, mean big.Rat
			for _, o := range tr.Matches {
				if o.Round == m.Round {
					mean.Add(&mean, big.NewRat(int64(results[o.Table][s]), 2))
				}
			}
			seat.Sub(big.NewRat(int64(results[m.Table][s]), 1), &mean)
			if want[team] == nil {
				want[team] = new(big.Rat)
			}
			want[team].Add(want[team], &seat)
		}
	}
	for team, v := range fs {
		sum.Add(sum, v)
		if !tourney.IsTeam(team) || want[team] == nil || v.Cmp(want[team]) != 0 {
			t.Errorf("%s's field score %v, want %v", team, v, want[team])
		}
	}
	if sum.Sign() != 0 {
		t.Errorf("the teams' field scores sum to %v, not 0", sum)
	}
}

// until runs the owner's round of own until ok says so, failing the
// test after a generous deadline (a store's watch on a busy machine).
func until(t *testing.T, own *Service, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		own.Owner().Round(context.Background())
		time.Sleep(10 * time.Millisecond)
	}
}

// state is tournament id as svc sees it now.
func state(t *testing.T, svc *Service, id string) *tourney.Tournament {
	t.Helper()
	_, tr, err := svc.Tournament(id)
	if err != nil {
		t.Fatal(err)
	}
	return &tr
}

// A partners' Swiss joined by name: player 1 joins asking player 0
// (waiting alone) to be their partner, player 2 joins alone meanwhile
// and is not teamed with the one asked. Accepted, players 0 and 1 are
// one team, seated facing each other in every match, and the next
// alone partners player 2. Declined, both wait alone: player 0 is
// teamed with player 2 by order, player 1 with the next to join. A
// name in a team already is refused with the director's word, and the
// one refused is left as they were.
func TestPartnersAskedByName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		accept bool
		// teams are the teams wanted, by players' numbers.
		teams [][2]int
	}{
		{"accepted", true, [][2]int{{0, 1}, {2, 3}}},
		{"declined", false, [][2]int{{0, 2}, {1, 3}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n, clk, id := begin(t, tourney.Config{
				Kind: tourney.Swiss, Name: "eşli by name", Game: "101", Hands: 1, Start: t0, Rounds: 2,
				BotLevel: "easy", Back: time.Minute, Partners: true,
			}, 1) // player 0 waits alone
			ctx := context.Background()
			until(t, n.svc, "player 0 waits alone", func() bool { return state(t, n.svc, id).Alone(player(0)) })
			if err := n.svc.AskPartner(ctx, id, player(1), "Mehmet", 1600, player(0), From{}); err != nil {
				t.Fatal(err)
			}
			until(t, n.svc, "the ask taken", func() bool { return len(state(t, n.svc, id).Invites) == 1 })
			if err := n.svc.JoinTournament(ctx, id, player(2), "Can", 1500); err != nil {
				t.Fatal(err)
			}
			until(t, n.svc, "player 2 waits", func() bool { return state(t, n.svc, id).Alone(player(2)) })
			if tr := state(t, n.svc, id); len(tr.Teams) != 0 || tr.NameOf(player(1)) != "Mehmet" {
				t.Fatalf("while player 0 is asked: teams %v, player 1 named %q", tr.Teams, tr.NameOf(player(1)))
			}
			if err := n.svc.AnswerPartner(ctx, id, player(1), true); !errors.Is(err, tourney.ErrUnknown) {
				t.Errorf("the asker answered: %v", err)
			}
			if err := n.svc.AnswerPartner(ctx, id, player(0), c.accept); err != nil {
				t.Fatal(err)
			}
			until(t, n.svc, "the answer taken", func() bool { return len(state(t, n.svc, id).Invites) == 0 })
			if err := n.svc.JoinTournament(ctx, id, player(3), "Deniz", 1500); err != nil {
				t.Fatal(err)
			}
			until(t, n.svc, "two teams", func() bool { return len(state(t, n.svc, id).Teams) == 2 })
			tr := state(t, n.svc, id)
			for _, tm := range c.teams {
				if p, _ := tr.Partner(player(tm[0])); p != player(tm[1]) {
					t.Errorf("player %d's partner %q, want player %d", tm[0], p, tm[1])
				}
			}
			if err := n.svc.AskPartner(ctx, id, "key:SHA256:late", "Late", 1500, player(0), From{}); !errors.Is(err, tourney.ErrTeamed) {
				t.Errorf("asking one in a team: %v", err)
			}
			tr = new(tourney.Tournament)
			*tr = play(t, n, clk, id, 30*time.Second, nil)
			if len(tr.Matches) != 2 {
				t.Fatalf("%d matches, want two rounds of one table", len(tr.Matches))
			}
			for _, m := range tr.Matches {
				seats := tr.Seats(m.Players)
				for _, tm := range c.teams {
					i := slices.Index(seats[:], player(tm[0]))
					if i < 0 || seats[(i+2)%4] != player(tm[1]) {
						t.Errorf("table %d seats %v: players %d and %d not facing each other", m.Table, seats, tm[0], tm[1])
					}
				}
			}
			checkPartners(t, n, id, *tr, 4)
		})
	}
}

// An ask to partner and its answer made on a node that does not own
// the tournament reach its owner through the store, as a join does:
// the two are one team there, and the node that asked sees it.
func TestPartnersAskedFromAnotherNode(t *testing.T) {
	t.Parallel()
	_, one, two, _ := hallAndTwoOwners(t)
	ctx := context.Background()
	id, err := one.svc.CreateTournament(ctx, "key:SHA256:creator", tourney.Config{
		Kind: tourney.Arena, Name: "eşli across", Game: "101", Hands: 1, Start: t0, Length: time.Hour, Partners: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "one owns it", func() bool { return slices.Contains(one.svc.Owner().Owned(), id) })
	seen := func(ok func(*tourney.Tournament) bool) func() bool {
		return func() bool {
			_, tr, err := two.svc.Tournament(id)
			return err == nil && ok(&tr)
		}
	}
	until(t, one.svc, "two sees it", seen(func(*tourney.Tournament) bool { return true }))
	if err := two.svc.JoinTournament(ctx, id, player(0), "Ayşe", 1500); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "player 0 alone", seen(func(tr *tourney.Tournament) bool { return tr.Alone(player(0)) }))
	if err := two.svc.AskPartner(ctx, id, player(1), "Mehmet", 1500, player(0), From{}); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "the ask", seen(func(tr *tourney.Tournament) bool { return len(tr.Invites) == 1 }))
	if err := two.svc.AnswerPartner(ctx, id, player(0), true); err != nil {
		t.Fatal(err)
	}
	until(t, one.svc, "the team", seen(func(tr *tourney.Tournament) bool {
		p, _ := tr.Partner(player(1))
		return p == player(0) && len(tr.Invites) == 0
	}))
	if slices.Contains(two.svc.Owner().Owned(), id) {
		t.Error("the node that asked owns the tournament")
	}
}

// One of a partners' team who does not come to the table in time (the
// seat's back-time) forfeits the round for the team, at real tables
// with scripted players: the partner who came forfeits with them, and
// the team is paused (neither presses a key on the page), so the next
// round seats the other team with bots; the team's line has its one
// match and no point, and the other team's line has what its places
// are worth; the standings recounted from the records are the
// director's.
func TestPartnersSwissForfeitAtARealTable(t *testing.T) {
	t.Parallel()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Swiss, Name: "eşli forfeit", Game: "101", Hands: 1, Start: t0, Rounds: 2,
		BotLevel: "easy", Back: backTime, Away: awayTime, Partners: true,
	}, 4)
	absent := player(3)
	tr := play(t, n, clk, id, 30*time.Second, map[string]bool{absent: true})
	if tr.Round != 2 || len(tr.Matches) != 2 {
		t.Fatalf("round %d, %d matches; want two rounds of one table", tr.Round, len(tr.Matches))
	}
	team, _ := tr.TeamOf(absent)
	if p, _ := tr.Partner(absent); p != player(2) {
		t.Fatalf("the absent player's partner %q, want player 2", p)
	}
	var other tourney.Points
	for _, m := range tr.Matches {
		for s, u := range m.Players {
			if m.Forfeit[s] != (u == team) {
				t.Errorf("table %d, seat %d (%s): forfeit %v; want the absent's team's two seats only", m.Table, s, tr.Seats(m.Players)[s], m.Forfeit[s])
			}
		}
		w, err := tourney.Worth(m.Places)
		if err != nil {
			t.Fatal(err)
		}
		for s, u := range m.Players {
			if u != team && u != tourney.Bot && s < 2 {
				other += w[s]
			}
		}
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != 2 {
		t.Fatalf("standings %+v; want the two teams' lines", st)
	}
	for _, s := range st {
		switch {
		case s.Player == team && (s.Points != 0 || s.Matches != 1 || s.Wins != 0 || !tr.Joined[team].Paused):
			t.Errorf("the absent's team's line (player 2's too): %+v, %+v; want one match, no point, paused", s, tr.Joined[team])
		case s.Player != team && (s.Points != other || s.Matches != 2):
			t.Errorf("the other team's line: %+v; want two matches and %v points", s, other)
		}
	}
	if st[0].Player == team {
		t.Errorf("the team that forfeited ranks first: %+v", st)
	}
	if again := recomputed(t, n.svc, id); !slices.Equal(st, again) {
		t.Fatalf("the standings are not what the records add up to:\n%v\n%v", st, again)
	}
}

// oneWaitingAlone begins a partners' arena of 101 called name in which
// player 0 has joined and waits alone for a partner, the asks' tests'
// start.
func oneWaitingAlone(t *testing.T, name string) (*node, *clock, string) {
	t.Helper()
	n, clk, id := begin(t, tourney.Config{
		Kind: tourney.Arena, Name: name, Game: "101", Hands: 1, Start: t0, Length: time.Hour,
		BotLevel: "easy", Partners: true,
	}, 1)
	until(t, n.svc, "player 0 waits alone", func() bool { return state(t, n.svc, id).Alone(player(0)) })
	return n, clk, id
}

// Two ask the same player before the owner takes either (the node's
// own check lets both through): the owner refuses the second, and the
// tournament says why to the asker's page (Refused, the director's
// word) until they ask again. The first asker takes their ask back:
// they wait alone again, and the two are teamed by join order as usual.
func TestPartnersAskRefusedByTheOwnerAndTakenBack(t *testing.T) {
	t.Parallel()
	n, _, id := oneWaitingAlone(t, "eşli refused")
	ctx := context.Background()
	for _, p := range []int{1, 2} {
		if err := n.svc.AskPartner(ctx, id, player(p), fmt.Sprint("asker ", p), 1500, player(0), From{}); err != nil {
			t.Fatal(err)
		}
	}
	until(t, n.svc, "the asks taken", func() bool {
		tr := state(t, n.svc, id)
		return len(tr.Invites) == 1 && len(tr.Refused) == 1
	})
	tr := state(t, n.svc, id)
	if inv, _ := tr.InviteOf(player(0)); inv.From != player(1) {
		t.Fatalf("the ask kept is %+v, want player 1's", inv)
	}
	if r, ok := tr.Refused[player(2)]; !ok || r.To != player(0) || !errors.Is(r.Err(), tourney.ErrAsked) {
		t.Fatalf("player 2's refusal %+v (%v), want player 0 asked by another", r, ok)
	}
	if err := n.svc.TakeBackPartner(ctx, id, player(0)); !errors.Is(err, tourney.ErrUnknown) {
		t.Errorf("the one asked took the ask back: %v", err)
	}
	if err := n.svc.TakeBackPartner(ctx, id, player(1)); err != nil {
		t.Fatal(err)
	}
	until(t, n.svc, "the ask taken back", func() bool { return len(state(t, n.svc, id).Invites) == 0 })
	if p, _ := state(t, n.svc, id).Partner(player(1)); p != player(0) {
		t.Errorf("taken back: player 1's partner %q, want player 0 by join order", p)
	}
	// Asked again, the refusal is no longer said.
	if err := n.svc.JoinTournament(ctx, id, player(2), "asker 2", 1500); err != nil {
		t.Fatal(err)
	}
	until(t, n.svc, "the refusal forgotten", func() bool { return len(state(t, n.svc, id).Refused) == 0 })
}

// An ask to partner not answered lapses by the owner's clock alone
// (no request, no table's end): written, both teamed by join order.
func TestPartnersAskLapsesByTheClock(t *testing.T) {
	t.Parallel()
	n, clk, id := oneWaitingAlone(t, "eşli lapsed")
	ctx := context.Background()
	if err := n.svc.AskPartner(ctx, id, player(1), "Mehmet", 1500, player(0), From{}); err != nil {
		t.Fatal(err)
	}
	until(t, n.svc, "the ask taken", func() bool { return len(state(t, n.svc, id).Invites) == 1 })
	clk.add(tourney.AskLapse)
	until(t, n.svc, "the ask lapsed", func() bool { return len(state(t, n.svc, id).Invites) == 0 })
	if p, _ := state(t, n.svc, id).Partner(player(1)); p != player(0) {
		t.Errorf("lapsed: player 1's partner %q, want player 0 by join order", p)
	}
}
