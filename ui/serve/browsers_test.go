package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"okey/kit/i18n"
	"okey/server/keep"
	"okey/ui/hosting/hostingtest"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// browsersShown opens the browsers' page of a session and hands it
// what its command read.
func browsersShown(t *testing.T, s *session) []string {
	t.Helper()
	if cmd := s.links.Open(&s.c); cmd != nil {
		s.links.Update(&s.c, cmd())
	}
	return screenLines(s)
}

// TestBrowsersPage: b in the lobby opens the browsers' page. A key's
// player is given a code, the door's address to type it at and the
// link that carries it, and their linked browsers (this one marked,
// when it is one); x revokes the chosen one, and n gives a new code. A
// guest is told that only a key's player links browsers, and a server
// that keeps no store that it links none. Both languages, within
// 80×24 (goldens: go test ./ui/serve -run TestBrowsersPage -update).
func TestBrowsersPage(t *testing.T) {
	at := time.Date(2026, 11, 26, 21, 5, 0, 0, time.UTC)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		srv := commontest.New(t)
		srv.SetNow(at)
		srv.Web = "https://okey.example/"
		srv.Links = map[string][]keep.Link{"key:ann": {
			{ID: "aaaaaaaaaaaaaaaaaaaaaaaa", Player: "key:ann", Label: "Chrome · Linux", At: at.Add(-48 * time.Hour)},
			{ID: "bbbbbbbbbbbbbbbbbbbbbbbb", Player: "key:ann", Label: "Safari · iPhone", At: at.Add(-time.Hour)},
		}}
		open := func(id, code, link string) *session {
			s := newSession(srv, nil, context.Background(), id, code, "ann", "127.0.0.1", lang)
			s.c.Link = link
			s.Init()
			s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			s.Update(hostingtest.Key("b"))
			if s.page != common.Browsers {
				t.Fatalf("b in the lobby opened page %d", s.page)
			}
			return s
		}
		check := func(t *testing.T, lines []string, wants ...string) string {
			t.Helper()
			for _, l := range lines {
				if ansi.StringWidth(l) > 80 {
					t.Errorf("a line of %d columns: %q", ansi.StringWidth(l), l)
				}
			}
			screen := strings.Join(lines, "\n")
			words := strings.Join(strings.Fields(screen), " ")
			for _, w := range wants {
				if !strings.Contains(words, w) {
					t.Errorf("%q is not on the screen:\n%s", w, screen)
				}
			}
			return screen
		}
		t.Run(lang+"-key", func(t *testing.T) {
			s := open("key:ann", "", "")
			lines := browsersShown(t, s)
			code := srv.Codes[len(srv.Codes)-1]
			shown := code[:4] + "-" + code[4:]
			screen := check(t, lines, shown, "https://okey.example/link", "https://okey.example/#link="+code, tr.T("link.linked", 2, keep.MaxLinks))
			golden.RequireEqual(t, strings.ReplaceAll(strings.ReplaceAll(screen, shown, "CODE-CODE"), code, "CODECODE"))
			// The cursor on the first browser: x revokes it, not this one.
			turn := s.links.Update(&s.c, hostingtest.Key("x"))
			turn = s.links.Update(&s.c, turn.Cmd()) // revoked: the list read again
			s.links.Update(&s.c, turn.Cmd())
			check(t, screenLines(s), tr.T("link.revoked"), tr.T("link.linked", 1, keep.MaxLinks))
			if left := srv.Links["key:ann"]; len(left) != 1 || left[0].ID != "bbbbbbbbbbbbbbbbbbbbbbbb" {
				t.Errorf("x revoked the wrong browser: %+v left", left)
			}
			before := len(srv.Codes)
			s.links.Update(&s.c, s.links.Update(&s.c, hostingtest.Key("n")).Cmd())
			if got := len(srv.Codes); got != before+1 {
				t.Errorf("n gave %d new codes", got-before)
			}
		})
		t.Run(lang+"-linked", func(t *testing.T) {
			before := len(srv.Codes)
			s := open("key:ann", "", "bbbbbbbbbbbbbbbbbbbbbbbb")
			golden.RequireEqual(t, check(t, browsersShown(t, s), tr.T("link.this"), tr.T("link.fromssh")))
			s.links.Update(&s.c, hostingtest.Key("n"))
			if len(srv.Codes) != before {
				t.Error("a linked browser was given a code")
			}
		})
		t.Run(lang+"-guest", func(t *testing.T) {
			s := open(common.GuestID("ABCDE12345"), "ABCDE12345", "")
			golden.RequireEqual(t, check(t, browsersShown(t, s)))
			if strings.Contains(strings.Join(screenLines(s), " "), "#link=") {
				t.Error("a guest was given a code")
			}
		})
		t.Run(lang+"-nostore", func(t *testing.T) {
			srv.NoLinks = true
			defer func() { srv.NoLinks = false }()
			s := open("key:ann", "", "")
			words := strings.Join(strings.Fields(strings.Join(browsersShown(t, s), " ")), " ")
			if !strings.Contains(words, tr.T("link.none")) {
				t.Errorf("a server with no store says:\n%s", words)
			}
		})
	}
}
