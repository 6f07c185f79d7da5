package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/ui/cli"
	"okey/ui/settings"
)

// handFlags are okey hand's flags.
type handFlags struct {
	indicator, rules, mix, game string
	json                        bool
	deal                        int
	seed                        uint64
}

// handCmd is okey hand: flags in (before, between or after the tiles),
// the cli package's engines out.
func handCmd(e *env) *cobra.Command {
	var f handFlags
	c := &cobra.Command{
		Use:   "hand [TILE…]",
		Short: e.tr.T("cli.hand.short"),
		Long:  e.tr.T("cli.hand.long"),
		// Each line fits the help's examples at 80 columns (72 wide;
		// fang cuts a longer one with "…"), a long one continued with \;
		// a file is made by an example before one reads it.
		Example: `okey hand --indicator R4 R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 R12 Y12 B12 J
okey hand --deal 100 --seed 3 --mix hard > racks.txt
okey hand --json < racks.txt
okey hand --game 101 --rules open=81 --indicator K2 \
R1 R2 R3 R4 Y5 Y6 Y7 Y8 B9 B10 B11 K12 R12 Y12 B12 K1 K2 K3 J R7 B3`,
		RunE: func(c *cobra.Command, tokens []string) error {
			return exitCode(handRun(c.Context(), c.Flags(), &f, tokens, e.tr, e.stdin, e.stdout, e.stderr))
		},
	}
	fs := c.Flags()
	fs.StringVar(&f.indicator, "indicator", "", e.tr.T("cli.flag.hand.indicator"))
	fs.BoolVar(&f.json, "json", false, e.tr.T("cli.flag.hand.json"))
	fs.StringVar(&f.rules, "rules", "", e.tr.T("cli.flag.hand.rules", strings.Join(classic.RuleOptions, ", "), strings.Join(okey101.RuleOptions, ", ")))
	fs.IntVar(&f.deal, "deal", 0, e.tr.T("cli.flag.hand.deal"))
	fs.Uint64Var(&f.seed, "seed", 7, e.tr.T("cli.flag.hand.seed"))
	fs.StringVar(&f.mix, "mix", "dealt", e.tr.T("cli.flag.hand.mix"))
	fs.StringVar(&f.game, "game", string(game.Classic), e.tr.T("cli.flag.hand.game", gameNames()))
	_ = c.RegisterFlagCompletionFunc("game", fixed(settings.Games...))
	_ = c.RegisterFlagCompletionFunc("mix", fixed("dealt", "hard"))
	_ = c.RegisterFlagCompletionFunc("indicator", tiles)
	completeBotsAndRules(c)
	return c
}

// handRun is okey hand with its flags read; the analysis for a person
// is said in the words of tr (--lang, else the environment's), --json
// the same in every language.
func handRun(ctx context.Context, fs *pflag.FlagSet, f *handFlags, tokens []string, tr *i18n.Catalog, stdin io.Reader, stdout, stderr io.Writer) int {
	set := fs.Changed
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "okey hand: "+format+"\n", a...)
		return code
	}
	g, err := settings.ParseGame(f.game)
	if err != nil {
		return fail(2, "%s", problem.Say(err, tr.Lang))
	}
	switch g {
	case settings.GameClassic:
	case settings.Game101:
		if set("deal") {
			if f.deal <= 0 || len(tokens) > 0 || f.indicator != "" || f.json || set("rules") || set("mix") {
				return fail(2, "%s", tr.T("cli.err.hand.deal", "--seed, --game"))
			}
			if err := cli.Dealt(stdout, f.deal, f.seed, cli.Mix101); err != nil {
				return fail(1, "%s", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
			}
			return 0
		}
		if set("seed") || set("mix") {
			return fail(2, "%s", tr.T("cli.err.hand.seed"))
		}
		return hand101(ctx, f.rules, f.indicator, f.json, tokens, tr, stdin, stdout, fail)
	}
	rules, err := classic.ParseRules(f.rules)
	if err != nil {
		return fail(2, "--rules: %s", problem.Say(err, tr.Lang))
	}
	switch {
	case set("deal"):
		mix, err := cli.ParseMix(f.mix)
		switch {
		case err != nil:
			return fail(2, "%s", tr.T("cmd.hand.mix", f.mix))
		case f.deal <= 0 || len(tokens) > 0 || f.indicator != "" || f.json || set("rules"):
			return fail(2, "%s", tr.T("cli.err.hand.deal", "--seed, --mix"))
		}
		if err := cli.Dealt(stdout, f.deal, f.seed, mix); err != nil {
			return fail(1, "%s", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
		}
		return 0
	case set("seed") || set("mix"):
		return fail(2, "%s", tr.T("cli.err.hand.seed"))
	case f.json:
		if len(tokens) > 0 || f.indicator != "" {
			return fail(2, "%s", tr.T("cli.err.hand.json"))
		}
		res, err := cli.Batch(ctx, stdin, stdout, cli.HandAnswerer(rules), 0)
		if err != nil {
			return batchFailed(fail, tr, res, err)
		}
		if res.Bad > 0 {
			return 1
		}
		return 0
	case len(tokens) == 0:
		return fail(2, "%s", tr.T("hand.err.notiles", 14, 15))
	}
	an, h, err := cli.ReadRack(rules, f.indicator, tokens)
	if err != nil {
		return fail(2, "%s", cli.ErrorIn(err, tr))
	}
	if err := cli.DescribeIn(stdout, an, h, tr); err != nil {
		return fail(1, "%s", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
	}
	return 0
}

// hand101 is okey hand --game 101.
func hand101(ctx context.Context, rulesOpt, indicator string, asJSON bool, tokens []string, tr *i18n.Catalog, stdin io.Reader, stdout io.Writer, fail func(int, string, ...any) int) int {
	rules, err := okey101.ParseRules(rulesOpt)
	if err != nil {
		return fail(2, "--rules: %s", problem.Say(err, tr.Lang))
	}
	switch {
	case asJSON && (len(tokens) > 0 || indicator != ""):
		return fail(2, "%s", tr.T("cli.err.hand.json"))
	case asJSON:
		res, err := cli.Batch(ctx, stdin, stdout, cli.Hand101Answerer(rules), 0)
		if err != nil {
			return batchFailed(fail, tr, res, err)
		}
		if res.Bad > 0 {
			return 1
		}
		return 0
	case len(tokens) == 0:
		return fail(2, "%s", tr.T("hand.err.notiles", 21, 22))
	}
	a, c, err := cli.ReadRack101(indicator, tokens)
	if err != nil {
		return fail(2, "%s", cli.ErrorIn(err, tr))
	}
	if err := cli.Describe101In(stdout, rules, a, c, tr); err != nil {
		return fail(1, "%s", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
	}
	return 0
}

// batchFailed says why a --json batch stopped, and how far it got: every
// answer it computed has been written.
func batchFailed(fail func(int, string, ...any) int, tr *i18n.Catalog, res cli.BatchResult, err error) int {
	lines := tr.N("cmd.n.lines", res.Lines, res.Lines)
	var pe *fs.PathError
	switch {
	case errors.Is(err, cli.ErrInterrupted):
		return fail(1, "%s", tr.T("cmd.hand.interrupted", lines))
	case strings.HasPrefix(err.Error(), "writing answers"):
		return fail(1, "%s", tr.T("cmd.hand.write", problem.OSReason(tr, err), lines))
	case errors.As(err, &pe) || strings.HasPrefix(err.Error(), "reading lines"):
		return fail(1, "%s", tr.T("cmd.hand.read", problem.OSReason(tr, err), lines))
	}
	return fail(1, "%s", tr.T("cmd.hand.failed", err.Error(), lines))
}
