package ui

import (
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
	m.closeReview()
	m.reviewID++
	return m.showReview(review.Start(m.ctx, m.reviewID, title, rec, seat, hand, m.opt.Review))
}

// openReviewSet opens the review of several records as one (a daily's
// hands, the first numbered first), as openReview does one.
func (m *Model) openReviewSet(recs [][]byte, first int, title string) tea.Cmd {
	m.closeReview()
	m.reviewID++
	return m.showReview(review.StartSet(m.ctx, m.reviewID, title, recs, first, 0, m.opt.Review))
}

// showReview puts the review w on show, the page it is opened from its
// way back, and returns start, the command that begins its work.
func (m *Model) showReview(w *review.Work, start tea.Cmd) tea.Cmd {
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

// The saved matches (w on the score history) hosted: the match on the
// table and the finished ones of the state directory, newest first, to
// open the review of any of them. Reading them is ui/review's, the page
// ui/pages'.

// openMatches shows the saved matches and reads their list.
func (m *Model) openMatches() tea.Cmd {
	if m.files == nil {
		m.setFlash(true, m.tr.T("review.unavailable"))
		return nil
	}
	m.ml = &matchesState{back: m.screen}
	m.screen = scrMatches
	return review.ReadList(m.files)
}

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

func (m *Model) onMatchesMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case review.ListMsg:
		if m.ml != nil {
			m.ml.Loaded, m.ml.List, m.ml.Err = true, msg.List, msg.Err
		}
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
	return nil
}

// updateMatches: the page's keys (pages.MatchesPage); enter opens the
// review of the one chosen, reading its record in a tea.Cmd; esc goes
// back to the score history.
func (m *Model) updateMatches(k tea.KeyPressMsg) tea.Cmd {
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
