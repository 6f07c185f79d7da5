package tourney

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

// partnersOf is a partners' tournament of c's kind with players
// p0, p1, … joined a minute apart before t0 (rated 1500, 1510, …).
func partnersOf(t *testing.T, c Config, players int) *Tournament {
	t.Helper()
	c.Game, c.Hands, c.Partners, c.Start = "101", 1, true, t0
	tr, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for i := range players {
		id := "p" + string(rune('0'+i))
		if _, err := tr.Join(id, 1500+10*i, t0.Add(time.Duration(i-players)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// In partners a player who joins alone is teamed with the first who
// waits alone, in join order; the team is what the director pairs,
// rated at its players' mean; a fifth waits alone and is counted.
func TestPartnersTeamInJoinOrder(t *testing.T) {
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 5)
	if len(tr.Teams) != 2 || len(tr.Joined) != 2 || !tr.Alone("p4") || tr.Players() != 5 {
		t.Fatalf("five joined: teams %v, joined %v, alone %v, %d players", tr.Teams, tr.Joined, tr.Lone, tr.Players())
	}
	for _, c := range []struct{ a, b string }{{"p0", "p1"}, {"p2", "p3"}} {
		id, ok := tr.TeamOf(c.a)
		if !ok || tr.Teams[id] != (Team{First: c.a, Second: c.b}) || tr.Unit(c.b) != id {
			t.Errorf("%s's team %q: %+v", c.a, id, tr.Teams[id])
		}
		if p, _ := tr.Partner(c.b); p != c.a {
			t.Errorf("%s's partner: %q", c.b, p)
		}
	}
	if r := tr.Joined[tr.Unit("p0")].Rating; r != 1505 {
		t.Errorf("the first team's rating %d, want its players' mean 1505", r)
	}
	if got := tr.People(); !slices.Equal(got, []string{"p0", "p1", "p2", "p3", "p4"}) {
		t.Errorf("People() = %v", got)
	}
	// Joining twice changes nothing.
	if _, err := tr.Join("p1", 1510, t0); err != nil || len(tr.Teams) != 2 || len(tr.Lone) != 1 {
		t.Errorf("p1 joined again: %v, teams %v, alone %v", err, tr.Teams, tr.Lone)
	}
}

// A partners' table seats each team's first at the seat the pairing
// gave it and its second facing them; the places of a team's seats
// must be one, and a forfeit of either is the team's.
func TestPartnersSeatsAndEnds(t *testing.T) {
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 4)
	starts := tr.Tick(t0)
	if len(starts) != 1 {
		t.Fatalf("two teams at the start: %v", starts)
	}
	tb := starts[0].Players
	seats := tr.Seats(tb)
	for s := range 2 {
		tm := tr.Teams[tb[s]]
		if tb[s] != tb[s+2] || seats[s] != tm.First || seats[s+2] != tm.Second {
			t.Errorf("seat %d: table %v seats %v; team %+v", s, tb, seats, tm)
		}
	}
	tr.Opened(starts[0], 1, t0)
	if _, err := tr.Ended(1, [4]int{1, 2, 3, 4}, [4]bool{}, t0); !errors.Is(err, ErrPlaces) {
		t.Errorf("a team's seats at two places: %v", err)
	}
	if _, err := tr.Ended(1, [4]int{1, 3, 1, 3}, [4]bool{false, false, false, true}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	m := tr.Matches[0]
	if m.Forfeit != [4]bool{false, true, false, true} {
		t.Errorf("one of a team did not come: forfeits %v, want the team's both seats", m.Forfeit)
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != 2 || st[0].Player != tb[0] || st[0].Points != 3*Twelfths || st[1].Points != 0 {
		t.Errorf("standings %+v: want the winners' 3 points and the forfeit team's none", st)
	}
}

// One of a team leaving takes the team out of the pairing (the other
// sees the team has left); either joining again brings it back. One
// waiting alone who leaves stops waiting.
func TestPartnersLeaveTogether(t *testing.T) {
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 5)
	starts := tr.Tick(t0)
	if len(starts) != 1 {
		t.Fatalf("two teams at the start: %v", starts)
	}
	tr.Opened(starts[0], 1, t0)
	if err := tr.Leave("p4"); err != nil || tr.Alone("p4") || tr.Players() != 4 {
		t.Errorf("the one alone left: %v, alone %v", err, tr.Lone)
	}
	if err := tr.Leave("p3"); err != nil {
		t.Fatal(err)
	}
	team := tr.Unit("p2")
	if !tr.Joined[team].Left || tr.Unit("p3") != team {
		t.Errorf("p3 left: the team %s is %+v", team, tr.Joined[team])
	}
	_, err := tr.Ended(1, [4]int{1, 3, 1, 3}, [4]bool{}, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Playing) != 0 || len(tr.Pool) != 1 || tr.Pool[0].Player == team {
		t.Errorf("after the match: playing %v, pool %v; want the other team alone in the pool", tr.Playing, tr.Pool)
	}
	starts, err = tr.Join("p2", 1520, t0.Add(2*time.Minute))
	if err != nil || tr.Joined[team].Left || len(starts) != 1 {
		t.Errorf("p2 came back: %v, the team %+v, tables %v", err, tr.Joined[team], starts)
	}
	if err := tr.Leave("nobody"); !errors.Is(err, ErrUnknown) {
		t.Errorf("a stranger left: %v", err)
	}
}

// One still alone when a Swiss's first round is paired plays with a
// bot partner; after that a newcomer is refused.
func TestPartnersSwissBotPartner(t *testing.T) {
	tr := partnersOf(t, Config{Kind: Swiss, Rounds: 2}, 5)
	starts := tr.Tick(t0)
	if len(tr.Lone) != 0 || len(tr.Teams) != 3 {
		t.Fatalf("at the first round: alone %v, teams %v", tr.Lone, tr.Teams)
	}
	id, _ := tr.TeamOf("p4")
	if tr.Teams[id] != (Team{First: "p4", Second: Bot}) || tr.Players() != 5 {
		t.Errorf("p4's team %+v, %d players", tr.Teams[id], tr.Players())
	}
	var seated []string
	for _, st := range starts {
		for _, p := range tr.Seats(st.Players) {
			if p != Bot {
				seated = append(seated, p)
			}
		}
	}
	slices.Sort(seated)
	if !slices.Equal(seated, []string{"p0", "p1", "p2", "p3", "p4"}) {
		t.Errorf("round 1 seats %v", seated)
	}
	if _, err := tr.Join("p9", 1500, t0); !errors.Is(err, ErrStarted) {
		t.Errorf("a newcomer after the first round: %v", err)
	}
}

// In an arena one alone waits for the next to join; with bots, after
// the bot wait from the start a bot partners them; without, they wait.
func TestPartnersArenaAlone(t *testing.T) {
	for _, c := range []struct {
		wait   time.Duration
		teamed bool
	}{{time.Minute, true}, {0, false}} {
		tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour, BotWait: c.wait}, 3)
		tr.Tick(t0)
		if !tr.Alone("p2") {
			t.Fatalf("bot wait %v: p2 not alone at the start", c.wait)
		}
		starts := tr.Tick(t0.Add(time.Minute))
		if _, ok := tr.TeamOf("p2"); ok != c.teamed {
			t.Errorf("bot wait %v: p2 teamed %v after a minute", c.wait, ok)
		}
		if c.teamed && len(starts) != 1 {
			t.Errorf("bot wait %v: tables %v", c.wait, starts)
		}
	}
}

// A partners' match's places as 101 gives them (the teams' ranks) are
// taken as a ranking of the seats: the winners' seats share the first
// two places, the others the last two; a ranking already is kept.
func TestSeatPlaces(t *testing.T) {
	for _, c := range []struct{ in, want [4]int }{
		{[4]int{1, 2, 1, 2}, [4]int{1, 3, 1, 3}},
		{[4]int{2, 1, 2, 1}, [4]int{3, 1, 3, 1}},
		{[4]int{1, 1, 1, 1}, [4]int{1, 1, 1, 1}},
		{[4]int{1, 3, 1, 3}, [4]int{1, 3, 1, 3}},
		{[4]int{1, 2, 3, 4}, [4]int{1, 2, 3, 4}},
	} {
		if got := SeatPlaces(c.in); got != c.want {
			t.Errorf("SeatPlaces(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 4)
	tr.Opened(tr.Tick(t0)[0], 1, t0)
	if _, err := tr.Ended(1, [4]int{2, 1, 2, 1}, [4]bool{}, t0); err != nil || tr.Matches[0].Places != [4]int{3, 1, 3, 1} {
		t.Errorf("the teams' ranks taken: %v, places %v", err, tr.Matches)
	}
}

// In partners each player keeps the name they joined by (the teams are
// what Joined holds): teamed or alone, NameOf says it, and a team's
// seat at a table is held in its player's name; a name of one not in
// the tournament is not kept.
func TestPartnersKeepTheirNames(t *testing.T) {
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 3)
	for i, n := range []string{"ali", "ayşe", "can", "deniz"} {
		tr.Named("p"+string(rune('0'+i)), n)
	}
	for id, want := range map[string]string{"p0": "ali", "p1": "ayşe", "p2": "can", "p3": ""} {
		if got := tr.NameOf(id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	for id := range tr.Teams {
		if tr.NameOf(id) != "" {
			t.Errorf("team %s named %q", id, tr.NameOf(id))
		}
	}
	plain, err := New(Config{Kind: Arena, Game: "101", Hands: 1, Length: time.Hour, Start: t0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plain.Join("p0", 1500, t0); err != nil {
		t.Fatal(err)
	}
	plain.Named("p0", "ali")
	if plain.NameOf("p0") != "ali" || plain.Joined["p0"].Name != "ali" || plain.Names != nil {
		t.Errorf("not partners: %q, %+v, %v", plain.NameOf("p0"), plain.Joined["p0"], plain.Names)
	}
}

// An ask to partner, as players make and answer it: the one asked
// waits held out of the join order (a newcomer alone is not teamed
// with them) until they answer; accepted, the two are one team, seated
// facing each other at every table; declined, both wait alone and are
// teamed by join order with the next to come, never with each other.
func TestPartnersAsked(t *testing.T) {
	for _, c := range []struct {
		name   string
		accept bool
	}{{"accepted", true}, {"declined", false}} {
		t.Run(c.name, func(t *testing.T) {
			tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 1) // p0 waits alone
			at := t0.Add(-time.Hour)
			if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1600}, at); err != nil {
				t.Fatal(err)
			}
			if _, ok := tr.InviteOf("p0"); !ok || !tr.Alone("ayse") || tr.Players() != 2 || !slices.Contains(tr.People(), "ayse") {
				t.Fatalf("after the ask: invites %v, alone %v, %d players", tr.Invites, tr.Lone, tr.Players())
			}
			// A newcomer alone is not teamed with the one asked.
			if _, err := tr.Join("can", 1500, at); err != nil {
				t.Fatal(err)
			}
			if _, ok := tr.TeamOf("p0"); ok || len(tr.Teams) != 0 || !tr.Alone("can") {
				t.Fatalf("one joined alone while p0 is asked: teams %v, alone %v", tr.Teams, tr.Lone)
			}
			if _, err := tr.Answer("ayse", true, at); !errors.Is(err, ErrUnknown) {
				t.Errorf("the asker answered their own ask: %v", err)
			}
			if _, err := tr.Answer("p0", c.accept, at); err != nil {
				t.Fatal(err)
			}
			if len(tr.Invites) != 0 {
				t.Errorf("answered, the ask still waits: %v", tr.Invites)
			}
			if !c.accept {
				if _, ok := tr.TeamOf("ayse"); ok {
					t.Fatalf("declined, ayse is teamed: %v", tr.Teams)
				}
				// p0 is now teamed with can (the order), and ayse waits.
				if p, _ := tr.Partner("p0"); p != "can" || !tr.Alone("ayse") {
					t.Fatalf("declined: p0's partner %q, alone %v", p, tr.Lone)
				}
				if _, err := tr.Join("deniz", 1500, at); err != nil {
					t.Fatal(err)
				}
				if p, _ := tr.Partner("ayse"); p != "deniz" {
					t.Fatalf("declined: ayse's partner %q, want the next to join", p)
				}
				return
			}
			team, ok := tr.TeamOf("ayse")
			if p, _ := tr.Partner("ayse"); !ok || p != "p0" || tr.Joined[team].Rating != 1550 {
				t.Fatalf("accepted: ayse's team %v, partner %q, rating %d", tr.Teams[team], p, tr.Joined[team].Rating)
			}
			if _, err := tr.Join("deniz", 1500, at); err != nil {
				t.Fatal(err)
			}
			if p, _ := tr.Partner("can"); p != "deniz" {
				t.Fatalf("can's partner %q, want deniz", p)
			}
			// Every table seats ayse facing p0.
			now := t0
			starts := tr.Tick(now)
			for n := 1; n <= 3; n++ {
				if len(starts) != 1 {
					t.Fatalf("table %d: %v", n, starts)
				}
				seats := tr.Seats(starts[0].Players)
				i := slices.Index(seats[:], "ayse")
				if i < 0 || seats[(i+2)%4] != "p0" {
					t.Errorf("table %d seats %v: ayse not facing p0", n, seats)
				}
				tr.Opened(starts[0], n, now)
				now = now.Add(time.Minute)
				var err error
				if starts, err = tr.Ended(n, [4]int{1, 2, 1, 2}, [4]bool{}, now); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// An ask is refused where it cannot be a team: a name in a team
// already, one asked by another, the asker asked themselves, one not in
// the tournament, a tournament not of partners; asking again is the
// same ask, and asking another drops the first.
func TestPartnersAskRefused(t *testing.T) {
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 3) // p0 & p1, p2 alone
	at := t0.Add(-time.Hour)
	for _, c := range []struct {
		from, to string
		want     error
	}{
		{"ayse", "p1", ErrTeamed},
		{"p0", "p2", ErrTeamed},
		{"ayse", "nobody", ErrUnknown},
		{"ayse", "ayse", ErrUnknown},
		{"ayse", Bot, ErrUnknown},
	} {
		if _, err := tr.Ask(Invite{From: c.from, To: c.to, Rating: 1500}, at); !errors.Is(err, c.want) {
			t.Errorf("%s asks %s: %v, want %v", c.from, c.to, err, c.want)
		}
	}
	if _, err := tr.Ask(Invite{From: "ayse", To: "p2", Rating: 1500}, at); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Ask(Invite{From: "ayse", To: "p2", Rating: 1500}, at); err != nil || len(tr.Invites) != 1 {
		t.Errorf("asked again: %v, %v", err, tr.Invites)
	}
	if _, err := tr.Ask(Invite{From: "mehmet", To: "p2", Rating: 1500}, at); !errors.Is(err, ErrAsked) {
		t.Errorf("one asked by another: %v", err)
	}
	if _, err := tr.Ask(Invite{From: "p2", To: "mehmet", Rating: 1500}, at); !errors.Is(err, ErrAsked) {
		t.Errorf("one asked asks another: %v", err)
	}
	// One joining alone is not teamed with p2, asked; ayse asks them
	// instead, and p2, free, is teamed with the next alone.
	if _, err := tr.Join("mehmet", 1500, at); err != nil {
		t.Fatal(err)
	}
	if _, ok := tr.TeamOf("mehmet"); ok || !tr.Alone("mehmet") {
		t.Fatalf("mehmet joined alone while p2 is asked: teams %v", tr.Teams)
	}
	if _, err := tr.Ask(Invite{From: "ayse", To: "mehmet", Rating: 1500}, at); err != nil || len(tr.Invites) != 1 || tr.Invites[0].To != "mehmet" {
		t.Errorf("ayse asks another: %v, %v", err, tr.Invites)
	}
	if _, err := tr.Join("can", 1500, at); err != nil {
		t.Fatal(err)
	}
	if p, _ := tr.Partner("can"); p != "p2" {
		t.Errorf("p2, free again: can's partner %q", p)
	}
	plain, err := New(Config{Kind: Arena, Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plain.Ask(Invite{From: "a", To: "b", Rating: 1500}, at); !errors.Is(err, ErrNoPartners) {
		t.Errorf("an ask in a tournament not of partners: %v", err)
	}
}

// Leaving frees both of an ask: the asker leaving, the one asked waits
// alone and is teamed by order; the one asked leaving, the asker waits
// alone. Asks unanswered at a Swiss's first round, or at an arena's
// end, are dropped.
func TestPartnersAskLeft(t *testing.T) {
	at := t0.Add(-time.Hour)
	tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 1)
	if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1500}, at); err != nil {
		t.Fatal(err)
	}
	if err := tr.Leave("ayse"); err != nil || len(tr.Invites) != 0 || tr.Alone("ayse") || tr.Players() != 1 {
		t.Fatalf("the asker left: %v, invites %v, alone %v", err, tr.Invites, tr.Lone)
	}
	tr.Join("can", 1500, at)
	if p, _ := tr.Partner("p0"); p != "can" {
		t.Errorf("p0 freed: partner %q", p)
	}

	tr = partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 1)
	if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1500}, at); err != nil {
		t.Fatal(err)
	}
	if err := tr.Leave("p0"); err != nil || len(tr.Invites) != 0 || !tr.Alone("ayse") || tr.Alone("p0") {
		t.Fatalf("the one asked left: %v, invites %v, alone %v", err, tr.Invites, tr.Lone)
	}

	// An arena's end drops asks unanswered (made a minute before: not
	// lapsed): the asker found no partner.
	tr = partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 1)
	if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1500}, t0.Add(time.Hour-time.Minute)); err != nil {
		t.Fatal(err)
	}
	tr.Tick(t0.Add(time.Hour))
	if len(tr.Invites) != 0 || !tr.Alone("ayse") || tr.Phase != Finished {
		t.Errorf("the arena's end with an ask unanswered: %s, invites %v, alone %v", tr.Phase, tr.Invites, tr.Lone)
	}

	tr = partnersOf(t, Config{Kind: Swiss, Rounds: 1}, 1)
	if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1500}, at); err != nil {
		t.Fatal(err)
	}
	tr.Tick(t0)
	if len(tr.Invites) != 0 || len(tr.Lone) != 0 || len(tr.Teams) != 1 {
		t.Errorf("the first round with an ask unanswered: invites %v, alone %v, teams %v", tr.Invites, tr.Lone, tr.Teams)
	}
}

// An ask to partner taken back, or not answered within AskLapse, ends:
// the asker waits alone again and the two are teamed by join order as
// usual; taking back an ask one did not make is ErrUnknown; an ask
// answered before it lapses is the answer's.
func TestPartnersAskTakenBackOrLapsed(t *testing.T) {
	for _, c := range []struct {
		name string
		end  func(tr *Tournament, at time.Time) error
	}{
		{"taken back", func(tr *Tournament, at time.Time) error {
			if _, err := tr.TakeBack("p0", at); !errors.Is(err, ErrUnknown) {
				return fmt.Errorf("the one asked took it back: %v", err)
			}
			_, err := tr.TakeBack("ayse", at)
			return err
		}},
		{"lapsed", func(tr *Tournament, at time.Time) error {
			tr.Tick(at.Add(AskLapse - time.Second))
			if len(tr.Invites) != 1 {
				return fmt.Errorf("lapsed a second early: %v", tr.Invites)
			}
			tr.Tick(at.Add(AskLapse))
			return nil
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 1) // p0 waits alone
			at := t0.Add(-30 * time.Minute)
			if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1600}, at); err != nil {
				t.Fatal(err)
			}
			if inv, _ := tr.InviteOf("ayse"); !inv.Lapses().Equal(at.Add(AskLapse)) {
				t.Errorf("the ask lapses at %v, want %v", inv.Lapses(), at.Add(AskLapse))
			}
			if err := c.end(tr, at); err != nil {
				t.Fatal(err)
			}
			if len(tr.Invites) != 0 {
				t.Fatalf("the ask still waits: %v", tr.Invites)
			}
			// Teamed as usual: the two, first in the order, are a team.
			if p, ok := tr.Partner("p0"); !ok || p != "ayse" {
				t.Errorf("p0's partner %q (%v), want ayse by join order; alone %v", p, ok, tr.Lone)
			}
		})
	}
}

// An ask that is its asker's only entry (Invite.Entry: the server's one
// entry an address, the asker from the address of the one asked) ends
// with the asker out of the tournament, whichever way it ends other
// than in the two's team; the one asked stays as they were, and is
// teamed with the next to join. Accepted, the two are a team as any.
func TestAnAskThatIsTheEntryEndsWithIt(t *testing.T) {
	at := t0.Add(-30 * time.Minute)
	for _, c := range []struct {
		name string
		kind Config
		end  func(tr *Tournament) error
		// stays: p0 is still in (not the one who left).
		stays, team bool
	}{
		{"declined", Config{Kind: Arena, Length: time.Hour}, func(tr *Tournament) error { _, err := tr.Answer("p0", false, at); return err }, true, false},
		{"taken back", Config{Kind: Arena, Length: time.Hour}, func(tr *Tournament) error { _, err := tr.TakeBack("ayse", at); return err }, true, false},
		{"lapsed", Config{Kind: Arena, Length: time.Hour}, func(tr *Tournament) error { tr.Tick(at.Add(AskLapse)); return nil }, true, false},
		{"the one asked left", Config{Kind: Arena, Length: time.Hour}, func(tr *Tournament) error { return tr.Leave("p0") }, false, false},
		{"dropped by the first round", Config{Kind: Swiss, Rounds: 1}, func(tr *Tournament) error { tr.Tick(t0); return nil }, true, false},
		{"accepted", Config{Kind: Arena, Length: time.Hour}, func(tr *Tournament) error { _, err := tr.Answer("p0", true, at); return err }, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := partnersOf(t, c.kind, 1) // p0 waits alone
			if _, err := tr.Ask(Invite{From: "ayse", To: "p0", Rating: 1600, Entry: true}, at); err != nil {
				t.Fatal(err)
			}
			if inv, ok := tr.InviteOf("ayse"); !ok || !inv.Entry || tr.Players() != 2 {
				t.Fatalf("the ask %+v (%v), %d players", inv, ok, tr.Players())
			}
			if err := c.end(tr); err != nil {
				t.Fatal(err)
			}
			if p, _ := tr.Partner("ayse"); c.team != (p == "p0") {
				t.Fatalf("ayse's partner %q, want p0 %v", p, c.team)
			}
			if c.team {
				return
			}
			if slices.Contains(tr.People(), "ayse") || tr.Alone("ayse") || len(tr.Invites) != 0 {
				t.Errorf("the asker is still in: people %v, alone %v, invites %v", tr.People(), tr.Lone, tr.Invites)
			}
			if c.stays != slices.Contains(tr.People(), "p0") {
				t.Errorf("p0 in %v, want %v", tr.People(), c.stays)
			}
			if c.kind.Kind == Arena && c.stays {
				if _, err := tr.Join("can", 1500, at); err != nil {
					t.Fatal(err)
				}
				if p, _ := tr.Partner("p0"); p != "can" {
					t.Errorf("p0's partner %q, want can, the next to join; alone %v", p, tr.Lone)
				}
			}
		})
	}
}

// A refusal's word and its error read each other back, wrapped or not;
// an error of no ask's is WhyOther, whose Err is nil.
func TestRefusalWordsBothWays(t *testing.T) {
	for _, err := range []error{ErrTeamed, ErrAsked, ErrUnknown, ErrFinished, ErrStarted} {
		why := WhyOf(fmt.Errorf("asking: %w", err))
		if why == WhyOther {
			t.Errorf("%v has no word", err)
		}
		if back := (Refusal{Why: why}).Err(); !errors.Is(back, err) {
			t.Errorf("%v → %q → %v", err, why, back)
		}
	}
	if why := WhyOf(errors.New("the store is down")); why != WhyOther {
		t.Errorf("an error of no ask's is %q", why)
	}
	if err := (Refusal{Why: WhyOther}).Err(); err != nil {
		t.Errorf("WhyOther stands for %v", err)
	}
}
