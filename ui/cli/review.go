package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"okey/bots/coach"
	"okey/game"
)

// PrintReview writes okey review's report for one record: the summary,
// the worst three moments first, then each hand's decisions one a line,
// every line within 80 columns. title names the record.
func PrintReview(w io.Writer, title string, ds []coach.Decision, sum coach.Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", title)
	fmt.Fprintf(&b, "%s, seat %d: %d decisions judged (%d with one move)\n%s\n",
		gameName(sum.Game), sum.Seat, sum.Decisions, sum.Only, summaryLine(&sum))
	worst := worstOf(ds, 3)
	if len(worst) > 0 {
		b.WriteString("\nWorst moments\n")
		for _, d := range worst {
			fmt.Fprintf(&b, "  hand %d, decision %d (%s, %d left): %s\n", d.Hand, d.Turn, d.Stage, d.WallLeft, Verdict(&d))
			fmt.Fprintf(&b, "    played %s\n", clip(d.Played, 66))
			fmt.Fprintf(&b, "    best   %s\n", clip(d.Best, 66))
			fmt.Fprintf(&b, "    loses %s points (%s: %s to %s)\n", num(d.Loss), d.Certainty, num(d.Low), num(d.High))
			for _, r := range d.Reasons {
				fmt.Fprintf(&b, "    %s\n", clip(r, 74))
			}
		}
	}
	for _, h := range sum.Hands {
		fmt.Fprintf(&b, "\nHand %d: %d decisions judged\n%s\n", h.Hand, h.Decisions, summaryLine(&h))
		for _, d := range ds {
			if d.Hand != h.Hand {
				continue
			}
			line := fmt.Sprintf("  %2d %-7s %-24s %-19s", d.Turn, stageWord(d.Stage), clip(d.Played, 24), Verdict(&d))
			if d.Label != coach.Best && d.Label != coach.Only {
				line += fmt.Sprintf(" %5s  %s", num(d.Loss), clip(d.Best, 80-len([]rune(line))-8))
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	b.WriteString("\nLoss is the expected points of the hand given up against the best move\n" +
		"found, played out over worlds drawn from what the seat could see.\n" +
		"best: no other move was shown better; good: another was, by little;\n" +
		"inaccuracy, mistake, blunder: the least the move is shown to have lost\n" +
		"(\"or worse\": the samples allow a harsher label).\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Verdict is a decision's label as okey review prints it: the label's
// own word (the help's and the table's), with "or worse" when the
// samples allow a harsher one ("inaccuracy or worse"). A move labelled
// best is never "or worse": no other move is shown better.
func Verdict(d *coach.Decision) string {
	if d.Uncertain && d.Label != coach.Best && d.Label != coach.Only {
		return string(d.Label) + " or worse"
	}
	return string(d.Label)
}

// worstOf is the n decisions that lost most (labelled inaccuracy or
// worse), the largest loss first.
func worstOf(ds []coach.Decision, n int) []coach.Decision {
	var bad []coach.Decision
	for _, d := range ds {
		switch d.Label {
		case coach.Inaccuracy, coach.Mistake, coach.Blunder:
			bad = append(bad, d)
		}
	}
	slices.SortStableFunc(bad, func(a, b coach.Decision) int {
		switch {
		case a.Loss > b.Loss:
			return -1
		case a.Loss < b.Loss:
			return 1
		}
		return 0
	})
	return bad[:min(n, len(bad))]
}

// summaryLine is a summary's loss and accuracy, then on a line of its
// own the count of each label, label first as the coach says it in the
// game ("blunders 0", never "0 blunder"); in one line the full words
// would pass 80 columns.
func summaryLine(s *coach.Summary) string {
	return fmt.Sprintf("  loss %s (%s a decision), accuracy %.0f%%\n  blunders %d, mistakes %d, inaccuracies %d",
		num(s.TotalLoss), num(s.LossPerDecision), s.Accuracy, s.Labels[coach.Blunder], s.Labels[coach.Mistake], s.Labels[coach.Inaccuracy])
}

func gameName(g game.Kind) string {
	if g == game.Okey101 {
		return "Okey 101"
	}
	return "Okey"
}

func stageWord(s string) string {
	if s == "first discard" {
		return "first"
	}
	return s
}

// num writes points with two decimals below 10 and none above (101's
// points run in the tens and hundreds).
func num(x float64) string {
	if x >= 10 || x <= -10 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// clip cuts s to n columns (runes), marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if n < 1 || len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
