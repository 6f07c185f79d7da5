package ui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/ui/stats"
)

// readStats reads the statistics file of m's state directory.
func readStats(t *testing.T, m *Model) stats.File {
	t.Helper()
	b, err := os.ReadFile(m.files.StatsPath())
	if err != nil {
		t.Fatal(err)
	}
	var s stats.File
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// playHands plays n hands to their end with keys.
func playHands(t *testing.T, m *Model, n int) {
	t.Helper()
	for range n {
		for m.screen == scrPlay {
			if tableClassic(m).View.Legal.Show {
				press(t, m, "g")
			}
			playMyTurn(t, m)
		}
		if m.screen == scrHandOver {
			press(t, m, "enter") // the next hand, or the final table
		}
	}
}

// The statistics count every hand and match once, by the bots' levels,
// across quits and resumes, and show on their page.
func TestStatisticsCountEachHandOnce(t *testing.T) {
	m := newTestModel(t, 80, 24, func(o *Options) {
		o.Settings.Rules = "points=5"
		o.Settings.Levels = [3]string{"easy", "hard", "easy"}
		o.NewBot = func(string, botsclassic.Options) (botsclassic.Bot, error) { return showingBot{}, nil }
	})
	drain(t, m, m.Init())
	playHands(t, m, 2)
	lost := 0
	for _, h := range sideClassic(m).History {
		lost += h.Result.Lost[0]
	}
	s := readStats(t, m)
	b := s.ByBots["easy,hard,easy"]
	if b == nil || b.Hands != 2 || b.PointsLost != lost || b.Matches != 0 {
		t.Fatalf("after two hands: %+v", b)
	}
	// Resumed: nothing is counted again.
	m2 := reopen(t, m, m.opt)
	drain(t, m2, m2.Init())
	if b := readStats(t, m2).ByBots["easy,hard,easy"]; b.Hands != 2 {
		t.Fatalf("after a resume: %+v", b)
	}
	m2.Update(windowMsg(80, 24))
	press(t, m2, "enter")
	for i := 0; m2.screen != scrMatchOver; i++ {
		if i > 100 {
			t.Fatal("the match does not end")
		}
		playHands(t, m2, 1)
	}
	mr := tableClassic(m2).View.Match
	b = readStats(t, m2).ByBots["easy,hard,easy"]
	won := 0
	if mr.Outcome[0] == game.OutcomeWon {
		won = 1
	}
	if b.Hands != mr.Hands || b.Matches != 1 || b.MatchesWon != won {
		t.Fatalf("after the match (%d hands): %+v", mr.Hands, b)
	}
	press(t, m2, "i")
	out := plain(m2)
	if m2.screen != scrStats || !strings.Contains(out, "Against easy, hard, easy") || !strings.Contains(out, "matches 1") {
		t.Fatalf("the statistics page:\n%s", out)
	}
	press(t, m2, "i")
	if m2.screen != scrMatchOver {
		t.Fatalf("i again goes to screen %d", m2.screen)
	}
	// A new match, then a restart: the finished one is not counted again.
	press(t, m2, "n")
	m3 := reopen(t, m2, m2.opt)
	drain(t, m3, m3.Init())
	if b := readStats(t, m3).ByBots["easy,hard,easy"]; b.Matches != 1 || b.Hands != mr.Hands {
		t.Fatalf("after a new match and a restart: %+v", b)
	}
}

// Matches of Okey 101 are counted beside the classic ones: hands,
// finishes, openings, points, the match; a resume counts nothing again,
// and the statistics page shows each game under its name.
func TestStats101(t *testing.T) {
	m := start101(t, 100, 30, withSeed(3), func(o *Options) { o.Settings.Rules101 = "hands=2" })
	for m.screen != scrMatchOver {
		for m.screen == scrPlay {
			myTurn101(t, m)
		}
		if m.screen == scrHandOver {
			press(t, m, "enter")
		}
	}
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	v := &table101(m).View
	want := stats.Okey101{Matches: 1}
	for _, r := range v.Results {
		if r.Void {
			continue
		}
		want.Hands++
		want.Points += r.Lines[0].Total
		if !r.WallOut && r.Finisher == 0 {
			want.Finishes++
		}
		if r.Lines[0].Opened != 0 {
			want.Openings++
		}
	}
	if want.Points != v.Match.Scores[0] {
		t.Fatalf("the hands' points add up to %d, the match's total is %d", want.Points, v.Match.Scores[0])
	}
	switch v.Match.Outcome[0] {
	case game.OutcomeWon:
		want.MatchesWon = 1
	case game.OutcomeTied:
		want.MatchesTied = 1
	}
	key := stats.BotsKey(table101(m).G.Record().Meta)
	if got := readStats(t, m).Okey101[key]; got == nil || *got != want {
		t.Fatalf("counted %+v, want %+v", got, want)
	}
	if len(readStats(t, m).ByBots) != 0 {
		t.Fatal("a match of 101 is counted as classic")
	}
	m2 := reopen(t, m, m.opt)
	drain(t, m2, m2.Init())
	if got := readStats(t, m2).Okey101[key]; got == nil || *got != want {
		t.Fatalf("after a restart: %+v, want %+v", got, want)
	}
	m2.Update(windowMsg(100, 30))
	press(t, m2, "i")
	out := plain(m2)
	if m2.screen != scrStats || !strings.Contains(out, "Okey 101") || !strings.Contains(out, "matches 1") {
		t.Fatalf("the statistics page:\n%s", out)
	}
}
