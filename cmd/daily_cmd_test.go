package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/bots/par"
	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"
	"okey/kit/store"
)

// okey daily's command line: what it prints and how it exits, in both
// languages. The days asked for par are long over (the clock only moves
// on); "today" itself is tested through dailyRun below.
func TestDailyCommand(t *testing.T) {
	setLang(t, "C.UTF-8")
	tests := []struct {
		args []string
		code int
		out  []string // each in stdout
		err  string   // the one line of stderr, in part
	}{
		{[]string{"daily", "--date", "2026-11-24", "--fingerprint"}, 0,
			[]string{"daily of 2026-11-24, classic Okey, 4 hands: fingerprint ee0e 6b61 daad 4eb1\n",
				"\nee0e6b61daad4eb195b9af6ccb0f43ec967a7fdf39510f8d83c49c19ed331432\n"}, ""},
		{[]string{"daily", "--date", "2026-11-24", "--game", "101", "--fingerprint", "--lang", "tr"}, 0,
			[]string{"2026-11-24 günü, Okey 101, 2 el: parmak izi faf3 691c 0117 f382\n",
				"faf3691c0117f382b1ffe1b39bc98b3515e837a00823e92107be10cb28e5ecd9\n"}, ""},
		// A fingerprint says nothing of the deals: any day may have one.
		{[]string{"daily", "--date", "9999-12-31", "--fingerprint"}, 0, []string{"daily of 9999-12-31"}, ""},
		{[]string{"daily", "--date", "2026-11-23", "--par", "--game", "101"}, 0,
			[]string{"par of the daily of 2026-11-23, Okey 101 (fingerprint d4b8 a785 5354 1453)\n",
				"   hand   par  normal  easy\n", "      1  -101       2    19\n", "  total   -86      10    25\n", "(lower is\nbetter)"}, ""},
		{[]string{"daily", "--date", "2026-11-23", "--par", "--lang", "tr"}, 0,
			[]string{"2026-11-23 gününün par'ı, Klasik Okey", "      el  par  normal  kolay\n", "  toplam   -9      -9     -4\n", "yüksek olan iyidir"}, ""},
		{[]string{"daily", "--date", "9999-12-31", "--par"}, 1, nil,
			"okey daily: the daily of 9999-12-31 is not over (today is "},
		{[]string{"daily", "--date", "9999-12-31", "--par", "--lang", "tr"}, 1, nil, "okey daily: 9999-12-31 günü bitmedi"},
		{[]string{"daily", "--json"}, 2, nil, "okey daily: --json goes with --fingerprint or --par"},
		{[]string{"daily", "--share", "--par"}, 2, nil, "okey daily: --share goes alone"},
		{[]string{"daily", "--share", "--date", "2026-13-01"}, 2, nil, `okey daily: --date: "2026-13-01" is not a date`},
		{[]string{"daily", "--date", "2026-13-01"}, 2, nil, `okey daily: --date: "2026-13-01" is not a date`},
		{[]string{"daily", "--par", "--fingerprint"}, 2, nil, "okey daily: --fingerprint and --par: one at a time"},
		{[]string{"daily", "--par", "--date", "2026-02-29"}, 2, nil, `okey daily: --date: "2026-02-29" is not a date`},
		{[]string{"daily", "--fingerprint", "--date", "24.11.2026"}, 2, nil, `okey daily: --date: "24.11.2026" is not a date`},
		{[]string{"daily", "--fingerprint", "--date", ""}, 0, []string{"fingerprint"}, ""}, // empty: today
		{[]string{"daily", "--fingerprint", "--game", "chess"}, 2, nil, `okey daily: --game: "chess"`},
		{[]string{"daily", "--fingerprint", "2026-11-24"}, 2, nil, `okey daily: unexpected argument "2026-11-24"`},
		{[]string{"daily", "--fingerprint", "--date"}, 2, nil, "okey daily: --date"},
	}
	for _, tc := range tests {
		if testing.Short() && slicesContains(tc.args, "--par") && tc.code == 0 {
			continue // plays a day
		}
		out, errs, code := runOut(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errs)
		}
		for _, w := range tc.out {
			if !strings.Contains(out, w) {
				t.Errorf("%v: stdout lacks %q:\n%s", tc.args, w, out)
			}
		}
		if tc.err == "" && errs != "" || tc.err != "" && (!strings.HasPrefix(errs, tc.err) || strings.Count(errs, "\n") != 1) {
			t.Errorf("%v: stderr %q, want one line from %q", tc.args, errs, tc.err)
		}
		for _, ln := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(ln); w > 80 {
				t.Errorf("%v: a line of %d columns: %q", tc.args, w, ln)
			}
		}
		if tc.code != 0 && out != "" {
			t.Errorf("%v: failed, yet wrote %q", tc.args, out)
		}
	}
}

func slicesContains(xs []string, x string) bool { return slicesCount(xs, x) > 0 }

// Par is for a day that is over: not today, not tomorrow, yesterday
// yes — with "today" given, as the command takes it from the clock.
func TestDailyParWaitsForTheDayToEnd(t *testing.T) {
	today, _ := daily.ParseDate("2026-11-24")
	tr := i18n.MustLoad("en")
	root := newRoot(newEnv(nil, nil, io.Discard, io.Discard, func(string) string { return "" }))
	c, _, _ := root.Find([]string{"daily"})
	for _, tc := range []struct {
		date string
		code int
	}{{"2026-11-25", 1}, {"2026-11-24", 1}, {"2026-11-23", 0}} {
		if testing.Short() && tc.code == 0 {
			continue
		}
		var out, errb bytes.Buffer
		f := dailyFlags{game: choice{v: "classic", of: dailyGames()}, date: tc.date, par: true}
		code := 0
		if err := dailyRun(context.Background(), c, &f, today, tr, &out, &errb); err != nil {
			code = err.(*exitError).code
		}
		if code != tc.code {
			t.Errorf("%s with today %s: exit %d, want %d (%q)", tc.date, today, code, tc.code, errb.String())
		}
		d, _ := daily.ParseDate(tc.date)
		if tc.code == 1 && errb.String() != "okey daily: the daily of "+tc.date+" is not over (today is 2026-11-24 by this machine's clock): its par can be seen from "+d.AddDays(1).String()+" on\n" {
			t.Errorf("%s: %q", tc.date, errb.String())
		}
	}
	// Without --date the day is today, and so never over.
	var errb bytes.Buffer
	f := dailyFlags{game: choice{v: "101", of: dailyGames()}, par: true}
	if err := dailyRun(context.Background(), c, &f, today, tr, io.Discard, &errb); err == nil || !strings.Contains(errb.String(), "2026-11-24 is not over") {
		t.Errorf("par of today: %v, %q", err, errb.String())
	}
}

// --par --json is one object: the day, its fingerprint and the lines,
// par's the hard bot's and the same as package par measures.
func TestDailyParJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a day")
	}
	out, errs, code := runOut("daily", "--date", "2026-11-23", "--game", "101", "--par", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, %q", code, errs)
	}
	var got dailyJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || strings.Count(out, "\n") != 1 {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	d, _ := daily.ParseDate("2026-11-23")
	set, _ := daily.New(game.Okey101, d)
	fp, _ := set.Fingerprint()
	want, err := par.Measure(context.Background(), set, []string{"hard", "normal", "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 1 || got.Game != "101" || got.Date != "2026-11-23" || got.Hands != 2 || got.Fingerprint != fp.String() ||
		got.Short != fp.Short() || got.Better != "lower" || got.Par == nil || got.Par.Total != -86 || len(got.Levels) != 3 {
		t.Errorf("%+v", got)
	}
	for i := range want {
		if got.Levels[i].Level != want[i].Level || got.Levels[i].Total != want[i].Total {
			t.Errorf("line %d: %+v, want %+v", i, got.Levels[i], want[i])
		}
	}
}

// okey daily --share prints the line to share from the statistics: the
// entry for the record before a practice one, par measured when the
// entry lacks it; a day not played says so (exit 1).
func TestDailyShare(t *testing.T) {
	dir := t.TempDir()
	file := `{"version":1,"by_bots":{},"dailies":[
	 {"id":"p","date":"2026-11-23","game":"classic","practice":true,"hands":4,"scores":[0,0,0,0],"par":[0,0,0,0]},
	 {"id":"a","date":"2026-11-23","game":"classic","hands":4,"scores":[2,0,-1,4],"par":[0,1,-1,1]},
	 {"id":"b","date":"2026-11-22","game":"101","hands":2,"scores":[-101,30]}]}`
	if err := os.WriteFile(filepath.Join(dir, store.StatsFile), []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"--date", "2026-11-23"}, 0, "okey daily 2026-11-23 · classic · +4 vs par · ▆▁▃█\n", ""},
		{[]string{"--date", "2026-11-23", "--lang", "tr"}, 0, "okey daily 2026-11-23 · klasik · par'a göre +4 · ▆▁▃█\n", ""},
		{[]string{"--date", "2026-11-20"}, 1, "", "okey daily: no daily of 2026-11-20, classic Okey, in the statistics: play it first (okey daily --date 2026-11-20 --state-dir " + dir + ")\n"},
		// Today's 101 daily: the line to play it names the game.
		{[]string{"--game", "101"}, 1, "", "okey daily: no daily of TODAY, Okey 101, in the statistics: play it first (okey daily --game 101 --state-dir " + dir + ")\n"},
		{[]string{"--game", "101", "--date", "2026-11-20", "--lang", "tr"}, 1, "", "okey daily: istatistiklerde 2026-11-20 günün oyunu yok (Okey 101): önce onu oyna (okey daily --game 101 --date 2026-11-20 --state-dir " + dir + ")\n"},
	} {
		args := append([]string{"daily", "--share", "--state-dir", dir}, tc.args...)
		before := daily.DateOf(time.Now()).String()
		out, errs, code := runOut(args...)
		if after := daily.DateOf(time.Now()).String(); after != before {
			t.Logf("%v: run across midnight, not judged", tc.args)
			continue
		}
		tc.err = strings.ReplaceAll(tc.err, "TODAY", before)
		if code != tc.code || out != tc.out || !strings.HasPrefix(errs, tc.err) {
			t.Errorf("%v: exit %d, out %q, err %q; want %d, %q, %q", tc.args, code, out, errs, tc.code, tc.out, tc.err)
		}
		// The line it gives is one okey takes, as written.
		if i := strings.LastIndex(errs, "(okey "); i >= 0 {
			line := strings.TrimSuffix(strings.TrimSpace(errs[i+1:]), ")")
			if err := accepted(strings.Fields(line)[1:]); err != nil {
				t.Errorf("%v: %q is not a command line okey takes: %v", tc.args, line, err)
			}
		}
	}
	if testing.Short() {
		return
	}
	// Par not in the entry: measured now, as okey daily --par measures it.
	out, errs, code := runOut("daily", "--share", "--state-dir", dir, "--date", "2026-11-22", "--game", "101")
	want, _, _ := runOut("daily", "--par", "--json", "--date", "2026-11-22", "--game", "101")
	var p struct {
		Par struct{ Hands []struct{ Score int } }
	}
	if err := json.Unmarshal([]byte(want), &p); err != nil || len(p.Par.Hands) != 2 {
		t.Fatalf("par: %v %q", err, want)
	}
	vs := p.Par.Hands[0].Score + 101 + p.Par.Hands[1].Score - 30
	if code != 0 || !strings.Contains(out, fmt.Sprintf("· 101 · %+d vs par ·", vs)) {
		t.Fatalf("share with par measured: exit %d, %q %q, want %+d vs par", code, out, errs, vs)
	}
}
