package seathost

import (
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/ui/hosting/hostingtest"
	"okey/ui/pages"
	"okey/ui/seatlink"
)

// A match played here has no seat: a nil Seat says nothing, asks no
// link and offers no keys of a holding program.
func TestNilSeatSaysNothing(t *testing.T) {
	var s *Seat
	tr := i18n.MustLoad("en")
	if s.HostKeys() != nil || s.Of() != nil || s.HeaderBadge() != "" ||
		s.PanelClock(tr, time.Now(), true, 1, 1) != "" || s.Guide(tr, func() string { return "x" }) != "" || s.Fair(nil, true) != nil {
		t.Fatal("a match played here says something of a seat")
	}
}

// A seat says its badge, the holding program's keys, and a served
// match's commitment: its short form while the match is played, the
// seed, the salt and the command that checks them once it is over.
func TestSeatSays(t *testing.T) {
	a := hostingtest.New(t, "en")
	tr := a.Tr
	c := &pages.Common{Tr: tr, St: a.St, Keys: &a.KeyMap}
	chat := key.NewBinding(key.WithKeys("c"))
	s := &Seat{Link: seatlink.New(0, func(seatmsg.Intent) bool { return true }), Keys: []key.Binding{chat}, Badge: "code AB12", Record: "okey record T1"}
	if s.HeaderBadge() != " · code AB12" || len(s.HostKeys()) != 1 || s.Of() == nil {
		t.Fatalf("badge %q, keys %d", s.HeaderBadge(), len(s.HostKeys()))
	}
	if s.Fair(c, false) != nil {
		t.Fatal("a commitment said before any was told")
	}
	s.Link.Fair = seatmsg.Fairness{Commit: "3f9a 21c0 88d1 7b2e"}
	if got := strings.Join(s.Fair(c, true), "\n"); !strings.Contains(got, "3f9a") || strings.Contains(got, "okey record") {
		t.Fatalf("before the reveal: %q", got)
	}
	s.Link.Fair.Seed, s.Link.Fair.Salt = "42", "beef"
	if got := strings.Join(s.Fair(c, true), "\n"); !strings.Contains(got, "42") || !strings.Contains(got, "okey record T1") {
		t.Fatalf("the reveal: %q", got)
	}
	if got := Chat(tr, seatmsg.ChatLine{Name: "Ayşe", Text: "selam"}); !strings.Contains(got, "Ayşe") || !strings.Contains(got, "selam") {
		t.Fatalf("chat %q", got)
	}
}
