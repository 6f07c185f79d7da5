package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"okey/game/record"
	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/server/tables"
	"okey/ui/cli"
)

// tourneyCmd is okey tournament: what a player can do with a served
// tournament's files (its standings counted again from its records).
func tourneyCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "tournament",
		Short: e.tr.T("cli.tournament.short"),
		Long:  e.tr.T("cli.tournament.long"),
		Args:  noArgs,
	}
	c.AddCommand(standingsCmd(e))
	return c
}

// standingsCmd is okey tournament standings: a tournament's JSON and
// its matches' records in, its standings counted again and whether they
// are the ones published out.
func standingsCmd(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "standings TOURNAMENT.json RECORD…",
		Short: e.tr.T("cli.standings.short"),
		Long:  e.tr.T("cli.standings.long"),
		Example: `ssh -p 2222 HOST tournament k3x9q2ab --json > t.json
ssh -p 2222 HOST record 17 > 17.okey
okey tournament standings t.json *.okey
okey tournament standings --json t.json 17.okey 18.okey`,
		ValidArgsFunction: records,
		RunE: func(c *cobra.Command, files []string) error {
			switch {
			case len(files) == 0:
				return &usageError{cmd: c, key: "cmd.standings.none"}
			case slicesCount(files, "-") > 1:
				return &usageError{cmd: c, key: "cmd.err.stdin.twice"}
			}
			return exitCode(standingsRun(files[0], files[1:], asJSON, e.tr, e.stdin, e.stdout, e.stderr))
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, e.tr.T("cli.flag.standings.json"))
	return c
}

// standingsRun counts tournament pubFile's standings again from the
// records of files ("-" is stdin): a record that does not verify, is
// not over or names no table is said on stderr and counts as a
// difference. It prints the standings counted again, each line beside
// the published one where they differ, and whether they match; exit 0
// when they do and every match was checked against its record, else 1.
func standingsRun(pubFile string, files []string, asJSON bool, tr *i18n.Catalog, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "okey tournament standings: %s\n", fmt.Sprintf(format, a...))
		return 1
	}
	pub, err := readAll(pubFile, stdin)
	if err != nil {
		return fail("%s", tr.T("cmd.standings.unread", pubFile, problem.Sys(tr, err)))
	}
	gameName, err := cli.Game(pub)
	if err != nil {
		return fail("%s", tr.T("cmd.standings.notjson", pubFile))
	}
	var counted []cli.Counted
	bad := 0
	for _, f := range files {
		c, why := standingsRecord(f, gameName, tr, stdin)
		if why != "" {
			bad++
			fmt.Fprintln(stderr, tr.T("cmd.verify.not", f, why))
			continue
		}
		counted = append(counted, c)
	}
	res, err := cli.Recount(pub, counted)
	if err != nil {
		return fail("%s", tr.T("cmd.standings.notjson", pubFile)+": "+err.Error())
	}
	if asJSON {
		if err := writeRecountJSON(stdout, res, bad); err != nil {
			return fail("%v", err)
		}
	} else {
		printRecount(stdout, tr, res, bad)
	}
	if !res.Same || bad > 0 || len(res.Unchecked) > 0 {
		return 1
	}
	return 0
}

// readAll reads path ("-": stdin) whole.
func readAll(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(path)
}

// standingsRecord is record file f's table and places, once it
// verifies (okey verify's check: its deals fixed before play, every
// move legal) and is over; else why not, in tr's words.
func standingsRecord(f, gameName string, tr *i18n.Catalog, stdin io.Reader) (cli.Counted, string) {
	b, err := readRecordFrom(f, stdin)
	switch {
	case err != nil:
		return cli.Counted{}, verifyWhy(tr, err)
	case len(bytes.TrimSpace(b)) == 0:
		return cli.Counted{}, tr.T("cmd.err.empty")
	}
	v, err := cli.Verify(b)
	if err != nil {
		return cli.Counted{}, verifyWhy(tr, err)
	}
	if !v.Over {
		return cli.Counted{}, tr.T("cmd.verify.notover", tr.N("cmd.n.hands", v.Hands, v.Hands))
	}
	h, _ := record.ReadHeader(b)
	n, err := strconv.Atoi(h.Meta["table"])
	if err != nil || n <= 0 || string(v.Game) != gameName {
		return cli.Counted{}, tr.T("cmd.standings.notours")
	}
	places, err := tables.RecordPlaces(gameName, b)
	if err != nil {
		return cli.Counted{}, verifyWhy(tr, err)
	}
	// A one-hand match's seats' results: a duplicate round's field
	// scores (a longer match has none, and no duplicate round is one).
	results, err := tables.RecordResults(gameName, b)
	return cli.Counted{Table: n, Places: places, Results: results, Scored: err == nil}, ""
}

// printRecount writes the standings counted again as a person reads
// them: a line each, the published one beside it where it differs, and
// the verdict.
func printRecount(w io.Writer, tr *i18n.Catalog, r cli.Recounted, bad int) {
	if r.Field {
		fmt.Fprintln(w, tr.T("cmd.standings.headfield"))
	} else {
		fmt.Fprintln(w, tr.T("cmd.standings.head"))
	}
	for i, l := range r.Lines {
		name := l.Name + strings.Repeat(" ", max(0, 20-utf8.RuneCountInString(l.Name)))
		line := fmt.Sprintf("%3d. %s %6s %6d %6d", i+1, name, pointsIn(tr, l.Points), l.Matches, l.Wins)
		if r.Field {
			line += fmt.Sprintf(" %7s", fieldIn(tr, l.Field))
		}
		if !l.Same {
			p := l.Published
			line += "   " + tr.T("cmd.standings.published", p.Rank, pointsIn(tr, tourney.Points(p.Twelfths)), p.Matches, p.Wins)
			if r.Field && !cli.SameField(l.Field, p.Field) {
				pf := "-"
				if p.Field != nil {
					pf = *p.Field
				}
				line += ", " + tr.T("cmd.standings.publishedfield", pf)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if len(r.Unchecked) > 0 {
		fmt.Fprintln(w, tr.T("cmd.standings.unchecked", tableList(r.Unchecked)))
	}
	if len(r.Extra) > 0 {
		fmt.Fprintln(w, tr.T("cmd.standings.extra", tableList(r.Extra)))
	}
	switch {
	case !r.Same || bad > 0:
		fmt.Fprintln(w, tr.T("cmd.standings.differ", len(r.Checked)))
	case len(r.Unchecked) > 0:
		fmt.Fprintln(w, tr.T("cmd.standings.partly", len(r.Checked), len(r.Unchecked)))
	default:
		fmt.Fprintln(w, tr.T("cmd.standings.match", len(r.Checked)))
	}
}

// pointsIn is p as tr's language writes a number: "7,25" in Turkish.
func pointsIn(tr *i18n.Catalog, p tourney.Points) string {
	if tr.Lang == "tr" {
		return strings.Replace(p.String(), ".", ",", 1)
	}
	return p.String()
}

// fieldIn is a field score as tr's language writes it ("-" none).
func fieldIn(tr *i18n.Catalog, r *big.Rat) string {
	if r == nil {
		return "-"
	}
	s := tourney.FieldString(r)
	if tr.Lang == "tr" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// tableList is a list of tables' numbers as a line says it.
func tableList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// writeRecountJSON writes the recount for scripts: whether it matches,
// the tables checked and not, and each line counted again beside the
// published one.
func writeRecountJSON(w io.Writer, r cli.Recounted, bad int) error {
	type line struct {
		Rank      int               `json:"rank"`
		Name      string            `json:"name"`
		Points    string            `json:"points"`
		Twelfths  int               `json:"twelfths"`
		Matches   int               `json:"matches"`
		Wins      int               `json:"wins"`
		Opponents string            `json:"opponents"`
		Field     *string           `json:"field,omitempty"`
		Same      bool              `json:"same"`
		Published cli.PublishedLine `json:"published"`
	}
	out := struct {
		ID        string `json:"id"`
		Match     bool   `json:"match"`
		Field     bool   `json:"field_checked"`
		Checked   []int  `json:"checked"`
		Unchecked []int  `json:"unchecked"`
		Extra     []int  `json:"extra"`
		Refused   int    `json:"records_refused"`
		Standings []line `json:"standings"`
	}{ID: r.ID, Match: r.Same && bad == 0, Field: r.Field, Checked: nonNil(r.Checked), Unchecked: nonNil(r.Unchecked), Extra: nonNil(r.Extra), Refused: bad, Standings: []line{}}
	for i, l := range r.Lines {
		jl := line{Rank: i + 1, Name: l.Name, Points: l.Points.String(), Twelfths: int(l.Points),
			Matches: l.Matches, Wins: l.Wins, Opponents: l.Opponents.String(), Same: l.Same, Published: l.Published}
		if r.Field && l.Field != nil {
			f := tourney.FieldString(l.Field)
			jl.Field = &f
		}
		out.Standings = append(out.Standings, jl)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return errors.Join(errors.New("the recount as JSON"), err)
	}
	return nil
}

// nonNil is ns, or an empty list for none (JSON's [] rather than null).
func nonNil(ns []int) []int {
	if ns == nil {
		return []int{}
	}
	return ns
}
