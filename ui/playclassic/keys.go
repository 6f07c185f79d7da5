package playclassic

import (
	"charm.land/bubbles/v2/key"

	"okey/game/classic"
	"okey/game/tile"
)

// MoveKeys are the keys of the move the player may make now, for the
// front of the key bar: draw and take (end the hand at an empty wall),
// or discard and finish; none out of turn.
func (t *Table) MoveKeys() []key.Binding {
	v := &t.View
	k := t.look.Keys.Table
	switch {
	case v.MyTurn() && v.Stage == classic.MustDraw && v.WallLeft == 0:
		end := k.Draw
		end.SetHelp(k.Draw.Help().Key, t.tr().T("key.endhand"))
		if v.Top(v.Previous) != tile.NoTile {
			return []key.Binding{end, k.Take}
		}
		return []key.Binding{end}
	case v.MyTurn() && v.Stage == classic.MustDraw:
		return []key.Binding{k.Draw, k.Take}
	case v.MyTurn():
		return []key.Binding{k.Discard, k.Finish}
	}
	return nil
}

// ShortHelp is the key bar's keys worth showing now: what to do now
// first, then the hint, the ways to arrange the rack and the discards,
// which fit at 80 columns; the header shows help, settings and quit,
// and the rack's title how to move and pick up; they follow as the
// width allows. host are the holding program's keys (a server's chat);
// readOnly a screen that only looks, watching a spectator's (no rack),
// casual a match that allows undo.
func (t *Table) ShortHelp(host []key.Binding, readOnly, watching, casual bool) []key.Binding {
	k := t.look.Keys.Table
	switch {
	case readOnly: // looking only: the keys that move nothing
		return []key.Binding{k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Help, k.Quit}
	case watching: // no rack: the keys that look, the chat, leaving
		return append(host, k.Browse, k.Scores, k.Help, k.Quit)
	}
	b := append(t.MoveKeys(), host...)
	if t.View.Legal.Show {
		b = append(b, k.Show)
	}
	if casual {
		b = append(b, k.Undo)
	}
	return append(b, k.Hint, k.Sort, k.Group, k.Browse, k.Move, k.Pick, k.Help, k.Settings, k.Quit)
}

// HeaderInfo is the header's words for the match on the table: the
// hand (hand, when not "", says it instead), the dealer (unless
// dealer is false: the panels mark the dealer too), the points it
// starts from (or no scoring), and a casual match's mark.
func (t *Table) HeaderInfo(casual, dealer bool, hand string) string {
	v := &t.View
	tr := t.tr()
	if hand == "" {
		hand = tr.T("hdr.hand", v.Hand)
	}
	info := "  " + hand
	if dealer {
		info += " · " + tr.T("hdr.dealer", t.look.Words.SeatNameMid(v.Dealer))
	}
	if !v.Rules.Scoring() {
		info += " · " + tr.T("hdr.noscore")
	} else {
		info += " · " + tr.T("hdr.points", v.Rules.Points)
	}
	if casual {
		info += " · " + tr.T("hdr.casual")
	}
	return info
}
