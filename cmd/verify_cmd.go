package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"okey/game"
	"okey/game/daily"
	"okey/game/fair"
	"okey/game/record"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/ui/cli"
)

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
		ValidArgsFunction: records,
		RunE: func(c *cobra.Command, files []string) error {
			if err := verifyArgs(c, noted, c.Flags().Changed("commit"), files); err != nil {
				return err
			}
			return exitCode(verifyRun(noted, partial, files, e.tr, e.stdin, e.stdout, e.stderr))
		},
	}
	c.Flags().StringVar(&noted, "commit", "", e.tr.T("cli.flag.verify.commit"))
	c.Flags().BoolVar(&partial, "partial", false, e.tr.T("cli.flag.verify.partial"))
	return c
}

// verifyArgs refuses a wrong command line of okey verify: no record, -
// twice, a --commit that is no commitment.
func verifyArgs(c *cobra.Command, noted string, commitSet bool, files []string) error {
	want := commitment(noted)
	switch {
	case len(files) == 0:
		return &usageError{cmd: c, key: "cmd.verify.norecord"}
	case slicesCount(files, "-") > 1:
		return &usageError{cmd: c, key: "cmd.err.stdin.twice"}
	case commitSet && (len(want) < 16 || len(want) > 64 || strings.Trim(want, "0123456789abcdef") != ""):
		return &usageError{cmd: c, key: "cmd.verify.commit", args: []any{noted}}
	}
	return nil
}

// commitment is a noted commitment as the records write it.
func commitment(noted string) string { return strings.ToLower(strings.ReplaceAll(noted, " ", "")) }

// verifyRun checks each record of files ("-" is stdin): a verified
// record's line on stdout, a failure's on stderr, in tr's words. A
// record that is not over — a match cut short or still in play; a
// daily's or a duplicate table's hand not ended, each the first hand of
// a match of its own — is a failure unless partial: a script must be
// able to tell a whole record from a part of one by the exit status
// alone.
func verifyRun(noted string, partial bool, files []string, tr *i18n.Catalog, stdin io.Reader, stdout, stderr io.Writer) int {
	want := commitment(noted)
	bad := 0
	for _, f := range files {
		name := f
		if f == "-" {
			name = tr.T("cmd.stdin")
		}
		v, err := verifyOne(f, stdin)
		why := ""
		hands := tr.N("cmd.n.hands", v.Hands, v.Hands)
		switch {
		case errors.Is(err, errEmpty) && f == "-":
			why = tr.T("cmd.err.empty.stdin")
		case errors.Is(err, errEmpty):
			why = tr.T("cmd.err.empty")
		case err != nil:
			why = verifyWhy(tr, err)
		case want != "" && v.Daily != nil:
			why = tr.T("cmd.verify.dailycommit")
		case want != "" && !strings.HasPrefix(v.Commit.String(), want):
			why = tr.T("cmd.verify.notnoted", v.Commit.Short(), noted)
		case !v.Over && !partial && v.Daily != nil:
			why = tr.T("cmd.verify.daily.notover", dailyHand(tr, v))
		case !v.Over && !partial && v.Duplicate != nil:
			why = tr.T("cmd.verify.dup.notover", dupHand(tr, v.Duplicate))
		case !v.Over && !partial:
			why = tr.T("cmd.verify.notover", hands)
		}
		if why != "" {
			bad++
			fmt.Fprintln(stderr, tr.T("cmd.verify.not", name, why))
			continue
		}
		if v.Daily != nil {
			fmt.Fprintln(stdout, verifiedDaily(tr, name, v))
			continue
		}
		over := tr.T("cmd.verify.sofar", hands)
		switch {
		case v.Duplicate != nil && v.Over:
			over = tr.T("cmd.verify.dup.ended", dupHand(tr, v.Duplicate))
		case v.Duplicate != nil:
			over = tr.T("cmd.verify.dup.inplay", dupHand(tr, v.Duplicate))
		case v.Over:
			over = tr.T("cmd.verify.over", hands)
		}
		fmt.Fprintln(stdout, tr.T("cmd.verify.ok", name, v.Commit.Short(), v.Commit, gameName(tr, v.Game), v.Seed, over))
	}
	if bad > 0 {
		return 1
	}
	return 0
}

// errEmpty is a record of nothing: an empty file, or nothing on
// standard input (not a damaged record: there is none to damage).
var errEmpty = errors.New("empty")

// verifyOne reads and checks one record: a file, or stdin for "-". The
// record is streamed (record.Read): read up to the first line that
// cannot belong to it, then checked. Nothing but blanks is errEmpty.
func verifyOne(path string, stdin io.Reader) (cli.Verified, error) {
	b, err := readRecordFrom(path, stdin)
	if err != nil {
		return cli.Verified{}, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return cli.Verified{}, errEmpty
	}
	return cli.Verify(b)
}

// verifyWhy is why a record does not verify, in tr's language: in
// English the engines' words, which say the line or the action and what
// is wrong; in Turkish the catalogue's, with the line or the action.
func verifyWhy(tr *i18n.Catalog, err error) string {
	var (
		read   *readError
		stream *record.StreamError
	)
	switch {
	case errors.As(err, &read):
		return tr.T("cmd.err.read", problem.In(read.err, tr))
	case errors.As(err, &stream) && errors.Is(err, record.ErrLineTooLong):
		return tr.T("cmd.record.longline", stream.Line, record.MaxLine>>10)
	case errors.As(err, &stream) && errors.Is(err, record.ErrExtraDeal):
		return tr.T("cmd.record.extradeal", stream.Line)
	case errors.As(err, &stream):
		return tr.T("cmd.record.toolong", stream.Line, record.MaxRecord>>20)
	case errors.Is(err, fair.ErrNoCommitment):
		return tr.T("cmd.verify.nocommitment")
	case errors.Is(err, daily.ErrDailyMismatch):
		return tr.T("cmd.verify.dailymismatch", err.Error())
	case errors.Is(err, daily.ErrDailyMeta):
		return tr.T("cmd.verify.dailymeta", err.Error())
	}
	if tr.T("err.raw") == "yes" {
		return err.Error()
	}
	switch {
	case errors.Is(err, daily.ErrRevealMismatch):
		return tr.T("cmd.verify.served.reveal")
	case errors.Is(err, daily.ErrSecret):
		return tr.T("cmd.verify.served.nosecret")
	case errors.Is(err, fair.ErrBadCommitment):
		return tr.T("cmd.verify.badcommitment")
	case errors.Is(err, fair.ErrMismatch):
		return tr.T("cmd.verify.mismatch")
	case errors.Is(err, cli.ErrDealMismatch):
		return tr.T("cmd.verify.deals")
	case errors.Is(err, cli.ErrIllegalMove):
		return tr.T("cmd.verify.illegal", problem.RecordReason(tr, err))
	}
	return problem.RecordReason(tr, err)
}

// verifiedDaily is the line of a daily's hand that verifies: which
// day, game and hand, practice or not, the day's fingerprint, and that
// the record is that hand's (its seed, rules and record version the
// day's) and its moves replay; whether the hand ended.
func verifiedDaily(tr *i18n.Catalog, name string, v cli.Verified) string {
	n := v.Daily
	short := "?"
	if fp, err := n.Set.Fingerprint(); err == nil {
		short = fp.Short()
	}
	what := dailyHand(tr, v)
	state := tr.T("cmd.verify.daily.ended")
	if !v.Over {
		state = tr.T("cmd.verify.daily.inplay")
	}
	return tr.T("cmd.verify.daily", name, what, short, state)
}

// dailyHand names a daily's hand: the day, the game, the hand, and
// practice or not.
func dailyHand(tr *i18n.Catalog, v cli.Verified) string {
	n := v.Daily
	what := tr.T("cmd.verify.daily.hand", n.Set.Date, gameName(tr, v.Game), n.Hand.N, len(n.Set.Hands))
	if n.Practice {
		what += " (" + tr.T("cmd.verify.daily.practice") + ")"
	}
	return what
}

// dupHand names a duplicate table's hand: its place in the plan, its
// deal and rotation.
func dupHand(tr *i18n.Catalog, d *cli.Duplicate) string {
	return tr.T("cmd.verify.dup.hand", d.Hand.N+1, d.Hands, d.Hand.Deal+1, d.Hand.Rotation+1)
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
func gameName(tr *i18n.Catalog, g game.Kind) string {
	if g == game.Okey101 {
		return tr.T("cmd.game.101")
	}
	return tr.T("cmd.game.classic")
}

// records completes a record's name: the files ending .okey (and
// directories, to get to them).
func records(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return []cobra.Completion{"okey"}, cobra.ShellCompDirectiveFilterFileExt
}
