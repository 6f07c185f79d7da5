package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/serve/tourneyview"
)

// standingsFixture is a played arena's published JSON (as "ssh HOST
// tournament ID --json" prints it, from the director's state in
// testdata/standings, written by server/tournaments'
// TestWriteStandingsFixture) in a folder of its own, its matches' records
// beside it, and the matches.
func standingsFixture(t *testing.T) (dir string, matches []tourney.Match) {
	t.Helper()
	return fixtureIn(t, "standings")
}

// fixtureIn is standingsFixture from testdata/from: a duplicate one's
// JSON with the field scores its field.json keeps.
func fixtureIn(t *testing.T, from string) (dir string, matches []tourney.Match) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", from, "tournament.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tr tourney.Tournament
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatal(err)
	}
	page := tourneyview.Page{Listed: tourney.Listed{ID: "fixture"}, T: tr}
	if tr.Config.Duplicate {
		b, err := os.ReadFile(filepath.Join("testdata", from, "field.json"))
		if err != nil {
			t.Fatal(err)
		}
		var kept map[string]string
		if err := json.Unmarshal(b, &kept); err != nil {
			t.Fatal(err)
		}
		page.Field = map[string]*big.Rat{}
		for p, v := range kept {
			r, ok := new(big.Rat).SetString(v)
			if !ok {
				t.Fatalf("field.json: %s's %q", p, v)
			}
			page.Field[p] = r
		}
	}
	pub, err := tourneyview.JSON(i18n.MustLoad("en"), page)
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.json"), pub, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.Matches {
		name := fmt.Sprintf("%d.okey", m.Table)
		rec, err := os.ReadFile(filepath.Join("testdata", from, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), rec, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, tr.Matches
}

// recordsOf are the records' files of matches in dir.
func recordsOf(dir string, matches []tourney.Match) []string {
	var out []string
	for _, m := range matches {
		out = append(out, filepath.Join(dir, fmt.Sprintf("%d.okey", m.Table)))
	}
	return out
}

// okey tournament standings counts a played arena's standings again
// from its records and finds them the published ones (exit 0, both
// languages, and --json); a published line changed, a record of one
// table given as another's (it verifies, but its places are not the
// table's), and a record missing are each found (exit 1).
func TestTournamentStandingsRecount(t *testing.T) {
	dir, matches := standingsFixture(t)
	pub := filepath.Join(dir, "t.json")
	recs := recordsOf(dir, matches)
	run := func(lang string, asJSON bool, pubFile string, recs []string) (int, string, string) {
		var out, errb bytes.Buffer
		code := standingsRun(pubFile, recs, asJSON, i18n.MustLoad(lang), strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	for lang, want := range map[string]string{"en": "match what the server published", "tr": "yayımladığıyla aynı"} {
		if code, out, errs := run(lang, false, pub, recs); code != 0 || !strings.Contains(out, want) || errs != "" {
			t.Errorf("%s: every record given: exit %d:\n%s%s", lang, code, out, errs)
		}
	}
	code, out, _ := run("en", true, pub, recs)
	var got struct {
		Match     bool  `json:"match"`
		Checked   []int `json:"checked"`
		Unchecked []int `json:"unchecked"`
		Standings []struct {
			Name string `json:"name"`
			Same bool   `json:"same"`
		} `json:"standings"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 || !got.Match || len(got.Checked) != len(matches) || len(got.Unchecked) != 0 || len(got.Standings) == 0 {
		t.Errorf("--json: exit %d, %v: %s", code, err, out)
	}

	// A published line changed: its player's points one more.
	b, _ := os.ReadFile(pub)
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	first := p["standings"].([]any)[0].(map[string]any)
	first["twelfths"] = first["twelfths"].(float64) + 12
	changed, _ := json.Marshal(p)
	bad := filepath.Join(dir, "changed.json")
	if err := os.WriteFile(bad, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run("en", false, bad, recs); code != 1 || !strings.Contains(out, "DIFFER") || !strings.Contains(out, "published: #1") {
		t.Errorf("a published line changed: exit %d:\n%s", code, out)
	}

	// Table b's record given as a's, whose places it does not have.
	var a, o tourney.Match
	for _, m := range matches {
		for _, n := range matches {
			if m.Places != n.Places && slices.Equal(m.Players[:], n.Players[:]) == false && a.Table == 0 {
				a, o = m, n
			}
		}
	}
	if a.Table == 0 {
		t.Fatal("no two matches of other places in the fixture")
	}
	rec, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.okey", o.Table)))
	swapped := bytes.Replace(rec, fmt.Appendf(nil, `"table":"%d"`, o.Table), fmt.Appendf(nil, `"table":"%d"`, a.Table), 1)
	if bytes.Equal(swapped, rec) {
		t.Fatalf("table %d's record names no table", o.Table)
	}
	as := filepath.Join(dir, "as.okey")
	if err := os.WriteFile(as, swapped, 0o644); err != nil {
		t.Fatal(err)
	}
	others := slices.DeleteFunc(slices.Clone(recs), func(f string) bool { return filepath.Base(f) == fmt.Sprintf("%d.okey", a.Table) })
	if code, out, errs := run("en", false, pub, append(others, as)); code != 1 || !strings.Contains(out, "DIFFER") {
		t.Errorf("table %d's record given as table %d's: exit %d:\n%s%s", o.Table, a.Table, code, out, errs)
	}

	// A record missing: the rest match, its table is said unchecked.
	if code, out, _ := run("en", false, pub, recs[1:]); code != 1 || !strings.Contains(out, fmt.Sprintf("tables %d.", matches[0].Table)) || !strings.Contains(out, "were not") {
		t.Errorf("a record missing: exit %d:\n%s", code, out)
	}
	// A record that does not verify is said so, and fails.
	broken := filepath.Join(dir, "broken.okey")
	if err := os.WriteFile(broken, []byte(`{"okey":"record","version":1,"game":"101"}`+"\n{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run("en", false, pub, append(slices.Clone(recs), broken)); code != 1 || !strings.Contains(errs, "NOT verified") {
		t.Errorf("a broken record: exit %d, %q", code, errs)
	}
}

// A Swiss of duplicate rounds: okey tournament standings counts its
// field scores again too, from the records' results (field_checked,
// a field column), and finds them the published ones; a published
// field score changed is found (exit 1, the published one beside it);
// with a record missing the field is not counted (a round's field
// needs every table of it), and the table is said unchecked.
func TestTournamentStandingsRecountsTheField(t *testing.T) {
	dir, matches := fixtureIn(t, "standings-dup")
	pub := filepath.Join(dir, "t.json")
	recs := recordsOf(dir, matches)
	run := func(lang string, asJSON bool, pubFile string, recs []string) (int, string) {
		var out, errb bytes.Buffer
		code := standingsRun(pubFile, recs, asJSON, i18n.MustLoad(lang), strings.NewReader(""), &out, &errb)
		return code, out.String() + errb.String()
	}
	type recount struct {
		Match     bool `json:"match"`
		Field     bool `json:"field_checked"`
		Standings []struct {
			Field *string `json:"field"`
		} `json:"standings"`
	}
	read := func(out string) recount {
		t.Helper()
		var r recount
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return r
	}
	if code, out := run("en", true, pub, recs); code != 0 || !read(out).Match || !read(out).Field || len(read(out).Standings) != 8 || read(out).Standings[0].Field == nil {
		t.Errorf("every record given: exit %d:\n%s", code, out)
	}
	for lang, head := range map[string]string{"en": "wins field):", "tr": "birinci eş el):"} {
		if code, out := run(lang, false, pub, recs); code != 0 || !strings.Contains(out, head) {
			t.Errorf("%s: every record given: exit %d:\n%s", lang, code, out)
		}
	}
	b, _ := os.ReadFile(pub)
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	first := p["standings"].([]any)[0].(map[string]any)
	first["field"] = "+1.5"
	changed, _ := json.Marshal(p)
	bad := filepath.Join(dir, "changed.json")
	if err := os.WriteFile(bad, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := run("en", false, bad, recs); code != 1 || !strings.Contains(out, "DIFFER") || !strings.Contains(out, "field +1.5") {
		t.Errorf("a published field score changed: exit %d:\n%s", code, out)
	}
	if code, out := run("en", true, pub, recs[1:]); code != 1 || read(out).Field {
		t.Errorf("a record missing: exit %d, the field counted:\n%s", code, out)
	}
}
