package playclassic

import (
	"strconv"
	"strings"

	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
)

// The pages over classic's table in words: how to play the match's
// rules (the ? page's, under its keys) and the discard stacks (b).

// HowToPlay is the end of the ? page: how to play under the match's
// rules, wrapped at w.
func (t *Table) HowToPlay(w int) []string {
	var out []string
	for _, s := range canvas.Wrap(t.howToPlay(), w) {
		out = append(out, t.look.St.Text.Render(s))
	}
	return out
}

// howToPlay is the help page for the rules of the match: a paragraph
// tagged [okey] only with an indicator and okeys, [score] only with
// scoring, [simple] only under simple104; {points}, {tiles}, {jokers}
// and {wrap} are the match's.
func (t *Table) howToPlay() string {
	r := t.View.Rules
	tr := t.tr()
	keep := map[string]bool{"[okey]": r.HasOkey(), "[score]": r.Scoring(), "[simple]": r.Simple104}
	var paras []string
	for _, p := range strings.Split(i18n.Help(tr.Lang), "\n") {
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
		jokers = tr.T("help.jokers")
	}
	if r.Wrap && r.HasOkey() {
		wrapRuns = tr.T("help.wrap")
	}
	return strings.NewReplacer("{points}", strconv.Itoa(r.Points), "{tiles}", strconv.Itoa(r.TileCount()),
		"{jokers}", jokers, "{wrap}", wrapRuns).Replace(strings.Join(paras, "\n"))
}

// BrowseLines show the discard stacks the player may look through: their
// own and the previous player's whole, the tops of the other two.
func (t *Table) BrowseLines(w int) []string {
	v := &t.View
	st := t.look.St
	out := []string{st.Title.Render(canvas.Cut(t.tr().T("browse.title"), w)), ""}
	// The previous player's first, then the others in turn, each once
	// (a spectator's view has no previous seat: 0, listed twice).
	out = append(out, t.browseStack(v.Previous, w)...)
	for s := range len(v.Discards) {
		if s != v.Previous {
			out = append(out, t.browseStack(s, w)...)
		}
	}
	out = append(out, "", st.Dim.Render(canvas.Cut(t.tr().T(t.look.Tap("browse.keys")), w)))
	return out
}

func (t *Table) browseStack(s int, w int) []string {
	v := &t.View
	st := t.look.St
	name := t.tr().T("stack.yours")
	if s != 0 || t.look.Words.Watching { // a spectator's seat 0 is a player's
		name = t.tr().T("stack.of", t.look.Words.NameIn(s, i18n.Genitive))
	}
	head := st.Bold.Render(name) + st.Dim.Render(" ("+t.tr().T("stack.count", v.DiscardCounts[s])+")")
	full := (s == 0 || s == v.Previous) && !t.look.Words.Watching // a spectator sees the tops only
	var ts []string
	for _, x := range v.Discards[s] {
		ts = append(ts, t.InlineTile(x))
	}
	body := strings.Join(ts, " ")
	switch {
	case v.DiscardCounts[s] == 0:
		body = st.Dim.Render(t.tr().T("browse.empty"))
	case !full:
		body = t.tr().T("browse.toponly", body)
	}
	out := []string{canvas.Cut(head, w)}
	for _, l := range canvas.Wrap(body, w-2) {
		out = append(out, "  "+l)
	}
	return out
}

// InlineTile is a tile on one line in its colour, as the table draws
// it (the notation: the stacks browsed lay rows of them out), the okey
// and a false joker said in words, as in messages.
func (t *Table) InlineTile(x tile.Tile) string {
	if x == tile.FalseJoker || (x == t.View.Okey && x != tile.NoTile) {
		return t.look.St.Okey.Render(t.TileCase(x, i18n.Nominative))
	}
	return t.look.St.Inline(x)
}
