package serve

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// sessionOf is a session of player id called name on srv, whose server
// runs side's tournaments, at w×h in lang, its context over (pressAll).
func sessionOf(t *testing.T, srv *commontest.Side, side common.TourneySide, id, name, lang string, w, h int) *session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := newSession(srv, side, ctx, id, "", name, "127.0.0.1", lang)
	s.c.Port = "2222"
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	s.lobby.Open(&s.c)
	return s
}

// eachLangAndSize runs f as a subtest for English and Turkish at each
// of sizes (width, height): the pages' tests read every screen in both
// languages, narrow and wide.
func eachLangAndSize(t *testing.T, sizes [][2]int, f func(t *testing.T, lang string, tr *i18n.Catalog, w, h int)) {
	t.Helper()
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s %dx%d", lang, sz[0], sz[1]), func(t *testing.T) { f(t, lang, tr, sz[0], sz[1]) })
		}
	}
}

// typeIn types text on s, after erase backspaces.
func typeIn(s *session, erase int, text string) {
	for range erase {
		_, cmd := s.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
		drain(s, cmd)
	}
	for _, r := range text {
		_, cmd := s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		drain(s, cmd)
	}
}

// Joining a partners' tournament with a partner by name, on the page,
// at 80×24 and 100×30 in both languages: w offered in the guide line;
// a name in a team already and a name nobody has refused on the page
// in the player's words; tab picks one of those waiting alone; the
// name typed as any keyboard types it (AYSE for Ayşe) asks her; she
// sees the ask on her page with a and d in the guide line, accepts,
// and the two are one team, each page saying with whom.
func TestPartnerAskedOnThePage(t *testing.T) {
	srv := commontest.New(t)
	eachLangAndSize(t, [][2]int{{80, 24}, {100, 30}}, func(t *testing.T, lang string, tr *i18n.Catalog, w, h int) {
		now := srv.Now
		f, id := partnersArena(t, now)
		for _, p := range []struct{ id, name string }{{"key:kemal", "Kemal"}, {"key:zeki", "Zeki"}, {"key:ayse", "Ayşe"}} {
			if err := f.JoinTournament(id, p.id, p.name, 1500); err != nil {
				t.Fatal(err)
			}
		}
		s := tourneySession(t, srv, f, lang, w, h)
		pressAll(s, "u", "enter")
		scr := screenFits(t, "the page", s, w, h)
		if !strings.Contains(scr, "w "+tr.T("tourney.key.with")) || !strings.Contains(scr, "enter "+tr.T("tourney.key.join")) {
			t.Fatalf("a partners' page offers no join with a partner:\n%s", scr)
		}
		pressAll(s, "w")
		scr = screenFits(t, "naming", s, w, h)
		if !strings.Contains(scr, tr.T("tourney.partner.prompt")) || !strings.Contains(scr, "Ayşe") || !strings.Contains(scr, "tab "+tr.T("tourney.key.pick")) {
			t.Fatalf("w: the name asked for:\n%s", scr)
		}
		for _, c := range []struct{ typed, want string }{
			{"kemal", tr.T("tourney.err.teamed", "kemal")},
			{"Nobody", tr.T("tourney.err.noname", "Nobody")},
		} {
			typeIn(s, 12, c.typed)
			pressAll(s, "enter")
			if scr := screenFits(t, c.typed, s, w, h); !strings.Contains(scr, c.want) {
				t.Errorf("%q typed: the page lacks %q:\n%s", c.typed, c.want, scr)
			}
		}
		typeIn(s, 12, "")
		pressAll(s, "tab")
		if v := s.tourney.Typed(); v != "Ayşe" {
			t.Errorf("tab put %q, want Ayşe", v)
		}
		typeIn(s, 12, "AYSE")
		pressAll(s, "enter")
		_, state, _ := f.Tournament(id)
		if inv, ok := state.InviteOf("key:ayse"); !ok || inv.From != "key:test" {
			t.Fatalf("AYSE typed: asks %+v", state.Invites)
		}
		scr = screenFits(t, "asked", s, w, h)
		if !strings.Contains(scr, tr.T("tourney.asked.sent", "Ayşe")) {
			t.Errorf("the ask sent, the page says:\n%s", scr)
		}

		a := sessionOf(t, srv, f, "key:ayse", "Ayşe", lang, w, h)
		pressAll(a, "u", "enter")
		scr = screenFits(t, "Ayşe asked", a, w, h)
		for _, want := range []string{"a " + tr.T("tourney.key.accept"), "d " + tr.T("tourney.key.decline")} {
			if !strings.Contains(scr, want) {
				t.Errorf("the one asked: no %q in the guide line:\n%s", want, scr)
			}
		}
		if !strings.Contains(strings.Join(strings.Fields(scr), " "), strings.Join(strings.Fields(tr.T("tourney.you.asked", "ann", 2)), " ")) {
			t.Errorf("the one asked is not told who asks:\n%s", scr)
		}
		pressAll(a, "a")
		_, state, _ = f.Tournament(id)
		if p, _ := state.Partner("key:ayse"); p != "key:test" || len(state.Invites) != 0 {
			t.Fatalf("accepted: Ayşe's partner %q, asks %v", p, state.Invites)
		}
		if scr := screenFits(t, "accepted", a, w, h); !strings.Contains(scr, tr.T("tourney.you.with", "ann")) || !strings.Contains(scr, tr.T("tourney.accepted")) {
			t.Errorf("accepted, her page says:\n%s", scr)
		}
		pressAll(s, "down", "up") // read again: the page reads every while
		drain(s, s.tourney.Open(&s.c))
		if scr := screenFits(t, "teamed", s, w, h); !strings.Contains(scr, tr.T("tourney.you.with", "Ayşe")) || strings.Contains(scr, "w "+tr.T("tourney.key.with")) {
			t.Errorf("teamed, the asker's page says:\n%s", scr)
		}
	})
}

// partnersArena is a fake's partners' arena of 101, "eşli", created by
// Kemal to start in an hour: nobody in it yet.
func partnersArena(t *testing.T, now func() time.Time) (*commontest.Tourneys, string) {
	t.Helper()
	f := commontest.NewTourneys(now)
	id, err := f.CreateTournament("key:kemal", tourney.Config{Kind: tourney.Arena, Name: "eşli", Game: "101",
		Hands: 1, Start: now().Add(time.Hour), Length: time.Hour, Partners: true})
	if err != nil {
		t.Fatal(err)
	}
	return f, id
}

// annAsksAyse is a partners' arena of 101 on srv in which Ayşe waits
// alone and ann (key:test), on her page at w×h in lang, types Ayşe's
// name and asks her: the tournament's id, its fake, and ann's session.
func annAsksAyse(t *testing.T, srv *commontest.Side, lang string, w, h int) (*commontest.Tourneys, string, *session) {
	t.Helper()
	now := srv.Now
	f, id := partnersArena(t, now)
	if err := f.JoinTournament(id, "key:ayse", "Ayşe", 1500); err != nil {
		t.Fatal(err)
	}
	s := tourneySession(t, srv, f, lang, w, h)
	pressAll(s, "u", "enter", "w")
	typeIn(s, 12, "Ayşe")
	pressAll(s, "enter")
	_, state, _ := f.Tournament(id)
	if inv, ok := state.InviteOf("key:ayse"); !ok || inv.From != "key:test" {
		t.Fatalf("Ayşe typed: asks %+v", state.Invites)
	}
	return f, id, s
}

// An ask to partner declined, taken back, and refused by the owner, on
// the pages of two players' sessions, at 80×24 and 100×30 in both
// languages. Declined: Ayşe presses d, both wait alone, never teamed
// with each other, each page saying so. Taken back: the asker's guide
// line offers b while the ask waits and the head says how long it
// waits at most; b frees both, teamed then by join order. Refused by
// the owner after the node let it through: the asker's page says why.
func TestPartnerDeclinedTakenBackAndRefusedOnThePage(t *testing.T) {
	srv := commontest.New(t)
	eachLangAndSize(t, [][2]int{{80, 24}, {100, 30}}, func(t *testing.T, lang string, tr *i18n.Catalog, w, h int) {
		now := srv.Now
		// Ayşe waits alone in a partners' arena; ann asks her.
		begin := func() (*commontest.Tourneys, string, *session) { return annAsksAyse(t, srv, lang, w, h) }
		f, id, s := begin()
		a := sessionOf(t, srv, f, "key:ayse", "Ayşe", lang, w, h)
		pressAll(a, "u", "enter", "d")
		_, state, _ := f.Tournament(id)
		if _, teamed := state.Partner("key:ayse"); teamed || len(state.Invites) != 0 || !state.Alone("key:ayse") || !state.Alone("key:test") {
			t.Fatalf("declined: asks %v, teams %v, alone %v", state.Invites, state.Teams, state.Lone)
		}
		if scr := screenFits(t, "declined", a, w, h); !strings.Contains(scr, tr.T("tourney.declined")) || !strings.Contains(scr, tr.T("tourney.you.alone")) {
			t.Errorf("declined, her page says:\n%s", scr)
		}
		drain(s, s.tourney.Open(&s.c))
		if scr := screenFits(t, "declined, the asker", s, w, h); !strings.Contains(scr, tr.T("tourney.you.alone")) || strings.Contains(scr, "b "+tr.T("tourney.key.takeback")) {
			t.Errorf("declined, the asker's page says:\n%s", scr)
		}

		// Taken back: the same two, afresh.
		f, id, s = begin()
		scr := screenFits(t, "asking", s, w, h)
		flat := strings.Join(strings.Fields(scr), " ")
		if !strings.Contains(scr, "b "+tr.T("tourney.key.takeback")) || !strings.Contains(flat, strings.Join(strings.Fields(tr.T("tourney.you.asking", "Ayşe", 2)), " ")) {
			t.Errorf("asking: no b in the guide line, or not how long it waits:\n%s", scr)
		}
		pressAll(s, "b")
		_, state, _ = f.Tournament(id)
		if p, _ := state.Partner("key:test"); len(state.Invites) != 0 || p != "key:ayse" {
			t.Fatalf("taken back: asks %v, the asker's partner %q; want none, and Ayşe by join order", state.Invites, p)
		}
		if scr := screenFits(t, "taken back", s, w, h); !strings.Contains(scr, tr.T("tourney.takenback")) {
			t.Errorf("taken back, the page says:\n%s", scr)
		}

		// Refused by the owner: said on the asker's page.
		f.Change(id, func(t *tourney.Tournament) []tourney.Start {
			t.Refused = map[string]tourney.Refusal{"key:test": {To: "key:ayse", Why: tourney.WhyTeamed, At: now()}}
			return nil
		})
		drain(s, s.tourney.Open(&s.c))
		want := tr.T("tourney.refused", "Ayşe", tr.T("tourney.err.teamed", "Ayşe"))
		if scr := screenFits(t, "refused", s, w, h); !strings.Contains(scr, want) {
			t.Errorf("refused by the owner, the asker's page lacks %q:\n%s", want, scr)
		}
	})
}

// An ask to partner ended by the other of the two, or by the clock, is
// said on the page of the one who did not end it, read from the
// tournament as it comes, at 80×24 and 100×30 in both languages: the
// ask declined (to the asker), lapsed (to both), the asker gone (to the
// one asked). Cem waits alone beside them, so that the two are teamed
// with others, not with each other, once the ask is gone.
func TestPartnerAskEndsSaidOnThePage(t *testing.T) {
	var mu sync.Mutex
	at := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return at }
	srv := commontest.New(t)
	srv.SetClock(now)
	eachLangAndSize(t, [][2]int{{80, 24}, {100, 30}}, func(t *testing.T, lang string, tr *i18n.Catalog, w, h int) {
		// Ayşe waits alone; ann asks her on her page; Cem joins alone.
		begin := func() (*commontest.Tourneys, string, *session, *session) {
			t.Helper()
			f, id, s := annAsksAyse(t, srv, lang, w, h)
			if err := f.JoinTournament(id, "key:cem", "Cem", 1500); err != nil {
				t.Fatal(err)
			}
			a := sessionOf(t, srv, f, "key:ayse", "Ayşe", lang, w, h)
			pressAll(a, "u", "enter")
			drain(s, s.tourney.Open(&s.c)) // both pages have read the ask
			if scr := screenFits(t, "asked", a, w, h); !strings.Contains(scr, "d "+tr.T("tourney.key.decline")) {
				t.Fatalf("asked, her page:\n%s", scr)
			}
			return f, id, s, a
		}
		reread := func(s *session) string {
			t.Helper()
			drain(s, s.tourney.Open(&s.c))
			return strings.Join(strings.Fields(screenFits(t, "read again", s, w, h)), " ")
		}
		says := func(who, scr, key string, args ...any) {
			t.Helper()
			if want := strings.Join(strings.Fields(tr.T(key, args...)), " "); !strings.Contains(scr, want) {
				t.Errorf("%s's page lacks %q:\n%s", who, want, scr)
			}
		}

		// Declined: the asker is told, by name.
		_, _, s, a := begin()
		pressAll(a, "d")
		says("the asker", reread(s), "tourney.ask.declinedby", "Ayşe")

		// Lapsed: the clock past the lapse, the owner's tick; both told.
		f, id, s, a := begin()
		mu.Lock()
		at = at.Add(tourney.AskLapse)
		mu.Unlock()
		f.Change(id, func(t *tourney.Tournament) []tourney.Start { return t.Tick(now()) })
		says("the asker", reread(s), "tourney.ask.lapsed", "Ayşe", 2)
		says("the one asked", reread(a), "tourney.ask.lapsedto", "ann", 2)

		// The asker leaves: the one asked is told.
		f, id, _, a = begin()
		if err := f.LeaveTournament(id, "key:test"); err != nil {
			t.Fatal(err)
		}
		says("the one asked", reread(a), "tourney.ask.left", "ann")
	})
}

// An ask that was the asker's only entry (from the address of the one
// asked: the owner's tourney.Invite.Entry) says on the asker's page
// that they are out, not teamed by the order, whether the one asked
// declined or the asker took it back, at 80×24 in both languages.
func TestAnAskThatWasTheEntrySaysSo(t *testing.T) {
	srv := commontest.New(t)
	eachLangAndSize(t, [][2]int{{80, 24}}, func(t *testing.T, lang string, tr *i18n.Catalog, w, h int) {
		begin := func() (*commontest.Tourneys, string, *session) {
			t.Helper()
			f, id, s := annAsksAyse(t, srv, lang, w, h)
			f.Change(id, func(t *tourney.Tournament) []tourney.Start {
				t.Invites[0].Entry = true
				return nil
			})
			drain(s, s.tourney.Open(&s.c)) // the page has read the ask as the asker's entry
			return f, id, s
		}
		says := func(what string, s *session, key string, args ...any) {
			t.Helper()
			scr := strings.Join(strings.Fields(screenFits(t, what, s, w, h)), " ")
			if want := strings.Join(strings.Fields(tr.T(key, args...)), " "); !strings.Contains(scr, want) {
				t.Errorf("%s: the asker's page lacks %q:\n%s", what, want, scr)
			}
		}
		f, id, s := begin()
		if err := f.AnswerPartner(id, "key:ayse", false); err != nil {
			t.Fatal(err)
		}
		drain(s, s.tourney.Open(&s.c))
		says("declined", s, "tourney.ask.entry", "Ayşe")
		f, id, s = begin()
		pressAll(s, "b")
		if _, state, _ := f.Tournament(id); state.Alone("key:test") {
			t.Fatalf("taken back: the asker waits alone: %v", state.Lone)
		}
		says("taken back", s, "tourney.takenback.entry")
	})
}
