package ui

import (
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
	"okey/ui/cli"
)

// The saved matches (w on the score history): the match on the table
// and the finished ones of the state directory, newest first, to open
// the review of any of them. The list and a chosen record are read in
// tea.Cmds (ui/store), never in Update.

// maxSaved is how many saved matches the page lists: the newest.
const maxSaved = 100

// savedMatch is a line of the list: a finished match's record, or the
// match on the table (path "").
type savedMatch struct {
	path string
	when string // the date it was filed, "2025-03-01 12:00"
	why  string // finished, abandoned…
	game string // val.classic or val.okey101
}

// matchesState is the page on show.
type matchesState struct {
	back   screen
	loaded bool
	list   []savedMatch
	err    error
	at     int
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
			s := savedMatch{path: p, game: "val.classic"}
			s.when, s.why = savedName(p)
			if b, err := files.ReadFinished(p); err == nil && cli.Is101(b) {
				s.game = "val.okey101"
			}
			list = append(list, s)
		}
		return matchesMsg{list: list}
	}
}

// savedName reads the date and the reason out of a finished match's
// file name (20250301-120000-finished.okey).
func savedName(path string) (when, why string) {
	name := strings.TrimSuffix(filepath.Base(path), ".okey")
	if len(name) < 15 {
		return name, ""
	}
	t, err := time.Parse("20060102-150405", name[:15])
	if err != nil {
		return name, ""
	}
	why = strings.TrimPrefix(name[15:], "-")
	if i := strings.IndexByte(why, '-'); i >= 0 { // a second match of the same second: -2
		why = why[:i]
	}
	return t.Format("2006-01-02 15:04"), why
}

// savedEntries are the page's lines to choose from: the match on the
// table first (when it has a record here and no hand is being played:
// a review in the middle of a hand would coach the hand), then the
// saved ones.
func (m *Model) savedEntries() []savedMatch {
	var out []savedMatch
	if m.seat == nil && len(m.rec) > 0 && !m.playing() {
		out = append(out, savedMatch{game: m.table().name()})
	}
	if m.ml != nil {
		out = append(out, m.ml.list...)
	}
	return out
}

func (m *Model) onMatchesMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case matchesMsg:
		if m.ml != nil {
			m.ml.loaded, m.ml.list, m.ml.err = true, msg.list, msg.err
		}
	case savedRecordMsg:
		if m.screen != scrMatches {
			return nil // the page was left meanwhile
		}
		if msg.err != nil {
			m.setFlash(true, m.tr.T("review.failed", msg.err.Error()))
			return nil
		}
		return m.openReview(msg.rec, 0, 0, m.tr.T("review.title.saved", msg.m.when))
	}
	return nil
}

// updateMatches: ↑↓ choose, enter (or w) opens the review of the one
// chosen, esc goes back to the score history.
func (m *Model) updateMatches(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.Matches
	ml := m.ml
	list := m.savedEntries()
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Close):
		m.screen = scrScores
		if ml != nil {
			m.screen = ml.back
		}
		m.ml = nil
		return nil
	case ml == nil || len(list) == 0:
		return nil
	case key.Matches(k, keys.Up):
		ml.at = max(ml.at-1, 0)
	case key.Matches(k, keys.Down):
		ml.at = min(ml.at+1, len(list)-1)
	case key.Matches(k, keys.Open):
		s := list[min(ml.at, len(list)-1)]
		if s.path == "" {
			return m.reviewCurrent(0)
		}
		files := m.files
		return func() tea.Msg {
			b, err := files.ReadFinished(s.path)
			return savedRecordMsg{m: s, rec: b, err: err}
		}
	}
	return nil
}

// renderMatches draws the list, the one chosen marked with > (and in
// bold), scrolled to keep it in sight.
func (m *Model) renderMatches() string {
	w := m.pageW()
	lines := []string{m.st.Title.Render(canvas.Cut(m.tr.T("matches.title"), w)), ""}
	k := m.keys.Matches
	bar := m.keyBar([]key.Binding{k.Close, k.Quit})
	ml := m.ml
	list := m.savedEntries()
	switch {
	case ml != nil && ml.err != nil:
		for _, s := range canvas.Wrap(m.tr.T("matches.failed", ml.err.Error()), w) {
			lines = append(lines, m.st.Warn.Render(s))
		}
	case ml != nil && !ml.loaded && len(list) == 0:
		lines = append(lines, m.st.Dim.Render(m.tr.T("matches.loading")))
	case len(list) == 0:
		lines = append(lines, m.st.Dim.Render(m.tr.T("matches.none")))
	}
	if len(list) > 0 && ml != nil {
		bar = m.keyBar([]key.Binding{k.Choose, k.Open, k.Close, k.Quit})
		room := max(m.lay.Page.H-len(lines)-4, 1) // the note below takes up to three
		first := max(0, min(ml.at-room/2, len(list)-room))
		for i := first; i < len(list) && i < first+room; i++ {
			s := list[i]
			text := ""
			if s.path == "" {
				state := m.tr.T("matches.current.between")
				if m.MatchOver() {
					state = m.tr.T("matches.current.over")
				}
				text = m.tr.T(s.game) + "  " + m.tr.T("matches.current", state)
			} else {
				why := s.why
				if m.tr.Has("matches.why." + why) {
					why = m.tr.T("matches.why." + why)
				}
				text = m.tr.T("matches.entry", s.when, m.tr.T(s.game), why)
			}
			if i == ml.at {
				lines = append(lines, m.st.Bold.Render(canvas.Cut("> "+text, w)))
			} else {
				lines = append(lines, m.st.Text.Render(canvas.Cut("  "+text, w)))
			}
		}
		lines = append(lines, "")
		for _, l := range canvas.Wrap(m.tr.T("matches.note"), w) {
			lines = append(lines, m.st.Dim.Render(l))
		}
	}
	return m.renderPage(lines, bar)
}
