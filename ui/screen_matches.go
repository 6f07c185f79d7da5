package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/cli"
	"okey/ui/pages"
)

// The saved matches (w on the score history): the match on the table
// and the finished ones of the state directory, newest first, to open
// the review of any of them. The list and a chosen record are read in
// tea.Cmds (ui/store), never in Update; the page is ui/pages'.

// maxSaved is how many saved matches the page lists: the newest.
const maxSaved = 100

// savedMatch is a line of the list (pages.SavedMatch).
type savedMatch = pages.SavedMatch

// matchesState is the page on show, and the screen it returns to.
type matchesState struct {
	pages.Matches
	back screen
}

// matchesMsg brings the list read.
type matchesMsg struct {
	list []savedMatch
	err  error
}

// savedRecordMsg brings the record of the match chosen.
type savedRecordMsg struct {
	m   savedMatch
	rec []byte
	err error
}

// openMatches shows the saved matches and reads their list.
func (m *Model) openMatches() tea.Cmd {
	if m.files == nil {
		m.setFlash(true, m.tr.T("review.unavailable"))
		return nil
	}
	m.ml = &matchesState{back: m.screen}
	m.screen = scrMatches
	files := m.files
	return func() tea.Msg {
		paths, err := files.FinishedMatches(maxSaved)
		if err != nil {
			return matchesMsg{err: err}
		}
		list := make([]savedMatch, 0, len(paths))
		for _, p := range paths {
			s := savedMatch{Path: p, Game: "val.classic"}
			s.When, s.Why = pages.SavedName(p)
			if b, err := files.ReadFinished(p); err == nil && cli.Is101(b) {
				s.Game = "val.okey101"
			}
			list = append(list, s)
		}
		return matchesMsg{list: list}
	}
}

// savedEntries are the page's lines to choose from: the match on the
// table first (when it has a record here and no hand is being played:
// a review in the middle of a hand would coach the hand), then the
// saved ones.
func (m *Model) savedEntries() []savedMatch {
	var out []savedMatch
	if m.seat == nil && len(m.rec) > 0 && !m.playing() {
		out = append(out, savedMatch{Game: m.table().name()})
	}
	if m.ml != nil {
		out = append(out, m.ml.List...)
	}
	return out
}

func (m *Model) onMatchesMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case matchesMsg:
		if m.ml != nil {
			m.ml.Loaded, m.ml.List, m.ml.Err = true, msg.list, msg.err
		}
	case savedRecordMsg:
		if m.screen != scrMatches {
			return nil // the page was left meanwhile
		}
		if msg.err != nil {
			m.setFlash(true, m.tr.T("review.failed", msg.err.Error()))
			return nil
		}
		return m.openReview(msg.rec, 0, 0, m.tr.T("review.title.saved", msg.m.When))
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
		files := m.files
		return func() tea.Msg {
			b, err := files.ReadFinished(s.Path)
			return savedRecordMsg{m: s, rec: b, err: err}
		}
	}
	return nil
}

// renderMatches draws the saved matches' page.
func (m *Model) renderMatches() string {
	if m.ml == nil {
		return m.renderPage(nil, m.keyBar([]key.Binding{m.keys.Matches.Close, m.keys.Matches.Quit}))
	}
	return m.renderComponent(m.ml.Page(m.common(), m.savedEntries(), m.MatchOver()))
}
