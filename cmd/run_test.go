package cmd

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Usage errors exit 2 with one line; a crash exits 1 with the version,
// the stack and a plea for a report; help goes to stdout.
func TestRunExitCodes(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		code       int
		out, errIn string
		errLines   int
	}{
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`, 1},
		{[]string{"hnad"}, 2, "", `did you mean hand, load?`, 1},
		{[]string{"boom"}, 1, "", "internal error (okey " + currentVersion().String() + "): kaboom", -1},
		{[]string{"help"}, 0, "okey", "", 0},
		{[]string{"--help"}, 0, "okey", "", 0},
		{[]string{"help", "frobnicate"}, 2, "", `unknown command "frobnicate"`, 1},
	} {
		var out, errb bytes.Buffer
		e := newEnv(tc.args, nil, &out, &errb, func(string) string { return "" })
		root := newRoot(e)
		root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error { panic("kaboom") }})
		code := e.execute(context.Background(), root, tc.args)
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.errIn) ||
			(tc.errLines >= 0 && strings.Count(errb.String(), "\n") != tc.errLines) {
			t.Errorf("%v: exit %d, stdout %.40q, stderr %q", tc.args, code, out.String(), errb.String())
		}
		if tc.code == 1 && !strings.Contains(errb.String(), "Please report this") {
			t.Errorf("%v: a crash without the plea for a report: %q", tc.args, errb.String())
		}
	}
}

// Every command that takes --game refuses a game it does not know the
// same way: one line naming the value and what --game takes, exit 2,
// nothing on stdout, nothing played (okey sim --game 102 once
// played classic Okey and exited 0).
func TestUnknownGameIsRefusedByEveryCommand(t *testing.T) {
	for _, cmd := range [][]string{{"play"}, {"hand"}, {"sim", "--hands", "4"}, {"hand", "--json"}, {"hand", "--deal", "3"}} {
		for _, game := range []string{"102", "1010", "0", "klasik", "okey101"} {
			for _, form := range [][]string{{"--game", game}, {"--game=" + game}, {"-game", game}} {
				args := append(append([]string(nil), cmd...), form...)
				var out, errb bytes.Buffer
				code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
				want := `: --game: classic or 101, not "` + game + `"` + "\n"
				if form[0] == "-game" {
					// One dash is a long flag no more: one line names
					// the two-dash form.
					want = ": -game takes two dashes: write --game (okey " + cmd[0] + " -h lists the flags)\n"
				}
				if code != 2 || out.Len() != 0 || !strings.HasSuffix(errb.String(), want) || strings.Count(errb.String(), "\n") != 1 {
					t.Errorf("okey %s: exit %d, stdout %.60q, stderr %q; want 2 and one line ending %q", strings.Join(args, " "), code, out.String(), errb.String(), want)
				}
			}
		}
	}
	// The names every command takes, in any case.
	for _, cmd := range [][]string{{"hand", "--deal", "1"}, {"sim", "--hands", "4", "--bots", "easy", "--json"}} {
		for _, game := range []string{"classic", "Classic", "okey", "101", " 101 "} {
			var out, errb bytes.Buffer
			if code := run(context.Background(), append(append([]string(nil), cmd...), "--game", game), nil, &out, &errb); code != 0 {
				t.Errorf("okey %s --game %q: exit %d, %s", strings.Join(cmd, " "), game, code, errb.String())
			}
		}
	}
}
