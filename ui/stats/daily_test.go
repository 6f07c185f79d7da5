package stats

import (
	"encoding/json"
	"slices"
	"testing"
)

// An old statistics file, of before the daily, reads as before: no
// dailies, nothing set aside.
func TestParseOldFileHasNoDailies(t *testing.T) {
	old := `{"version":1,"by_bots":{"hard,hard,hard":{"matches":2,"hands":9}},"okey101":{},"counting":{"match":"x/1","hands":3}}`
	f, err := Parse([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Dailies) != 0 || len(f.DailiesAside) != 0 || f.Damaged != 0 {
		t.Fatalf("an old file read as dailies %v, aside %v, damaged %d", f.Dailies, f.DailiesAside, f.Damaged)
	}
	if f.ByBots["hard,hard,hard"].Hands != 9 || f.Counting.Hands != 3 {
		t.Fatalf("the old figures were lost: %+v", f)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	_ = json.Unmarshal(b, &back)
	if _, ok := back["dailies"]; ok {
		t.Fatal("a file with no daily writes a dailies key")
	}
}

// A damaged daily entry is set aside, kept as it was, and counted; the
// good ones and the rest of the file read.
func TestParseSetsAsideDamagedDailies(t *testing.T) {
	good := `{"id":"a","date":"2026-11-24","game":"classic","hands":4,"scores":[1,-2]}`
	bad := []string{
		`{"id":"b","date":"2026-02-30","game":"classic","hands":4,"scores":[]}`,  // no such day
		`{"id":"c","date":"2026-11-24","game":"chess","hands":4,"scores":[]}`,    // no such game
		`{"id":"d","date":"2026-11-24","game":"101","hands":2,"scores":[1,2,3]}`, // more scores than hands
		`{"id":"e","date":"2026-11-24","game":"classic","hands":4,"scores":"x"}`, // not a list
		`{"id":"","date":"2026-11-24","game":"classic","hands":4,"scores":[]}`,   // no id
		`{"id":"f","date":"2026-11-24","game":"classic","hands":4,"par":[1,2]}`,  // par of two hands
		`{"id":"g","date":"2026-11-24","game":"classic","hands":3,"scores":[]}`,  // hands not the game's
		`7`,
	}
	file := `{"version":1,"by_bots":{},"dailies":[` + good
	for _, b := range bad {
		file += "," + b
	}
	file += `]}`
	f, err := Parse([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Dailies) != 1 || f.Dailies[0].ID != "a" || !slices.Equal(f.Dailies[0].Scores, []int{1, -2}) {
		t.Fatalf("dailies read: %+v", f.Dailies)
	}
	if f.Damaged != len(bad) || len(f.DailiesAside) != len(bad) {
		t.Fatalf("damaged %d, aside %d, want %d", f.Damaged, len(f.DailiesAside), len(bad))
	}
	for i, r := range f.DailiesAside {
		if string(r) != bad[i] {
			t.Errorf("aside %d = %s, want it kept as it was: %s", i, r, bad[i])
		}
	}
	// Written again and read back: the set-aside entries stay aside,
	// and are not counted as damaged a second time by the writer.
	b, _ := json.Marshal(f)
	g, err := Parse(b)
	if err != nil || len(g.Dailies) != 1 || len(g.DailiesAside) != len(bad) {
		t.Fatalf("read back: %v, %+v", err, g)
	}
}

// A daily counts once: a second entry for the record of the same day
// and game (another id) is kept as practice; the same id is replaced.
func TestPutDailyCountsOnce(t *testing.T) {
	f := New()
	a := f.PutDaily(Daily{ID: "a", Date: "2026-11-24", Game: "classic", Hands: 4})
	if a.Practice {
		t.Fatal("the first play of a day is for the record")
	}
	a.Scores = []int{2}
	if got := f.PutDaily(a); got.Practice || len(f.Dailies) != 1 || f.Dailies[0].Scores[0] != 2 {
		t.Fatalf("the same id again: %+v, %+v", got, f.Dailies)
	}
	b := f.PutDaily(Daily{ID: "b", Date: "2026-11-24", Game: "classic", Hands: 4})
	if !b.Practice {
		t.Fatal("a second play of the day for the record was kept for the record")
	}
	c := f.PutDaily(Daily{ID: "c", Date: "2026-11-24", Game: "101", Hands: 2})
	if c.Practice {
		t.Fatal("the other game's daily of the day is another daily")
	}
	if r, ok := f.Recorded("classic", "2026-11-24"); !ok || r.ID != "a" {
		t.Fatalf("Recorded = %+v, %v", r, ok)
	}
}

func TestDailyAgainst(t *testing.T) {
	for _, tc := range []struct {
		name  string
		d     Daily
		hands []int
		total int
		ok    bool
	}{
		{"classic: score less par", Daily{Game: "classic", Hands: 4, Scores: []int{2, -1}, Par: []int{0, -2, 1, 1}}, []int{2, 1}, 3, true},
		{"101: par less score", Daily{Game: "101", Hands: 2, Scores: []int{-101, 40}, Par: []int{20, 10}}, []int{121, -30}, 91, true},
		{"from hand 2", Daily{Game: "classic", Hands: 4, From: 2, Scores: []int{3}, Par: []int{9, 1, 1, 1}}, []int{2}, 2, true},
		{"par not known", Daily{Game: "classic", Hands: 4, Scores: []int{3}}, nil, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, total, ok := tc.d.Against()
			if !slices.Equal(h, tc.hands) || total != tc.total || ok != tc.ok {
				t.Fatalf("Against = %v %d %v, want %v %d %v", h, total, ok, tc.hands, tc.total, tc.ok)
			}
		})
	}
}
