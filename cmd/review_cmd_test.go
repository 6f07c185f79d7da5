package cmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"okey/bots/coach"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/ui/cli"
	"okey/ui/playclassic"

	"github.com/charmbracelet/x/ansi"
)

// simRecords plays hands with okey sim --record and returns the files.
func simRecords(t *testing.T, gameName string, hands string) []string {
	t.Helper()
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--game", gameName, "--bots", "easy,normal,hard,normal", "--hands", hands, "--seed", "2", "--record", dir}, nil, &out, &errb); code != 0 {
		t.Fatalf("okey sim --record: exit %d: %s", code, errb.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.okey"))
	slices.Sort(files)
	return files
}

// fewSamples is the worlds okey review's tests judge a decision over:
// two under -short, where they check what the command prints (its JSON,
// its text, where it reads), whatever the verdicts (bots/coach judges
// those), and full in the whole suite, where more worlds cost most of
// the package's CPU.
func fewSamples(full string) string {
	if testing.Short() {
		return "2"
	}
	return full
}

// TestSimRecord: okey sim --record writes one record a hand, in the
// format the game saves, and each replays.
func TestSimRecord(t *testing.T) {
	for _, g := range []string{"classic", "101"} {
		files := simRecords(t, g, "4")
		if len(files) != 4 {
			t.Fatalf("%s: %d records, want 4", g, len(files))
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if g == "101" {
				rec, err := okey101.ParseRecord(b)
				if err == nil {
					_, err = rec.Replay()
				}
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				continue
			}
			rec, err := classic.ParseRecord(b)
			if err == nil {
				_, err = rec.Replay()
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
	}
}

// TestReviewJSON: --json is one decision object a line then a summary,
// each decoded by encoding/json with no unknown field, the summary's
// counts agreeing with the lines.
func TestReviewJSON(t *testing.T) {
	for _, g := range []string{"classic", "101"} {
		f := simRecords(t, g, "1")[0]
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"review", "--json", "--samples", fewSamples("16"), "--workers", "2", "--seat", "2", f}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", g, code, errb.String())
		}
		if errb.Len() != 0 {
			t.Errorf("%s: stderr on a pipe: %q", g, errb.String())
		}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<20)
		var lines []string
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		if len(lines) < 2 {
			t.Fatalf("%s: %d lines", g, len(lines))
		}
		only := 0
		for _, l := range lines[:len(lines)-1] {
			var d coach.Decision
			dec := json.NewDecoder(strings.NewReader(l))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&d); err != nil {
				t.Fatalf("%s: %v in %s", g, err, l)
			}
			if d.Kind != "decision" || d.Seat != 2 || d.Played == "" || d.Best == "" || len(d.Candidates) == 0 {
				t.Errorf("%s: incomplete decision %s", g, l)
			}
			if d.Label == coach.Only {
				only++
			} else if !slices.Contains(coach.Labels, d.Label) || d.Low > d.Loss || d.Loss > d.High || d.Loss < 0 {
				t.Errorf("%s: bad verdict %s", g, l)
			}
		}
		var s coach.Summary
		dec := json.NewDecoder(strings.NewReader(lines[len(lines)-1]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			t.Fatalf("%s: summary: %v", g, err)
		}
		if s.Kind != "summary" || s.Decisions+s.Only != len(lines)-1 || s.Only != only || len(s.Hands) != 1 {
			t.Errorf("%s: summary %s does not add up to %d decisions (%d only)", g, lines[len(lines)-1], len(lines)-1, only)
		}
	}
}

// TestReviewText: the report fits 80 columns and names the seat (from
// 1, as a player counts: "0. koltuk" read wrong) and the hand, in the
// player's language: with --lang tr its text and its legend are
// Turkish.
func TestReviewText(t *testing.T) {
	f := simRecords(t, "101", "1")[0]
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"seat 1:", "Hand 1", "Loss is the expected points"}, []string{"koltuk", "karar", "seat 0"}},
		{"tr", []string{"1. koltuk", "1. el: ", "Kayıp, bulunan en iyi hamleye", "incelemesi"}, []string{"seat", "Hand", "decisions", "Loss is", "best", "discard", "draw", "0. koltuk"}},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"review", "--lang", c.lang, "--samples", fewSamples("16"), f}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.lang, code, errb.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: report lacks %q:\n%s", c.lang, w, out.String())
			}
		}
		// each decision is written as judged, under the title; the
		// summary (with the seat) follows them
		tr := i18n.MustLoad(c.lang)
		if lines := strings.Split(out.String(), "\n"); len(lines) < 4 || lines[1] != tr.T("cli.review.stream") || lines[3] != tr.T("cli.review.stream.hand", 1) ||
			strings.Index(out.String(), c.want[0]) < strings.Index(out.String(), lines[4]) {
			t.Errorf("%s: the report does not start with the decisions as judged:\n%s", c.lang, out.String())
		}
		for _, w := range c.not {
			if strings.Contains(out.String(), w) {
				t.Errorf("%s: report says %q:\n%s", c.lang, w, out.String())
			}
		}
		for _, l := range strings.Split(out.String(), "\n") {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%s: line of %d columns: %q", c.lang, w, l)
			}
		}
	}
}

// TestReviewErrors: a usage error exits 2 with one line, a runtime error
// (a missing or damaged record, an empty state directory) 1.
func TestReviewErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.okey")
	os.WriteFile(bad, []byte("not a record\n"), 0o644)
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"review", "--seat", "4", "x"}, 2},
		{[]string{"review", "--hand", "-1", "x"}, 2},
		{[]string{"review", "--samples", "-3", "x"}, 2},
		{[]string{"review", "--hints", "--hint-time", "0s", "x"}, 2},
		{[]string{"review", "--hints", "--hint-time", "2m", "x"}, 2},
		{[]string{"review", "--nope"}, 2},
		{[]string{"review", filepath.Join(t.TempDir(), "missing.okey")}, 1},
		{[]string{"review", bad}, 1},
		{[]string{"review", "--state-dir", t.TempDir()}, 1},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(context.Background(), c.args, nil, &out, &errb)
		if code != c.code || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line", c.args, code, errb.String(), c.code)
		}
	}
}

// TestReviewLastMatch: with no record named, the match in progress in
// the state directory is reviewed.
func TestReviewLastMatch(t *testing.T) {
	f := simRecords(t, "classic", "1")[0]
	dir := t.TempDir()
	b, _ := os.ReadFile(f)
	os.WriteFile(filepath.Join(dir, "current.okey"), b, 0o644)
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"review", "--state-dir", dir, "--samples", fewSamples("8"), "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"kind":"summary"`) {
		t.Error("no summary")
	}
}

// TestReviewHints: --hints says at each decision what the game's hint
// would have said there (issue 93, point 4): with --json a "hint" line
// after each decision's, for the same hand and action, with the moves
// planned; in text a section in the player's language, in lines of at
// most 80 columns. A classic hint takes up to the game's time for one
// (HintBudget) on two workers, most of the package's CPU: under -short
// the JSON is read for 101 alone and the text in English for classic,
// in Turkish for 101 (each game's hints and each language still said),
// each hint given a tenth of the game's time (--hint-time: what is
// read here is the lines' shape, not the plans' weight); the whole
// suite reads both games' JSON and both languages' text of each game
// at the game's time.
func TestReviewHints(t *testing.T) {
	t.Parallel()
	games := []string{"classic", "101"}
	hintTime := playclassic.HintBudget.String()
	if testing.Short() {
		games = games[1:]
		hintTime = (playclassic.HintBudget / 10).String()
	}
	for _, g := range games {
		f := simRecords(t, g, "1")[0]
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"review", "--hints", "--hint-time", hintTime, "--json", "--samples", "2", "--workers", "2", "--seat", "2", f}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", g, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var last coach.Decision
		hints, decisions := 0, 0
		for _, l := range lines[:len(lines)-1] {
			if strings.Contains(l, `"kind":"hint"`) {
				var h cli.HintLine
				dec := json.NewDecoder(strings.NewReader(l))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&h); err != nil {
					t.Fatalf("%s: %v in %s", g, err, l)
				}
				if h.Hand != last.Hand || h.Index != last.Index || len(h.Steps) == 0 || h.Steps[0] == "" {
					t.Errorf("%s: hint %s after decision %d of hand %d", g, l, last.Index, last.Hand)
				}
				hints++
				continue
			}
			if err := json.Unmarshal([]byte(l), &last); err != nil || last.Kind != "decision" {
				t.Fatalf("%s: %v in %s", g, err, l)
			}
			decisions++
		}
		if hints != decisions || hints == 0 {
			t.Errorf("%s: %d hints for %d decisions", g, hints, decisions)
		}
	}
	records := map[string]string{}
	for _, c := range []struct{ game, lang, title, hint string }{
		{"classic", "en", "What the hint would have said", "the hint: "},
		{"101", "tr", "İpucu ne derdi", "ipucu: "},
		{"classic", "tr", "İpucu ne derdi", "ipucu: "},
		{"101", "en", "What the hint would have said", "the hint: "},
	} {
		if testing.Short() && (c.game == "classic") != (c.lang == "en") {
			continue
		}
		if records[c.game] == "" {
			records[c.game] = simRecords(t, c.game, "1")[0]
		}
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"review", "--hints", "--hint-time", hintTime, "--lang", c.lang, "--samples", "2", "--hand", "1", records[c.game]}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s %s: exit %d: %s", c.game, c.lang, code, errb.String())
		}
		if !strings.Contains(out.String(), c.title) || !strings.Contains(out.String(), c.hint) {
			t.Errorf("%s %s: no hints said:\n%s", c.game, c.lang, out.String())
		}
		for _, l := range strings.Split(out.String(), "\n") {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%s %s: line of %d columns: %q", c.game, c.lang, w, l)
			}
		}
	}
}
