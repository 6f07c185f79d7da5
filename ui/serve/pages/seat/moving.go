package seat

import (
	"encoding/json"
	"hash/fnv"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// moveLine is the line the table's screen shows while its table moves
// to another node, and for a moment after, or while the table is paused
// ("": none). A note of the move outlasts a pause that follows it, so
// that a player told their moves were sent again is not left reading
// only "paused"; the pause is said once the note's moment is over.
func (p *Page) moveLine(c *common.Common) string {
	if p.reseat != nil && !p.reseat.Quiet || c.Srv.Now().Before(p.moveNoteUntil) {
		return p.moveNote
	}
	if p.paused {
		return c.Tr.T("table.paused")
	}
	return ""
}

// note sets the line under the screen for d.
func (p *Page) note(c *common.Common, line string, d time.Duration) {
	p.moveNote, p.moveNoteUntil, p.resumedNote = line, c.Srv.Now().Add(d), false
}

// pausedAs takes in whether the table says it is paused (its store does
// not take its writes): the line under the screen says so while it is
// (moveLine), and that it goes on once it does. A pause cuts short the
// word that the table went on, which it belies, and no other note.
func (p *Page) pausedAs(c *common.Common, paused bool) {
	switch {
	case paused && !p.paused && p.resumedNote:
		p.moveNoteUntil, p.resumedNote = time.Time{}, false
	case !paused && p.paused:
		p.note(c, c.Tr.T("table.resumed"), moveNoteFor)
		p.resumedNote = true
	}
	p.paused = paused
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
func (p *Page) send(at *common.Membership, in seatmsg.Intent) bool {
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

// notTaken takes in the word that the player's last request, relayed
// to the table's node, was not taken (its queue stayed full): said as
// a key refused at a table here is ("the table is busy: try again"),
// the move sent forgotten, and the screen, which waited for the table's
// answer to it, given the table's view again so that it takes the next
// key.
func (p *Page) notTaken(c *common.Common) tea.Cmd {
	p.note(c, c.Tr.T("status.busy"), moveNoteFor)
	if n := len(p.sent); n > 0 {
		p.sent = p.sent[:n-1]
	}
	if p.scr == nil || p.lastUpdate == nil {
		return nil
	}
	_, cmd := p.scr.Update(*p.lastUpdate)
	return cmd
}

// answered forgets the moves sent on a view the table has since left:
// it took them (or refused them, and said so, or its clock played for
// the seat).
func (p *Page) answered() {
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
// before them). On another view it took them before it moved, and they
// are forgotten — unless the seat's bot played for the player there
// meanwhile (the table's BotPlayed: the player was not back yet): then
// the view moved on by the bot's moves, not theirs, and the player is
// told their move was not played; their screen shows where the table
// stands, for the move again. A move the node stored just before it died,
// the bot playing on after it, is said not played too: a word too many
// beats one too few.
func (p *Page) resendSent(c *common.Common, at *common.Membership) {
	sent := p.sent
	p.sent = nil
	now := viewPrint(p.lastUpdate)
	botPlayed := 0
	if p.lastUpdate != nil {
		botPlayed = p.lastUpdate.BotPlayed
	}
	n, lost := 0, 0
	for _, m := range sent {
		if m.view != now || at == nil {
			if botPlayed > 0 {
				lost++
			}
			continue
		}
		if at.Send(tables.Request{Kind: tables.ReqMove, Move: m.in}) {
			p.sent = append(p.sent, m)
			n++
		}
	}
	switch {
	case lost > 0:
		p.note(c, c.Tr.T("table.movedback.botplayed", botPlayed), moveNoteFor)
		c.Srv.Log().Info("moves not played at a moved table: the seat's bot played", "table", at.T.TableID(), "name", c.Name, "moves", lost, "bot", botPlayed)
	case n > 0:
		p.note(c, c.Tr.T("table.movedback.sent", n), moveNoteFor)
		c.Srv.Log().Info("moves sent again to a moved table", "table", at.T.TableID(), "name", c.Name, "moves", n)
	}
}

// watchWords is key said to a spectator (watch) in its own words: the
// player's speak of "your seat", which a spectator has none of.
func watchWords(key string, watch bool) string {
	if watch {
		return key + ".watch"
	}
	return key
}

// maxHeld is the most keys kept while a table moves: a few moves' worth.
const maxHeld = 16

// hold keeps a key pressed while the table moves, and says so.
func (p *Page) hold(c *common.Common, k tea.KeyPressMsg) {
	if len(p.held) < maxHeld {
		p.held = append(p.held, k)
		p.moveNote = c.Tr.T("table.moving.held", len(p.held))
	} else {
		p.moveNote = c.Tr.T("table.moving.full", maxHeld)
	}
}

// playHeld plays the keys held while the table moved, now that the
// seat is back.
func (p *Page) playHeld(c *common.Common) tea.Cmd {
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

// moveNoteFor is how long the line saying the table moved (or came
// back) stays.
const moveNoteFor = 5 * time.Second
