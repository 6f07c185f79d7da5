package cli

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"

	"charm.land/bubbles/v2/progress"
)

// The tables of okey sim, both games': the helpers both printers write
// their cells and tables with (simclassic.go and sim101.go print each
// game's tables), and the progress bar of a run.

// percents is an interval of shares as the tables show it.
func percents(ci [2]float64) string {
	return interval(fmt.Sprintf("%.1f", 100*ci[0]), fmt.Sprintf("%.1f", 100*ci[1]), "%")
}

// points is an interval of points a hand as the tables show it.
func points(ci [2]float64) string {
	return interval(signed(ci[0]), signed(ci[1]), "")
}

// interval is lo–hi and the unit; ends that read the same (one match,
// or no case of what is measured) say nothing: "too few" rather than
// 154.2–154.2.
func interval(lo, hi, unit string) string {
	if lo == hi {
		return "too few"
	}
	return lo + "–" + hi + unit
}

// signed is points a hand with their sign, three decimals; a figure that
// rounds to zero reads +0.000, not -0.000 (the gösterme of bots that all
// show sums to zero within a rounding error of either sign).
func signed(x float64) string {
	if math.Abs(x) < 0.0005 {
		x = 0
	}
	return fmt.Sprintf("%+.3f", x)
}

// table writes rows through a right-aligned tabwriter and flushes it.
func (p *printer) table(rows func(tp *printer)) {
	if p.err != nil {
		return
	}
	tw := tabwriter.NewWriter(p.w, 0, 0, 2, ' ', tabwriter.AlignRight)
	tp := &printer{w: tw}
	rows(tp)
	if tp.err == nil {
		tp.err = tw.Flush()
	}
	p.err = tp.err
}

// Progress draws a progress bar on one terminal line, redrawn at most ten
// times a second.
type Progress struct {
	w     io.Writer
	what  string
	total int
	bar   progress.Model
	last  time.Time
	start time.Time
}

// NewProgress starts a bar of total steps on w, a terminal; what names
// the steps (hands, matches).
func NewProgress(w io.Writer, total int, what string) *Progress {
	return &Progress{w: w, what: what, total: total, bar: progress.New(progress.WithDefaultBlend(), progress.WithWidth(40)), start: time.Now()}
}

// Update redraws the bar after done steps; an arena's progress callback
// (called one at a time).
func (p *Progress) Update(done int) {
	now := time.Now()
	if done < p.total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	fmt.Fprintf(p.w, "\r%s %d/%d %s, %.0f/s\x1b[K", p.bar.ViewAs(float64(done)/float64(p.total)), done, p.total, p.what, rate)
}

// Clear removes the bar before the results are printed.
func (p *Progress) Clear() { fmt.Fprint(p.w, "\r\x1b[K") }
