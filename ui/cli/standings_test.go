package cli

import (
	"encoding/json"
	"math/big"
	"testing"
)

// A duplicate round recounted from its tables' results: each seat
// scored against the mean of the seats that held its rack (table 1's
// and 2's seat 0 made 10 and 0: +5 and -5), a bot's seat counted in
// the mean and scoring nobody; with a record missing the field is not
// counted.
func TestRecountScoresTheField(t *testing.T) {
	type match struct {
		Table   int       `json:"table"`
		Round   int       `json:"round"`
		Players [4]string `json:"players"`
		Places  [4]int    `json:"places"`
		Forfeit [4]bool   `json:"forfeit"`
	}
	names := []string{"a", "b", "c", "d", "e", "f", "g"}
	var lines []PublishedLine
	for i, n := range names {
		lines = append(lines, PublishedLine{Rank: i + 1, Name: n, Rating: 1500})
	}
	pub, err := json.Marshal(map[string]any{
		"id": "t1", "kind": "swiss", "game": "101", "duplicate": true, "standings": lines,
		"matches": []match{
			{Table: 1, Round: 1, Players: [4]string{"a", "b", "c", "d"}, Places: [4]int{1, 2, 3, 4}},
			{Table: 2, Round: 1, Players: [4]string{"e", "f", "g", ""}, Places: [4]int{2, 1, 3, 4}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	recs := []Counted{
		{Table: 1, Places: [4]int{1, 2, 3, 4}, Results: [4]int{10, 0, -5, -6}, Scored: true},
		{Table: 2, Places: [4]int{2, 1, 3, 4}, Results: [4]int{0, 10, -5, -7}, Scored: true},
	}
	r, err := Recount(pub, recs)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*big.Rat{"a": big.NewRat(5, 1), "b": big.NewRat(-5, 1), "c": new(big.Rat), "d": big.NewRat(1, 2),
		"e": big.NewRat(-5, 1), "f": big.NewRat(5, 1), "g": new(big.Rat)}
	if !r.Field || len(r.Lines) != len(want) {
		t.Fatalf("the field not counted: %+v", r)
	}
	for _, l := range r.Lines {
		if w := want[l.Name]; l.Field == nil || l.Field.Cmp(w) != 0 {
			t.Errorf("%s: field %v, want %v", l.Name, l.Field, w)
		}
	}
	if r, err := Recount(pub, recs[:1]); err != nil || r.Field {
		t.Errorf("a record missing: the field counted %v (%v)", r.Field, err)
	}
}

// A field score counted again is the published one when the page
// would write it so: to two decimals, none as none.
func TestSameField(t *testing.T) {
	s := func(v string) *string { return &v }
	for _, c := range []struct {
		counted   *big.Rat
		published *string
		want      bool
	}{
		{big.NewRat(5, 1), s("+5"), true},
		{big.NewRat(1, 3), s("+0.33"), true},
		{big.NewRat(1, 3), s("+0.34"), false},
		{big.NewRat(-1, 4), s("-0.25"), true},
		{big.NewRat(-1, 4), s("+0.25"), false},
		{nil, nil, true},
		{nil, s("-"), true},
		{new(big.Rat), nil, false},
		{big.NewRat(5, 1), s("five"), false},
	} {
		if got := SameField(c.counted, c.published); got != c.want {
			t.Errorf("%v against %v: %v, want %v", c.counted, c.published, got, c.want)
		}
	}
}
