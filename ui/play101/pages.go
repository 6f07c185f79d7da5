package play101

import (
	"slices"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/ui/canvas"
)

// The pages of the 101 table in words: the stacks browsed, the last
// moves (which a hand's end tells), the end of the ? page (how to play,
// the house rules). The score sheet and the pages between hands are
// ui/play101/sheet's.

// BrowseLines show the discard stacks the player may look through
// and the whole table, every meld, grouped by who laid it.
func (t *Table) BrowseLines(w int) []string {
	v := &t.View
	var out []string
	for _, l := range canvas.Wrap(t.tr().T("t101.browse.title"), w) {
		out = append(out, t.look.St.Title.Render(l))
	}
	out = append(out, "")
	// The stack the player may take first, then the others in turn,
	// each once: a spectator's view has no previous seat (0), and
	// listed seat 0 twice and seat 3 never.
	order := []int{v.Previous}
	for s := range okey101.NumSeats {
		if s != v.Previous {
			order = append(order, s)
		}
	}
	for _, s := range order {
		name := t.tr().T("stack.yours")
		if s != 0 || t.look.Words.Watching { // a spectator's seat 0 is a player's
			name = t.tr().T("stack.of", t.look.Words.NameIn(s, i18n.Genitive))
		}
		head := t.look.St.Bold.Render(name) + t.look.St.Dim.Render(" ("+t.tr().T("stack.count", v.DiscardCounts[s])+")")
		var ts []string
		for _, x := range v.Discards[s] {
			ts = append(ts, t.look.St.Inline(x))
		}
		body := strings.Join(ts, " ")
		switch {
		case v.DiscardCounts[s] == 0:
			body = t.look.St.Dim.Render(t.tr().T("browse.empty"))
		case s != 0 && s != v.Previous || t.look.Words.Watching: // a spectator sees the tops only
			body = t.tr().T("browse.toponly", body)
		}
		out = append(out, canvas.Cut(head, w))
		for _, l := range canvas.Wrap(body, w-2) {
			out = append(out, "  "+l)
		}
	}
	// The titles wrap: standing up, a cut one hid what the list is.
	out = append(out, "")
	for _, l := range canvas.Wrap(t.tr().T("t101.browse.table"), w) {
		out = append(out, t.look.St.Bold.Render(l))
	}
	rows := t.onTable().Lines(w)
	if len(rows) == 0 {
		out = append(out, t.look.St.Dim.Render(t.tr().T("t101.browse.notable")))
	}
	out = append(out, rows...)
	out = append(out, "")
	for _, s := range canvas.Wrap(t.tr().T("t101.browse.legend"), w) {
		out = append(out, t.look.St.Dim.Render(s))
	}
	out = append(out, t.look.St.Dim.Render(canvas.Cut(t.tr().T(t.look.Tap("browse.keys")), w)))
	return out
}

// LastTurn is the finisher's last turn in the log, in words: from
// its draw or take to the finish.
func (t *Table) LastTurn(seat int) []string {
	deal := game.DealKey(t.View.Hand, t.View.Redeal)
	var out []string
	for i := len(t.Log) - 1; i >= 0; i-- {
		e := t.Log[i]
		if e.Deal != deal {
			break
		}
		if e.Chat || e.Note != "" || e.Ev.Kind == okey101.EvHandOver || e.Ev.Kind == okey101.EvMatchOver {
			continue
		}
		if e.Ev.Seat != seat && e.Ev.Kind != okey101.EvPenalty {
			break
		}
		if s := t.LogText(e); s != "" {
			out = append(out, s)
		}
		if e.Ev.Kind == okey101.EvDraw || e.Ev.Kind == okey101.EvTake {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// LastMoves are the last n lines of the log of the deal on the table.
func (t *Table) LastMoves(n int) []string {
	deal := game.DealKey(t.View.Hand, t.View.Redeal)
	var out []string
	for i := len(t.Log) - 1; i >= 0 && len(out) < n; i-- {
		if t.Log[i].Deal != deal {
			break
		}
		if s := t.LogText(t.Log[i]); s != "" {
			out = append(out, s)
		}
	}
	slices.Reverse(out)
	return out
}

// HowToPlay is the end of the ? page: how to play 101 under the
// match's rules, wrapped at w.
func (t *Table) HowToPlay(w int) []string {
	r := t.View.Rules
	text := strings.NewReplacer("{open}", strconv.Itoa(r.Open), "{pairs}", strconv.Itoa(okey101.MinPairs),
		"{hands}", strconv.Itoa(r.Hands), "{house}", t.HouseRules(r)).Replace(i18n.HelpOf(t.tr().Lang, "101"))
	var out []string
	for _, s := range canvas.Wrap(text, w) {
		out = append(out, t.look.St.Text.Render(s))
	}
	return out
}

// HouseRules names the house rules a match plays under, as --rules
// writes them ("feed, okey_pair"), or says there are none.
func (t *Table) HouseRules(r okey101.Rules) string {
	var on []string
	for _, h := range []struct {
		name string
		on   bool
	}{{"feed", r.Feed}, {"okey_once", r.OkeyOnce}, {"islek_back", r.IslekBack}, {"okey_pair", r.OkeyPair}} {
		if h.on {
			on = append(on, h.name)
		}
	}
	if len(on) == 0 {
		return t.tr().T("t101.house.none")
	}
	return strings.Join(on, ", ")
}
