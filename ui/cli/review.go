package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"okey/bots/coach"
	"okey/game"
	"okey/kit/i18n"
)

// PrintReview writes okey review's report for one record in tr's
// language: the summary, the worst three moments first, then each
// hand's decisions one a line (a move shown worse than the best with
// its reasons under it), every line within 80 columns. title
// names the record; say says the coach's words (a move, a reason) of
// decision i in tr's language (nil: as the coach wrote them, its
// English).
func PrintReview(w io.Writer, tr *i18n.Catalog, title string, ds []coach.Decision, sum coach.Summary, say func(i int, s string) string) error {
	if say == nil {
		say = func(_ int, s string) string { return s }
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", title)
	head(&b, tr, ds, sum, say)
	// the verdict's column is as wide as the widest verdict, at most 22
	// (Turkish "yanlışlık ya da kötüsü"): the best move gets the rest
	vw := 4
	for i := range ds {
		vw = max(vw, min(len([]rune(Verdict(tr, &ds[i]))), 22))
	}
	for _, h := range sum.Hands {
		fmt.Fprintf(&b, "\n%s\n%s\n", tr.T("cli.review.hand", h.Hand, h.Decisions), summaryLine(tr, &h))
		for i := range ds {
			if ds[i].Hand == h.Hand {
				decisionLines(&b, tr, &ds[i], vw, func(s string) string { return say(i, s) })
			}
		}
	}
	fmt.Fprintf(&b, "\n%s\n", tr.T("cli.review.legend"))
	_, err := io.WriteString(w, b.String())
	return err
}

// head writes the review's summary and its worst three moments.
func head(b *strings.Builder, tr *i18n.Catalog, ds []coach.Decision, sum coach.Summary, say func(i int, s string) string) {
	fmt.Fprintf(b, "%s\n%s\n", tr.T("cli.review.head", gameName(tr, sum.Game), sum.Seat+1, sum.Decisions, sum.Only), summaryLine(tr, &sum))
	worst := WorstOf(ds, 3)
	if len(worst) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s\n", tr.T("cli.review.worst"))
	for _, i := range worst {
		d := &ds[i]
		fmt.Fprintf(b, "  %s\n", tr.T("cli.review.moment", d.Hand, d.Turn, stageWord(tr, d.Stage), d.WallLeft, Verdict(tr, d)))
		fmt.Fprintf(b, "    %s\n", clip(tr.T("cli.review.played", say(i, d.Played)), 76))
		fmt.Fprintf(b, "    %s\n", clip(tr.T("cli.review.best", say(i, d.Best)), 76))
		lo, hi := coach.ShowInterval(max(d.Low, 0), d.High)
		fmt.Fprintf(b, "    %s\n", clip(tr.T("cli.review.loses", num(tr, d.Loss), certainty(tr, d.Certainty), tr.Dec(lo), tr.Dec(hi)), 76))
		for _, r := range whys(d) {
			for _, l := range wrap(say(i, r), 74) {
				fmt.Fprintf(b, "    %s\n", l)
			}
		}
	}
}

// decisionLines writes decision d's line of a hand (vw: the verdict
// column's width), and under a move shown worse than the best its
// reasons; say says the coach's words of d in tr's language.
func decisionLines(b *strings.Builder, tr *i18n.Catalog, d *coach.Decision, vw int, say func(s string) string) {
	line := fmt.Sprintf("  %2d %-7s %-24s %-*s", d.Turn, clip(stageWord(tr, d.Stage), 7), clip(say(d.Played), 24), vw, clip(Verdict(tr, d), vw))
	if d.Label != coach.Best && d.Label != coach.Only {
		line += fmt.Sprintf(" %5s  %s", num(tr, d.Loss), clip(say(d.Best), 80-len([]rune(line))-8))
	}
	b.WriteString(strings.TrimRight(line, " ") + "\n")
	rs := whys(d)
	if d.Label == coach.Best || d.Label == coach.Only {
		// an open finish is named whatever the label
		rs = whys(&coach.Decision{OpenFinish: d.OpenFinish})
	}
	// a move shown worse than the best says why, as the game's
	// review page does ("Why:", "Neden:")
	for _, r := range rs {
		for _, l := range wrap(tr.T("review.why", say(r)), 72) {
			b.WriteString("       " + l + "\n")
		}
	}
}

// Stream writes okey review's report of one record as the review goes,
// so that a player reads each decision while the next is judged: the
// title, then each decision as it is judged under its hand's heading
// (Decision), and at the end (End) the summary, the worst three moments
// and each hand's totals. Its lines are PrintReview's, in that order.
type Stream struct {
	w    io.Writer
	tr   *i18n.Catalog
	vw   int
	hand int
}

// NewStream starts the report of the record titled title on w.
func NewStream(w io.Writer, tr *i18n.Catalog, title string) *Stream {
	// the verdict column fits every verdict (not yet known), at most 22
	vw := 4
	for _, l := range coach.Labels {
		vw = max(vw, min(len([]rune(Verdict(tr, &coach.Decision{Label: l, Uncertain: true}))), 22))
	}
	fmt.Fprintf(w, "%s\n%s\n", title, tr.T("cli.review.stream"))
	return &Stream{w: w, tr: tr, vw: vw}
}

// Decision writes decision d as soon as it is judged (say: the coach's
// words of d in the stream's language).
func (s *Stream) Decision(d *coach.Decision, say func(string) string) {
	var b strings.Builder
	if d.Hand != s.hand {
		s.hand = d.Hand
		fmt.Fprintf(&b, "\n%s\n", s.tr.T("cli.review.stream.hand", d.Hand))
	}
	decisionLines(&b, s.tr, d, s.vw, say)
	_, _ = io.WriteString(s.w, b.String())
}

// End writes what is known once every decision is judged: the summary,
// the worst three moments, each hand's totals and the legend.
func (s *Stream) End(ds []coach.Decision, sum coach.Summary, say func(i int, s string) string) error {
	if say == nil {
		say = func(_ int, s string) string { return s }
	}
	var b strings.Builder
	b.WriteString("\n")
	head(&b, s.tr, ds, sum, say)
	for _, h := range sum.Hands {
		fmt.Fprintf(&b, "\n%s\n%s\n", s.tr.T("cli.review.hand", h.Hand, h.Decisions), summaryLine(s.tr, &h))
	}
	fmt.Fprintf(&b, "\n%s\n", s.tr.T("cli.review.legend"))
	_, err := io.WriteString(s.w, b.String())
	return err
}

// whys are the lines that say why under a decision: its reasons, then
// the finish that was open, if one was (coach.Decision.OpenFinish).
func whys(d *coach.Decision) []string {
	if d.OpenFinish == "" {
		return d.Reasons
	}
	return append(slices.Clip(d.Reasons), d.OpenFinish)
}

// Verdict is a decision's label as okey review prints it, in tr's
// language: the label's own word (the help's and the table's), with
// "or worse" when the samples allow a harsher one ("inaccuracy or
// worse"). A move labelled best is never "or worse": no other move is
// shown better.
func Verdict(tr *i18n.Catalog, d *coach.Decision) string {
	l := tr.T("review.label." + strings.ReplaceAll(string(d.Label), " ", "_"))
	if d.Uncertain && d.Label != coach.Best && d.Label != coach.Only {
		return tr.T("cli.review.orworse", l)
	}
	return l
}

// certainty is how sure a verdict is, in tr's words.
func certainty(tr *i18n.Catalog, c coach.Certainty) string {
	switch c {
	case coach.Likely:
		return tr.T("cli.review.sure.likely")
	case coach.TooClose:
		return tr.T("cli.review.sure.tied")
	}
	return tr.T("cli.review.sure.sure")
}

// wrap cuts s into lines of at most n columns (runes) between words; a
// word longer than n is clipped.
func wrap(s string, n int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= n:
			line += " " + w
		default:
			out = append(out, clip(line, n))
			line = w
		}
	}
	if line != "" {
		out = append(out, clip(line, n))
	}
	return out
}

// WorstOf is the indices of the n decisions that lost most (labelled
// inaccuracy or worse), the largest loss first: the report's worst
// moments, and where the game's review page opens.
func WorstOf(ds []coach.Decision, n int) []int {
	var bad []int
	for i, d := range ds {
		switch d.Label {
		case coach.Inaccuracy, coach.Mistake, coach.Blunder:
			bad = append(bad, i)
		}
	}
	slices.SortStableFunc(bad, func(a, b int) int {
		switch {
		case ds[a].Loss > ds[b].Loss:
			return -1
		case ds[a].Loss < ds[b].Loss:
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
func summaryLine(tr *i18n.Catalog, s *coach.Summary) string {
	return "  " + tr.T("cli.review.summary", num(tr, s.TotalLoss), num(tr, s.LossPerDecision), s.Accuracy) + "\n  " +
		tr.T("cli.review.counts", s.Labels[coach.Blunder], s.Labels[coach.Mistake], s.Labels[coach.Inaccuracy])
}

// gameName is the game's name in tr's words.
func gameName(tr *i18n.Catalog, g game.Kind) string {
	if g == game.Okey101 {
		return tr.T("cli.review.game.101")
	}
	return tr.T("cli.review.game.classic")
}

// stageWord is a decision's stage in a word of tr's.
func stageWord(tr *i18n.Catalog, s string) string {
	switch s {
	case "first discard":
		return tr.T("cli.review.stage.first")
	case "draw", "discard", "play":
		return tr.T("cli.review.stage." + s)
	}
	return s
}

// num writes points as the coach labels them (coach.ShowPoints: two
// decimals below 10, none above, since 101.s
// points run in the tens and hundreds), with tr.s decimal mark.
func num(tr *i18n.Catalog, x float64) string {
	return tr.Dec(coach.ShowPoints(x))
}

// clip cuts s to n columns (runes), marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if n < 1 || len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
