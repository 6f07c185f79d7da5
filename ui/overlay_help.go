package ui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
	"okey/ui/i18n"
	"okey/ui/keymap"
	"okey/ui/settings"
)

// The help overlay (?) lists every key of the table from the key map,
// then how to play; it scrolls (see overlay.go).

// keyPage is the top of a table's ? page, the same in both games: the
// title, then every key of groups (the table's, and the holding
// program's) that works, in as many columns (up to three) as fit in w.
func (m *Model) keyPage(title string, groups [][]key.Binding, w int) []string {
	out := []string{m.st.Title.Render(canvas.Cut(title, w)), ""}
	groups = append(groups, m.hostKeys())
	for i, g := range groups { // a seat's table has keys off, and keys of its own
		groups[i] = slices.DeleteFunc(slices.Clone(g), func(b key.Binding) bool { return !b.Enabled() })
	}
	colW, descW := 0, 0
	for _, g := range groups {
		for _, b := range g {
			colW = max(colW, canvas.Width(keymap.HelpKeys(m.tr, b)))
			descW = max(descW, canvas.Width(b.Help().Desc))
		}
	}
	var items []string
	for _, g := range groups {
		for _, b := range g {
			items = append(items, m.st.Key.Render(canvas.Fit(keymap.HelpKeys(m.tr, b), colW))+"  "+m.st.Text.Render(b.Help().Desc))
		}
	}
	cellW := colW + 2 + descW + 3
	cols := max(1, min(3, w/cellW))
	rows := (len(items) + cols - 1) / cols
	for r := range rows {
		line := ""
		for col := range cols {
			if i := col*rows + r; i < len(items) {
				line += canvas.Fit(items[i], cellW)
			}
		}
		out = append(out, canvas.Cut(line, w))
	}
	// The review's key works on the pages after a hand, not at the
	// table: said in a sentence, after the table's keys.
	if k := m.keys.HandOver.Review; k.Enabled() {
		out = append(out, "")
		for _, s := range canvas.Wrap(m.tr.T("help.review", k.Help().Key), w) {
			out = append(out, m.st.Text.Render(s))
		}
	}
	return out
}

// updateHelp closes the help: ? and esc close it and do nothing more.
func (m *Model) updateHelp(k tea.KeyPressMsg) bool {
	return key.Matches(k, m.keys.Table.Help, m.keys.Overlay.Close)
}

// helpLines are the ? page: every key of the key map, then how to play.
func (m *Model) helpLines(w int) []string {
	out := m.keyPage(m.tr.T("help.title"), m.keys.Table.FullHelp(), w)
	out = append(out, "")
	for _, s := range canvas.Wrap(m.howToPlay(), w) {
		out = append(out, m.st.Text.Render(s))
	}
	return out
}

// howToPlay is the help page for the rules of the match: a paragraph
// tagged [okey] only with an indicator and okeys, [score] only with
// scoring, [simple] only under simple104; {points}, {tiles}, {jokers}
// and {wrap} are the match's.
func (m *Model) howToPlay() string {
	r := m.c.View.Rules
	keep := map[string]bool{"[okey]": r.HasOkey(), "[score]": r.Scoring(), "[simple]": r.Simple104}
	var paras []string
	for _, p := range strings.Split(i18n.Help(m.tr.Lang), "\n") {
		if tag, rest, ok := strings.Cut(p, " "); ok && strings.HasPrefix(tag, "[") {
			if !keep[tag] {
				continue
			}
			p = rest
		}
		paras = append(paras, p)
	}
	jokers, wrapRuns := "", ""
	if r.HasOkey() {
		jokers = m.tr.T("help.jokers")
	}
	if r.Wrap && r.HasOkey() {
		wrapRuns = m.tr.T("help.wrap")
	}
	return strings.NewReplacer("{points}", strconv.Itoa(r.Points), "{tiles}", strconv.Itoa(r.TileCount()),
		"{jokers}", jokers, "{wrap}", wrapRuns).Replace(strings.Join(paras, "\n"))
}

// rulesLines end the ? page with the whole rules of the game on the
// table, the text okey rules prints (i18n.Rules): a player over SSH, or
// with only the binary, has no RULES.md. Headings are titles; a point's
// next lines hang under its first word.
func (m *Model) rulesLines(w int) []string {
	game := settings.GameClassic
	if _, ok := m.table().(okey101Table); ok {
		game = settings.Game101
	}
	var out []string
	for _, p := range strings.Split(i18n.Rules(m.tr.Lang, game), "\n") {
		if h, ok := strings.CutPrefix(p, "# "); ok {
			out = append(out, "", m.st.Title.Render(canvas.Cut(h, w)))
			continue
		}
		indent := ""
		if strings.HasPrefix(p, "- ") {
			indent = "  "
		}
		for i, s := range canvas.Wrap(p, w-len(indent)) {
			if i > 0 {
				s = indent + s
			}
			out = append(out, m.st.Text.Render(s))
		}
	}
	return out
}
