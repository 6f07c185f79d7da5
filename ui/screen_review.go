package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/pages"
	"okey/ui/review"
)

// The review (w after a hand, after the match, and on the saved
// matches) hosted: the coach's verdict on each of the player's
// decisions, a decision at a time. The work is ui/review's, the page
// ui/pages'; here the Model opens and closes it and acts on its keys.

// ReviewOptions tune the in-game review (review.Options); the zero
// value is okey review's defaults.
type ReviewOptions = review.Options

// reviewState is the review on show and the screen esc goes back to.
type reviewState struct {
	*review.Work
	back screen
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
// of the record rec (hand 0: all of them) in the background.
func (m *Model) openReview(rec []byte, seat, hand int, title string) tea.Cmd {
	m.closeReview()
	m.reviewID++
	w, start := review.Start(m.ctx, m.reviewID, title, rec, seat, hand, m.opt.Review)
	m.rv = &reviewState{Work: w, back: m.screen}
	m.overlay = ovNone
	m.screen = scrReview
	return start
}

// closeReview stops a review being computed and forgets it.
func (m *Model) closeReview() {
	if m.rv != nil {
		m.rv.Close()
		m.rv = nil
	}
}

// onReviewMsg takes in the review's progress and its end; a word from a
// review closed since is dropped.
func (m *Model) onReviewMsg(msg tea.Msg) tea.Cmd {
	if m.rv == nil {
		return nil
	}
	return m.rv.Take(msg)
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
