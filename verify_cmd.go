package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"okey/game/fair"
	"okey/ui/cli"
)

// maxVerify is the largest record okey verify reads: a match's record
// is tens of kilobytes.
const maxVerify = 64 << 20

// verifyCmd is okey verify: files in, a line each out.
func verifyCmd(e *env) *cobra.Command {
	var noted string
	var partial bool
	c := &cobra.Command{
		Use:   "verify RECORD…",
		Short: e.tr.T("cli.verify.short"),
		Long:  e.tr.T("cli.verify.long"),
		Example: `okey verify --commit 3f2a9c0d11e4b7a8 match-000042.okey
ssh -p 2222 HOST record TABLE | okey verify -
okey verify --partial saved-match.okey`,
		RunE: func(c *cobra.Command, files []string) error {
			return exitCode(verifyRun(noted, c.Flags().Changed("commit"), partial, files, e.stdin, e.stdout, e.stderr))
		},
	}
	c.Flags().StringVar(&noted, "commit", "", e.tr.T("cli.flag.verify.commit"))
	c.Flags().BoolVar(&partial, "partial", false, e.tr.T("cli.flag.verify.partial"))
	return c
}

// verifyRun checks each record of files ("-" is stdin): a verified
// record's line on stdout, a failure's on stderr. A record of a match
// that is not over — cut short, or still in play — is a failure unless
// partial: a script must be able to tell a whole match from a part of
// one by the exit status alone.
func verifyRun(noted string, commitSet, partial bool, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "okey verify: "+format+"\n", a...)
		return 2
	}
	want := strings.ToLower(strings.ReplaceAll(noted, " ", ""))
	switch {
	case len(files) == 0:
		return fail("no record: give files, or - for standard input (okey verify -h for help)")
	case slicesCount(files, "-") > 1:
		return fail("- (standard input) may be given once")
	case commitSet && (len(want) < 16 || len(want) > 64 || strings.Trim(want, "0123456789abcdef") != ""):
		return fail("--commit: %q is not a commitment (16 to 64 hex digits)", noted)
	}
	bad := 0
	for _, f := range files {
		name := f
		if f == "-" {
			name = "stdin"
		}
		v, err := verifyOne(f, stdin)
		if err == nil && want != "" && !strings.HasPrefix(v.Commit.String(), want) {
			err = fmt.Errorf("the record's commitment %s is not the one you noted (%s)", v.Commit.Short(), noted)
		}
		hands := fmt.Sprintf("%d hands", v.Hands)
		if v.Hands == 1 {
			hands = "1 hand"
		}
		if err == nil && !v.Over && !partial {
			err = fmt.Errorf("the match is not over (%s so far): the record is cut short, or the match is still in play; --partial verifies it as far as it goes", hands)
		}
		if err != nil {
			bad++
			fmt.Fprintf(stderr, "%s: NOT verified: %v\n", name, err)
			continue
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
