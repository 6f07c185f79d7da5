package pages

import (
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
)

// The saved matches (w on the score history): the match on the table
// and the finished ones of the state directory, newest first, to open
// the review of any of them. The host reads the list and a chosen
// record (in tea.Cmds); the page shows them and moves the cursor.

// SavedMatch is a line of the list: a finished match's record, or the
// match on the table (Path "").
type SavedMatch struct {
	Path string
	When string // the date it was filed, "2025-03-01 12:00"
	Why  string // finished, abandoned…
	Game string // val.classic or val.okey101
}

// SavedName reads the date and the reason out of a finished match's
// file name (20250301-120000-finished.okey).
func SavedName(path string) (when, why string) {
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

// Matches is the saved matches' page on show: the list once read (or
// why it could not be), and the line chosen.
type Matches struct {
	Loaded bool
	List   []SavedMatch
	Err    error
	At     int
}

// Page is the list drawn and driven with c: entries are the lines to
// choose from (the match on the table first, when it may be reviewed,
// then List), over whether that match has ended.
func (s *Matches) Page(c *Common, entries []SavedMatch, over bool) MatchesPage {
	return MatchesPage{c: c, s: s, entries: entries, over: over}
}

// MatchesPage is the saved matches as a page.
type MatchesPage struct {
	c       *Common
	s       *Matches
	entries []SavedMatch
	over    bool
}

// Chosen is the line under the cursor; ok is false for an empty list.
func (p MatchesPage) Chosen() (m SavedMatch, ok bool) {
	if len(p.entries) == 0 {
		return SavedMatch{}, false
	}
	return p.entries[min(p.s.At, len(p.entries)-1)], true
}

// Update: ↑↓ choose, enter (or w) opens the review of the one chosen
// (Open, Chosen tells which), esc closes, q quits.
func (p MatchesPage) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.Matches
	n := len(p.entries)
	switch {
	case key.Matches(k, keys.Quit):
		return Quit
	case key.Matches(k, keys.Close):
		return Close
	case n == 0:
		return None
	case key.Matches(k, keys.Up):
		p.s.At = max(p.s.At-1, 0)
	case key.Matches(k, keys.Down):
		p.s.At = min(p.s.At+1, n-1)
	case key.Matches(k, keys.Open):
		return Open
	}
	return None
}

// ShortHelp: choosing and opening when there is a line to choose.
func (p MatchesPage) ShortHelp() []key.Binding {
	k := p.c.Keys.Matches
	if len(p.entries) == 0 {
		return []key.Binding{k.Close, k.Quit}
	}
	return []key.Binding{k.Choose, k.Open, k.Close, k.Quit}
}

// Lines are the list, the one chosen marked with > (and in bold),
// scrolled to keep it in sight; or why there is none.
func (p MatchesPage) Lines() []string {
	st, tr, s := p.c.St, p.c.Tr, p.s
	w := p.c.TextW()
	var lines []string
	for _, l := range canvas.Wrap(tr.T("matches.title"), w) {
		lines = append(lines, st.Title.Render(l))
	}
	lines = append(lines, "")
	switch {
	case s.Err != nil:
		for _, l := range canvas.Wrap(tr.T("matches.failed", s.Err.Error()), w) {
			lines = append(lines, st.Warn.Render(l))
		}
	case !s.Loaded && len(p.entries) == 0:
		lines = append(lines, st.Dim.Render(tr.T("matches.loading")))
	case len(p.entries) == 0:
		lines = append(lines, st.Dim.Render(tr.T("matches.none")))
	}
	if len(p.entries) == 0 {
		return lines
	}
	texts := make([]string, len(p.entries))
	per := 1 // lines an entry takes: two where one is too narrow (standing up)
	for i, e := range p.entries {
		if e.Path == "" {
			state := tr.T("matches.current.between")
			if p.over {
				state = tr.T("matches.current.over")
			}
			texts[i] = tr.T(e.Game) + "  " + tr.T("matches.current", state)
		} else {
			why := e.Why
			if tr.Has("matches.why." + why) {
				why = tr.T("matches.why." + why)
			}
			texts[i] = tr.T("matches.entry", e.When, tr.T(e.Game), why)
		}
		if canvas.Width(texts[i]) > w-2 {
			per = 2
		}
	}
	room := max((p.c.Lay.Page.H-len(lines)-4)/per, 1) // the note below takes up to three
	first := max(0, min(s.At-room/2, len(p.entries)-room))
	for i := first; i < len(p.entries) && i < first+room; i++ {
		mark, lst := "  ", st.Text
		if i == s.At {
			mark, lst = "> ", st.Bold
		}
		text := []string{canvas.Cut(texts[i], w-2)}
		if per > 1 {
			if text = canvas.Wrap(texts[i], w-4); len(text) > per {
				text = append(text[:per-1], canvas.Cut(strings.Join(text[per-1:], " "), w-4))
			}
		}
		for k, l := range text {
			if k > 0 {
				mark = "    "
			}
			lines = append(lines, lst.Render(mark+l))
		}
	}
	lines = append(lines, "")
	for _, l := range canvas.Wrap(tr.T("matches.note"), w) {
		lines = append(lines, st.Dim.Render(l))
	}
	return lines
}
