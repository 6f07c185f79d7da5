package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// Usage errors exit 2 with one line; a crash exits 1 with the stack and
// a plea for a report; help goes to stdout.
func TestRunExitCodes(t *testing.T) {
	boom := command{name: "boom", run: func(context.Context, []string, io.Reader, io.Writer, io.Writer) int { panic("kaboom") }}
	for _, tc := range []struct {
		args       []string
		code       int
		out, errIn string
		errLines   int
	}{
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`, 1},
		{[]string{"boom"}, 1, "", "internal error: kaboom", -1},
		{[]string{"help"}, 0, "usage: okey", "", 0},
		{[]string{"--help"}, 0, "usage: okey", "", 0},
	} {
		var out, errb bytes.Buffer
		code := runWith(append(commands(), boom), context.Background(), tc.args, nil, &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.errIn) ||
			(tc.errLines >= 0 && strings.Count(errb.String(), "\n") != tc.errLines) {
			t.Errorf("%v: exit %d, stdout %.40q, stderr %q", tc.args, code, out.String(), errb.String())
		}
	}
}
