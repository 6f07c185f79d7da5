package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/kit/store"
	"okey/ui/cli"
	"okey/ui/hostdaily"
	"okey/ui/playdaily"
	"okey/ui/stats"
)

// clock is a clock a test moves.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func at(s string) *clock {
	t, err := time.Parse(time.DateTime, s)
	if err != nil {
		panic(err)
	}
	return &clock{t}
}

func dailyOpt(g game.Kind, date string, c *clock) func(*Options) {
	return func(o *Options) {
		o.Now = c.now
		o.Daily = &DailyOptions{Game: g}
		if date != "" {
			o.Daily.Date, _ = daily.ParseDate(date)
		}
	}
}

// recordOf is the header of the record on the table.
func recordOf(t *testing.T, m *Model) (meta map[string]string, seed uint64) {
	t.Helper()
	line, _, _ := strings.Cut(string(m.rec), "\n")
	var h struct {
		Seed uint64            `json:"seed"`
		Meta map[string]string `json:"meta"`
	}
	if err := json.Unmarshal([]byte(line), &h); err != nil {
		t.Fatal(err)
	}
	return h.Meta, h.Seed
}

// TestDailyClassicThroughKeys plays today's classic daily through keys,
// its four hands: the fingerprint shown first, each hand the day's deal
// against hard bots, its score kept and said beside par at its end, the
// day staying the one it began on when the clock passes midnight, and
// the daily's page at the end with the line to share.
func TestDailyClassicThroughKeys(t *testing.T) {
	c := at("2026-11-24 23:50:00")
	m := newTestModel(t, 100, 30, dailyOpt(game.Classic, "", c))
	drain(t, m, m.Init()) // par is measured here, as a command
	set, _ := daily.New(game.Classic, mustDay(t, "2026-11-24"))
	if m.screen != scrNotice || !strings.Contains(plain(m), "Fingerprint ee0e 6b61 daad 4eb1") || !strings.Contains(plain(m), "counts for the record") {
		t.Fatalf("the daily does not open on its fingerprint:\n%s", plain(m))
	}
	if m.dl == nil || !m.dl.ParKnown() {
		t.Fatal("par was not measured in the background")
	}
	press(t, m, "enter")
	for k := 1; k <= 4; k++ {
		meta, seed := recordOf(t, m)
		if meta[daily.MetaDaily] != "v1 classic 2026-11-24 hand "+string(rune('0'+k)) || seed != set.Hands[k-1].Seed || meta[daily.MetaPractice] != "" {
			t.Fatalf("hand %d: meta %v, seed %x", k, meta, seed)
		}
		for s := 1; s < 4; s++ {
			if m.levels[s] != "hard" {
				t.Fatalf("hand %d: seat %d plays %q", k, s, m.levels[s])
			}
		}
		toHandOver(t, m)
		want, err := playdaily.Score(game.Classic, m.rec)
		if err != nil {
			t.Fatal(err)
		}
		e := m.dl.Entry()
		if len(e.Scores) != k || e.Scores[k-1] != want {
			t.Fatalf("hand %d: scores %v, want %d last", k, e.Scores, want)
		}
		out := plain(m)
		if !strings.Contains(out, "Daily of 2026-11-24 · hand "+string(rune('0'+k))+" of 4") || !strings.Contains(out, "against par this hand") {
			t.Fatalf("hand %d's end does not say the daily:\n%s", k, out)
		}
		c.t = c.t.Add(10 * time.Minute) // past midnight after the first hand
		press(t, m, "enter")
	}
	if m.screen != scrDaily {
		t.Fatalf("screen %d after the last hand:\n%s", m.screen, plain(m))
	}
	out := plain(m)
	_, total, ok := m.dl.Entry().Against()
	if !ok || !strings.Contains(out, playdaily.Signed(total)+" against par.") || !strings.Contains(out, "okey daily 2026-11-24 · classic · "+playdaily.Signed(total)+" vs par") {
		t.Fatalf("the daily's page:\n%s", out)
	}
	if w, line := maxLineWidth(out); w > 100 {
		t.Fatalf("a line of %d columns: %q", w, line)
	}
	// Kept on disk, once, for the record.
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	f := readDailyStats(t, m)
	if len(f.Dailies) != 1 || f.Dailies[0].Practice || !f.Dailies[0].Done() || len(f.Dailies[0].Par) != 4 {
		t.Fatalf("statistics: %+v", f.Dailies)
	}
	// Counted as a daily alone: four hands are no four matches against
	// hard bots.
	if len(f.ByBots) != 0 || len(f.Okey101) != 0 || f.Counting != nil {
		t.Fatalf("the daily's hands counted among the matches: %+v %+v %+v", f.ByBots, f.Okey101, f.Counting)
	}
	// At 80×24 it fits, the line to share in sight.
	m.Update(windowMsg(80, 24))
	if w, line := maxLineWidth(plain(m)); w > 80 || !strings.Contains(plain(m), "okey daily 2026-11-24 · classic") {
		t.Fatalf("the daily's page at 80×24 (a line of %d: %q):\n%s", w, line, plain(m))
	}
	// The statistics keep it: the streak, the best, the share line.
	press(t, m, "i")
	st := plain(m)
	if !strings.Contains(st, "Dailies") || !strings.Contains(st, "Streak: 1 day of dailies in a row.") || !strings.Contains(st, "1 for the record, 0 practice") {
		t.Fatalf("the statistics page:\n%s", st)
	}
	press(t, m, "esc")
	m.Update(windowMsg(100, 30))
	// The review of a hand is one key away.
	press(t, m, "2")
	if m.screen != scrReview {
		t.Fatalf("2 does not review hand 2: %s", m.flash)
	}
}

func mustDay(t *testing.T, s string) daily.Date {
	t.Helper()
	d, err := daily.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func readDailyStats(t *testing.T, m *Model) stats.File {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(m.opt.StateDir, store.StatsFile))
	if err != nil {
		t.Fatal(err)
	}
	f, err := stats.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A daily quit in the middle of a hand resumes where it was, as a
// match does, with the same entry; started again the next day it is
// still the day it began on.
func TestDailyQuitAndResume(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, dailyOpt(game.Classic, "", c))
	drain(t, m, m.Init())
	press(t, m, "enter")
	toHandOver(t, m)
	press(t, m, "enter") // hand 2
	playMyTurn(t, m)
	id, moves := m.dl.Entry().ID, tableClassic(m).G.State().Moves()
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	c.t = c.t.AddDate(0, 0, 1)
	for i, again := range []func(*Options){func(o *Options) { o.Now = c.now }, dailyOpt(game.Classic, "", c)} {
		opt := m.opt
		again(&opt)
		r := reopen(t, m, opt)
		r.Update(windowMsg(100, 30))
		drain(t, r, r.Init())
		if r.screen != scrResume || r.dl == nil || r.dl.Entry().ID != id || r.dl.Hand() != 2 {
			t.Fatalf("not offered to resume the daily's hand 2:\n%s", plain(r))
		}
		if out := plain(r); i == 0 && (!strings.Contains(out, "hand 2 of 4 is under way") || strings.Contains(out, "Hand 1")) {
			t.Fatalf("the resume page does not say the daily's hand alone:\n%s", out)
		}
		if i == 1 { // okey daily the next day: the hand ended above, on the same daily
			if len(r.dl.Entry().Scores) != 2 || r.screen != scrResume {
				t.Fatalf("scores %v", r.dl.Entry().Scores)
			}
			break
		}
		press(t, r, "enter")
		if tableClassic(r).G.State().Moves() != moves {
			t.Fatalf("resumed at %d moves, not %d", tableClassic(r).G.State().Moves(), moves)
		}
		meta, _ := recordOf(t, r)
		if meta[daily.MetaDaily] != "v1 classic 2026-11-24 hand 2" {
			t.Fatalf("the next day's run plays %q", meta[daily.MetaDaily])
		}
		toHandOver(t, r)
		if len(r.dl.Entry().Scores) != 2 || !strings.Contains(plain(r), "hand 2 of 4") {
			t.Fatalf("resumed hand's end: %v\n%s", r.dl.Entry().Scores, plain(r))
		}
		r.files.Unlock()
	}
}

// Played again the same day, the daily is practice, and says so; its
// records say so too.
func TestDailyAgainIsPractice(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, dailyOpt(game.Okey101, "", c))
	drain(t, m, m.Init())
	if m.dl.Entry().Practice {
		t.Fatal("the first play is practice")
	}
	m.Flush()
	opt := m.opt
	r := reopen(t, m, opt)
	r.Update(windowMsg(100, 30))
	// The saved hand is the daily's: resumed, not begun again. A new
	// match, then the daily again from the final table's key: practice.
	press(t, r, "n") // asks first: the hand under way is given up
	if r.dl == nil {
		t.Fatal("n gave the daily's hand up without asking")
	}
	press(t, r, "n")
	if r.dl != nil {
		t.Fatal("a new match kept the daily")
	}
	drain(t, r, r.openDaily(game.Okey101, daily.Date{}, scrPlay, false))
	if !r.dl.Entry().Practice || !strings.Contains(plain(r), "played for the record already") {
		t.Fatalf("the daily again:\n%s", plain(r))
	}
	press(t, r, "enter")
	if meta, _ := recordOf(t, r); meta[daily.MetaPractice] != "yes" {
		t.Fatalf("a practice hand's meta: %v", meta)
	}
	toHandOver(t, r)
	if !strings.Contains(plain(r), "· practice") {
		t.Fatalf("a practice hand's end:\n%s", plain(r))
	}
	press(t, r, "enter")
	if meta, seed := recordOf(t, r); meta[daily.MetaDaily] != "v1 101 2026-11-24 hand 2" || seed != r.dl.Set().Hands[1].Seed {
		t.Fatalf("hand 2 of 101: %v", meta)
	}
}

// A day after today is asked about, never played silently; no quits
// when okey daily was started for it, yes plays it as practice.
func TestDailyFutureAsks(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, dailyOpt(game.Classic, "2026-11-30", c))
	if m.screen != scrDailyAsk || !strings.Contains(plain(m), "The daily of 2026-11-30 has not come yet") {
		t.Fatalf("no question:\n%s", plain(m))
	}
	_, cmd := m.Update(keyMsg("esc"))
	if !m.quitting || cmd == nil {
		t.Fatal("no did not quit")
	}
	m2 := newTestModel(t, 80, 24, dailyOpt(game.Classic, "2026-11-30", c))
	press(t, m2, "enter")
	if m2.dl == nil || !m2.dl.Entry().Practice || m2.dl.Set().Date.String() != "2026-11-30" {
		t.Fatalf("yes: %+v", m2.dl)
	}
	// A clock before the daily existed asks too.
	m3 := newTestModel(t, 80, 24, dailyOpt(game.Classic, "", at("2001-01-01 12:00:00")))
	if m3.screen != scrDailyAsk || !strings.Contains(plain(m3), "says today is 2001-01-01") {
		t.Fatalf("a clock of 2001:\n%s", plain(m3))
	}
}

// A saved hand whose meta names a daily it is not (its seed another)
// is said, and played as an ordinary match.
func TestDailyDamagedRecord(t *testing.T) {
	state, cfg := testEnv(t)
	set, _ := daily.New(game.Classic, mustDay(t, "2026-11-24"))
	meta := set.Meta(set.Hands[0], false)
	g, err := classic.NewGame(classic.DefaultRules(), set.Hands[0].Seed+1, meta)
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Record()
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, store.MatchFile), rec.Marshal(), 0o600); err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, 100, 30, func(o *Options) { o.StateDir, o.ConfigDir = state, cfg })
	if m.dl != nil || m.screen != scrNotice || !strings.Contains(plain(m), "is not the daily it names") {
		t.Fatalf("a damaged daily record:\n%s", plain(m))
	}
}

// A damaged daily entry in the statistics is set aside and said; the
// others count. A second game on the same state directory only looks,
// so a daily played on two machines sharing it counts once.
func TestDailyDamagedEntryAndSecondMachine(t *testing.T) {
	state, cfg := testEnv(t)
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	file := `{"version":1,"by_bots":{},"dailies":[
	 {"id":"a","date":"2026-11-23","game":"classic","hands":4,"scores":[1,1,1,1],"par":[0,0,0,0]},
	 {"id":"b","date":"2026-11-31","game":"classic","hands":4,"scores":[]}]}`
	if err := os.WriteFile(filepath.Join(state, store.StatsFile), []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, func(o *Options) { o.StateDir, o.ConfigDir = state, cfg }, dailyOpt(game.Classic, "", c))
	if !strings.Contains(plain(m), "1 daily entry of the statistics") || m.dl == nil {
		t.Fatalf("the damaged entry is not said:\n%s", plain(m))
	}
	drain(t, m, m.Init())
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	f := readDailyStats(t, m)
	if len(f.Dailies) != 2 || len(f.DailiesAside) != 1 || !strings.Contains(string(f.DailiesAside[0]), "2026-11-31") {
		t.Fatalf("written back: %+v", f)
	}
	// The other machine, while this one plays: it may only look.
	other := newTestModel(t, 100, 30, func(o *Options) { o.StateDir, o.ConfigDir = state, cfg }, dailyOpt(game.Classic, "", c))
	if !other.readOnly || other.dl != nil || other.Flush() != nil {
		t.Fatal("a second game on the state directory plays the daily too")
	}
	press(t, m, "enter")
	toHandOver(t, m)
	m.Flush()
	m.files.Unlock()
	// Then on the other machine, once the first is done: the day is
	// recorded, so it is practice.
	again := newTestModel(t, 100, 30, func(o *Options) { o.StateDir, o.ConfigDir = state, cfg }, func(o *Options) { o.Now = c.now })
	drain(t, again, again.openDaily(game.Classic, daily.Date{}, scrPlay, false))
	if !again.dl.Entry().Practice {
		t.Fatal("the day's daily counted twice")
	}
}

// d on the resume page begins today's daily of the game a new match
// would be; the match that was saved goes with the finished ones.
func TestDailyFromTheResumePage(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 80, 24, func(o *Options) { o.Now = c.now })
	drain(t, m, m.Init())
	playMyTurn(t, m)
	m.Flush()
	r := reopen(t, m, m.opt)
	r.Update(windowMsg(80, 24))
	if r.screen != scrResume || !strings.Contains(plain(r), "d: today's daily.") {
		t.Fatalf("the resume page does not offer the daily:\n%s", plain(r))
	}
	press(t, r, "tab") // a new match would be 101: so is the daily
	press(t, r, "d")
	if r.dl == nil || r.dl.Game() != game.Okey101 || r.screen != scrNotice || !strings.Contains(plain(r), "The match you had under way waits") {
		t.Fatalf("d on the resume page:\n%s", plain(r))
	}
	press(t, r, "enter")
	if meta, _ := recordOf(t, r); meta[daily.MetaDaily] != "v1 101 2026-11-24 hand 1" {
		t.Fatalf("d dealt %v", meta)
	}
}

// The hint is refused at a daily played for the record, given in
// practice.
func TestDailyForTheRecordHasNoHint(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, dailyOpt(game.Classic, "", c))
	drain(t, m, m.Init())
	press(t, m, "enter")
	press(t, m, "h")
	if !strings.Contains(plain(m), "No hint in a daily played for the record") {
		t.Fatalf("h at a daily for the record:\n%s", plain(m))
	}
	p := newTestModel(t, 100, 30, dailyOpt(game.Classic, "2026-11-20", c))
	drain(t, p, p.Init())
	press(t, p, "enter")
	press(t, p, "h")
	if strings.Contains(plain(p), "No hint") {
		t.Fatalf("h refused in practice:\n%s", plain(p))
	}
}

// A hand played in an earlier run is reviewed from the daily's page,
// its record found among the finished matches.
func TestDailyReviewsAHandOfAnEarlierRun(t *testing.T) {
	if testing.Short() {
		t.Skip("four hands played through the keys and one reviewed: the whole suite's; -short leaves it")
	}
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, dailyOpt(game.Classic, "", c))
	drain(t, m, m.Init())
	press(t, m, "enter")
	toHandOver(t, m)
	press(t, m, "enter") // hand 2: hand 1 goes with the finished matches
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	r := reopen(t, m, m.opt)
	r.Update(windowMsg(100, 30))
	drain(t, r, r.Init())
	press(t, r, "enter")
	for k := 2; k <= 4; k++ {
		toHandOver(t, r)
		press(t, r, "enter")
	}
	if r.screen != scrDaily {
		t.Fatalf("screen %d:\n%s", r.screen, plain(r))
	}
	_, cmd := r.Update(keyMsg("1"))
	if cmd == nil {
		t.Fatalf("1 does nothing: %s", r.flash)
	}
	msg := cmd()
	found, ok := msg.(hostdaily.RecordMsg)
	rec1, err := found.Record(1)
	if !ok || err != nil {
		t.Fatalf("hand 1's record: %#v", msg)
	}
	if meta := hostdaily.RecordMeta(rec1); meta[daily.MetaDaily] != "v1 classic 2026-11-24 hand 1" || meta[hostdaily.MetaID] != r.dl.Entry().ID {
		t.Fatalf("found %v", meta)
	}
	r.Update(msg)
	if r.screen != scrReview {
		t.Fatalf("the review of hand 1 does not open: %s", r.flash)
	}
	press(t, r, "esc")
	if r.screen != scrDaily {
		t.Fatalf("esc leaves the review for screen %d", r.screen)
	}

	// w reviews the whole daily as one: every hand's decisions, each
	// told as its hand of the daily, a summary line a hand. What is
	// checked is which decisions, not their verdicts, so each is judged
	// over two worlds: over the test model's 16 the four hands' review
	// was most of this test's time and a fifth of the package's CPU
	// (bots/coach judges the verdicts themselves).
	r.opt.Review = ReviewOptions{Samples: 2, MinSamples: 2, Workers: 2, Worlds: 64}
	openAndWait(t, r)
	res := r.rv.Res
	want, hands := 0, map[int]bool{}
	for n := 1; n <= 4; n++ {
		k, err := cli.DecisionsIn(r.dl.Played(n), 0, 0)
		if err != nil {
			t.Fatalf("hand %d: %v", n, err)
		}
		want += k
		if k > 0 {
			hands[n] = true
		}
	}
	if len(res.Decisions) != want || len(res.Summary.Hands) != len(hands) {
		t.Fatalf("%d decisions in %d hands, want %d in %d", len(res.Decisions), len(res.Summary.Hands), want, len(hands))
	}
	for _, d := range res.Decisions {
		if !hands[d.Hand] {
			t.Fatalf("a decision told as hand %d", d.Hand)
		}
	}
	if len(hands) < 2 || !strings.Contains(plain(r), "Review: daily of 2026-11-24, hands 1 to 4") {
		t.Fatalf("the whole daily's review (%d hands with decisions):\n%s", len(hands), plain(r))
	}
}

// A match the app dealt and the player never moved in (the one dealt
// after a finished match) is not "your match under way": the daily
// does not say it waits, and nothing is paused for n to bring back.
func TestDailyPausesNoMatchNeverBegun(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, func(o *Options) { o.Now = c.now })
	drain(t, m, m.Init())
	drain(t, m, m.openDaily(game.Classic, daily.Date{}, scrPlay, false))
	if m.dl == nil {
		t.Fatalf("no daily begun:\n%s", plain(m))
	}
	if out := plain(m); m.paused || strings.Contains(out, "waits") {
		t.Fatalf("a match never begun is paused (%v):\n%s", m.paused, out)
	}
	if _, err := os.Stat(m.files.PausedPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a paused file for a match never begun: %v", err)
	}
}

// A match under way when a daily begins is paused, not abandoned: it
// waits in its own file while the daily is played, and n on the daily's
// last page brings it back to the table where it was, the daily's last
// hand filed with the finished matches.
func TestDailyPausesTheMatchUnderWay(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, func(o *Options) { o.Now = c.now })
	press(t, m, "enter") // past the first page, if one is shown
	playMyTurn(t, m)
	_, seed := recordOf(t, m)
	moves := tableClassic(m).G.State().Moves()
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	m.files.Unlock()

	r := reopen(t, m, withOpt(m.opt, dailyOpt(game.Classic, "", c)))
	r.Update(windowMsg(100, 30))
	drain(t, r, r.Init())
	if out := plain(r); !strings.Contains(out, "The match you had under way waits") {
		t.Fatalf("the daily's first page does not say the match waits:\n%s", out)
	}
	press(t, r, "enter")
	for k := 1; k <= 4; k++ {
		toHandOver(t, r)
		press(t, r, "enter")
	}
	if r.screen != scrDaily || !strings.Contains(plain(r), "n back to your match") {
		t.Fatalf("the daily's page does not offer the match back:\n%s", plain(r))
	}
	if _, err := os.Stat(r.files.PausedPath()); err != nil {
		t.Fatalf("the paused match is not kept: %v", err)
	}
	press(t, r, "n")
	if r.screen != scrResume || r.dl != nil || r.paused {
		t.Fatalf("n does not bring the match back: screen %d\n%s", r.screen, plain(r))
	}
	if _, s := recordOf(t, r); s != seed || tableClassic(r).G.State().Moves() != moves {
		t.Fatalf("back: seed %x at %d moves, want %x at %d", s, tableClassic(r).G.State().Moves(), seed, moves)
	}
	if _, err := os.Stat(r.files.PausedPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the paused file stays once the match is back: %v", err)
	}
	b, err := r.files.ReadMatch()
	if err != nil || !bytes.Equal(b, r.rec) {
		t.Fatalf("the match file is not the match back on the table (%v)", err)
	}
	found := 0
	paths, err := r.files.FinishedMatches(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		b, err := r.files.ReadFinished(p)
		if err == nil && hostdaily.RecordMeta(b)[daily.MetaDaily] != "" {
			found++
		}
	}
	if found != 4 {
		t.Fatalf("%d of the daily's 4 hands among the finished matches", found)
	}
}

// A daily left on its resume page with n (abandoned) gives the paused
// match back too; a run that ends with the paused match alone (no match
// file) starts on it.
func TestDailyPausedMatchComesBack(t *testing.T) {
	c := at("2026-11-24 12:00:00")
	m := newTestModel(t, 100, 30, func(o *Options) { o.Now = c.now })
	press(t, m, "enter")
	playMyTurn(t, m)
	_, seed := recordOf(t, m)
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	m.files.Unlock()
	r := reopen(t, m, withOpt(m.opt, dailyOpt(game.Classic, "", c)))
	drain(t, r, r.Init())
	press(t, r, "enter")
	if err := r.Flush(); err != nil {
		t.Fatal(err)
	}
	r.files.Unlock()

	// The daily's hand 1 on its resume page: n says where it goes.
	s := reopen(t, r, withOpt(r.opt, func(o *Options) { o.Daily = nil }))
	s.Update(windowMsg(100, 30))
	drain(t, s, s.Init())
	if s.screen != scrResume || s.dl == nil || !strings.Contains(plain(s), "n back to your match") {
		t.Fatalf("the daily's resume page:\n%s", plain(s))
	}
	press(t, s, "n") // asks first: the hand under way is given up
	if s.dl == nil {
		t.Fatal("n gave the daily's hand up without asking")
	}
	press(t, s, "n")
	if _, got := recordOf(t, s); s.dl != nil || got != seed {
		t.Fatalf("n on the daily's resume page: seed %x, want %x", got, seed)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	s.files.Unlock()

	// Paused alone: the next start plays it.
	if err := os.Rename(s.files.MatchPath(), s.files.PausedPath()); err != nil {
		t.Fatal(err)
	}
	u := reopen(t, s, s.opt)
	drain(t, u, u.Init())
	if _, got := recordOf(t, u); got != seed || u.screen != scrResume {
		t.Fatalf("a paused match alone is not taken up at the start: seed %x, screen %d", got, u.screen)
	}
	if _, err := os.Stat(u.files.PausedPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the paused file is still there: %v", err)
	}
}

// withOpt is opt changed by tweak.
func withOpt(opt Options, tweak func(*Options)) Options {
	tweak(&opt)
	return opt
}
