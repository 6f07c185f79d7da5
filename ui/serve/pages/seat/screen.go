package seat

import (
	"cmp"
	"log/slog"
	"reflect"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
	"okey/server/hall"
	"okey/server/tables"
	"okey/ui"
	"okey/ui/serve/common"
)

// newSeatScreen opens the seat's screen of the game named g (a
// tables.GameKind's name).
func newSeatScreen(g string, opt ui.SeatOptions) (seatScreen, error) {
	if g == string(game.Okey101) {
		return ui.NewSeat101(opt)
	}
	return ui.NewSeat(opt)
}

// open opens the game's screen for the seat at, sized and coloured as
// the session is; its moves go to the table the session is at then
// (send).
func (p *Page) open(c *common.Common, at *common.Membership) (tea.Cmd, error) {
	send := func(in seatmsg.Intent) bool {
		if c.At == nil {
			return false
		}
		return p.send(c.At, in)
	}
	scr, err := newSeatScreen(at.Kind.Name, ui.SeatOptions{
		Lang: c.Tr.Lang, Seat: at.Seat, Send: send, Keys: []key.Binding{c.Keys.Chat}, Dark: c.Dark,
		Badge: badge(c, at), Record: recordCmd(c, at.T), Settle: c.Srv.Settings().SeatSettle,
		Log: debugLog(c, at),
	})
	if err != nil {
		return nil, err
	}
	p.scr = scr
	cmd := scr.Init()
	p.scr.Update(tea.WindowSizeMsg{Width: c.Width, Height: c.Height})
	if c.Bg != nil {
		p.scr.Update(*c.Bg)
	}
	return cmd, nil
}

// playSeen notes whether u's match is in play, and when it was first
// seen over: a tournament's player's keys count for their next table
// from then (Common.KeyAfterMatch).
func (p *Page) playSeen(c *common.Common, at *common.Membership, u *seatmsg.Update) {
	was := p.inPlay || p.lastUpdate == nil
	p.inPlay = u.InPlay()
	if was && !p.inPlay {
		p.overAt = c.Srv.Now()
		if at.Tourney && at.Seat >= 0 {
			c.KeyAfterMatch = common.MatchEnded
		}
	}
}

// take gives the screen the table's update u: who is away, whether the
// match is in play; at the first update where the table came up again,
// the moves it had not taken and then the keys held meanwhile.
func (p *Page) take(c *common.Common, at *common.Membership, u *seatmsg.Update) tea.Cmd {
	p.playSeen(c, at, u)
	if seat := at.Seat; seat >= 0 {
		p.away = u.Players[seat].Kind == seatmsg.Away
	}
	var cmd tea.Cmd
	if u.HeldHand == nil { // a hand's end held back is the page's, not the screen's (heldhand.go)
		_, cmd = p.scr.Update(*u)
	}
	p.lastUpdate = u
	if p.resendOnUpdate {
		// The first view of the table where it came up again: the moves
		// it had not taken when it moved, then the keys held meanwhile.
		p.resendOnUpdate = false
		p.resendSent(c, at)
		return tea.Batch(cmd, p.playHeld(c))
	}
	p.answered()
	return cmd
}

// same reports whether a table's message is the game's update the
// screen has already taken, equal in every part. A table hands every
// seat its update after every change at the table, and some change
// nothing a seat sees (another seat's refusal, a chat line while the
// seat's own did not move); an update is whole, never a difference, so
// the screen would draw again exactly what it shows. Comparing costs
// less than drawing the whole table, and nearly half the updates change
// nothing on the screen. The first update
// where a moved table came up is taken whatever it is: it says whether
// the table took the moves sent before it moved (resendOnUpdate).
func (p *Page) same(msg tables.Msg) bool {
	return p.scr != nil && !p.resendOnUpdate && msg.Closed == "" && msg.Room == nil && !msg.Busy && p.lastUpdate != nil && msg.Update != nil &&
		msg.Paused == p.paused && reflect.DeepEqual(*msg.Update, *p.lastUpdate)
}

// toScreen passes a message to the game's screen, if one is open.
func (p *Page) toScreen(msg tea.Msg) tea.Cmd {
	if p.scr == nil {
		return nil
	}
	_, cmd := p.scr.Update(msg)
	return cmd
}

// close closes the screen; the moves sent on it are forgotten.
func (p *Page) close() {
	p.sent, p.resendOnUpdate = nil, false
	if p.scr != nil {
		p.scr.Close()
		p.scr = nil
	}
	p.lastUpdate, p.overAt = nil, time.Time{}
}

// view draws the game's screen, with the session's lines over it: the
// chat being typed, a duplicate table's top line and note, the line of
// a moving table, the question before leaving.
func (p *Page) view(c *common.Common) tea.View {
	v := p.scr.View()
	if c.TooSmall() {
		return v
	}
	st := c.Styles()
	if c.Chat.On {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, c.ChatLine())
		v.Content = common.ReplaceLine(v.Content, c.Height-1, common.KeyBar(st, []key.Binding{c.Keys.Send, c.Keys.Cancel}))
	}
	if head := p.dup.head(c, c.At, v.Content); head != "" {
		v.Content = common.ReplaceLine(v.Content, 0, head)
	}
	if note := p.dup.line(c, c.At, p.inPlay, p.lastUpdate); note != "" && !c.Chat.On {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, safetext.CutWidth(st.Warn.Render(note), c.Width))
	}
	if note := p.lastLine(c); note != "" && !c.Chat.On {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, safetext.CutWidth(st.Warn.Render(note), c.Width))
	}
	if note := p.moveLine(c); note != "" {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, safetext.CutWidth(st.Warn.Render(note), c.Width))
	}
	if p.leaving {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, safetext.CutWidth(st.Warn.Render(c.LeaveWords("leave.confirm")), c.Width))
	}
	return v
}

// follow follows the player round a duplicate table's seats: moved to
// another, the screen is closed, to open again at the new seat.
func (p *Page) follow(c *common.Common, at *common.Membership, u seatmsg.Update) {
	if p.dup.follow(c, at, u) {
		p.close()
	}
}

// badge is what the game's header says of the session: for a guest,
// where their resume code is shown. Not the code itself: the table's
// screen is the one players stream and others look at, and the code
// takes the seat back whenever its player is not connected. The tables
// page, where a guest starts and comes back to, shows it.
func badge(c *common.Common, at *common.Membership) string {
	var parts []string
	if at.Tourney {
		// A tournament's table says whose: its match counts there.
		parts = append(parts, c.Tr.T("seat.tourney", tourneyName(c, c.TourneyOf(at.T.TableID()))))
	}
	if c.Code != "" {
		parts = append(parts, c.Tr.T("seat.code.where"))
	}
	return strings.Join(parts, " · ")
}

// tourneyName is tournament id's name as its list says it (its id
// when the list lacks it).
func tourneyName(c *common.Common, id string) string {
	if c.Tour != nil {
		for _, l := range c.Tour.Tournaments() {
			if l.ID == id {
				return cmp.Or(l.Name, l.ID)
			}
		}
	}
	return id
}

// debugLog is the debug log of the session's table screen at at, its
// lines saying whose they are; nil when the server keeps none.
func debugLog(c *common.Common, at *common.Membership) *slog.Logger {
	d := c.Srv.Settings().Debug
	if d == nil {
		return nil
	}
	return d.With("name", c.Name, "table", at.T.TableID(), "seat", at.M.Seat)
}

// recordCmd is the command that prints table t's finished match for
// the session: ssh to the port it came in on, "record", the table. HOST
// stands for the address the player connects to, which the server
// cannot know. A guest at a private table cannot have the record (only
// a key holding a seat there can): "" says nothing of it.
func recordCmd(c *common.Common, t hall.SeatTable) string {
	if t.Private() && c.Code != "" {
		return ""
	}
	return common.SSHTo(c.Port) + " record " + t.TableID()
}

// lastLine is the line under a tournament's table whose match is over
// once the tournament pairs nobody again — an arena past its end, a
// Swiss after its last round — in place of the table's word that the
// tournament takes the player to their next table: that the results
// come when every table has finished, or that they are out ("": the
// tournament goes on, or this is no tournament's seat).
func (p *Page) lastLine(c *common.Common) string {
	at := c.At
	if at == nil || !at.Tourney || at.M.Seat < 0 || p.inPlay || p.lastUpdate == nil || c.Tour == nil {
		return ""
	}
	id := c.TourneyOf(at.T.TableID())
	for _, l := range c.Tour.Tournaments() {
		if l.ID != id {
			continue
		}
		switch l.Phase {
		case tourney.Ending:
			return c.Tr.T("seat.onematch.last")
		case tourney.Finished:
			return c.Tr.T("seat.onematch.over")
		}
	}
	return ""
}

// Note shows line under the table's screen for a while: what the
// session has to tell a player at a table (a tournament of theirs is
// over).
func (p *Page) Note(c *common.Common, line string) {
	p.note(c, line, overNoteFor)
}

// overNoteFor is how long the line saying a tournament is over stays
// under the table.
const overNoteFor = 30 * time.Second
