package play101

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
)

// The table screen placed: its top line, its parts in the layout, the
// keys worth showing now. The app puts the status and the key bar
// below, or a page over it all.

// Header is the top line, w columns wide: the game, the hand (hand,
// when not "", says it instead), the opening (casual says so where it
// fits), badge (a served seat's) and keys at the right edge ("" for
// none).
func (t *Table) Header(w int, casual bool, hand, badge, keys string) string {
	v := &t.View
	tr := t.tr()
	const title = "OKEY 101"
	if hand == "" {
		hand = tr.T("t101.hdr.hand", v.Hand, v.Rules.Hands)
	}
	open := " · " + tr.T("t101.hdr.open", v.Threshold)
	info := "  " + hand + open
	room := table.HeaderRoom(w, title, keys)
	if v.Rules.Partners {
		// The player's partner by name: the one they play with, seen
		// across the table, is not always the one they thought. Where
		// the name does not fit (80 columns and a long name), the
		// table still says it plays in partners.
		partners := " · " + tr.T("t101.hdr.partners")
		if w := t.look.Words; !w.Watching {
			if named := " · " + tr.T("t101.hdr.partner", w.SeatName(2)); canvas.Width(info+named) <= room {
				partners = named
			}
		}
		info += partners
	}
	dealer := " · " + tr.T("hdr.dealer", t.look.Words.SeatNameMid(v.Dealer))
	// A casual match says so where it fits whole (u in the help bar says
	// it too); the panels mark the dealer too: where the whole line does
	// not fit, the header leaves the dealer out rather than cut a name.
	if casual {
		if c := " · " + tr.T("hdr.casual"); canvas.Width(info+c+badge) <= room {
			info += c
		}
	}
	if canvas.Width(info+dealer+badge) <= room {
		info += dealer
	}
	// The seat's badge (a tournament's name: whose table it is; where a
	// guest's code is) rather than the opening's count, which the
	// player's panel and status line say where it matters. It too goes
	// whole or not at all: a cut badge reads "code: …", which tells
	// nobody anything.
	if canvas.Width(info+badge) > room {
		info = strings.Replace(info, open, "", 1)
	}
	if canvas.Width(info+badge) > room {
		badge = ""
	}
	return table.Header(w, title, info+badge, keys, t.look.Paint)
}

// Render draws the table's parts in l: the bots' panels, the centre,
// the melds (as tiles where they fit, and under them, on a tall
// terminal, the score sheet), the standings and the log beside the
// table (or the log under the melds), the work line, the rack with its
// bottom edge.
func (t *Table) Render(c *canvas.Canvas, l layout.Table101, f table.Frame, bottom string) {
	for s := 1; s < okey101.NumSeats; s++ {
		t.RenderSeat(c, l, s, f)
	}
	t.RenderCenter(c, l)
	m, log := t.PlaceMelds(l)
	if l.LogBeside && len(t.View.Results) > 0 {
		// A tall terminal has room under the melds: the score sheet.
		sheet := t.SheetTable(0)
		r := m.Area
		if free := r.H - m.H - 1; free >= len(sheet)+1 {
			y := r.Y + r.H - len(sheet) - 1
			c.Put(r.X, y, t.look.Paint(table.Accent, canvas.Cut(t.tr().T("t101.sheet.title"), r.W)))
			for i, s := range sheet {
				c.Put(r.X, y+1+i, canvas.Within(s, r.W))
			}
			m.Area.H = y - r.Y - 1
		}
	}
	t.renderMelds(c, m)
	if l.LogBeside {
		log = t.RenderTotals(c, log)
	}
	t.RenderLog(c, log, l.LogBeside)
	if l.LogBeside {
		for y := l.Log.Y; y < l.Log.Y+l.Log.H; y++ {
			c.Put(l.Log.X-2, y, t.look.Paint(table.Dim, "│"))
		}
	}
	t.RenderWork(c, l.Work)
	t.RenderRack(c, l.Rack, l.Tile, bottom, f)
}

// ShortHelp picks the table's keys worth showing now: a match only
// shown (readOnly) has no moves; the host's own keys (a seat's chat,
// say) come after the moves, and undo in a casual match.
func (t *Table) ShortHelp(readOnly, casual bool, host []key.Binding) []key.Binding {
	if t.Choose != nil {
		k := t.look.Keys.Choose101
		return []key.Binding{k.Other, k.OK, k.Cancel, k.Quit}
	}
	k := t.look.Keys.Table101
	if readOnly {
		return []key.Binding{k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Help, k.Quit}
	}
	b := append(t.MoveKeys(), host...)
	if casual {
		b = append(b, k.Undo)
	}
	return append(b, k.Hint, k.Sort, k.Group, k.Browse, k.Scores, k.Move, k.Pick, k.Cancel, k.Help, k.Settings, k.Quit)
}
