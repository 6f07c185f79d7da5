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
	"okey/ui/seatmsg"
	"okey/ui/serve/tables"
	"okey/ui/table"
	"okey/ui/theme"
)

// A duplicate table (tables/duplicate.go) as a session shows it: the
// players move one seat on each hand, so the session learns the seat it
// holds from each update's view (the table never changes a member's
// Seat, which this goroutine reads) and opens the seat's screen again
// at the new seat, the player's own rack at the bottom as always. The
// screen's top line says where the table stands (deal, rotation, the
// player's duplicate score so far), a note on its status line where the
// player sits now, and when the table is over its end page gives every
// player's duplicate score beside the usual one.

// dupState is what a session keeps of a duplicate table.
type dupState struct {
	// now is the table's standing as last told (nil: not a duplicate
	// table); note is the line said when the player moved, until
	// noteUntil.
	now       *seatmsg.Duplicate
	note      string
	noteUntil time.Time
	// end is the table's standing at its end, for the end page; game
	// and me are its game and the player's number.
	end  *seatmsg.Duplicate
	game string
	me   int
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

// onDupUpdate takes in a duplicate table's standing from an update: a
// player moved to another seat has the seat's screen opened again (by
// onTable, the screen being closed here) and is told where they sit.
func (s *session) onDupUpdate(u seatmsg.Update) {
	d := u.Duplicate
	if d == nil || s.at == nil {
		return
	}
	prev := s.dup.now
	s.dup.now = d
	seat := viewSeat(u)
	if s.at.m.Seat < 0 || seat < 0 || seat == s.at.seat {
		return
	}
	s.at.seat = seat
	s.closeScreen()
	if prev == nil {
		return
	}
	// Who held this seat the hand before.
	who := ""
	if p := prev.PlayerAt(seat); p >= 0 {
		who = prev.Names[p]
	}
	s.dup.note = s.tr.T("dup.moved", d.Deal, d.Deals, d.Rotation, who)
	s.dup.noteUntil = s.srv.cfg.Now().Add(dupNoteFor)
}

// dupMe is the player number the session's seat is in d, -1 if none.
func (s *session) dupMe(d *seatmsg.Duplicate) int {
	if s.at == nil || s.at.m.Seat < 0 {
		return -1
	}
	return d.PlayerAt(s.at.seat)
}

// dupHead is the top line of the seat's screen at a duplicate table
// (screen is the screen as drawn): the game's header, its words about
// the match ("hand 1 · from 20 points": every hand here is a match's
// first) given to the duplicate's, its keys kept at the right where
// they fit beside them.
func (s *session) dupHead(screen string) string {
	d := s.dup.now
	if d == nil {
		return ""
	}
	you := ""
	if p := s.dupMe(d); p >= 0 {
		// Labelled: "you: 0, total -2" did not say which score was which.
		you = " · " + s.tr.T("dup.you", duplicate.Quarters(d.Score[p]).String(), d.Totals[p])
	}
	info := "  " + s.tr.T("dup.head", d.Deal, d.Deals, d.Rotation) + you
	if ansi.StringWidth(info) > table.HeaderRoom(s.width, "OKEY", "") {
		// Too wide (four deals, long scores): the scores keep their
		// labels, the line its deal and rotation; "Duplicate" goes.
		info = "  " + s.tr.T("dup.head.short", d.Deal, d.Deals, d.Rotation) + you
	}
	top, _, _ := strings.Cut(screen, "\n")
	keys := ""
	if plain := ansi.Strip(top); strings.Contains(plain, "  ? ") {
		keys = strings.TrimSpace(plain[strings.LastIndex(plain, "  ? "):])
	}
	if ansi.StringWidth(info) > table.HeaderRoom(s.width, "OKEY", keys) {
		keys = "" // the duplicate's words first: the key bar has the keys too
	}
	st := s.styles()
	return table.Header(s.width, "OKEY", info, keys, func(sty table.Style, text string) string {
		switch sty {
		case table.Title:
			return st.Title.Render(text)
		case table.Dim:
			return st.Dim.Render(text)
		}
		return st.Bold.Render(text)
	})
}

// dupLine is the note on the status line at a duplicate table: where
// the player sits now, for a while after moving; at a 101 hand's end
// (a match's) what n does here; once the last hand is over, that the
// scores come next.
func (s *session) dupLine() string {
	d := s.dup.now
	switch {
	case d == nil:
		return ""
	case d.Over:
		return s.tr.T("dup.last")
	case !s.inPlay:
		// A 101 hand is a match: its end offers n, which here is the
		// player's "ready" for the plan's next hand; once pressed, who
		// is still awaited.
		if u := s.lastUpdate; u != nil && s.at != nil && s.at.seat >= 0 && u.Ready[s.at.seat] {
			var names []string
			for i, p := range u.Players {
				if p.Kind == seatmsg.Human && !u.Ready[i] {
					names = append(names, p.Name)
				}
			}
			return s.tr.T("dup.waiting", strings.Join(names, ", "))
		}
		return s.tr.T("dup.next")
	case s.srv.cfg.Now().Before(s.dup.noteUntil):
		return s.dup.note
	}
	return ""
}

// onDupOver shows the end page of a duplicate table that is over.
func (s *session) onDupOver(final *seatmsg.Duplicate) tea.Cmd {
	end, me := s.dup.now, -1
	if final != nil {
		end = final
	}
	game := ""
	if s.at != nil {
		game = s.at.t.GameKind().Name
		if end != nil {
			me = s.dupMe(end)
		}
	}
	cmd := s.leave()
	if end == nil {
		return cmd
	}
	s.dup = dupState{end: end, game: game, me: me}
	s.page = pgDupEnd
	return cmd
}

// dupEndLines draws a duplicate table's end page: every player's
// duplicate score (the deals' hands against the mean of the same racks)
// beside the usual score, best first.
func (s *session) dupEndLines(st *theme.Styles) ([]string, []key.Binding) {
	d := s.dup.end
	keys := []key.Binding{s.keys.Back, s.keys.Lang}
	if d == nil {
		return nil, keys
	}
	title := s.tr.T("dup.title", s.gameName(s.dup.game), d.Deals, d.Played)
	if d.Deals == 1 {
		title = s.tr.T("dup.title.one", s.gameName(s.dup.game), d.Played)
	}
	lines := []string{st.Bold.Render(title), ""}
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(d.Score[b], d.Score[a]) })
	lines = append(lines, st.Dim.Render(fmt.Sprintf("   %-16s %10s %12s", "", s.tr.T("dup.col.dup"), s.tr.T("dup.col.usual"))))
	for i, p := range order {
		mark := "  "
		style := st.Text
		if p == s.dup.me {
			mark, style = "> ", st.Bold
		}
		place := i + 1
		if i > 0 && d.Score[p] == d.Score[order[i-1]] {
			place = 0 // a tie shares the place above
		}
		pl := "  "
		if place > 0 {
			pl = fmt.Sprintf("%d.", place)
		}
		lines = append(lines, style.Render(fmt.Sprintf("%s%s %-16s %10s %12d", mark, pl, tables.CutWidth(d.Names[p], 16),
			duplicate.Quarters(d.Score[p]).String(), d.Totals[p])))
	}
	usual := "dup.usual.classic"
	if s.dup.game == string(game.Okey101) {
		usual = "dup.usual.101"
	}
	lines = append(lines, "", st.Dim.Render(s.tr.T("dup.explain")), st.Dim.Render(s.tr.T(usual)))
	return lines, keys
}

// updateDupEnd takes a key on the end page: back goes to the lobby.
func (s *session) updateDupEnd(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Back):
		s.dup = dupState{}
		s.page = pgLobby
		s.listTables()
	case key.Matches(k, s.keys.Lang):
		s.toggleLang()
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

// dupDeals says a number of deals with the words of key (its ".one"
// for one deal): "2 deals × 4 seats = 8 hands".
func (s *session) dupDeals(key string, deals int) string {
	if deals == 1 {
		return s.tr.T(key + ".one")
	}
	return s.tr.T(key, deals, 4*deals)
}
