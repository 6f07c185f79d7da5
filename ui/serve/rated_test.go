package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/seatmsg"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/pages/board"
	"okey/ui/serve/pages/room"
)

// TestLeaderboard: the board ranks by ordinal, names the player's own
// place among all rated, and its page fits 80×24 in both languages,
// the bots named by level, a guest told why they are not on it.
func TestLeaderboard(t *testing.T) {
	t.Parallel()
	b := commontest.RatingBook(t)
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	names := []string{"ann", "Şükrü", "a-very-long-name", "bob", "cem", "deniz", "ece", "fatma", "gül", "hakan", "ilker", "jale", "kaan", "leyla", "mert", "nur", "oya", "pelin", "rıza", "selin", "tarık", "ufuk", "veli", "yasemin"}
	for i := range 80 {
		seats := [4]keep.Entrant{}
		for j := range 3 {
			n := names[(i*3+j*5)%len(names)]
			seats[j] = keep.Entrant{ID: "key:" + n, Name: n}
		}
		seats[3] = keep.Entrant{ID: keep.BotIdentity([]string{"easy", "normal", "hard"}[i%3]), Name: "bot"}
		places := [4]int{1 + i%4, 1 + (i+1)%4, 1 + (i+2)%4, 1 + (i+3)%4}
		if seats[0].ID == seats[1].ID || seats[1].ID == seats[2].ID || seats[0].ID == seats[2].ID {
			continue
		}
		if _, err := b.Rate(ctx, keep.MatchEnd{Key: fmt.Sprintf("m%d", i), Game: "classic", Seats: seats, Places: places}); err != nil {
			t.Fatal(err)
		}
	}
	bd, err := b.BoardOf(ctx, "classic", "key:ann")
	if err != nil {
		t.Fatal(err)
	}
	if bd.Rated != len(names)+3 || len(bd.Top) != keep.BoardSize {
		t.Fatalf("%d rated, %d listed; want %d and %d", bd.Rated, len(bd.Top), len(names)+3, keep.BoardSize)
	}
	for i := 1; i < len(bd.Top); i++ {
		if bd.Top[i].Rating().Ordinal() > bd.Top[i-1].Rating().Ordinal() {
			t.Errorf("place %d above place %d", i+1, i)
		}
	}
	if bd.Place == 0 || bd.Own.ID != "key:ann" || (bd.Place <= keep.BoardSize && bd.Top[bd.Place-1].ID != "key:ann") {
		t.Errorf("ann's place %d (%+v)", bd.Place, bd.Own)
	}
	if other, err := b.BoardOf(ctx, "101", "key:ann"); err != nil || other.Rated != 0 || other.Place != 0 {
		t.Errorf("the 101 board: %+v, %v", other, err)
	}

	for _, tc := range []struct{ lang, id, code, want, bot string }{
		{"en", "key:ann", "", fmt.Sprintf("You: %d. of %d", bd.Place, bd.Rated), "bot (easy)"},
		{"tr", "key:ann", "", fmt.Sprintf("Sen: %d. / %d", bd.Place, bd.Rated), "bot (kolay)"},
		{"en", "guest:ABCDEFGHJK", "ABCDEFGHJK", "Guests are not rated", "bot (hard)"},
		{"tr", "key:zed", "", "henüz puanın yok", "bot (zor)"},
	} {
		t.Run(tc.lang+" "+tc.id, func(t *testing.T) {
			s := &session{page: common.Board, ranks: board.New("classic")}
			s.c.Srv, s.c.ID, s.c.Code, s.c.Name, s.c.Width, s.c.Height = noColor(t), tc.id, tc.code, "ann", 80, 24
			s.c.SetLang(tc.lang)
			own := bd
			if tc.id != "key:ann" {
				own.Place, own.Own = 0, keep.RatedEntry{}
			}
			own.Game = "classic"
			s.ranks.Update(&s.c, board.Read{Board: own})
			scr := s.render()
			if testing.Verbose() {
				t.Log("\n" + scr)
			}
			lines := strings.Split(scr, "\n")
			if len(lines) != 24 {
				t.Fatalf("%d lines, want 24:\n%s", len(lines), scr)
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > 80 {
					t.Errorf("line %d is %d wide: %q", i, w, l)
				}
			}
			for _, want := range []string{tc.want, tc.bot, "20.", fmt.Sprintf("%.1f", bd.Top[0].Rating().Ordinal()), "mu − 3·sigma"} {
				if !strings.Contains(scr, want) {
					t.Errorf("the page does not say %q:\n%s", want, scr)
				}
			}
		})
	}
}

// TestRoomShowsRatings: the waiting room shows the ratings read for
// each seat's rated identity, never a guest's; the room is the one a
// table gives ann with gus beside her (TestRoomNamesRatedIdentities
// checks that a table names those identities).
func TestRoomShowsRatings(t *testing.T) {
	t.Parallel()
	tableRoom := &tables.Room{ID: "1", Host: true, Seat: 0,
		Cfg: tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}},
		Players: [4]seatmsg.Player{
			{Name: "ann", Kind: seatmsg.Human, Level: "easy"}, {Name: "gus", Kind: seatmsg.Human, Level: "easy"},
			{Name: "Zeynep", Kind: seatmsg.Bot, Level: "easy"}, {Name: "Emre", Kind: seatmsg.Bot, Level: "easy"},
		},
		Rated: [4]string{"key:SHA256:ann", "", "bot:easy", "bot:easy"},
	}
	for _, lang := range []string{"en", "tr"} {
		s := &session{page: common.Room,
			room: room.Shown(tableRoom, map[string]keep.RatedEntry{"key:SHA256:ann": {Mu: 30, Sigma: 2, Games: 5}, "bot:easy": {Mu: 20, Sigma: 1, Games: 40}})}
		s.c.Srv, s.c.ID, s.c.Name, s.c.Width, s.c.Height = noColor(t), "key:SHA256:ann", "ann", 80, 24
		s.c.SetLang(lang)
		scr := s.render()
		for i, l := range strings.Split(scr, "\n") {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%s: line %d is %d wide: %q", lang, i, w, l)
			}
		}
		wants := map[string][]string{"en": {"ann (you) · rating 24.0, 5 games", "bot (easy) until someone sits · rating 17.0, 40 games"},
			"tr": {"ann (sen) · puan 24,0, 5 oyun", "· puan 17,0, 40 oyun"}}[lang] // Turkish: a decimal comma
		for _, w := range wants {
			if !strings.Contains(scr, w) {
				t.Errorf("%s: the room does not say %q:\n%s", lang, w, scr)
			}
		}
		if strings.Contains(scr, "gus ·") {
			t.Errorf("%s: a guest shown with a rating:\n%s", lang, scr)
		}
	}
}

// noColor is a stand-in server that draws without colours.
func noColor(t *testing.T) *commontest.Side {
	side := commontest.New(t)
	side.Set.NoColor = true
	return side
}
