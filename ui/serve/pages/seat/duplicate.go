package seat

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/game/duplicate"
	"okey/kit/seatmsg"
	"okey/ui/serve/common"
	"okey/ui/table"
)

// A duplicate table (tables/duplicate.go) as a session shows it: the
// players move one seat on each hand, so the seat learns the seat it
// holds from each update's view (the table never changes a member's
// Seat, which this goroutine reads) and opens the seat's screen again
// at the new seat, the player's own rack at the bottom as always. The
// screen's top line says where the table stands (deal, rotation, the
// player's duplicate score so far), a note on its status line where the
// player sits now, and when the table is over its end page (package
// dupend) gives every player's duplicate score beside the usual one.

// dupState is what the seat keeps of a duplicate table.
type dupState struct {
	// now is the table's standing as last told (nil: not a duplicate
	// table); note is the line said when the player moved, until
	// noteUntil.
	now       *seatmsg.Duplicate
	note      string
	noteUntil time.Time
}

// dupNoteFor is how long the note of a move stays on the status line.
const dupNoteFor = 10 * time.Second

// viewSeat is the seat an update's view is of (-1: a spectator's, or
// no view).
func viewSeat(u seatmsg.Update) int {
	switch {
	case u.View != nil:
		return u.View.Seat
	case u.View101 != nil:
		return u.View101.Seat
	}
	return -1
}

// follow takes in a duplicate table's standing from an update: a
// player moved to another seat (moved: the seat's screen is to be
// opened again there) is told where they sit.
func (p *dupState) follow(c *common.Common, at *common.Membership, u seatmsg.Update) (moved bool) {
	d := u.Duplicate
	if d == nil || at == nil {
		return false
	}
	prev := p.now
	p.now = d
	seat := viewSeat(u)
	if at.M.Seat < 0 || seat < 0 || seat == at.Seat {
		return false
	}
	at.Seat = seat
	if prev == nil {
		return true
	}
	// Who held this seat the hand before.
	who := ""
	if pl := prev.PlayerAt(seat); pl >= 0 {
		who = prev.Names[pl]
	}
	p.note = c.Tr.T("dup.moved", d.Deal, d.Deals, d.Rotation, who)
	p.noteUntil = c.Srv.Now().Add(dupNoteFor)
	return true
}

// dupMe is the player number the seat at is in d, -1 if none.
func dupMe(at *common.Membership, d *seatmsg.Duplicate) int {
	if at == nil || at.M.Seat < 0 {
		return -1
	}
	return d.PlayerAt(at.Seat)
}

// head is the top line of the seat's screen at a duplicate table
// (screen is the screen as drawn): the game's header, its words about
// the match ("hand 1 · from 20 points": every hand here is a match's
// first) given to the duplicate's, its keys kept at the right where
// they fit beside them.
func (p *dupState) head(c *common.Common, at *common.Membership, screen string) string {
	d := p.now
	if d == nil {
		return ""
	}
	you := ""
	if pl := dupMe(at, d); pl >= 0 {
		// Labelled: "you: 0, total -2" would not say which is which.
		you = " · " + c.Tr.T("dup.you", duplicate.Quarters(d.Score[pl]).String(), d.Totals[pl])
	}
	info := "  " + c.Tr.T("dup.head", d.Deal, d.Deals, d.Rotation) + you
	if ansi.StringWidth(info) > table.HeaderRoom(c.Width, "OKEY", "") {
		// Too wide (four deals, long scores): the scores keep their
		// labels, the line its deal and rotation; "Duplicate" goes.
		info = "  " + c.Tr.T("dup.head.short", d.Deal, d.Deals, d.Rotation) + you
	}
	top, _, _ := strings.Cut(screen, "\n")
	keys := ""
	if plain := ansi.Strip(top); strings.Contains(plain, "  ? ") {
		keys = strings.TrimSpace(plain[strings.LastIndex(plain, "  ? "):])
	}
	if ansi.StringWidth(info) > table.HeaderRoom(c.Width, "OKEY", keys) {
		keys = "" // the duplicate's words first: the key bar has the keys too
	}
	st := c.Styles()
	return table.Header(c.Width, "OKEY", info, keys, func(sty table.Style, text string) string {
		switch sty {
		case table.Title:
			return st.Title.Render(text)
		case table.Dim:
			return st.Dim.Render(text)
		}
		return st.Bold.Render(text)
	})
}

// line is the note on the status line at a duplicate table: where the
// player sits now, for a while after moving; at a 101 hand's end (a
// match's: not inPlay) what n does here, last being the update the
// screen took last; once the last hand is over, that the scores come
// next.
func (p *dupState) line(c *common.Common, at *common.Membership, inPlay bool, last *seatmsg.Update) string {
	d := p.now
	switch {
	case d == nil:
		return ""
	case d.Over:
		return c.Tr.T("dup.last")
	case !inPlay:
		// A 101 hand is a match: its end offers n, which here is the
		// player's "ready" for the plan's next hand; once pressed, who
		// is still awaited.
		if u := last; u != nil && at != nil && at.Seat >= 0 && u.Ready[at.Seat] {
			var names []string
			for i, pl := range u.Players {
				if pl.Kind == seatmsg.Human && !u.Ready[i] {
					names = append(names, pl.Name)
				}
			}
			return c.Tr.T("dup.waiting", strings.Join(names, ", "))
		}
		return c.Tr.T("dup.next")
	case c.Srv.Now().Before(p.noteUntil):
		return p.note
	}
	return ""
}

// endOf is the end of the duplicate table at, whose final standing is
// final (nil: the last told), for its end page; nil when it was none.
// Nothing of it is kept.
func (p *dupState) endOf(at *common.Membership, final *seatmsg.Duplicate) *common.DupEnd {
	end, me := p.now, -1
	if final != nil {
		end = final
	}
	*p = dupState{}
	if end == nil {
		return nil
	}
	game := ""
	if at != nil {
		game = at.T.GameKind().Name
		me = dupMe(at, end)
	}
	return &common.DupEnd{End: end, Game: game, Me: me}
}
