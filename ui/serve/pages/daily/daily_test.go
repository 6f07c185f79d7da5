package daily

import (
	"testing"

	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"
	"okey/server/keep"
	"okey/ui/serve/common"
)

// TestDailyPageReadsALateResult: the page, read while the player's own
// day shows begun and a hand short (the last hand's result is written
// as its table ends, which can come after the page was read), reads
// itself again a few times, keeping what it shows meanwhile; a day
// finished or not begun, or the other game's page, reads nothing more.
func TestDailyPageReadsALateResult(t *testing.T) {
	c := &common.Common{Srv: side{}}
	p := &Page{}
	if p.Open(c) == nil {
		t.Fatal("the page opened without reading")
	}
	short := common.DailyView{Game: game.Classic, Begun: true, Mine: keep.DailyResult{Hands: make([]int, daily.Hands(game.Classic)-1)}}
	for i := range dailyAgain {
		if p.Update(c, dailyMsg{p: short}).Cmd == nil {
			t.Fatalf("read %d of a day a hand short: not read again", i+1)
		}
		if tn := p.Update(c, dailyAgainMsg{game: game.Classic}); tn.Cmd == nil || p.view == nil {
			t.Fatalf("the time to read again: cmd %v, the page shown %v", tn.Cmd != nil, p.view != nil)
		}
	}
	if p.Update(c, dailyMsg{p: short}).Cmd != nil {
		t.Errorf("read again past %d times: a day left unfinished is read for ever", dailyAgain)
	}
	for name, v := range map[string]common.DailyView{
		"finished":  {Game: game.Classic, Begun: true, Mine: keep.DailyResult{Hands: make([]int, daily.Hands(game.Classic))}},
		"not begun": {Game: game.Classic},
	} {
		p.Open(c)
		if p.Update(c, dailyMsg{p: v}).Cmd != nil {
			t.Errorf("a day %s is read again", name)
		}
	}
	p.Open(c)
	if p.Update(c, dailyAgainMsg{game: game.Okey101}).Cmd != nil {
		t.Error("101's time to read again read the classic page")
	}
}

// side is a server that is never asked: the page reads it only in the
// commands it returns, which the test does not run.
type side struct{ common.ServerSide }

// TestDailyPlayedDayAsksNoTable: enter on a page that shows the
// player's day with every hand played, refused as played today, says so
// on the page and looks for no table to go back to: the hall may still
// list the day's table while it closes, and joining it would send the
// player to the lobby with "That table has closed". The server here
// panics if asked for its hall.
func TestDailyPlayedDayAsksNoTable(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		c := &common.Common{Srv: side{}, Tr: i18n.MustLoad(lang)}
		p := &Page{}
		p.Open(c)
		done := common.DailyView{Game: game.Classic, Begun: true, Mine: keep.DailyResult{Hands: make([]int, daily.Hands(game.Classic))}}
		p.Update(c, dailyMsg{p: done})
		tn := p.Update(c, dailyStartedMsg{common.DailyStart{Game: game.Classic, Err: keep.ErrPlayedToday}})
		if tn.To != 0 || tn.Cmd != nil {
			t.Errorf("%s: a played day went on to page %v, cmd %v", lang, tn.To, tn.Cmd != nil)
		}
		if want := c.Tr.T("served.played"); c.Flash != want {
			t.Errorf("%s: the page says %q, want %q", lang, c.Flash, want)
		}
	}
}
