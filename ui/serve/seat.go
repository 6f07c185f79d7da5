package serve

import (
	"encoding/json"
	"hash/fnv"
	"log/slog"
	"reflect"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
	"okey/server/tables"
	"okey/ui"
	"okey/ui/seatmsg"
	"okey/ui/serve/common"
)

// seatPage is the seat at a table: the game's own screen (screen.go),
// opened at the table's first update and given each one after, the
// player's keys and moves, the keys held and the moves sent while the
// table moves to another node, and the lines it shows over the screen.
// The place at the table (the membership) is the session's: it is
// handed in where it is needed.
type seatPage struct {
	// scr is the game's screen (nil: none open); lastUpdate the game's
	// update it took last (nil: none since it opened).
	scr        seatScreen
	lastUpdate *seatmsg.Update
	// away is set when the seat's bot plays for the player.
	away bool
	// inPlay: the table's match is not over (leaving asks first);
	// leaving: q was pressed once, and q again leaves.
	inPlay, leaving bool
	// overAt is when the screen showed the match over (zero: not seen
	// over): a tournament's player reads its end for endDwell before
	// the next table takes them (session.toTourneyTable).
	overAt time.Time
	// moveNote is the line the screen shows while its table moves, and
	// for a moment after (until moveNoteUntil).
	moveNote      string
	moveNoteUntil time.Time
	// held are the keys pressed at the screen while its table moves (at
	// most maxHeld): played in order once the seat is back, never
	// dropped without a word.
	held []tea.KeyPressMsg
	// sent are the moves sent to the table that it has not yet answered
	// (the view they were made on is still the last one): a table whose
	// node dies or freezes with them on the way comes up on another
	// node at that view, and they are sent there again (resendOnUpdate:
	// at the first update after the seat is back). At most maxHeld.
	sent           []sentMove
	resendOnUpdate bool
	// dup is what the seat keeps of a duplicate table (duplicate.go).
	dup dupState
}

// open opens the game's screen for the seat at, sized and coloured as
// the session is; send is the screen's way to the table.
func (p *seatPage) open(c *common.Common, at *common.Membership, send func(seatmsg.Intent) bool) (tea.Cmd, error) {
	scr, err := newSeatScreen(at.Kind.Name, ui.SeatOptions{
		Lang: c.Tr.Lang, Seat: at.Seat, Send: send, Keys: []key.Binding{c.Keys.Chat}, Dark: c.Dark,
		Badge: badge(c), Record: recordCmd(c, at.T), Settle: c.Srv.Settings().SeatSettle,
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

// take gives the screen the table's update u: who is away, whether the
// match is in play; at the first update where the table came up again,
// the moves it had not taken and then the keys held meanwhile.
func (p *seatPage) take(c *common.Common, at *common.Membership, u *seatmsg.Update) tea.Cmd {
	was := p.inPlay || p.lastUpdate == nil
	p.inPlay = u.InPlay()
	if was && !p.inPlay {
		p.overAt = c.Srv.Now()
	}
	if seat := at.Seat; seat >= 0 {
		p.away = u.Players[seat].Kind == seatmsg.Away
	}
	_, cmd := p.scr.Update(*u)
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
// less than drawing the whole table (in a recorded hand, 51 of 118
// updates a seat took changed nothing on its screen).
func (p *seatPage) same(msg tables.Msg) bool {
	return p.scr != nil && msg.Closed == "" && msg.Room == nil && p.lastUpdate != nil && msg.Update != nil &&
		reflect.DeepEqual(*msg.Update, *p.lastUpdate)
}

// toScreen passes a message to the game's screen, if one is open.
func (p *seatPage) toScreen(msg tea.Msg) tea.Cmd {
	if p.scr == nil {
		return nil
	}
	_, cmd := p.scr.Update(msg)
	return cmd
}

// close closes the screen; the moves sent on it are forgotten.
func (p *seatPage) close() {
	p.sent, p.resendOnUpdate = nil, false
	if p.scr != nil {
		p.scr.Close()
		p.scr = nil
	}
	p.lastUpdate, p.overAt = nil, time.Time{}
}

// update gives keys to the game's screen, but for the chat's, and tells
// the table an away player is back; q in a match in play asks first
// (common.LeaveKept: the seat is kept a while, its bot playing). While the
// table moves (holding), keys are held.
func (p *seatPage) update(c *common.Common, at *common.Membership, holding bool, k tea.KeyPressMsg) common.Turn {
	if p.scr == nil {
		return common.Turn{}
	}
	if p.away && at != nil {
		at.Send(tables.Request{Kind: tables.ReqHere})
		p.away = false
	}
	if key.Matches(k, c.Keys.Chat) && !c.TooSmall() {
		c.Chat.Open()
		p.leaving = false
		return common.Turn{}
	}
	// Leaving a match in play asks first (a q meant for something else
	// must not cost the seat); q again leaves, and the seat is kept for
	// a while, its bot playing, as for a dropped connection.
	if key.Matches(k, c.Keys.Leave) && p.inPlay && at != nil && at.M.Seat >= 0 {
		if !p.leaving {
			p.leaving = true
			return common.Turn{}
		}
		p.leaving = false
		return common.Turn{To: common.LeaveKept}
	}
	p.leaving = false
	if at == nil && holding {
		p.hold(c, k)
		return common.Turn{}
	}
	_, cmd := p.scr.Update(k)
	return common.Stay(cmd)
}

// view draws the game's screen, with the session's lines over it: the
// chat being typed, a duplicate table's top line and note, the line of
// a moving table, the question before leaving.
func (p *seatPage) view(c *common.Common, at *common.Membership, reseat *common.Reseating) tea.View {
	v := p.scr.View()
	if c.TooSmall() {
		return v
	}
	st := c.Styles()
	if c.Chat.On {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, c.ChatLine())
		v.Content = common.ReplaceLine(v.Content, c.Height-1, common.KeyBar(st, []key.Binding{c.Keys.Send, c.Keys.Cancel}))
	}
	if head := p.dup.head(c, at, v.Content); head != "" {
		v.Content = common.ReplaceLine(v.Content, 0, head)
	}
	if note := p.dupLine(c, at); note != "" && !c.Chat.On {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, tables.CutWidth(st.Warn.Render(note), c.Width))
	}
	if note := p.moveLine(c, reseat); note != "" {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, tables.CutWidth(st.Warn.Render(note), c.Width))
	}
	if p.leaving {
		v.Content = common.ReplaceLine(v.Content, c.Height-2, tables.CutWidth(st.Warn.Render(c.Tr.T("leave.confirm", int(c.Srv.Settings().KeepSeat.Minutes()))), c.Width))
	}
	return v
}

// dupLine is the note on the status line at a duplicate table
// (dupState.line; "": none).
func (p *seatPage) dupLine(c *common.Common, at *common.Membership) string {
	return p.dup.line(c, at, p.inPlay, p.lastUpdate)
}

// joined begins at a new place at a table: nothing is kept of the
// last table's standing.
func (p *seatPage) joined() { p.dup = dupState{} }

// endPage is the page a table's end shows (msg: its last message), nil
// when it has none.
func (p *seatPage) endPage(at *common.Membership, msg tables.Msg) common.Page {
	if end := p.dup.endPage(at, msg.Dup); end != nil {
		return end
	}
	return nil
}

// follow follows the player round a duplicate table's seats: moved to
// another, the screen is closed, to open again at the new seat.
func (p *seatPage) follow(c *common.Common, at *common.Membership, u seatmsg.Update) {
	if p.dup.follow(c, at, u) {
		p.close()
	}
}

// moveLine is the line the table's screen shows while its table moves
// to another node, and for a moment after ("": none).
func (p *seatPage) moveLine(c *common.Common, reseat *common.Reseating) string {
	if reseat != nil && !reseat.Quiet || c.Srv.Now().Before(p.moveNoteUntil) {
		return p.moveNote
	}
	return ""
}

// note sets the line under the screen for d.
func (p *seatPage) note(c *common.Common, line string, d time.Duration) {
	p.moveNote, p.moveNoteUntil = line, c.Srv.Now().Add(d)
}

// sentMove is a move sent to the table, with the view it was made on.
type sentMove struct {
	in   seatmsg.Intent
	view uint64
	// refused is the count of refusals the table had said when it was
	// sent: a refusal since answers it.
	refused uint64
}

// viewPrint is a fingerprint of the game's state an update shows the
// seat (0: no game's view in it). A move taken changes it; a chat line,
// a clock or a player away do not.
func viewPrint(up *seatmsg.Update) uint64 {
	if up == nil {
		return 0
	}
	var v any
	switch {
	case up.View != nil:
		v = up.View
	case up.View101 != nil:
		v = up.View101
	default:
		return 0
	}
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// refusedSeq is the count of refusals an update says (0: no update).
func refusedSeq(u *seatmsg.Update) uint64 {
	if u == nil {
		return 0
	}
	return u.RefusedSeq
}

// send sends the screen's move to the table at, without waiting, and
// keeps it until the table answers.
func (p *seatPage) send(at *common.Membership, in seatmsg.Intent) bool {
	kind := tables.ReqMove
	if in.Kind == seatmsg.IntentNewMatch {
		kind = tables.ReqNewMatch
	}
	ok := at.Send(tables.Request{Kind: kind, Move: in})
	if ok && kind == tables.ReqMove && len(p.sent) < maxHeld {
		p.sent = append(p.sent, sentMove{in: in, view: viewPrint(p.lastUpdate), refused: refusedSeq(p.lastUpdate)})
	}
	return ok
}

// answered forgets the moves sent on a view the table has since left:
// it took them (or refused them, and said so, or its clock played for
// the seat).
func (p *seatPage) answered() {
	if len(p.sent) == 0 {
		return
	}
	now := viewPrint(p.lastUpdate)
	refused := refusedSeq(p.lastUpdate)
	kept := p.sent[:0]
	for _, m := range p.sent {
		if m.view == now && m.refused == refused {
			kept = append(kept, m)
		}
	}
	p.sent = kept
}

// resendSent sends again the moves the table had not taken when it
// moved, if it came up at the view they were made on (its record ended
// before them); on another view it took them before it moved, and they
// are forgotten.
func (p *seatPage) resendSent(c *common.Common, at *common.Membership) {
	sent := p.sent
	p.sent = nil
	now := viewPrint(p.lastUpdate)
	n := 0
	for _, m := range sent {
		if m.view != now || at == nil {
			continue
		}
		if at.Send(tables.Request{Kind: tables.ReqMove, Move: m.in}) {
			p.sent = append(p.sent, m)
			n++
		}
	}
	if n > 0 {
		p.note(c, c.Tr.T("table.movedback.sent", n), moveNoteFor)
		c.Srv.Log().Info("moves sent again to a moved table", "table", at.T.TableID(), "name", c.Name, "moves", n)
	}
}

// maxHeld is the most keys kept while a table moves: a few moves' worth.
const maxHeld = 16

// hold keeps a key pressed while the table moves, and says so.
func (p *seatPage) hold(c *common.Common, k tea.KeyPressMsg) {
	if len(p.held) < maxHeld {
		p.held = append(p.held, k)
		p.moveNote = c.Tr.T("table.moving.held", len(p.held))
	} else {
		p.moveNote = c.Tr.T("table.moving.full", maxHeld)
	}
}

// playHeld plays the keys held while the table moved, now that the
// seat is back.
func (p *seatPage) playHeld(c *common.Common) tea.Cmd {
	if len(p.held) == 0 || p.scr == nil {
		return nil
	}
	var cmds []tea.Cmd
	for _, k := range p.held {
		_, cmd := p.scr.Update(k)
		cmds = append(cmds, cmd)
	}
	p.note(c, c.Tr.T("table.movedback.held", len(p.held)), moveNoteFor)
	p.held = nil
	return tea.Batch(cmds...)
}

// endKind is what the end of the session's place at a table does.
type endKind uint8

const (
	endClosed   endKind = iota // the table closed: a last word says why
	endReplaced                // a newer connection of the player's took the seat
	endStopping                // the server is stopping
	endMoved                   // the table moves to another node: the seat is taken back there
	endSaid                    // back to the lobby, the reason said there
	endScores                  // the table's end page, with its scores
	endIdle                    // a waiting room where nothing happened closed
)

// tableEnding is what the table's reason for ending a place (a
// tables.Msg's Closed) does.
func tableEnding(reason string) endKind {
	switch reason {
	case "replaced":
		return endReplaced
	case "server.stopping":
		return endStopping
	case "table.moved":
		return endMoved
	case "table.parked", "served.done", "served.dayover":
		return endSaid
	case "dup.over":
		return endScores
	case "room.expired":
		return endIdle
	}
	return endClosed
}

// A table that moves to another node (its node died or froze, and
// another took it over) keeps its players: the session keeps the
// table's screen, says what happened, and takes the seat back as soon as
// the table answers on its new node — no key to press.

// reseatMsg asks the session to try its seat again.
type reseatMsg struct{}

// reseatEvery is how often the seat is asked for again; reseatFor how
// long before the player is sent to the lobby (a takeover takes 4 to
// 10 s); moveNoteFor how long the line saying it stays.
const (
	reseatEvery = 300 * time.Millisecond
	reseatFor   = 30 * time.Second
	moveNoteFor = 5 * time.Second
	// restartNoteFor is how long the line saying a table went on after
	// its servers restarted stays: longer, since it asks for a move again.
	restartNoteFor = 20 * time.Second
	// tourneyNoteFor is how long the line saying which tournament table
	// the player was taken to stays.
	tourneyNoteFor = 10 * time.Second
)

func reseatAfter(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return reseatMsg{} })
}

// badge is what the game's header says of the session: for a guest,
// where their resume code is shown. Not the code itself: the table's
// screen is the one players stream and others look at, and the code
// takes the seat back whenever its player is not connected. The tables
// page, where a guest starts and comes back to, shows it.
func badge(c *common.Common) string {
	if c.Code == "" {
		return ""
	}
	return c.Tr.T("seat.code.where")
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
	return sshTo(c.Port) + " record " + t.TableID()
}
