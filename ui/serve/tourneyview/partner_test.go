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
	if _, err := tr.Ask("o1", "x1", 1500, at); err != nil {
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
	if _, err := tr.Ask("a3", "a1", 1500, at); err != nil {
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
