package ui

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"okey/bots/coach"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/cli"
	"okey/ui/pages"
)

// The review (w after a hand, after the match, and on the saved
// matches): the coach's verdict on each of the player's decisions
// (bots/coach, as okey review gives it), computed in the background
// while the page shows how far it got, then a decision at a time: the
// rack as it was with the move played and the best move marked, the
// expected loss with its 95% interval, the label and the reason.
//
// The coach reads the match's record and judges every decision from
// the reviewed seat's view alone (the worlds it plays out are sampled
// from what that seat could see), so the review never learns another
// seat's tiles.

// ReviewOptions tune the in-game review; the zero value is the coach's
// defaults (as okey review with no flags).
type ReviewOptions struct {
	// Samples is the most worlds a decision is played over (0: the
	// coach's default), MinSamples the first round (0: the coach's);
	// tests ask for few.
	Samples, MinSamples int
	// Seed picks the worlds (0: 1, okey review's default, so the screen
	// and the command agree).
	Seed uint64
	// Workers play the worlds (0: one a CPU).
	Workers int
}

// reviewState is a review on show: being computed, or done. The page
// (ui/pages) draws what it holds; the work is here.
type reviewState struct {
	pages.Review
	id     uint64
	back   screen          // where esc goes
	ctx    context.Context // the work's, cancelled when the page closes
	cancel context.CancelFunc
	wait   tea.Cmd // waits for the next word from the review's goroutine
}

// reviewProgressMsg says how many decisions the review has judged.
type reviewProgressMsg struct {
	id          uint64
	done, total int
}

// reviewDoneMsg brings a finished review (or its error).
type reviewDoneMsg struct {
	id    uint64
	res   cli.Review
	okeys []tile.Tile
	melds [][][]tile.Tile
	err   error
}

// reviewCurrent opens the review of the match on the table, of one
// hand (hand > 0) or all of it, for the player's seat (0); a table this
// program does not hold (a served seat) has no record here.
func (m *Model) reviewCurrent(hand int) tea.Cmd {
	if m.seat != nil || len(m.rec) == 0 {
		m.setFlash(true, m.tr.T("review.unavailable"))
		return nil
	}
	title := m.tr.T("review.title.match")
	if hand > 0 {
		title = m.tr.T("review.title.hand", hand)
	}
	return m.openReview(m.rec, 0, hand, title)
}

// openReview shows the review page and starts judging seat's decisions
// of the record rec (hand 0: all of them) in the background. rec is not
// changed after (the match's record only grows by appending a new
// slice), so the goroutine may read it.
func (m *Model) openReview(rec []byte, seat, hand int, title string) tea.Cmd {
	m.closeReview()
	m.reviewID++
	ctx, cancel := context.WithCancel(m.ctx)
	rv := &reviewState{Review: pages.Review{Title: title}, id: m.reviewID, back: m.screen, ctx: ctx, cancel: cancel}
	m.rv = rv
	m.overlay = ovNone
	m.screen = scrReview

	// The goroutine says how far it got through prog (capacity one, the
	// latest wins: the page needs no count it has passed) and hands its
	// result over through done.
	prog := make(chan [2]int, 1)
	done := make(chan reviewDoneMsg, 1)
	o := coach.Options{Samples: m.opt.Review.Samples, MinSamples: m.opt.Review.MinSamples, Seed: m.opt.Review.Seed, Workers: m.opt.Review.Workers}
	if o.Seed == 0 {
		o.Seed = 1
	}
	total := -1 // the decisions to judge, once the coach has counted them
	o.Progress = func(d, t int) {
		total = t
		select {
		case <-prog:
		default:
		}
		prog <- [2]int{d, t}
	}
	id := rv.id
	rv.wait = func() tea.Msg {
		select {
		case p := <-prog:
			return reviewProgressMsg{id: id, done: p[0], total: p[1]}
		case r := <-done:
			return r
		case <-ctx.Done():
			return nil
		}
	}
	start := func() tea.Msg {
		go func() {
			r, err := cli.ReviewRecord(ctx, rec, seat, hand, o)
			if total == 0 {
				// No decision of the seat in the hand (a bot finished
				// before its turn came): nothing to review, which the
				// page says, rather than the coach's error.
				err = nil
			}
			msg := reviewDoneMsg{id: id, res: r, err: err}
			if err == nil {
				msg.okeys, msg.melds = handsOf(rec, seat, hand, r.Decisions)
			}
			done <- msg
		}()
		return rv.wait()
	}
	return start
}

// handsOf is the okey of each decision's hand, as the seat saw it (the
// indicator is face up): the rack is drawn with its okeys marked; and
// in 101 the tiles of each meld on the table then, in the coach's
// order, so that a move onto one names it by its tiles.
func handsOf(rec []byte, seat, hand int, ds []coach.Decision) ([]tile.Tile, [][][]tile.Tile) {
	byIndex := map[int]tile.Tile{}
	meldsAt := map[int][][]tile.Tile{}
	if cli.Is101(rec) {
		if r, err := okey101.ParseRecord(rec); err == nil {
			if ps, err := coach.Points101(r, seat, hand); err == nil {
				for _, p := range ps {
					v := p.State.View(seat)
					byIndex[p.Index] = v.Okey
					for _, tm := range v.Table {
						meldsAt[p.Index] = append(meldsAt[p.Index], slices.Clone(tm.Meld.Tiles))
					}
				}
			}
		}
	} else if r, err := game.ParseRecord(rec); err == nil {
		if ps, err := coach.ClassicPoints(r, seat, hand); err == nil {
			for _, p := range ps {
				byIndex[p.Index] = p.State.View(seat).Okey
			}
		}
	}
	out := make([]tile.Tile, len(ds))
	melds := make([][][]tile.Tile, len(ds))
	for i, d := range ds {
		out[i] = tile.NoTile
		if o, ok := byIndex[d.Index]; ok {
			out[i] = o
		}
		melds[i] = meldsAt[d.Index]
	}
	return out, melds
}

// closeReview stops a review being computed and forgets it.
func (m *Model) closeReview() {
	if m.rv != nil {
		m.rv.cancel()
		m.rv = nil
	}
}

// onReviewMsg takes in the review's progress and its end; a word from a
// review closed since is dropped.
func (m *Model) onReviewMsg(msg tea.Msg) tea.Cmd {
	rv := m.rv
	switch msg := msg.(type) {
	case reviewProgressMsg:
		if rv == nil || msg.id != rv.id {
			return nil
		}
		rv.Done, rv.Total = msg.done, msg.total
		return rv.wait
	case reviewDoneMsg:
		if rv == nil || msg.id != rv.id {
			return nil
		}
		rv.Finish(msg.res, msg.okeys, msg.melds, msg.err)
	}
	return nil
}

// updateReview: the page's keys (pages.ReviewPage); esc goes back,
// stopping a review being computed.
func (m *Model) updateReview(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	rv := m.rv
	if rv == nil {
		m.screen = scrHandOver
		return nil
	}
	switch rv.Page(m.common()).Update(k) {
	case pages.Quit:
		m.closeReview()
		return m.quit()
	case pages.Close:
		m.screen = rv.back
		m.closeReview()
	case pages.Unknown:
		m.setFlash(false, m.tr.T("review.nomistake"))
	}
	return nil
}

// renderReview draws the review on show.
func (m *Model) renderReview() string {
	if m.rv == nil {
		return m.renderPage(nil, m.keyBar(m.keys.Review.ShortHelp()))
	}
	return m.renderComponent(m.rv.Page(m.common()))
}
