package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"okey/bots/par"
	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"

	"github.com/charmbracelet/x/ansi"
)

// dailyJSON is what okey daily --json writes: one object, the day and
// its fingerprint, and with --par the lines, par's first.
type dailyJSON struct {
	Version     int    `json:"version"`
	Game        string `json:"game"`
	Date        string `json:"date"`
	Hands       int    `json:"hands"`
	Fingerprint string `json:"fingerprint"`
	Short       string `json:"fingerprint_short"`
	// Better says which way a score is better: "higher" (classic) or
	// "lower" (101).
	Better string     `json:"better,omitempty"`
	Par    *par.Line  `json:"par,omitempty"`
	Levels []par.Line `json:"levels,omitempty"`
}

func dailyHead(set daily.Set, fp daily.Fingerprint) dailyJSON {
	return dailyJSON{Version: set.Version, Game: string(set.Game), Date: set.Date.String(), Hands: len(set.Hands), Fingerprint: fp.String(), Short: fp.Short()}
}

// printFingerprint writes the day's fingerprint: a line to read out,
// then the whole of it alone on a line, for a script to compare.
func printFingerprint(set daily.Set, fp daily.Fingerprint, asJSON bool, tr *i18n.Catalog, w io.Writer) int {
	if asJSON {
		_ = json.NewEncoder(w).Encode(dailyHead(set, fp))
		return 0
	}
	fmt.Fprintln(w, tr.T("cmd.daily.fingerprint", set.Date, gameName(tr, set.Game), tr.N("cmd.n.hands", len(set.Hands), len(set.Hands)), fp.Short()))
	fmt.Fprintln(w, fp.String())
	return 0
}

// printPar writes par, hand by hand, beside the other levels: lines are
// par's (hard) first. A failed write is the guard's to say.
func printPar(set daily.Set, fp daily.Fingerprint, lines []par.Line, asJSON bool, tr *i18n.Catalog, w io.Writer) int {
	if asJSON {
		out := dailyHead(set, fp)
		out.Better = "higher"
		if set.Game == game.Okey101 {
			out.Better = "lower"
		}
		out.Par = &lines[0]
		out.Levels = lines
		_ = json.NewEncoder(w).Encode(out)
		return 0
	}
	fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.title", set.Date, gameName(tr, set.Game), fp.Short())))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\t%s\t", tr.T("cmd.daily.par.hand"), tr.T("cmd.daily.par.par"))
	for _, l := range lines[1:] {
		fmt.Fprintf(tw, "%s\t", tr.T("level."+l.Level))
	}
	fmt.Fprintln(tw)
	for k := range set.Hands {
		fmt.Fprintf(tw, "%d\t", k+1)
		for _, l := range lines {
			fmt.Fprintf(tw, "%d\t", l.Hands[k].Score)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "%s\t", tr.T("cmd.daily.par.total"))
	for _, l := range lines {
		fmt.Fprintf(tw, "%d\t", l.Total)
	}
	fmt.Fprintln(tw)
	_ = tw.Flush()
	fmt.Fprintln(w)
	if set.Game == game.Okey101 {
		fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.score101")))
	} else {
		fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.scoreclassic")))
	}
	fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.what")))
	return 0
}

// wrap80 breaks a line of the report between words to fit 80 columns,
// as okey review's report fits them: a terminal's narrowest width.
func wrap80(s string) string { return ansi.Wordwrap(s, 80, "") }
