package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"okey/game/fair"
	"okey/ui/cli"
)

const verifyUsage = `usage: okey verify [--commit HEX] RECORD…
       ssh -p 2222 HOST record TABLE | okey verify -

Checks records of matches served by okey serve, each a file (- reads
standard input): that the seed and salt the record reveals give the
commitment every player was shown at the deal, and that the record
replays under them — each deal the seed's, each move legal. It prints a
line a record: "verified" with the commitment, to compare with the one
you noted at the table, or why not.

The commitment is SHA-256("okey deal commitment v1", a 0 byte, the salt,
the seed as 8 bytes big-endian); the table shows its first 16 hex digits.
With --commit, a record whose commitment does not begin with the one
given (spaces do not matter) fails too.

Exit status: 0 when every record verifies, 1 when one does not, 2 for a
wrong command line.

Flags:
`

// maxVerify is the largest record okey verify reads: a match's record
// is tens of kilobytes.
const maxVerify = 64 << 20

// verifyMain is okey verify: files in, a line each out.
func verifyMain(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("okey verify", flag.ContinueOnError)
	noted := fs.String("commit", "", "the commitment you noted at the deal (its 16 hex digits, or all 64)")
	files, code, ok := parseInterleaved(fs, args, verifyUsage, stdout, stderr)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "okey verify: "+format+"\n", a...)
		return 2
	}
	want := strings.ToLower(strings.ReplaceAll(*noted, " ", ""))
	switch {
	case len(files) == 0:
		return fail("no record: give files, or - for standard input (okey verify -h for help)")
	case slicesCount(files, "-") > 1:
		return fail("- (standard input) may be given once")
	case set(fs, "commit") && (len(want) < 16 || len(want) > 64 || strings.Trim(want, "0123456789abcdef") != ""):
		return fail("--commit: %q is not a commitment (16 to 64 hex digits)", *noted)
	}
	bad := 0
	for _, f := range files {
		name := f
		if f == "-" {
			name = "stdin"
		}
		v, err := verifyOne(f, stdin)
		if err == nil && want != "" && !strings.HasPrefix(v.Commit.String(), want) {
			err = fmt.Errorf("the record's commitment %s is not the one you noted (%s)", v.Commit.Short(), *noted)
		}
		if err != nil {
			bad++
			fmt.Fprintf(stdout, "%s: NOT verified: %v\n", name, err)
			continue
		}
		hands := fmt.Sprintf("%d hands", v.Hands)
		if v.Hands == 1 {
			hands = "1 hand"
		}
		over := "match not over, " + hands + " so far"
		if v.Over {
			over = "match over after " + hands
		}
		fmt.Fprintf(stdout, "%s: verified: commitment %s (%s); %s, seed %d, %s\n", name, v.Commit.Short(), v.Commit, gameName(v.Game), v.Seed, over)
	}
	if bad > 0 {
		return 1
	}
	return 0
}

// verifyOne reads and checks one record: a file, or stdin for "-".
func verifyOne(path string, stdin io.Reader) (cli.Verified, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return cli.Verified{}, fmt.Errorf("cannot read it: %w", err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxVerify+1))
	switch {
	case err != nil:
		return cli.Verified{}, fmt.Errorf("cannot read it: %w", err)
	case len(b) > maxVerify:
		return cli.Verified{}, fmt.Errorf("%w: larger than %d MiB, no match's record is", cli.ErrDamaged, maxVerify>>20)
	}
	v, err := cli.Verify(b)
	if errors.Is(err, fair.ErrNoCommitment) {
		err = fmt.Errorf("%w (only matches served by okey serve carry one)", err)
	}
	return v, err
}

func slicesCount(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// gameName is a record's game as the line says it.
func gameName(g string) string {
	if g == "101" {
		return "Okey 101"
	}
	return "classic Okey"
}
