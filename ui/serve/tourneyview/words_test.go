package tourneyview

import (
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
)

// The Turkish page calls the streak by one name (the glossary's "üst
// üste kazanma") in its standings' head and its rules, says the time
// away as "2 dakikadan fazla", and shows no rules option raw
// ("points=5").
func TestTurkishTournamentWords(t *testing.T) {
	tr := i18n.MustLoad("tr")
	head := tr.T("tourney.col.streak")
	for _, c := range []struct {
		name string
		cfg  tourney.Config
		want []string
		not  []string
	}{
		{"arena, classic from 5 points", tourney.Config{Kind: tourney.Arena, Game: "classic", Rules: "points=5", Hands: 5, Length: time.Hour, Back: 2 * time.Minute},
			[]string{"5 puanla", "kurallar: standart", "2 dakikadan fazla", "Üst üste kazanma"}, []string{"=", "süreden", "ardışık"}},
		{"Swiss, 101 of 3 hands, away 90 s", tourney.Config{Kind: tourney.Swiss, Game: "101", Rules: "hands=3", Hands: 3, Rounds: 3, Back: time.Minute, Away: 90 * time.Second},
			[]string{"90 saniyeden fazla"}, []string{"=", "süreden"}},
		{"classic simple deal from 10", tourney.Config{Kind: tourney.Arena, Game: "classic", Rules: "simple,points=10", Hands: 10, Length: time.Hour},
			[]string{"kurallar: basit"}, []string{"="}},
	} {
		got := words(Rules(tr, c.cfg))
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the rules lack %q:\n%s", c.name, w, got)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: the rules say %q:\n%s", c.name, w, got)
			}
		}
		if c.cfg.Kind == tourney.Arena && !strings.Contains(strings.ToLower(got), head) {
			t.Errorf("%s: the standings call the streak %q, the rules do not:\n%s", c.name, head, got)
		}
	}
	if w := standingColumns["streak"].width; len([]rune(head)) > w {
		t.Errorf("the streak's head %q is cut to %d columns", head, w)
	}
}

// A tournament's time control is stated in its rules, in both
// languages: the seconds a turn, and the bank where there is one.
func TestRulesSayTheTimeControl(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		c := tourney.Config{Kind: tourney.Arena, Game: "101", Hands: 1, Length: time.Hour, Turn: 20 * time.Second, Bank: time.Minute}
		got := words(Rules(tr, c))
		if !strings.Contains(got, Wait(tr, 20*time.Second)) || !strings.Contains(got, Wait(tr, time.Minute)) {
			t.Errorf("%s: the rules do not say a turn of 20 s and a bank of 1 min:\n%s", lang, got)
		}
	}
}
