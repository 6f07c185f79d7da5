package tourney

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"
)

func TestPlacesAndTheirWorth(t *testing.T) {
	for _, c := range []struct {
		standing [4]int
		places   [4]int
		worth    string
	}{
		{[4]int{10, 5, 3, 0}, [4]int{1, 2, 3, 4}, "[4 2 1 0]"},
		{[4]int{10, 5, 5, 0}, [4]int{1, 2, 2, 4}, "[4 1.5 1.5 0]"},
		{[4]int{7, 7, 1, 1}, [4]int{1, 1, 3, 3}, "[3 3 0.5 0.5]"},
		{[4]int{-3, 9, 9, 9}, [4]int{4, 1, 1, 1}, "[0 2.33 2.33 2.33]"},
		{[4]int{2, 2, 2, 2}, [4]int{1, 1, 1, 1}, "[1.75 1.75 1.75 1.75]"},
	} {
		if got := Places(c.standing); got != c.places {
			t.Errorf("Places(%v) = %v, want %v", c.standing, got, c.places)
		}
		w, err := Worth(c.places)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(w); got != c.worth {
			t.Errorf("Worth(%v) = %s, want %s", c.places, got, c.worth)
		}
		var sum Points
		for _, p := range w {
			sum += p
		}
		if sum != 7*Twelfths {
			t.Errorf("Worth(%v) sums to %v, want the 7 points of a match", c.places, sum)
		}
	}
	for _, bad := range [][4]int{{0, 1, 2, 3}, {1, 2, 3, 5}, {1, 1, 2, 3}, {1, 3, 3, 3}, {2, 2, 3, 4}} {
		if _, err := Worth(bad); !errors.Is(err, ErrPlaces) {
			t.Errorf("Worth(%v): %v, want ErrPlaces", bad, err)
		}
	}
}

// match is a match of the four players, placed in that order unless
// places are given.
func match(players [4]string, places ...int) Match {
	m := Match{Players: players, Places: [4]int{1, 2, 3, 4}}
	if len(places) == 4 {
		copy(m.Places[:], places)
	}
	return m
}

func line(t *testing.T, st []Standing, id string) Standing {
	t.Helper()
	for _, s := range st {
		if s.Player == id {
			return s
		}
	}
	t.Fatalf("%s has no line in %v", id, st)
	return Standing{}
}

// Two wins in a row put a player on a streak: the third win and every
// win after it count double until a match is not won, in an arena; a
// forfeit scores nothing and ends the streak; bots have no line.
func TestStandingsStreaksAndForfeits(t *testing.T) {
	abcd := [4]string{"a", "b", "c", "d"}
	matches := []Match{
		match(abcd), match(abcd), match(abcd), match(abcd), // a wins four
		match(abcd, 2, 1, 3, 4), // a second: the streak ends
		match(abcd),             // a wins: no streak yet
		match([4]string{"a", Bot, "e", Bot}, 1, 2, 3, 4), // a wins again: two in a row
		match(abcd), // third in a row: double
	}
	matches[7].Forfeit[1] = true
	st, err := Standings(Rules{Streaks: true}, map[string]int{"a": 1500, "z": 1400}, matches)
	if err != nil {
		t.Fatal(err)
	}
	a := line(t, st, "a")
	// 4+4+8+8 +2 +4+4+8 = 42
	if a.Points != 42*Twelfths || a.Wins != 7 || a.Matches != 8 || a.Streak != 3 || !a.OnFire() {
		t.Errorf("a: %+v, want 42 points, 7 wins of 8, a streak of 3", a)
	}
	// b: 2, 2, 2, 2, 4 (a win, then a second), 2, and the forfeit 0.
	if b := line(t, st, "b"); b.Points != 14*Twelfths || b.Streak != 0 || b.Matches != 7 {
		t.Errorf("b: %+v, want 14 points of 7 matches (the forfeit scores nothing)", b)
	}
	if z := line(t, st, "z"); z.Matches != 0 || z.Rating != 1400 {
		t.Errorf("z, joined and never seated: %+v", z)
	}
	for _, s := range st {
		if s.Player == Bot {
			t.Errorf("a bot has a line: %+v", s)
		}
	}
	if st[0].Player != "a" {
		t.Errorf("first: %s, want a", st[0].Player)
	}
	plain, err := Standings(Rules{}, nil, matches)
	if err != nil {
		t.Fatal(err)
	}
	if a := line(t, plain, "a"); a.Points != 30*Twelfths {
		t.Errorf("a without streaks: %v, want 7 wins × 4 + a second = 30", a.Points)
	}
	bad := append(slices.Clone(matches), match(abcd, 1, 1, 2, 3))
	if _, err := Standings(Rules{}, nil, bad); !errors.Is(err, ErrPlaces) {
		t.Errorf("a match that is no ranking: %v, want ErrPlaces", err)
	}
}

// Equal points are ranked by the others' points (Buchholz), then wins,
// then fewer matches, then rating, then id.
func TestRankedTieBreaks(t *testing.T) {
	base := Standing{Points: 10}
	for _, c := range []struct{ better, worse Standing }{
		{Standing{Points: 11}, base},
		{Standing{Points: 10, Opponents: 5}, base},
		{Standing{Points: 10, Wins: 2}, Standing{Points: 10, Wins: 1}},
		{Standing{Points: 10, Matches: 3}, Standing{Points: 10, Matches: 4}},
		{Standing{Points: 10, Rating: 1600}, Standing{Points: 10, Rating: 1500}},
		{Standing{Points: 10, Player: "a"}, Standing{Points: 10, Player: "b"}},
	} {
		if Ranked(c.better, c.worse) >= 0 || Ranked(c.worse, c.better) <= 0 {
			t.Errorf("%+v not ranked above %+v", c.better, c.worse)
		}
	}
}

func TestPairArena(t *testing.T) {
	now := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
	w := func(id string, pts int, rating int, ago time.Duration, last ...string) Waiting {
		return Waiting{Player: id, Points: Points(pts) * Twelfths, Rating: rating, Since: now.Add(-ago), Last: last}
	}
	pool := []Waiting{
		w("low1", 0, 1500, time.Second), w("top1", 12, 1500, time.Second), w("mid1", 6, 1500, time.Second),
		w("top2", 11, 1500, time.Second), w("low2", 1, 1500, time.Second), w("top3", 10, 1600, time.Second),
		w("mid2", 5, 1500, time.Second), w("top4", 10, 1500, time.Second), w("late", 0, 1400, time.Second),
	}
	keep := slices.Clone(pool)
	tables, still := PairArena(pool, now, time.Minute, false)
	if !slices.Equal(tables, []Table{{"top1", "top2", "top3", "top4"}, {"mid1", "mid2", "low2", "low1"}}) {
		t.Errorf("tables %v: want the four best together, then the next four", tables)
	}
	if len(still) != 1 || still[0].Player != "late" {
		t.Errorf("still waiting %v, want late", still)
	}
	if !slices.EqualFunc(pool, keep, func(a, b Waiting) bool { return a.Player == b.Player }) {
		t.Error("the pool given was changed")
	}
	// The same four, each back from the table the four shared, are split
	// when a fifth waits.
	same := []Waiting{
		w("a", 4, 0, time.Second, "b", "c", "d"), w("b", 3, 0, time.Second, "a", "c", "d"),
		w("c", 2, 0, time.Second, "a", "b", "d"), w("d", 1, 0, time.Second, "a", "b", "c"),
		w("e", 0, 0, time.Second),
	}
	tables, still = PairArena(same, now, time.Minute, false)
	if !slices.Equal(tables, []Table{{"a", "b", "c", "e"}}) || len(still) != 1 || still[0].Player != "d" {
		t.Errorf("the same four again: %v, still %v; want a, b, c with e, d waiting", tables, still)
	}
	// Alone, they sit together again rather than wait.
	if tables, _ = PairArena(same[:4], now, time.Minute, false); len(tables) != 1 {
		t.Errorf("four who just met, alone in the pool: %v, want seated", tables)
	}
	// Fewer than four: they wait, until one has waited the bot wait.
	two := []Waiting{w("x", 0, 0, 30*time.Second), w("y", 0, 0, 59*time.Second)}
	if tables, still = PairArena(two, now, time.Minute, false); len(tables) != 0 || len(still) != 2 {
		t.Errorf("two waiting under a minute: tables %v", tables)
	}
	two[1].Since = now.Add(-time.Minute)
	if tables, still = PairArena(two, now, time.Minute, false); len(still) != 0 || tables[0] != (Table{"y", "x", Bot, Bot}) {
		t.Errorf("two waiting, one a minute: tables %v, still %v; want them with two bots", tables, still)
	}
	if tables, _ = PairArena(two, now, 0, false); len(tables) != 0 {
		t.Errorf("no bots in this arena: %v", tables)
	}
}

func TestSizes(t *testing.T) {
	for n, want := range map[int][]int{0: nil, 1: {1}, 4: {4}, 5: {3, 2}, 8: {4, 4}, 9: {3, 3, 3}, 10: {4, 3, 3}, 13: {4, 3, 3, 3}, 16: {4, 4, 4, 4}} {
		if got := Sizes(n, false); !slices.Equal(got, want) {
			t.Errorf("Sizes(%d) = %v, want %v", n, got, want)
		}
	}
}

// A Swiss round keeps repeats to the fewest: after a first round of
// two tables, each table of the second seats two players from each.
func TestPairSwissAvoidsRepeats(t *testing.T) {
	first := []Match{match([4]string{"1", "2", "3", "4"}), match([4]string{"5", "6", "7", "8"})}
	met := MetIn(first)
	if met[pair("2", "1")] != 1 || met[pair("1", "5")] != 0 {
		t.Fatalf("meetings %v", met)
	}
	order := []string{"1", "5", "2", "6", "3", "7", "4", "8"}
	tables := PairSwiss(order, met, false)
	seen := map[string]bool{}
	for _, tb := range tables {
		fromFirst := 0
		for _, id := range tb {
			if seen[id] {
				t.Fatalf("%s seated twice: %v", id, tables)
			}
			seen[id] = true
			if id <= "4" {
				fromFirst++
			}
		}
		if fromFirst != 2 {
			t.Errorf("table %v: %d from the first table, want 2 (one repeat pair from each)", tb, fromFirst)
		}
	}
	if tables[0][0] != "1" {
		t.Errorf("the leader does not head the first table: %v", tables)
	}
	// Nine players: three tables of three, a bot at each.
	nine := PairSwiss([]string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}, Met{}, false)
	if len(nine) != 3 {
		t.Fatalf("nine players: %v", nine)
	}
	for _, tb := range nine {
		if tb[3] != Bot || tb[2] == Bot {
			t.Errorf("table %v: want three players and a bot", tb)
		}
	}
	if nine[0] != (Table{"a", "b", "c", Bot}) {
		t.Errorf("with no one met, the top three sit together: %v", nine[0])
	}
}

func TestFieldScores(t *testing.T) {
	tables := [][4]Seat{
		{{"a", 10}, {"b", 0}, {"c", -4}, {Bot, 2}},
		{{"d", 4}, {"e", 3}, {"f", -4}, {"g", 0}},
		{{"h", 1}, {"i", 0}, {"j", -4}, {"k", 1}},
	}
	sc, err := FieldScores(tables)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"a": "5/1", "d": "-1/1", "h": "-4/1", "b": "-1/1", "e": "2/1", "c": "0/1", "g": "-1/1", "k": "0/1"} {
		if got := sc[id].String(); got != want {
			t.Errorf("%s: %s, want %s", id, got, want)
		}
	}
	odd := [][4]Seat{{{"a", 1}, {"b", 0}, {"c", 0}, {"d", 0}}, {{"e", 0}, {"f", 0}, {"g", 0}, {"h", 0}}, {{"i", 0}, {"j", 0}, {"k", 0}, {"l", 0}}}
	sc, err = FieldScores(odd)
	if err != nil {
		t.Fatal(err)
	}
	if sc["a"].Cmp(big.NewRat(2, 3)) != 0 || sc["e"].Cmp(big.NewRat(-1, 3)) != 0 {
		t.Errorf("thirds: a %v, e %v; want 2/3 and -1/3", sc["a"], sc["e"])
	}
	if _, err := FieldScores(nil); err == nil {
		t.Error("no table scored")
	}
	twice := [][4]Seat{{{"a", 1}, {"a", 0}, {"c", 0}, {"d", 0}}}
	if _, err := FieldScores(twice); err == nil {
		t.Error("a player at two seats of a deal scored")
	}
}

// In partners (101's eşli) the units are teams of two, each at two
// seats facing each other: a table seats two teams, a team scores once
// a match, what its shared place is worth, and meets only the other.
func TestPartners(t *testing.T) {
	now := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
	var pool []Waiting
	for i, id := range []string{"A", "B", "C", "D", "E"} {
		pool = append(pool, Waiting{Player: id, Points: Points(10-i) * Twelfths, Since: now})
	}
	tables, still := PairArena(pool, now, time.Minute, true)
	if !slices.Equal(tables, []Table{{"A", "B", "A", "B"}, {"C", "D", "C", "D"}}) || len(still) != 1 {
		t.Fatalf("five teams: %v, still %v; want two tables of two teams facing, one waiting", tables, still)
	}
	still[0].Since = now.Add(-time.Minute)
	if tables, _ = PairArena(still, now, time.Minute, true); tables[0] != (Table{"E", Bot, "E", Bot}) {
		t.Errorf("a team alone after the bot wait: %v", tables)
	}
	if got := Sizes(5, true); !slices.Equal(got, []int{2, 2, 1}) {
		t.Errorf("Sizes(5 teams) = %v", got)
	}
	swiss := PairSwiss([]string{"A", "B", "C"}, Met{}, true)
	if !slices.Equal(swiss, []Table{{"A", "B", "A", "B"}, {"C", Bot, "C", Bot}}) {
		t.Errorf("three teams in a Swiss round: %v", swiss)
	}
	m := Match{Players: Table{"A", "B", "A", "B"}, Places: [4]int{1, 3, 1, 3}}
	st, err := Standings(Rules{Opponents: true}, nil, []Match{m})
	if err != nil {
		t.Fatal(err)
	}
	a, b := line(t, st, "A"), line(t, st, "B")
	if a.Points != 3*Twelfths || a.Matches != 1 || a.Wins != 1 || b.Points != Twelfths/2 || b.Matches != 1 {
		t.Errorf("a team's match: A %+v, B %+v; want 3 and 0.5 points, one match each", a, b)
	}
	if a.Opponents != b.Points || b.Opponents != a.Points {
		t.Errorf("the tie-break counts the other team once: A %v, B %v", a.Opponents, b.Opponents)
	}
	if met := MetIn([]Match{m}); met[pair("A", "A")] != 0 || met[pair("A", "B")] != 4 {
		// A at seats 0 and 2 meets B at seats 1 and 3: four seat pairs.
		t.Errorf("meetings %v", met)
	}
}

// An arena ranks equal points by wins, as its page says, never by the
// others' points (the Swiss's tie-break, counted only there): a and b
// have 4 points each, a from a win against low scorers, b from two
// seconds against a high scorer; in a Swiss b's opponents put b first.
func TestArenaTiesAreBrokenByWins(t *testing.T) {
	matches := []Match{
		match([4]string{"a", "x", "y", Bot}),             // a 4, x 2, y 1
		match([4]string{"h", "b", Bot, "z"}),             // h 4, b 2
		match([4]string{"h", "b", "z", Bot}),             // h 8, b 4, z 1
		match([4]string{Bot, "h", "w", "v"}, 1, 4, 2, 3), // h 0: h ends with 8
	}
	arena, err := Standings(Arena.Rules(), nil, matches)
	if err != nil {
		t.Fatal(err)
	}
	a, b := line(t, arena, "a"), line(t, arena, "b")
	if a.Points != b.Points || a.Wins != 1 || b.Wins != 0 {
		t.Fatalf("the fixture: a %+v, b %+v", a, b)
	}
	if a.Opponents != 0 || b.Opponents != 0 {
		t.Errorf("an arena counts the Swiss tie-break: a %v, b %v", a.Opponents, b.Opponents)
	}
	if i, j := slices.IndexFunc(arena, func(s Standing) bool { return s.Player == "a" }), slices.IndexFunc(arena, func(s Standing) bool { return s.Player == "b" }); i > j {
		t.Errorf("the arena ranks b (no win) above a (a win) on equal points: %v", arena)
	}
	swiss, err := Standings(Swiss.Rules(), nil, matches)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := line(t, swiss, "a"), line(t, swiss, "b"); a.Opponents >= b.Opponents {
		t.Errorf("the fixture's Swiss tie-break: a %v, b %v; want b's higher", a.Opponents, b.Opponents)
	}
	if swiss[slices.IndexFunc(swiss, func(s Standing) bool { return s.Player == "b" })].Points != b.Points {
		t.Fatal("the Swiss counts points otherwise")
	}
}
