package overlays

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/keymap"
	"okey/ui/pages"
)

// KeyPage is the top of a table's ? page, the same in both games: the
// title, then every key of groups (the table's, then host, the holding
// program's: a served seat's) that works, in as many columns (up to
// three) as fit in w; then a sentence on the review's key, which works
// on the pages after a hand, not at the table.
func KeyPage(c *pages.Common, title string, groups [][]key.Binding, host []key.Binding, w int) []string {
	out := []string{c.St.Title.Render(canvas.Cut(title, w)), ""}
	// The keys that work (a seat's table has keys off, and keys of its
	// own), in copies: the caller's groups stay as they are.
	enabled := func(g []key.Binding) []key.Binding {
		return slices.DeleteFunc(slices.Clone(g), func(b key.Binding) bool { return !b.Enabled() })
	}
	all := make([][]key.Binding, 0, len(groups)+1)
	for _, g := range groups {
		all = append(all, enabled(g))
	}
	groups = append(all, enabled(host))
	colW, descW := 0, 0
	for _, g := range groups {
		for _, b := range g {
			colW = max(colW, canvas.Width(keymap.HelpKeys(c.Tr, b)))
			descW = max(descW, canvas.Width(b.Help().Desc))
		}
	}
	var items []string
	for _, g := range groups {
		for _, b := range g {
			items = append(items, c.St.Key.Render(canvas.Fit(keymap.HelpKeys(c.Tr, b), colW))+"  "+c.St.Text.Render(b.Help().Desc))
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
	if k := c.Keys.HandOver.Review; k.Enabled() {
		out = append(out, "")
		for _, s := range canvas.Wrap(c.Tr.T("help.review", k.Help().Key), w) {
			out = append(out, c.St.Text.Render(s))
		}
	}
	return out
}

// Rules end the ? page with the whole rules of game (settings'
// GameClassic, Game101), the text okey rules prints (i18n.Rules): a
// player over SSH, or with only the binary, has no RULES.md. Headings
// are titles; a point's next lines hang under its first word.
func Rules(c *pages.Common, game string, w int) []string {
	var out []string
	for _, p := range strings.Split(i18n.Rules(c.Tr.Lang, game), "\n") {
		if h, ok := strings.CutPrefix(p, "# "); ok {
			out = append(out, "", c.St.Title.Render(canvas.Cut(h, w)))
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
			out = append(out, c.St.Text.Render(s))
		}
	}
	return out
}
