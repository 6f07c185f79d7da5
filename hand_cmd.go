package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"okey/game"
	"okey/game/okey101"
	"okey/ui"
	"okey/ui/cli"
	"okey/ui/i18n"
)

const handUsage = `usage: okey hand [--rules OPTIONS] --indicator TILE TILE… (14 or 15 tiles)
       okey hand [--rules OPTIONS] --json < lines
       okey hand --deal N [--seed S] [--mix dealt|hard] > lines
       okey hand --game 101 [--rules OPTIONS] --indicator TILE TILE… (21 or 22 tiles)
       okey hand --game 101 [--rules OPTIONS] --json < lines

Analyses an Okey hand: whether it wins, its runs and sets or pairs (okeys
with what they stand for), the distance to win (the least number of
exchanges, one tile in and one out, that make it win), and for 15 tiles
the tile to discard.

Tiles are written R1…R13, Y…, B…, K… (red, yellow, blue, black) and J for
a false joker; case does not matter.

With --json, each line of standard input is "INDICATOR: TILES…" and each
answer is one JSON object on its own line, in order:
  {"winning":bool,"kind":"melds"|"pairs"|"","melds":[["R1","R2","R3"],…],"distance":N}
plus "discard" and "okey_finish" for 15 tiles. A bad line (a blank one
too) gets {"error":"…"}, the batch goes on, and the exit status is then
1. Under --rules simple104 there is no indicator: write lines without one.

With --deal N, prints N racks as such lines (14 tiles, then 15, in turn):
dealt from shuffled sets, or with --mix hard every other pair of lines
winning or near-winning racks full of okeys and false jokers.

With --game 101 the rack is one of Okey 101 (21 or 22 tiles) and the
answer is its best opening against the threshold (open=N, 101 by
default), its pairs, the fewest tiles left unmelded and, for a person,
what it scores if another player finished now; --deal N prints 101
racks (21 and 22 tiles in turn). --json writes
  {"open_value":N,"can_open":bool,"opening":[["R1","R2","R3"],…],"pairs":N,"unmelded":N}

Flags:
`

// handMain is okey hand: flags in, the cli package's engines out.
func handMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("okey hand", flag.ContinueOnError)
	indicator := fs.String("indicator", "", "the indicator (gösterge), e.g. R4; the okey is the next tile up")
	asJSON := fs.Bool("json", false, "read \"IND: TILES\" lines from standard input, write JSON lines")
	rulesOpt := fs.String("rules", "", "rules options, e.g. no_wrap or simple104 (as for okey play)")
	deal := fs.Int("deal", 0, "print `N` racks as \"IND: TILES\" lines instead of analysing")
	seed := fs.Uint64("seed", 7, "the seed of --deal")
	mixOpt := fs.String("mix", "dealt", "the racks of --deal: dealt, or hard")
	gameOpt := fs.String("game", "classic", "the game: classic, or 101")
	lang := fs.String("lang", "en", "the language of the analysis for a person: en, or tr (tiles in words: kırmızı 7); --json is the same in both")
	tokens, code, ok := parseInterleaved(fs, args, handUsage, stdout, stderr)
	if !ok {
		return code
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "okey hand: "+format+"\n", a...)
		return code
	}
	g, err := ui.ParseGame(*gameOpt)
	if err != nil {
		return fail(2, "%v", err)
	}
	words, err := i18n.Load(*lang)
	if err != nil {
		return fail(2, "--lang: %v", err)
	}
	switch g {
	case ui.GameClassic:
	case ui.Game101:
		if set(fs, "deal") {
			if *deal <= 0 || len(tokens) > 0 || *indicator != "" || *asJSON || set(fs, "rules") || set(fs, "mix") {
				return fail(2, "--deal takes a positive number of racks, and nothing else but --seed and --game")
			}
			if err := cli.Dealt(stdout, *deal, *seed, cli.Mix101); err != nil {
				return fail(1, "%v", err)
			}
			return 0
		}
		if set(fs, "seed") || set(fs, "mix") {
			return fail(2, "--seed and --mix go with --deal")
		}
		return hand101(ctx, *rulesOpt, *indicator, *asJSON, tokens, words, stdin, stdout, fail)
	}
	rules, err := game.ParseRules(*rulesOpt)
	if err != nil {
		return fail(2, "--rules: %v", err)
	}
	switch {
	case set(fs, "deal"):
		mix, err := cli.ParseMix(*mixOpt)
		switch {
		case err != nil:
			return fail(2, "--mix: %v", err)
		case *deal <= 0 || len(tokens) > 0 || *indicator != "" || *asJSON || set(fs, "rules"):
			return fail(2, "--deal takes a positive number of racks, and nothing else but --seed and --mix")
		}
		if err := cli.Dealt(stdout, *deal, *seed, mix); err != nil {
			return fail(1, "%v", err)
		}
		return 0
	case set(fs, "seed") || set(fs, "mix"):
		return fail(2, "--seed and --mix go with --deal")
	case *asJSON:
		if len(tokens) > 0 || *indicator != "" {
			return fail(2, "with --json the racks come from standard input, one \"IND: TILES\" line each")
		}
		res, err := cli.Batch(ctx, stdin, stdout, cli.HandAnswerer(rules), 0)
		if err != nil {
			return batchFailed(fail, res, err)
		}
		if res.Bad > 0 {
			return 1
		}
		return 0
	case len(tokens) == 0:
		return fail(2, "no tiles: give the indicator and 14 or 15 tiles (okey hand -h for help)")
	}
	an, h, err := cli.ReadRack(rules, *indicator, tokens)
	if err != nil {
		return fail(2, "%v", err)
	}
	if err := cli.DescribeIn(stdout, an, h, words); err != nil {
		return fail(1, "%v", err)
	}
	return 0
}

// hand101 is okey hand --game 101.
func hand101(ctx context.Context, rulesOpt, indicator string, asJSON bool, tokens []string, words *i18n.Catalog, stdin io.Reader, stdout io.Writer, fail func(int, string, ...any) int) int {
	rules, err := okey101.ParseRules(rulesOpt)
	if err != nil {
		return fail(2, "--rules: %v", err)
	}
	switch {
	case asJSON && (len(tokens) > 0 || indicator != ""):
		return fail(2, "with --json the racks come from standard input, one \"IND: TILES\" line each")
	case asJSON:
		res, err := cli.Batch(ctx, stdin, stdout, cli.Hand101Answerer(rules), 0)
		if err != nil {
			return batchFailed(fail, res, err)
		}
		if res.Bad > 0 {
			return 1
		}
		return 0
	case len(tokens) == 0:
		return fail(2, "no tiles: give the indicator and 21 or 22 tiles (okey hand -h for help)")
	}
	a, c, err := cli.ReadRack101(indicator, tokens)
	if err != nil {
		return fail(2, "%v", err)
	}
	if err := cli.Describe101In(stdout, rules, a, c, words); err != nil {
		return fail(1, "%v", err)
	}
	return 0
}

// batchFailed says why a --json batch stopped, and how far it got: every
// answer it computed has been written.
func batchFailed(fail func(int, string, ...any) int, res cli.BatchResult, err error) int {
	if errors.Is(err, cli.ErrInterrupted) {
		return fail(1, "interrupted: %d lines answered", res.Lines)
	}
	return fail(1, "%v (%d lines answered)", err, res.Lines)
}
