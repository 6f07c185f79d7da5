package tourneyview

import (
	"errors"
	"testing"
	"time"

	"okey/game/tourney"
)

// A typed name is matched as Turkish players type names on any
// keyboard: Turkish case rules, the Turkish letters as plain ones.
func TestFold(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"Ayşe", "AYSE"}, {"Ayşe", "ayşe"}, {"IŞIK", "ışık"}, {"Işık", "isik"}, {"İpek", "ipek"},
		{"Güneş Çağlar", "  gunes   caglar "}, {"Öykü", "OYKU"},
	} {
		if Fold(c.a) != Fold(c.b) {
			t.Errorf("Fold(%q) = %q, Fold(%q) = %q: want one name", c.a, Fold(c.a), c.b, Fold(c.b))
		}
	}
	if Fold("Ayşe") == Fold("Ayten") {
		t.Error("two names folded to one")
	}
}

// FindPartner finds the one the player may ask among those waiting
// alone, and says why not where nobody: a name in a team, one asked by
// another, none, two.
func TestFindPartner(t *testing.T) {
	tr, err := tourney.New(tourney.Config{Kind: tourney.Arena, Game: "101", Hands: 1, Start: time.Unix(1e9, 0), Length: time.Hour, Partners: true})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1e9-60, 0)
	join := func(id, name string) {
		t.Helper()
		if _, err := tr.Join(id, 1500, at); err != nil {
			t.Fatal(err)
		}
		tr.Named(id, name)
	}
	// k1 & k2 a team; x1 alone, asked by o1; a1 alone (not teamed with
	// x1, asked).
	join("k1", "Kemal")
	join("k2", "Zeki")
	join("x1", "Işık")
	if _, err := tr.Ask(tourney.Invite{From: "o1", To: "x1", Rating: 1500}, at); err != nil {
		t.Fatal(err)
	}
	tr.Named("o1", "Oya")
	join("a1", "Ayşe")
	p := Page{T: *tr, Me: "me", Names: Names{"me": "Ayşe"}}
	for _, c := range []struct {
		typed, want string
		err         error
	}{
		{"AYSE", "a1", nil},
		{" ayşe ", "a1", nil},
		{"kemal", "", tourney.ErrTeamed},
		{"ISIK", "", tourney.ErrAsked},
		{"Nobody", "", ErrNoName},
		{"", "", ErrNoName},
	} {
		got, err := p.FindPartner(c.typed)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("FindPartner(%q) = %q, %v; want %q, %v", c.typed, got, err, c.want, c.err)
		}
	}
	if cs := p.Candidates(); len(cs) != 1 || cs[0] != (Candidate{ID: "a1", Name: "Ayşe"}) {
		t.Errorf("candidates %v; want Ayşe alone", cs)
	}
	// Two waiting alone under one name (a3 asked a1, who declined):
	// picked, not typed.
	if _, err := tr.Ask(tourney.Invite{From: "a3", To: "a1", Rating: 1500}, at); err != nil {
		t.Fatal(err)
	}
	tr.Named("a3", "AYŞE")
	if _, err := tr.Answer("a1", false, at); err != nil {
		t.Fatal(err)
	}
	p = Page{T: *tr, Me: "me"}
	if _, err := p.FindPartner("ayse"); !errors.Is(err, ErrTwoNames) {
		t.Errorf("two called Ayşe waiting alone: %v", err)
	}
	// The one asked sees who asks; the asker whom they asked.
	if from, ok := (Page{T: *tr, Me: "x1"}).AskedBy(); !ok || from != "o1" {
		t.Errorf("x1 asked by %q, %v", from, ok)
	}
	if to, ok := (Page{T: *tr, Me: "o1"}).Asking(); !ok || to != "x1" {
		t.Errorf("o1 asking %q, %v", to, ok)
	}
	if (Page{T: *tr, Me: "x1"}).CanAsk() || !(Page{T: *tr, Me: "o1"}).CanAsk() {
		t.Error("the one asked may ask, or the asker may not ask another")
	}
}

// EndOfAsk reads how an ask ended from what the tournament kept, for
// the asker (b) and the one asked (a), with c waiting alone beside
// them: an answer, a take-back, the lapse, a leave and a Swiss's first
// round each read as what they were.
func TestEndOfAsk(t *testing.T) {
	t0 := time.Unix(1e9, 0)
	begin := func(t *testing.T, kind tourney.Kind) (*tourney.Tournament, tourney.Invite) {
		t.Helper()
		c := tourney.Config{Kind: kind, Game: "101", Hands: 1, Start: t0, Length: time.Hour, Rounds: 3, Partners: true, BotLevel: "easy"}
		if kind == tourney.Arena {
			c.Rounds = 0
		}
		tr, err := tourney.New(c)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Join("a", 1500, t0.Add(-10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Ask(tourney.Invite{From: "b", To: "a", Rating: 1500}, t0.Add(-9*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Join("c", 1500, t0.Add(-8*time.Minute)); err != nil {
			t.Fatal(err)
		}
		inv, ok := tr.InviteOf("a")
		if !ok || inv.From != "b" {
			t.Fatalf("b's ask to a not kept: %+v", tr.Invites)
		}
		return tr, inv
	}
	asked := t0.Add(-9 * time.Minute)
	soon := asked.Add(time.Minute)
	tests := []struct {
		name     string
		kind     tourney.Kind
		do       func(*tourney.Tournament) error
		now      time.Time
		asker    AskEnd // what b's page reads
		askedOne AskEnd // a's
	}{
		{"nothing yet", tourney.Arena, func(*tourney.Tournament) error { return nil }, soon, AskWaits, AskWaits},
		{"accepted", tourney.Arena, func(tr *tourney.Tournament) error { _, err := tr.Answer("a", true, soon); return err }, soon, AskAccepted, AskAccepted},
		{"declined", tourney.Arena, func(tr *tourney.Tournament) error { _, err := tr.Answer("a", false, soon); return err }, soon, AskDeclined, AskWaits},
		{"taken back", tourney.Arena, func(tr *tourney.Tournament) error { _, err := tr.TakeBack("b", soon); return err }, soon, AskWaits, AskTakenBack},
		{"lapsed", tourney.Arena, func(tr *tourney.Tournament) error {
			tr.Tick(asked.Add(tourney.AskLapse))
			return nil
		}, asked.Add(tourney.AskLapse), AskLapsed, AskLapsed},
		{"the asker left", tourney.Arena, func(tr *tourney.Tournament) error { return tr.Leave("b") }, soon, AskWaits, AskLeft},
		{"the one asked left", tourney.Arena, func(tr *tourney.Tournament) error { return tr.Leave("a") }, soon, AskLeft, AskWaits},
		{"a Swiss's first round paired", tourney.Swiss, func(tr *tourney.Tournament) error {
			tr.Tick(t0)
			return nil
		}, t0, AskDropped, AskDropped},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, inv := begin(t, tt.kind)
			if err := tt.do(tr); err != nil {
				t.Fatal(err)
			}
			// The asker's own take-back and leave, and the one asked's
			// own answer and leave, are said as they are made (AskWaits
			// here stands for "not read").
			if got := EndOfAsk(inv, "b", *tr, tt.now); got != tt.asker && tt.asker != AskWaits {
				t.Errorf("the asker reads %d, want %d (invites %+v, lone %+v, teams %+v)", got, tt.asker, tr.Invites, tr.Lone, tr.Teams)
			}
			if got := EndOfAsk(inv, "a", *tr, tt.now); got != tt.askedOne && tt.askedOne != AskWaits {
				t.Errorf("the one asked reads %d, want %d (invites %+v, lone %+v, teams %+v)", got, tt.askedOne, tr.Invites, tr.Lone, tr.Teams)
			}
			if tt.name == "nothing yet" {
				if EndOfAsk(inv, "b", *tr, tt.now) != AskWaits || EndOfAsk(inv, "a", *tr, tt.now) != AskWaits {
					t.Error("an ask still waiting read as ended")
				}
			}
		})
	}
}
