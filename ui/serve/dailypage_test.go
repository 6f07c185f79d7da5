package serve

import (
	"testing"

	"okey/game"
	"okey/game/daily"
	"okey/server/keep"
)

// TestDailyPageReadsALateResult: the page, read while the player's own
// day shows begun and a hand short (the last hand's result is written
// as its table ends, which can come after the page was read), reads
// itself again a few times, keeping what it shows meanwhile; a day
// finished or not begun, or the other game's page, reads nothing more.
// The clean-clone CI once waited a minute on "1 of 2 hands".
func TestDailyPageReadsALateResult(t *testing.T) {
	c := &shared{srv: (&Server{cfg: Config{}}).port(nil)}
	p := &dailyPage{}
	if p.open(c, pgLobby) == nil {
		t.Fatal("the page opened without reading")
	}
	short := dailyView{game: game.Classic, begun: true, mine: keep.DailyResult{Hands: make([]int, daily.Hands(game.Classic)-1)}}
	for i := range dailyAgain {
		if p.update(c, dailyMsg{p: short}).cmd == nil {
			t.Fatalf("read %d of a day a hand short: not read again", i+1)
		}
		if tn := p.update(c, dailyAgainMsg{game: game.Classic}); tn.cmd == nil || p.view == nil {
			t.Fatalf("the time to read again: cmd %v, the page shown %v", tn.cmd != nil, p.view != nil)
		}
	}
	if p.update(c, dailyMsg{p: short}).cmd != nil {
		t.Errorf("read again past %d times: a day left unfinished is read for ever", dailyAgain)
	}
	for name, v := range map[string]dailyView{
		"finished":  {game: game.Classic, begun: true, mine: keep.DailyResult{Hands: make([]int, daily.Hands(game.Classic))}},
		"not begun": {game: game.Classic},
	} {
		p.open(c, pgLobby)
		if p.update(c, dailyMsg{p: v}).cmd != nil {
			t.Errorf("a day %s is read again", name)
		}
	}
	p.open(c, pgLobby)
	if p.update(c, dailyAgainMsg{game: game.Okey101}).cmd != nil {
		t.Error("101's time to read again read the classic page")
	}
}
