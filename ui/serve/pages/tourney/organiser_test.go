package tourney

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/tourney"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// opened is tournament id's page for player me, read once.
func opened(t *testing.T, side *commontest.Side, f *commontest.Tourneys, id, me string) (*Page, *common.Common) {
	t.Helper()
	c := side.Common(context.Background(), me, "", strings.TrimPrefix(me, "key:"), "en")
	c.Tour = f
	c.Width, c.Height = 80, 24
	p := &Page{}
	p.Update(c, common.ShowTourney{ID: id})
	p.gen = 1
	msg := p.read(c, 0)()
	p.Update(c, msg)
	return p, c
}

func keyOf(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// run carries out a page's command and hands it its answer.
func run(p *Page, c *common.Common, turn common.Turn) {
	for cmd := turn.Cmd; cmd != nil; {
		msg := cmd()
		if msg == nil {
			return
		}
		cmd = p.Update(c, msg).Cmd
		if _, again := msg.(tourneyMsg); again {
			return // the page's next read, after its wait
		}
	}
}

// Its creator's page offers to change (e: the form, with its settings)
// and to cancel (c, twice) before the start; another player's does not.
// Cancelled, the page says so to an entrant.
func TestCreatorChangesOrCancelsFromThePage(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	cfg := tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Hands: 1, Start: side.Now().Add(time.Hour), Length: time.Hour}
	id, err := f.CreateTournament("key:ann", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.JoinTournament(id, "key:bob", "bob", 0); err != nil {
		t.Fatal(err)
	}
	bob, bc := opened(t, side, f, id, "key:bob")
	if tr := bob.key(bc, keyOf('e')); tr.To != 0 {
		t.Errorf("another player's e went to page %d", tr.To)
	}
	ann, ac := opened(t, side, f, id, "key:ann")
	_, bar := ann.Lines(ac)
	if !hasKey(bar, "e") || !hasKey(bar, "c") {
		t.Errorf("the creator's key bar lacks e or c")
	}
	tr := ann.key(ac, keyOf('e'))
	if ed, ok := tr.Pass.(common.EditTourney); tr.To != common.TourneyNew || !ok || ed.ID != id || ed.Config.Name != "Friday" {
		t.Errorf("e: to %d with %+v", tr.To, tr.Pass)
	}
	ann.key(ac, keyOf('c'))
	if _, l, _ := f.Tournament(id); l.Cancelled {
		t.Fatal("cancelled at the first c")
	}
	run(ann, ac, ann.key(ac, keyOf('c')))
	if _, l, _ := f.Tournament(id); !l.Cancelled {
		t.Fatal("not cancelled at the second c")
	}
	run(bob, bc, bob.Update(bc, bob.read(bc, 0)()))
	lines, _ := bob.Lines(bc)
	if text := ansi.Strip(strings.Join(lines, " ")); !strings.Contains(text, "Cancelled by its organiser") {
		t.Errorf("an entrant's page does not say it was cancelled:\n%s", text)
	}
	// Never played: its entrants named, no standings of noughts.
	if text := ansi.Strip(strings.Join(lines, "\n")); strings.Contains(text, bc.Tr.T("tourney.final")) ||
		strings.Contains(text, bc.Tr.T("tourney.standings")) || !strings.Contains(text, "Entrants when it was cancelled: bob.") || strings.Contains(text, "#1 of 1") {
		t.Errorf("a cancelled tournament's page:\n%s", text)
	}
}

// A private tournament's page shows its creator the join code, and asks
// another player for it before the join.
func TestPrivateJoinAsksTheCode(t *testing.T) {
	side := commontest.New(t)
	f := commontest.NewTourneys(side.Now)
	id, err := f.CreateTournament("key:ann", tourney.Config{Name: "Friends", Kind: tourney.Arena, Game: "101", Hands: 1,
		Start: side.Now().Add(time.Hour), Length: time.Hour, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	ann, ac := opened(t, side, f, id, "key:ann")
	lines, _ := ann.Lines(ac)
	if !strings.Contains(ansi.Strip(strings.Join(lines, " ")), "SECRET1") {
		t.Errorf("the creator is not shown the code")
	}
	bob, bc := opened(t, side, f, id, "key:bob")
	lines, _ = bob.Lines(bc)
	if strings.Contains(ansi.Strip(strings.Join(lines, " ")), "SECRET1") {
		t.Errorf("another player is shown the code")
	}
	enter := tea.KeyPressMsg{Code: tea.KeyEnter}
	bob.Update(bc, enter)
	if !bob.coding {
		t.Fatal("enter did not ask for the code")
	}
	for _, r := range "WRONG" {
		bob.Update(bc, keyOf(r))
	}
	run(bob, bc, bob.Update(bc, enter))
	if bc.Flash != bc.Tr.T("tourney.err.code") {
		t.Errorf("a wrong code says %q", bc.Flash)
	}
	bob.Update(bc, enter)
	for _, r := range "SECRET1" {
		bob.Update(bc, keyOf(r))
	}
	run(bob, bc, bob.Update(bc, enter))
	if _, tr, _ := f.Tournament(id); tr.Players() != 1 {
		t.Errorf("with its code: %d players (%s)", tr.Players(), bc.Flash)
	}
}

func hasKey(bar []key.Binding, k string) bool {
	for _, b := range bar {
		if slices.Contains(b.Keys(), k) {
			return true
		}
	}
	return false
}
