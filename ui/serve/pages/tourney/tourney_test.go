package tourney

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/tourneyview"
)

// Every end of an ask the page says fits the 78 columns an 80-column
// page's status line shows, with the longest name a player may have.
func TestAskEndWordsFitTheStatusLine(t *testing.T) {
	const room = 78
	name := strings.Repeat("Ş", safetext.MaxNameLen)
	for _, lang := range []string{"en", "tr"} {
		c := &common.Common{Tr: i18n.MustLoad(lang)}
		for end := tourneyview.AskAccepted; end <= tourneyview.AskDropped; end++ {
			for _, asker := range []bool{true, false} {
				w := askEndWords(c, end, asker, name)
				if w == "" || strings.Contains(w, "{{") || strings.Contains(w, "%!") {
					t.Errorf("%s: end %d (asker %v) says %q", lang, end, asker, w)
				}
				if ansi.StringWidth(w) > room {
					t.Errorf("%s: %q is %d columns, more than the %d an 80-column status line shows", lang, w, ansi.StringWidth(w), room)
				}
			}
		}
	}
}

// In an arena's last minute the page redraws itself every second, so
// that its countdown counts; before it, and once the arena's time is
// up, it waits for the next read.
func TestLastMinuteTicks(t *testing.T) {
	srv := commontest.New(t)
	f := commontest.ArenaOfFive(t, srv.Now)
	l, tt, err := f.Tournament("t1")
	if err != nil {
		t.Fatal(err)
	}
	c := srv.Common(t.Context(), "key:p0", "", "p0", "en")
	c.Tour = f
	for _, at := range []struct {
		left  time.Duration
		ticks bool
	}{{2 * time.Minute, false}, {time.Minute + time.Second, false}, {time.Minute, true}, {42 * time.Second, true}, {0, false}, {-time.Second, false}} {
		srv.SetNow(l.End.Add(-at.left))
		p := &Page{id: "t1", l: l, t: &tt}
		cmd := p.tick(c)
		if (cmd != nil) != at.ticks {
			t.Errorf("%v before the end: ticks %v, want %v", at.left, cmd != nil, at.ticks)
		}
		if at.ticks && p.tick(c) != nil {
			t.Errorf("%v before the end: a second tick while one is on its way", at.left)
		}
		if at.ticks {
			lines, _ := p.Lines(c)
			want := c.Tr.T("tourney.when.ends", tourneyview.Left(c.Tr, at.left))
			if got := ansi.Strip(strings.Join(lines, "\n")); !strings.Contains(got, want) {
				t.Errorf("%v before the end, the page lacks %q:\n%s", at.left, want, got)
			}
		}
	}
}

// The standings' rating column is each player's rating now: read as the
// page opens, again as matches end, and again as players join — one who
// joined after the page's first read was shown at their rating at
// entry, a whole number, until a match ended.
func TestRatingsReadAsPlayersJoin(t *testing.T) {
	srv := commontest.New(t)
	srv.Book = commontest.RatingBook(t)
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	seats := [4]keep.Entrant{{ID: "key:p0", Name: "p0"}, {ID: "key:late", Name: "late"}, {ID: keep.BotIdentity("easy")}, {ID: keep.BotIdentity("easy")}}
	if _, err := srv.Book.Rate(ctx, keep.MatchEnd{Key: "m1", Game: "classic", Seats: seats, Places: [4]int{2, 1, 3, 4}}); err != nil {
		t.Fatal(err)
	}
	f := commontest.NewTourneys(srv.Now)
	id, err := f.CreateTournament("key:p0", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: srv.Now().Add(time.Hour), Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.JoinTournament(id, "key:p0", "p0", 0); err != nil {
		t.Fatal(err)
	}
	c := srv.Common(t.Context(), "key:p0", "", "p0", "en")
	c.Tour = f
	p := &Page{}
	p.show(id)
	ratings := func() map[string]float64 {
		t.Helper()
		l, tt, err := f.Tournament(id)
		if err != nil {
			t.Fatal(err)
		}
		p.l, p.t = l, &tt
		cmd := p.lookUp(c)
		if cmd == nil {
			return nil
		}
		msg, ok := cmd().(tourneyNamesMsg)
		if !ok {
			t.Fatal("the look-up brought no names")
		}
		return msg.ratings
	}
	if r := ratings(); len(r) != 1 || r["key:p0"] == 0 {
		t.Fatalf("as the page opens: %v", r)
	}
	if err := f.JoinTournament(id, "key:late", "late", 0); err != nil {
		t.Fatal(err)
	}
	if r := ratings(); len(r) != 2 || r["key:late"] == 0 {
		t.Errorf("after a join: %v, want both players' ratings", r)
	}
	if r := ratings(); r != nil {
		t.Errorf("nothing changed, and the ratings were read again: %v", r)
	}
	// A match ended: its players' ratings are read again, not the
	// whole field's, and the page keeps the others'.
	l, tt, err := f.Tournament(id)
	if err != nil {
		t.Fatal(err)
	}
	tt.Matches = append(slices.Clone(tt.Matches), tourney.Match{Table: 11, Players: [4]string{"key:late", tourney.Bot, tourney.Bot, tourney.Bot}, Places: [4]int{1, 2, 3, 4}})
	p.l, p.t = l, &tt
	msg, ok := p.lookUp(c)().(tourneyNamesMsg)
	if !ok || msg.whole || len(msg.ratings) != 1 || msg.ratings["key:late"] == 0 {
		t.Fatalf("after a match of one player ended: %+v, want that player's rating alone", msg)
	}
	p.ratings = map[string]float64{"key:p0": 1.5, "key:late": 0.5}
	p.Update(c, msg)
	if p.ratings["key:p0"] != 1.5 || p.ratings["key:late"] != msg.ratings["key:late"] {
		t.Errorf("after the read of one player's rating the page has %v", p.ratings)
	}
}

// A second entry from one address is refused at the entry in the
// player's words, which say the rule: one entry per address.
func TestOneEntryRefusalSaysTheRule(t *testing.T) {
	srv := commontest.New(t)
	for lang, want := range map[string]string{"en": "One entry per address", "tr": "Adres başına tek katılım"} {
		c := srv.Common(t.Context(), "key:p0", "", "p0", lang)
		err := fmt.Errorf("k3x9q2ab: %w", tournaments.ErrAddrTaken)
		for _, got := range []string{tourneyRefused(c, err), partnerRefused(c, err, "ann")} {
			if !strings.HasPrefix(got, want) {
				t.Errorf("%s: a second entry from one address is told %q, want %q first", lang, got, want)
			}
			// Said on the page's status line: whole at 80 columns.
			if n := len([]rune(got)); n > 78 {
				t.Errorf("%s: the refusal is %d columns, cut on the status line: %q", lang, n, got)
			}
		}
	}
}
