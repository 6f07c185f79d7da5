package tourney

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)

// server plays the director's tables as a server would: it opens each
// table asked for and, when told, ends it with places that put the
// seats in order (seat 0 first).
type server struct {
	t      *testing.T
	tr     *Tournament
	next   int
	opened int
}

func (s *server) open(starts []Start, now time.Time) {
	for _, st := range starts {
		s.next++
		s.opened++
		s.tr.Opened(st, s.next, now)
	}
}

func (s *server) endAll(now time.Time) {
	for _, p := range slices.Clone(s.tr.Playing) {
		starts, err := s.tr.Ended(p.Table, [4]int{1, 2, 3, 4}, [4]bool{}, now)
		if err != nil {
			s.t.Fatal(err)
		}
		s.open(starts, now)
	}
}

func TestConfigCheck(t *testing.T) {
	good := Config{Kind: Arena, Hands: 1, Length: time.Hour}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []Config{
		{Kind: "knockout", Hands: 1, Length: time.Hour},
		{Kind: Arena, Hands: 0, Length: time.Hour},
		{Kind: Arena, Hands: 1},
		{Kind: Swiss, Hands: 1},
		{Kind: Arena, Hands: 1, Length: time.Hour, Duplicate: true},
	} {
		if _, err := New(bad); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v, want ErrConfig", bad, err)
		}
	}
}

// An arena: players join before and during it; four who wait sit
// together at once, fewer wait for the bot wait; a match's end sends
// its players back to the pool and on to the next table; at the end
// time no table opens, the matches running finish, and the standings
// are what the matches' places add up to.
func TestArenaFromStartToFinish(t *testing.T) {
	tr, err := New(Config{Kind: Arena, Hands: 1, Start: t0, Length: time.Hour, BotWait: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, tr: tr}
	for i := range 6 {
		starts, err := tr.Join(fmt.Sprintf("p%d", i), 1500+i, t0.Add(-time.Minute))
		if err != nil || len(starts) != 0 {
			t.Fatalf("joining before the start: %v, %v", starts, err)
		}
	}
	s.open(tr.Tick(t0), t0)
	if tr.Phase != Running || len(tr.Playing) != 1 || len(tr.Pool) != 2 {
		t.Fatalf("at the start: %s, playing %v, pool %v; want one table, two waiting", tr.Phase, tr.Playing, tr.Pool)
	}
	// A seventh and eighth join: four wait, a table opens.
	for _, id := range []string{"p6", "p7"} {
		starts, err := tr.Join(id, 1400, t0.Add(10*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		s.open(starts, t0.Add(10*time.Second))
	}
	if len(tr.Playing) != 2 || len(tr.Pool) != 0 {
		t.Fatalf("eight players: playing %v, pool %v", tr.Playing, tr.Pool)
	}
	// A ninth waits alone, then gets bots.
	if starts, _ := tr.Join("p8", 1500, t0.Add(20*time.Second)); len(starts) != 0 {
		t.Fatalf("one alone was seated at once: %v", starts)
	}
	s.open(tr.Tick(t0.Add(79*time.Second)), t0.Add(79*time.Second))
	if len(tr.Playing) != 2 {
		t.Fatal("seated with bots before the bot wait")
	}
	s.open(tr.Tick(t0.Add(80*time.Second)), t0.Add(80*time.Second))
	if len(tr.Playing) != 3 || tr.Playing[2].Players != (Table{"p8", Bot, Bot, Bot}) {
		t.Fatalf("after the bot wait: %v", tr.Playing)
	}
	// Matches end and new ones begin, for half an hour.
	for m := 1; m <= 10; m++ {
		s.endAll(t0.Add(time.Duration(m) * 3 * time.Minute))
	}
	if tr.Leave("p0") != nil || tr.Leave("nobody") == nil {
		t.Fatal("leaving")
	}
	s.endAll(t0.Add(40 * time.Minute))
	for _, p := range tr.Playing {
		if slices.Contains(p.Players[:], "p0") {
			t.Fatalf("p0 left and was seated: %v", p)
		}
	}
	// The end: nothing opens, running matches finish.
	if starts := tr.Tick(t0.Add(time.Hour)); len(starts) != 0 || tr.Phase != Ending {
		t.Fatalf("at the end time: %s, %v", tr.Phase, starts)
	}
	if _, err := tr.Join("late", 1500, t0.Add(time.Hour)); !errors.Is(err, ErrFinished) {
		t.Fatalf("joining an arena that ended: %v", err)
	}
	running := len(tr.Playing)
	before := len(tr.Matches)
	s.endAll(t0.Add(time.Hour + time.Minute))
	if tr.Phase != Finished || len(tr.Matches) != before+running {
		t.Fatalf("after the last matches: %s, %d matches, want %d", tr.Phase, len(tr.Matches), before+running)
	}
	if s.opened != len(tr.Matches) {
		t.Fatalf("%d tables opened, %d matches recorded", s.opened, len(tr.Matches))
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Standings(Rules{Streaks: true}, ratings(tr.Joined), tr.Matches)
	if err != nil || !slices.Equal(st, again) {
		t.Fatalf("the standings are not the matches' sum:\n%v\n%v (%v)", st, again, err)
	}
	for _, l := range st {
		if l.Player == "p8" && l.Matches == 0 {
			t.Error("p8 never played")
		}
	}
}

// Swiss rounds: a round begins once the last is played; each pairs by
// the standings with repeats kept fewest; no one joins after the first
// round (one who left may come back); after the last round it is
// finished.
func TestSwissRounds(t *testing.T) {
	tr, err := New(Config{Kind: Swiss, Hands: 1, Start: t0, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, tr: tr}
	for i := range 9 {
		if _, err := tr.Join(fmt.Sprintf("p%d", i), 1500, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	s.open(tr.Tick(t0), t0)
	if tr.Round != 1 || len(tr.Playing) != 3 {
		t.Fatalf("round 1: %d tables", len(tr.Playing))
	}
	for _, p := range tr.Playing {
		if p.Players[3] != Bot {
			t.Errorf("nine players: each table of three takes a bot: %v", p.Players)
		}
	}
	if _, err := tr.Join("late", 1500, t0); !errors.Is(err, ErrStarted) {
		t.Fatalf("joining after round 1 began: %v", err)
	}
	if err := tr.Leave("p8"); err != nil {
		t.Fatal(err)
	}
	// The first table ends: the round is not over.
	first := tr.Playing[0]
	starts, err := tr.Ended(first.Table, [4]int{1, 2, 3, 4}, [4]bool{false, true, false, false}, t0.Add(time.Minute))
	if err != nil || len(starts) != 0 {
		t.Fatalf("a round half played paired again: %v, %v", starts, err)
	}
	s.endAll(t0.Add(2 * time.Minute))
	if tr.Round != 2 || len(tr.Playing) != 2 {
		t.Fatalf("round 2 with eight players (p8 left): round %d, %d tables", tr.Round, len(tr.Playing))
	}
	if _, err := tr.Join("p8", 1500, t0.Add(3*time.Minute)); err != nil {
		t.Fatalf("coming back: %v", err)
	}
	s.endAll(t0.Add(4 * time.Minute))
	s.endAll(t0.Add(6 * time.Minute))
	if tr.Phase != Finished || len(tr.Matches) != 3+2+3 {
		t.Fatalf("after three rounds: %s, %d matches", tr.Phase, len(tr.Matches))
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	forfeited := first.Players[1]
	for _, l := range st {
		if l.Player == forfeited && l.Matches != 3 {
			t.Errorf("%s forfeited a round and has %d matches, want 3 (the forfeit counts as played)", l.Player, l.Matches)
		}
	}
	if _, err := tr.Ended(999, [4]int{1, 2, 3, 4}, [4]bool{}, t0); !errors.Is(err, ErrUnknown) {
		t.Errorf("a table the tournament never opened: %v", err)
	}
}

// A tournament's lobby line counts the players still in and says when
// an arena ends; each match names the table that played it.
func TestListedAndTheTableOfEachMatch(t *testing.T) {
	tr, err := New(Config{Kind: Arena, Name: "Friday", Game: "101", Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if _, err := tr.Join(fmt.Sprintf("p%d", i), 1500, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.Leave("p4"); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, tr: tr, next: 40}
	s.open(tr.Tick(t0), t0)
	s.endAll(t0.Add(time.Minute))
	want := Listed{ID: "t7", Name: "Friday", Kind: Arena, Game: "101", Phase: Running, Players: 4,
		Start: t0, End: t0.Add(time.Hour)}
	if got := tr.Listed("t7"); !reflect.DeepEqual(got, want) {
		t.Fatalf("listed as %+v, want %+v", got, want)
	}
	if len(tr.Matches) != 1 || tr.Matches[0].Table != 41 {
		t.Fatalf("matches %+v: want one, played at table 41", tr.Matches)
	}
}

// A table the server could not open is taken back: no match counted,
// an arena's players paired again at once (with whoever waits), a
// Swiss round over without it; a table not in play is ErrUnknown.
func TestNotOpened(t *testing.T) {
	arena, err := New(Config{Kind: Arena, Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, err := arena.Join(fmt.Sprintf("p%d", i), 1500, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	starts := arena.Tick(t0)
	if len(starts) != 1 {
		t.Fatalf("%d tables asked for, want 1", len(starts))
	}
	arena.Opened(starts[0], 7, t0)
	again, err := arena.NotOpened(7, t0.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if len(arena.Playing) != 0 || len(arena.Matches) != 0 {
		t.Errorf("after a table not opened: playing %v, %d matches", arena.Playing, len(arena.Matches))
	}
	if len(again) != 1 || !slices.Equal(sorted(again[0].Players[:]), sorted(starts[0].Players[:])) {
		t.Errorf("the four not paired again at once: %v", again)
	}
	if _, err := arena.NotOpened(7, t0); !errors.Is(err, ErrUnknown) {
		t.Errorf("a table taken back twice: %v, want ErrUnknown", err)
	}

	swiss, err := New(Config{Kind: Swiss, Hands: 1, Start: t0, Rounds: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, err := swiss.Join(fmt.Sprintf("p%d", i), 1500, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	starts = swiss.Tick(t0)
	swiss.Opened(starts[0], 8, t0)
	next, err := swiss.NotOpened(8, t0)
	if err != nil {
		t.Fatal(err)
	}
	if len(next) != 1 || next[0].Round != 2 || len(swiss.Matches) != 0 {
		t.Errorf("a Swiss round's only table not opened: next %v, %d matches; want round 2 asked for, none counted", next, len(swiss.Matches))
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// An arena's player who lost a match for want of being at it is paused:
// out of the pool when the match ends (the owner pauses them before
// Ended), their points kept, not seated again however long the others
// wait, until they come back (Join), when they wait at their points; a
// pause of one of a team pauses the team, and either coming back
// brings it back.
func TestPausedUntilBack(t *testing.T) {
	tr, err := New(Config{Kind: Arena, Hands: 1, Start: t0, Length: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, tr: tr}
	for i := range 4 {
		if _, err := tr.Join(fmt.Sprintf("p%d", i), 1500+i, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	s.open(tr.Tick(t0), t0)
	if len(tr.Playing) != 1 {
		t.Fatalf("playing %v", tr.Playing)
	}
	seats := tr.Playing[0].Players
	away := seats[0] // first at the table, but their bot played
	if err := tr.Pause(away); err != nil {
		t.Fatal(err)
	}
	starts, err := tr.Ended(tr.Playing[0].Table, [4]int{1, 2, 3, 4}, [4]bool{true}, t0.Add(time.Minute))
	if err != nil || len(starts) != 0 {
		t.Fatalf("the match's end: %v, %v; want three waiting for a fourth", starts, err)
	}
	if e := tr.Joined[away]; !e.Paused || e.Left || slices.ContainsFunc(tr.Pool, func(w Waiting) bool { return w.Player == away }) {
		t.Errorf("the away player: %+v, pool %v", e, tr.Pool)
	}
	s.open(tr.Tick(t0.Add(30*time.Minute)), t0.Add(30*time.Minute))
	if len(tr.Playing) != 0 || len(tr.Pool) != 3 {
		t.Errorf("half an hour on: playing %v, pool %v", tr.Playing, tr.Pool)
	}
	if tr.Players() != 4 {
		t.Errorf("%d players counted; the paused one is still in", tr.Players())
	}
	st, _ := tr.Standings()
	for _, l := range st {
		if l.Player == away && (l.Points != 0 || l.Matches != 1 || l.Wins != 0) {
			t.Errorf("the paused player's line %+v: the match lost", l)
		}
	}
	starts, err = tr.Join(away, 1500, t0.Add(31*time.Minute))
	if err != nil || len(starts) != 1 || tr.Joined[away].Paused {
		t.Fatalf("back: %v, %v, %+v", starts, err, tr.Joined[away])
	}
	if err := tr.Pause("nobody"); !errors.Is(err, ErrUnknown) {
		t.Errorf("a stranger paused: %v", err)
	}

	pt := partnersOf(t, Config{Kind: Arena, Length: time.Hour}, 4)
	starts = pt.Tick(t0)
	if len(starts) != 1 {
		t.Fatalf("two teams at the start: %v", starts)
	}
	pt.Opened(starts[0], 1, t0)
	team := pt.Unit("p1")
	if err := pt.Pause("p1"); err != nil {
		t.Fatal(err)
	}
	if _, err := pt.Ended(1, [4]int{1, 3, 1, 3}, [4]bool{}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if !pt.Joined[team].Paused || slices.ContainsFunc(pt.Pool, func(w Waiting) bool { return w.Player == team }) {
		t.Errorf("p1 paused: the team %s is %+v, pool %v", team, pt.Joined[team], pt.Pool)
	}
	partner, _ := pt.Partner("p1")
	if _, err := pt.Join(partner, 1500, t0.Add(2*time.Minute)); err != nil || pt.Joined[team].Paused {
		t.Errorf("the partner came back: %v, the team %+v", err, pt.Joined[team])
	}
}

// A duplicate round's results are held back until its last table ends
// (Shown, Held): with one of its two tables over, what may be shown has
// no match of the round and the standings have not moved; once the
// other ends, both are shown. A Swiss of fresh deals holds nothing, and
// what is shown is never the tournament itself changed.
func TestDuplicateRoundHeldUntilItsLastTable(t *testing.T) {
	for _, dup := range []bool{true, false} {
		tr, err := New(Config{Kind: Swiss, Hands: 1, Start: t0, Rounds: 2, Duplicate: dup})
		if err != nil {
			t.Fatal(err)
		}
		s := &server{t: t, tr: tr}
		for i := range 6 {
			if _, err := tr.Join(fmt.Sprintf("p%d", i), 1500+i, t0.Add(-time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		s.open(tr.Tick(t0), t0)
		if len(tr.Playing) != 2 {
			t.Fatalf("round 1: %v", tr.Playing)
		}
		first := tr.Playing[0].Table
		if _, err := tr.Ended(first, [4]int{1, 2, 3, 4}, [4]bool{}, t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		shown := Shown(*tr)
		st, _ := shown.Standings()
		moved := slices.ContainsFunc(st, func(l Standing) bool { return l.Points != 0 || l.Matches != 0 })
		if held := Held(tr); dup != (len(held) == 1 && held[0] == 1) || dup != (len(shown.Matches) == 0) || dup == moved {
			t.Errorf("duplicate %v, one table of two over: held %v, %d matches shown, standings moved %v", dup, held, len(shown.Matches), moved)
		}
		if len(tr.Matches) != 1 {
			t.Errorf("the tournament itself changed: %d matches", len(tr.Matches))
		}
		s.endAll(t0.Add(2 * time.Minute))
		if len(tr.Playing) != 2 || tr.Round != 2 {
			t.Fatalf("round 2 not paired: %v", tr.Playing)
		}
		if shown := Shown(*tr); len(shown.Matches) != 2 || len(Held(tr)) != (map[bool]int{true: 1, false: 0})[dup] {
			t.Errorf("duplicate %v, round 1 over: %d matches shown, held %v", dup, len(shown.Matches), Held(tr))
		}
	}
}

// Changed names each setting changed, one name a field of Config (a
// field added later is named too, or this fails), and none for the
// same settings.
func TestChangedNamesEveryField(t *testing.T) {
	base := Config{Kind: Arena, Name: "Friday", Game: "101", Rules: "default", Hands: 1,
		Start: time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC), Length: time.Hour, BotLevel: "easy", Back: time.Minute}
	if got := base.Changed(base); len(got) != 0 {
		t.Errorf("the same settings: %v", got)
	}
	typ := reflect.TypeFor[Config]()
	seen := map[string]string{}
	for i := range typ.NumField() {
		c := base
		f := reflect.ValueOf(&c).Elem().Field(i)
		switch {
		case f.Type() == reflect.TypeFor[time.Time]():
			f.Set(reflect.ValueOf(base.Start.Add(time.Hour)))
		case f.Kind() == reflect.String:
			f.SetString(f.String() + "x")
		case f.Kind() == reflect.Int || f.Kind() == reflect.Int64:
			f.SetInt(f.Int() + 1)
		case f.Kind() == reflect.Bool:
			f.SetBool(!f.Bool())
		default:
			t.Fatalf("field %s of a kind this test does not change", typ.Field(i).Name)
		}
		got := base.Changed(c)
		if len(got) != 1 {
			t.Errorf("%s changed: %v", typ.Field(i).Name, got)
			continue
		}
		if other, ok := seen[got[0]]; ok {
			t.Errorf("%s and %s are both named %q", other, typ.Field(i).Name, got[0])
		}
		seen[got[0]] = typ.Field(i).Name
	}
}
