package review

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"okey/bots/coach"
	"okey/game/tile"
	"okey/ui/cli"
	"okey/ui/pages"
)

// Work is a review on show: being worked out, or done. The page
// (pages.Review, embedded) draws what it holds; the goroutine's words
// come back as messages carrying ID, so that a word from a review
// closed since is told apart and dropped.
type Work struct {
	pages.Review
	ID     uint64
	ctx    context.Context // the work's, cancelled by Close
	cancel context.CancelFunc
	wait   tea.Cmd // waits for the next word from the goroutine
}

// ProgressMsg says how many decisions the review with ID has judged,
// or, once Reading, at how many it has read the other racks (ReadsOf:
// after the judging, in 101 a part of the wait), and brings the
// decisions judged since the last word, so the page shows each while
// the rest are judged: each with its hand's okey and table, as DoneMsg.
type ProgressMsg struct {
	ID          uint64
	Done, Total int
	Reading     bool
	Decisions   []coach.Decision
	Okeys       []tile.Tile
	Melds       [][][]tile.Tile
}

// DoneMsg brings the finished review with ID, or its error: the
// verdicts, and each decision's okey and table as the seat saw them.
type DoneMsg struct {
	ID    uint64
	Res   cli.Review
	Okeys []tile.Tile
	Melds [][][]tile.Tile
	// Reads are, at each decision of a hand that is over (either
	// game), what the belief read of each other rack beside what it
	// held (ReadsOf); nil elsewhere.
	Reads [][]pages.RackRead
	Err   error
}

// Start makes the review numbered id of seat's decisions in the record
// rec (hand 0: all of them), titled title, and the command that starts
// judging them in the background; closing parent or the Work stops
// the work. rec must not change after (a match's record only grows by
// appending to a new slice), since the goroutine reads it.
func Start(parent context.Context, id uint64, title string, rec []byte, seat, hand int, opt Options) (*Work, tea.Cmd) {
	return start(parent, id, title, opt, func(ctx context.Context, o coach.Options, total *int, reading func(d, t int), judged func(judgedOne)) DoneMsg {
		at := handsAt(rec, seat, hand)
		o.Judged = func(d coach.Decision) {
			okey, melds := at(d.Index)
			judged(judgedOne{d, okey, melds})
		}
		r, err := cli.ReviewRecord(ctx, rec, seat, hand, o)
		if *total == 0 {
			// No decision of the seat in the hand (a bot finished
			// before its turn came): nothing to review, which the
			// page says, rather than the coach's error.
			err = nil
		}
		msg := DoneMsg{ID: id, Res: r, Err: err}
		if err == nil {
			msg.Okeys, msg.Melds = handsOf(rec, seat, hand, r.Decisions)
			msg.Reads = ReadsOf(ctx, rec, seat, hand, r.Decisions, withProgress(opt, reading))
		}
		return msg
	})
}

// StartSet is Start over several records as one review: a daily's
// hands, each a record of its own. The decisions of recs[k] are told as
// hand first+k's, whatever their hand in their record, and the summary
// totals them all, with a line a hand; a record in which the seat had
// no decision adds none. The records must not change after.
func StartSet(parent context.Context, id uint64, title string, recs [][]byte, first, seat int, opt Options) (*Work, tea.Cmd) {
	return start(parent, id, title, opt, func(ctx context.Context, o coach.Options, total *int, reading func(d, t int), judged func(judgedOne)) DoneMsg {
		counts := make([]int, len(recs))
		for k, rec := range recs {
			n, err := cli.DecisionsIn(rec, seat, 0)
			if err != nil {
				return DoneMsg{ID: id, Err: fmt.Errorf("hand %d: %w", first+k, err)}
			}
			counts[k] = n
		}
		all := 0
		for _, n := range counts {
			all += n
		}
		report := o.Progress
		report(0, all)
		var msg DoneMsg
		done := 0
		// The racks are read once every record is judged, so that the
		// page says one count of each.
		type toRead struct {
			rec []byte
			ds  []coach.Decision
		}
		var reads []toRead
		for k, rec := range recs {
			if counts[k] == 0 {
				continue
			}
			ok := o
			ok.Progress = func(d, _ int) { report(done+d, all) }
			at := handsAt(rec, seat, 0)
			ok.Judged = func(d coach.Decision) {
				okey, melds := at(d.Index)
				d.Hand = first + k
				judged(judgedOne{d, okey, melds})
			}
			r, err := cli.ReviewRecord(ctx, rec, seat, 0, ok)
			if err != nil {
				return DoneMsg{ID: id, Err: fmt.Errorf("hand %d: %w", first+k, err)}
			}
			okeys, melds := handsOf(rec, seat, 0, r.Decisions)
			reads = append(reads, toRead{rec, slices.Clone(r.Decisions)})
			for i := range r.Decisions {
				r.Decisions[i].Hand = first + k
			}
			msg.Res.Game, msg.Res.Thresholds = r.Game, r.Thresholds
			msg.Res.Decisions = append(msg.Res.Decisions, r.Decisions...)
			msg.Okeys, msg.Melds = append(msg.Okeys, okeys...), append(msg.Melds, melds...)
			done += counts[k]
		}
		read := 0
		for _, j := range reads {
			ro := withProgress(opt, func(d, _ int) { reading(read+d, all) })
			msg.Reads = append(msg.Reads, ReadsOf(ctx, j.rec, seat, 0, j.ds, ro)...)
			read += len(j.ds)
		}
		msg.ID = id
		msg.Res.Summary = cli.Summarise(msg.Res.Game, seat, msg.Res.Decisions, msg.Res.Thresholds)
		return msg
	})
}

// judgedOne is a decision judged, with its hand's okey and table.
type judgedOne struct {
	d     coach.Decision
	okey  tile.Tile
	melds [][]tile.Tile
}

// start makes a review whose judging is judge, run in a goroutine with
// the coach's options (their Progress set to report here); judge reads
// *total, the count of decisions once the coach has said it, hands
// each decision to judged as soon as it is judged (before the coach's
// Progress counts it), and says how far its reading of the racks got
// through reading.
func start(parent context.Context, id uint64, title string, opt Options, judge func(ctx context.Context, o coach.Options, total *int, reading func(d, t int), judged func(judgedOne)) DoneMsg) (*Work, tea.Cmd) {
	ctx, cancel := context.WithCancel(parent)
	w := &Work{Review: pages.Review{Title: title}, ID: id, ctx: ctx, cancel: cancel}

	// The judge's words (a count, with the decisions judged since the
	// last) go through words, each waiting for the page to take it, so
	// the page has a decision on show before the judge is two further
	// on, and none is lost. The readers of the racks, several at once,
	// say how far they got through prog (capacity one, the latest wins:
	// the page needs no count it has passed). The result comes through
	// done.
	words := make(chan ProgressMsg)
	prog := make(chan ProgressMsg, 1)
	done := make(chan DoneMsg, 1)
	o := coach.Options{Samples: opt.Samples, MinSamples: opt.MinSamples, Seed: opt.Seed, Workers: opt.Workers}
	if o.Seed == 0 {
		o.Seed = 1
	}
	total := -1 // the decisions to judge, once the coach has counted them
	// say never blocks: the readers' goroutines may say at once, and a
	// review closed takes no more words.
	say := func(p ProgressMsg) {
		for {
			select {
			case prog <- p:
				return
			default:
			}
			select {
			case <-prog:
			default:
			}
		}
	}
	// The decisions judged since the last count go with the next one
	// (the coach hands a decision over, then counts it): one word each.
	var fresh ProgressMsg
	judged := func(j judgedOne) {
		fresh.Decisions = append(fresh.Decisions, j.d)
		fresh.Okeys = append(fresh.Okeys, j.okey)
		fresh.Melds = append(fresh.Melds, j.melds)
	}
	o.Progress = func(d, t int) {
		total = t
		p := fresh
		fresh = ProgressMsg{}
		p.ID, p.Done, p.Total = id, d, t
		select {
		case words <- p:
		case <-ctx.Done():
		}
	}
	reading := func(d, t int) { say(ProgressMsg{ID: id, Done: d, Total: t, Reading: true}) }
	w.wait = func() tea.Msg {
		select {
		case p := <-words:
			return p
		case p := <-prog:
			return p
		case r := <-done:
			return r
		case <-ctx.Done():
			return nil
		}
	}
	begin := func() tea.Msg {
		go func() { done <- judge(ctx, o, &total, reading, judged) }()
		return w.wait()
	}
	return w, begin
}

// Close stops the work, if it is still going; a nil Work is closed.
func (w *Work) Close() {
	if w != nil {
		w.cancel()
	}
}

// Stopped is closed once the work is stopped (Close, or its parent
// context done).
func (w *Work) Stopped() <-chan struct{} { return w.ctx.Done() }

// Take takes in the review's progress and its end, and returns the
// command that waits for its next word; a word for another review (one
// closed since), or to a nil Work, is dropped.
func (w *Work) Take(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case ProgressMsg:
		if w == nil || msg.ID != w.ID {
			return nil
		}
		w.Done, w.Total, w.Reading = msg.Done, msg.Total, msg.Reading
		w.Add(msg.Decisions, msg.Okeys, msg.Melds)
		return w.wait
	case DoneMsg:
		if w == nil || msg.ID != w.ID {
			return nil
		}
		w.Reads = msg.Reads
		w.Finish(msg.Res, msg.Okeys, msg.Melds, msg.Err)
	}
	return nil
}
