// Package cli holds the engines behind okey's command-line tools, so
// that the command files (okey/cmd) only parse flags and wire them up:
//
//   - line.go: one "IND: TILES" line read against the rules (the one
//     place the indicator and the tiles are checked);
//   - answer.go: Answer, what okey hand --json writes for a line, with a
//     fast encoder that matches encoding/json byte for byte;
//   - batch.go: Batch, a JSON-lines pipeline on every core that writes
//     answers in input order, survives over-long lines and reports an
//     interruption;
//   - describe.go: Describe, a rack analysed for a person;
//   - dealt.go: Dealt, racks to try the analyser on (dealt, or a hard mix
//     of winning and near-winning racks full of okeys and false jokers);
//   - verified.go: what a check answers (Verified, its errors), below every check;
//   - verify.go: Verify, okey verify's check of a served match's record:
//     its commitment (package game/fair) and its replay under the deal;
//   - standings.go: Recount, okey tournament standings' engine: a
//     tournament's standings counted again from its records' places,
//     beside the published ones;
//   - verify_served.go: a hand of okey serve's daily checked against
//     the day's secret it carries once the day is over (game/daily);
//   - errors_in.go: ErrorIn, an error of reading a rack said in the
//     player's language;
//   - hand101.go: Hand101Answerer and ReadRack101, okey hand for Okey 101
//     racks;
//   - reviewrec.go: Review and ReviewRecord, a seat's decisions in a
//     record judged (either game);
//   - review.go: PrintReview, okey review's report, and Stream, the same
//     written as each decision is judged;
//   - reviewhints.go: HintsFor and PrintHints, what the game's hint
//     would have said at each decision of a record (okey review --hints);
//   - simclassic.go, sim101.go: PrintSimClassic and PrintSim101, okey
//     sim's tables of each game's arena run;
//   - sim.go: what both print their tables with (intervals, signed
//     points, a right-aligned table), and Progress, a run's bar.
//
// A use:
//
//	rules := classic.DefaultRules()
//	err := cli.Batch(ctx, os.Stdin, os.Stdout, cli.HandAnswerer(rules), 0)
//
// The package does no terminal work; it reads and writes the streams it
// is given.
package cli
