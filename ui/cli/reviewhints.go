package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"okey/bots/coach"
	"okey/bots/decide101"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/kit/i18n"
)

// HintLine is what the game's hint would have said at one decision of a
// record (okey review --hints): its JSON form is a line of okey review
// --json (kind "hint"), after the decision's own.
type HintLine struct {
	Kind string `json:"kind"` // "hint"
	// Hand and Index place the decision, as the decision's line does.
	Hand  int `json:"hand"`
	Index int `json:"index"`
	// Steps are the moves the hint planned from there, in the coach's
	// words (a classic take with what follows it; a turn of 101 to its
	// discard).
	Steps []string `json:"hint"`
	// After is, for a classic plan that draws from a rack that already
	// wins, what it then does: "finish" or "hold" (for an okey finish).
	After string `json:"after,omitempty"`
	// Short says the judge ran out of the budget: the steps are the
	// analyser's (the expert's), unweighed, as the game's hint then says.
	Short bool `json:"short,omitempty"`
}

// HintsFor is what the game's hint would have said at each of seat's
// decisions in record b (either game; hand 0: every hand), in the
// review's order, each worked out as the game works it out: the same
// seeds and a budget of budget for the judge (the game's hint budget),
// past which the hint is the analyser's move (the expert's), marked Short. A record
// whose decisions cannot be read is an error.
func HintsFor(ctx context.Context, b []byte, seat, hand int, budget time.Duration) ([]HintLine, error) {
	if Is101(b) {
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			return nil, fmt.Errorf("reading the record: %w", err)
		}
		ps, err := coach.Points101(rec, seat, hand)
		if err != nil {
			return nil, err
		}
		out := make([]HintLine, 0, len(ps))
		for _, p := range ps {
			v := p.State.View(seat)
			jctx, stop := context.WithTimeout(ctx, budget)
			var sv meld.Solver
			f, err := decide101.HintCtx(jctx, &v, &sv)
			stop()
			if err != nil && ctx.Err() != nil {
				return out, ctx.Err()
			}
			out = append(out, HintLine{Kind: "hint", Hand: p.Hand, Index: p.Index, Steps: coach.Words101(v, f.Plan), Short: f.Short || err != nil})
		}
		return out, nil
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return nil, fmt.Errorf("reading the record: %w", err)
	}
	ps, err := coach.PointsClassic(rec, seat, hand)
	if err != nil {
		return nil, err
	}
	out := make([]HintLine, 0, len(ps))
	for _, p := range ps {
		v := p.State.View(seat)
		// the table's seed for this decision, as the game's hint seeds it
		seed := coach.HintSeed(rec.Seed, v)
		jctx, stop := context.WithTimeout(ctx, budget)
		plan, err := coach.PlanClassic(jctx, v, coach.HintOptions(seed))
		stop()
		line := HintLine{Kind: "hint", Hand: p.Hand, Index: p.Index}
		switch {
		case err == nil && len(plan.Steps) > 0:
			line.Steps = plan.Words(v)
			switch plan.After {
			case coach.DrawFinish:
				line.After = "finish"
			case coach.DrawHold:
				line.After = "hold"
			}
		case ctx.Err() != nil:
			return out, ctx.Err()
		case err == nil || errors.Is(err, context.DeadlineExceeded):
			// cut short: the analyser's move, as the game's hint says it
			a, herr := coach.Analyse(ctx, v, coach.HintOptions(seed))
			if herr != nil {
				return out, fmt.Errorf("hand %d, action %d: %w", p.Hand, p.Index, herr)
			}
			line.Steps, line.Short = (coach.TurnPlan{Steps: []classic.Action{a}}).Words(v), true
		default:
			return out, fmt.Errorf("hand %d, action %d: the hint: %w", p.Hand, p.Index, err)
		}
		out = append(out, line)
	}
	return out, nil
}

// PrintHints writes, after okey review's report, what the hint would
// have said at each decision of ds (hs, HintsFor's), beside the move
// played: the moves said by say (the review's words for decision i's
// moves), in tr's words, in lines of at most 80 columns.
func PrintHints(w io.Writer, tr *i18n.Catalog, ds []coach.Decision, hs []HintLine, say func(i int, s string) string) error {
	at := make(map[[2]int]int, len(ds))
	for i, d := range ds {
		at[[2]int{d.Hand, d.Index}] = i
	}
	var b strings.Builder
	b.WriteString("\n" + tr.T("cli.review.hints.title") + "\n")
	for _, h := range hs {
		i, ok := at[[2]int{h.Hand, h.Index}]
		if !ok {
			continue
		}
		steps := make([]string, len(h.Steps))
		for k, s := range h.Steps {
			steps[k] = say(i, s)
		}
		switch h.After {
		case "finish":
			steps = append(steps, tr.T("cli.review.hints.after.finish"))
		case "hold":
			steps = append(steps, tr.T("cli.review.hints.after.hold"))
		}
		hint := strings.Join(steps, ", "+tr.T("cli.review.hints.then")+" ")
		if h.Short {
			hint += " " + tr.T("cli.review.hints.short")
		}
		for k, l := range wrap(tr.T("cli.review.hints.line", ds[i].Hand, ds[i].Turn, hint, say(i, ds[i].Played)), 76) {
			indent := "  "
			if k > 0 {
				indent = "    "
			}
			b.WriteString(indent + l + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
