package ui

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/pages"
	"okey/ui/review"
)

// The review (w after a hand, after the match, and on the saved
// matches) hosted: the coach's verdict on each of the player's
// decisions, a decision at a time, of the match on the table or of one
// chosen among the saved matches. The work and the reading are
// ui/review's, the pages ui/pages'; here the Model opens and closes
// them and acts on their keys.

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
	return m.showReview(func(ctx context.Context, id uint64) (*review.Work, tea.Cmd) {
		return review.Start(ctx, id, title, rec, seat, hand, m.opt.Review)
	})
}

// showReview puts a review on show in place of the one before (closed),
// the page it is opened from its way back: start builds its work under
// ctx as the review id (review.Start, or StartSet for several records
// as one) and the command that begins it, which showReview returns.
func (m *Model) showReview(start func(ctx context.Context, id uint64) (*review.Work, tea.Cmd)) tea.Cmd {
	m.closeReview()
	m.reviewID++
	w, cmd := start(m.ctx, m.reviewID)
	m.rv = &reviewState{Work: w, back: m.screen}
	m.overlay = ovNone
	m.screen = scrReview
	return cmd
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

// The saved matches (w on the score history) hosted: the match on the
// table and the finished ones of the state directory, newest first, to
// open the review of any of them. Reading them is ui/review's, the page
// ui/pages'.

// savedEntries are the page's lines to choose from: the match on the
// table first (when it has a record here and no hand is being played:
// a review in the middle of a hand would coach the hand), then the
// saved ones.
func (m *Model) savedEntries() []pages.SavedMatch {
	var out []pages.SavedMatch
	if m.seat == nil && len(m.rec) > 0 && !m.playing() {
		out = append(out, pages.SavedMatch{Game: m.table().About().Name})
	}
	if m.ml != nil {
		out = append(out, m.ml.List...)
	}
	return out
}

// onMatches hands the saved matches' page what came for it: a key
// (pages.MatchesPage: enter opens the review of the one chosen, reading
// its record in a tea.Cmd; esc goes back to the score history), the
// list read, or the record chosen read (its review opened while the
// page is on show).
func (m *Model) onMatches(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case review.ListMsg:
		if m.ml != nil {
			m.ml.Loaded, m.ml.List, m.ml.Err = true, msg.List, msg.Err
		}
		return nil
	case review.RecordMsg:
		if m.screen != scrMatches {
			return nil // the page was left meanwhile
		}
		if msg.Err != nil {
			m.setFlash(true, m.tr.T("review.failed", msg.Err.Error()))
			return nil
		}
		return m.openReview(msg.Rec, 0, 0, m.tr.T("review.title.saved", msg.Match.When))
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	m.flash = ""
	ml := m.ml
	if ml == nil {
		if key.Matches(k, m.keys.Matches.Quit) {
			return m.quit()
		}
		if key.Matches(k, m.keys.Matches.Close) {
			m.screen = scrScores
		}
		return nil
	}
	p := ml.Page(m.common(), m.savedEntries(), m.MatchOver())
	switch p.Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Close:
		m.screen = ml.back
		m.ml = nil
	case pages.Open:
		s, _ := p.Chosen()
		if s.Path == "" {
			return m.reviewCurrent(0)
		}
		return review.ReadRecord(m.files, s)
	}
	return nil
}
