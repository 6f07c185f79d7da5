package serve

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game"
	"okey/game/duplicate"
	"okey/server/tables"
	"okey/ui/seatmsg"
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
// player sits now, and when the table is over its end page (dupEndPage)
// gives every player's duplicate score beside the usual one.

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
		// Labelled: "you: 0, total -2" did not say which score was which.
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

// dupEndPage is a duplicate table's end page: every player's duplicate
// score beside the usual one.
type dupEndPage struct {
	// end is the table's standing at its end; game and me are its game
	// and the player's number.
	end  *seatmsg.Duplicate
	game string
	me   int
}

// endPage is the end page of the duplicate table at, whose final
// standing is final (nil: the last told); nil when it was none.
func (p *dupState) endPage(at *common.Membership, final *seatmsg.Duplicate) *dupEndPage {
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
	return &dupEndPage{end: end, game: game, me: me}
}

// Update takes a key on the end page: back goes to the lobby.
func (p *dupEndPage) Update(c *common.Common, msg tea.Msg) common.Turn {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return common.Turn{}
	}
	c.Flash = ""
	switch {
	case key.Matches(k, c.Keys.Back):
		*p = dupEndPage{}
		return common.BackToLobby
	default:
		c.OtherKey(k)
	}
	return common.Turn{}
}

// Lines draws a duplicate table's end page: every player's duplicate
// score (the deals' hands against the mean of the same racks) beside
// the usual score, best first.
func (p *dupEndPage) Lines(c *common.Common) ([]string, []key.Binding) {
	st := c.Styles()
	d := p.end
	keys := []key.Binding{c.Keys.Back, c.Keys.Lang}
	if d == nil {
		return nil, keys
	}
	title := c.Tr.T("dup.title", c.GameName(p.game), d.Deals, d.Played)
	if d.Deals == 1 {
		title = c.Tr.T("dup.title.one", c.GameName(p.game), d.Played)
	}
	lines := []string{st.Bold.Render(title), ""}
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(d.Score[b], d.Score[a]) })
	lines = append(lines, st.Dim.Render(fmt.Sprintf("   %-16s %10s %12s", "", c.Tr.T("dup.col.dup"), c.Tr.T("dup.col.usual"))))
	for i, pl := range order {
		mark := "  "
		style := st.Text
		if pl == p.me {
			mark, style = "> ", st.Bold
		}
		place := i + 1
		if i > 0 && d.Score[pl] == d.Score[order[i-1]] {
			place = 0 // a tie shares the place above
		}
		pls := "  "
		if place > 0 {
			pls = fmt.Sprintf("%d.", place)
		}
		lines = append(lines, style.Render(fmt.Sprintf("%s%s %-16s %10s %12d", mark, pls, tables.CutWidth(d.Names[pl], 16),
			duplicate.Quarters(d.Score[pl]).String(), d.Totals[pl])))
	}
	usual := "dup.usual.classic"
	if p.game == string(game.Okey101) {
		usual = "dup.usual.101"
	}
	lines = append(lines, "", st.Dim.Render(c.Tr.T("dup.explain")), st.Dim.Render(c.Tr.T(usual)))
	return lines, keys
}
