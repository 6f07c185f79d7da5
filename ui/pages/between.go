package pages

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/ui/canvas"
)

// The pages between hands that both games show alike, fed plain values
// by each game's small function in the host: the match found saved
// (Resume), the final table (Final). What a game's page says is the
// game's; how it is laid out and what its keys ask is written here once.

// The columns of the tables of the pages between hands.
const (
	// NameLevelW is a seat's name with its bot's level ("Ayşe (normal)").
	NameLevelW = safetext.MaxNameLen + 12
	// PointsColW is the final table's points.
	PointsColW = 6
)

// Resume offers to go on with the match found saved, or to start a new
// one; its keys are the same in both games.
type Resume struct {
	c *Common
	// Body is what is saved, in words; Rows are each seat's name with
	// its level and its score; Next says which game a new match will be.
	body, next string
	rows       [][2]string
}

// NewResume is the resume page of a game: body in words, each seat's
// (name with level, score) in rows, next the line on the next game.
func NewResume(c *Common, body string, rows [][2]string, next string) Resume {
	return Resume{c: c, body: body, rows: rows, next: next}
}

// Update: resume, a new match, the other game, quit.
func (p Resume) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.Resume
	return matchKey(k, keys.Quit, keys.NewMatch, keys.Game, keys.Resume, Open)
}

// matchKey is what both pages ask of a key: quit, a new match, the
// other game, or the page's own key (own), which asks ownResult.
func matchKey(k tea.KeyPressMsg, quit, newMatch, game, own key.Binding, ownResult Result) Result {
	switch {
	case key.Matches(k, quit):
		return Quit
	case key.Matches(k, newMatch):
		return NewMatch
	case key.Matches(k, game):
		return SwitchGame
	case key.Matches(k, own):
		return ownResult
	}
	return Unknown
}

// Lines are the title, the body wrapped, the seats and their scores,
// and the next game.
func (p Resume) Lines() []string {
	st := p.c.St
	lines := []string{st.Title.Render(p.c.Tr.T("resume.title")), ""}
	for _, s := range canvas.Wrap(p.body, p.c.TextW()) {
		lines = append(lines, st.Text.Render(s))
	}
	lines = append(lines, "")
	for _, r := range p.rows {
		lines = append(lines, st.Text.Render("  "+canvas.Fit(r[0], NameLevelW)+" "+r[1]))
	}
	lines = append(lines, "")
	for _, s := range canvas.Wrap(p.next, p.c.TextW()) {
		// wrapped, not cut: it says which game n starts
		lines = append(lines, st.Dim.Render(s))
	}
	return lines
}

// ShortHelp is the resume keys' bar.
func (p Resume) ShortHelp() []key.Binding { return p.c.Keys.Resume.ShortHelp() }

// Mood is how a line of the final table is coloured: a win, a loss,
// neither.
type Mood uint8

// The moods of a line.
const (
	Plain Mood = iota
	Won
	Lost
	Even // bold: a tie, said plainly
)

// MoodOf is the mood of a seat's line that won, lost, or neither (a
// tie is plain on its line; the verdict says it), in either game.
func MoodOf(won, lost bool) Mood {
	switch {
	case won:
		return Won
	case lost:
		return Lost
	}
	return Plain
}

// FinalRow is a seat's line on the final table.
type FinalRow struct {
	Place   int
	Name    string
	Points  string // "" when the match keeps no score (no column)
	Outcome string
	Mood    Mood
}

// FinalTable is what a game's final table says: the verdict for the
// player (Verdict, "" for a spectator) and the rule that decided it,
// the head of the points' column ("" for none), the rows by place, and
// the lines after them (the last hand or the sheet, the fairness, the
// next game).
type FinalTable struct {
	Title, Verdict, Rule string
	VerdictMood          Mood
	Points               string
	Rows                 []FinalRow
	After                []string
}

// MatchOverTitle is the final table's title in the language of tr:
// "after 1 hand", "after 3 hands".
func MatchOverTitle(tr *i18n.Catalog, hands int) string {
	if hands == 1 {
		return tr.T("matchover.title.one")
	}
	return tr.T("matchover.title", hands)
}

// Final is the final table of a match of either game.
type Final struct {
	c    *Common
	t    FinalTable
	keys []key.Binding
}

// NewFinal is the final table t, its bar's keys bar (each game names
// its own: 101's score sheet has its key).
func NewFinal(c *Common, t FinalTable, bar []key.Binding) Final {
	return Final{c: c, t: t, keys: bar}
}

// Update: a new match, the other game, the review, quit; the host
// opens the pages the other keys name. Only the key the bar names
// starts a match.
func (p Final) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.MatchOver
	return matchKey(k, keys.Quit, keys.NewMatch, keys.Game, keys.Review, Coach)
}

// style is a mood's style.
func (p Final) style(m Mood) lipgloss.Style {
	st := p.c.St
	switch m {
	case Won:
		return st.Good
	case Lost:
		return st.Warn
	case Even:
		return st.Bold
	}
	return st.Text
}

// Lines are the title, the verdict and its rule, the places in columns,
// then the lines after.
func (p Final) Lines() []string {
	st, tr, t := p.c.St, p.c.Tr, p.t
	lines := []string{st.Title.Render(t.Title)}
	w := max(1, p.c.TextW())
	if t.Verdict != "" { // a spectator has none: the rule under the title
		lines = append(lines, "")
		for _, l := range canvas.Wrap(t.Verdict, w) {
			lines = append(lines, p.style(t.VerdictMood).Render(l))
		}
	}
	for _, l := range canvas.Wrap(t.Rule, w) {
		lines = append(lines, st.Dim.Render(l))
	}
	lines = append(lines, "")
	head := "     " + canvas.Fit(tr.T("matchover.player"), safetext.MaxNameLen) + "  "
	if t.Points != "" {
		head += canvas.Right(t.Points, PointsColW) + "  "
	}
	lines = append(lines, st.Bold.Render(head+tr.T("matchover.result")))
	for _, r := range t.Rows {
		row := "  " + strconv.Itoa(r.Place) + ". " + canvas.Fit(r.Name, safetext.MaxNameLen) + "  "
		if t.Points != "" {
			row += canvas.Right(r.Points, PointsColW) + "  "
		}
		lines = append(lines, st.Text.Render(row)+p.style(r.Mood).Render(r.Outcome))
	}
	return append(lines, t.After...)
}

// ShortHelp is the bar the game named.
func (p Final) ShortHelp() []key.Binding { return p.keys }

// HandEndRow is a seat's line at a hand's end: its cells (name, points,
// score, already in columns) and why it scored what it did.
type HandEndRow struct{ Cells, Why string }

// HandEnd is what a game's hand end says: the lines on top (how the
// hand ended, the game's own: the winning hand, the table, the last
// turn), the head of the seats' lines and the lines (none: Body
// instead, a hand played again), and the lines after them (the hands
// before), kept only when they fit (AfterFits) or always (a page that
// scrolls).
type HandEnd struct {
	Top       []string
	Head      string
	Rows      []HandEndRow
	Body      string
	After     []string
	AfterFits bool
}

// minReasonW is the narrowest the reasons of a score wrap at.
const minReasonW = 20

// underIndent is how far the reasons wrapped under a seat's cells are
// indented, on a page too narrow to have them beside the cells.
const underIndent = 4

// HandEndPage is the end of a hand of either game.
type HandEndPage struct {
	c *Common
	h HandEnd
}

// NewHandEnd is the page of hand end h.
func NewHandEnd(c *Common, h HandEnd) HandEndPage { return HandEndPage{c: c, h: h} }

// Update: the next hand (or the final table), the review, quit; the
// host opens the pages the other keys name.
func (p HandEndPage) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.HandOver
	switch {
	case key.Matches(k, keys.Quit):
		return Quit
	case key.Matches(k, keys.Next):
		return Next
	case key.Matches(k, keys.Review):
		return Coach
	}
	return Unknown
}

// Lines are the top, the seats' lines under their head (the reasons
// wrapped under themselves), and the lines after.
func (p HandEndPage) Lines() []string {
	st, h := p.c.St, p.h
	lines := append([]string(nil), h.Top...)
	if h.Body != "" {
		lines = append(lines, st.Text.Render(h.Body))
	} else {
		lines = append(lines, st.Bold.Render(h.Head))
	}
	for _, r := range h.Rows {
		indent := canvas.Width(r.Cells)
		if p.c.TextW()-indent < minReasonW {
			// Too narrow for the reasons beside the cells (a phone
			// held upright): they go under them, wrapped to the page.
			lines = append(lines, st.Text.Render(strings.TrimRight(r.Cells, " ")))
			for _, s := range canvas.Wrap(r.Why, max(1, p.c.TextW()-underIndent)) {
				if s == "" {
					continue
				}
				lines = append(lines, strings.Repeat(" ", underIndent)+st.Dim.Render(s))
			}
			continue
		}
		for i, s := range canvas.Wrap(r.Why, max(minReasonW, p.c.TextW()-indent)) {
			if i == 0 {
				lines = append(lines, st.Text.Render(r.Cells)+st.Dim.Render(s))
			} else {
				lines = append(lines, strings.Repeat(" ", indent)+st.Dim.Render(s))
			}
		}
	}
	if len(h.After) > 0 && (!h.AfterFits || len(lines)+1+len(h.After) <= p.c.Lay.Page.H) {
		lines = append(append(lines, ""), h.After...)
	}
	return lines
}

// ShortHelp is the least bar of a hand's end: the next hand, the
// review, the score history, quit. Each game's host draws its own,
// which says where enter leads (the final table, a deal played again)
// and how a long page scrolls.
func (p HandEndPage) ShortHelp() []key.Binding {
	k := p.c.Keys.HandOver
	return []key.Binding{k.Next, k.Review, k.Scores, k.Quit}
}

// ByPlace are the seats in the order of their places (place[s] is seat
// s's, 1 first), ties in seat order: the final table's rows, both
// games'.
func ByPlace(place []int) []int {
	order := make([]int, len(place))
	for s := range order {
		order[s] = s
	}
	slices.SortStableFunc(order, func(a, b int) int { return place[a] - place[b] })
	return order
}
