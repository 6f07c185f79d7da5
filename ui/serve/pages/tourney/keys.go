package tourney

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/server/tournaments"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// codeBytes caps a join code typed: the server's are six letters.
const codeBytes = 16

// codeKey takes the keys while a private tournament's join code is
// typed: enter joins with it, esc stops.
func (p *Page) codeKey(c *common.Common, k tea.KeyPressMsg) common.Turn {
	switch {
	case key.Matches(k, c.Keys.Cancel):
		p.coding = false
	case key.Matches(k, c.Keys.Send):
		p.coding, p.asking = false, true
		return common.Stay(p.join(c, askJoin, "", ""))
	default:
		return common.Stay(common.EditField(&p.codeIn, k, codeBytes))
	}
	return common.Turn{}
}

// organises says whether the player may change or cancel the
// tournament now: theirs, and not begun.
func (p *Page) organises() bool {
	return p.mine && p.t != nil && p.t.Phase == tourney.Starting
}

// key takes the page's keys.
func (p *Page) key(c *common.Common, msg tea.KeyPressMsg) common.Turn {
	c.Flash = ""
	if !key.Matches(msg, c.Keys.TourneyCancel) {
		p.cancelling = false // c, then another key: not called off
	}
	k := c.Keys
	v := p.view(c)
	rows := max(1, c.PageRows()-4)
	switch {
	case key.Matches(msg, k.Back):
		return common.Turn{To: common.Tourneys}
	case p.t != nil && !p.asking && v.Paused() && !key.Matches(msg, k.TourneyLeave):
		// Any key (but leave) says a paused player is back: paired
		// again.
		p.asking = true
		return common.Stay(p.join(c, askBack, "", ""))
	case key.Matches(msg, k.Up):
		p.scroll = max(0, p.scroll-1)
	case key.Matches(msg, k.Down):
		p.scroll++
	case key.Matches(msg, k.PageUp):
		p.scroll = max(0, p.scroll-rows)
	case key.Matches(msg, k.PageDown):
		p.scroll += rows
	case p.t == nil || p.asking:
		c.OtherKey(msg)
	case key.Matches(msg, k.TourneyJoin) && v.CanJoin() && p.l.Private && !p.mine && !p.coding:
		// A private tournament's code, asked before the join.
		p.coding, p.codeIn = true, common.NewField(codeBytes)
		return common.Turn{}
	case key.Matches(msg, k.TourneyJoin) && v.CanJoin():
		p.asking = true
		return common.Stay(p.join(c, askJoin, "", ""))
	case key.Matches(msg, k.TourneyWith) && v.CanAsk():
		p.naming, p.pick = true, 0
		p.in = common.NewField(safetext.MaxNameLen)
		if len(v.Candidates()) == 0 {
			c.Flash = c.Tr.T("tourney.partner.none")
		}
		return common.Turn{}
	case key.Matches(msg, k.TourneyAccept, k.TourneyDecline) && asked(v):
		p.asking = true
		what := askAccept
		if key.Matches(msg, k.TourneyDecline) {
			what = askDecline
		}
		return common.Stay(p.join(c, what, "", ""))
	case key.Matches(msg, k.TourneyTakeBack) && asking(v):
		p.asking = true
		return common.Stay(p.join(c, askTakeBack, "", ""))
	case key.Matches(msg, k.TourneyTable) && tableOf(v) > 0:
		n := tableOf(v)
		if seatGivenUp(c, strconv.Itoa(n)) {
			p.givenUp = true // the page says what it means
			c.Flash = c.Tr.T("tourney.you.givenup", n)
			break
		}
		if cmd := p.toTable(c, n); cmd != nil || c.SeatAsking(strconv.Itoa(n)) {
			return common.Stay(cmd) // nil: already asked, its answer takes the player there
		}
		c.Flash = c.Tr.T("lobby.gone")
	case key.Matches(msg, k.TourneyLeave) && v.CanLeave():
		p.asking = true
		return common.Stay(p.join(c, askLeave, "", ""))
	case key.Matches(msg, k.TourneyWatch) && len(watchable(v)) > 0:
		if ns := watchable(v); len(ns) == 1 {
			return p.watch(c, ns[0])
		}
		p.choosing, p.pick = true, 0
		p.in = common.NewField(4)
		return common.Turn{}
	case key.Matches(msg, k.Chat) && p.speaks(c):
		c.Chat.OpenTo(p.id)
		return common.Turn{}
	case key.Matches(msg, k.TourneyEdit) && p.organises():
		return common.Turn{To: common.TourneyNew, Pass: common.EditTourney{ID: p.id, Config: p.t.Config, AsOperator: p.asOp}}
	case key.Matches(msg, k.TourneyCancel) && p.organises() && !p.cancelling:
		p.cancelling = true
		c.Flash = c.Tr.T("tourney.cancel.sure")
		return common.Turn{}
	case key.Matches(msg, k.TourneyCancel) && p.organises():
		p.cancelling, p.asking = false, true
		return common.Stay(p.join(c, askCancel, "", ""))
	default:
		c.OtherKey(msg)
	}
	if p.t != nil {
		// Kept to the body's last screen, as drawn.
		_, p.scroll = tourneyview.Lines(c.Tr, c.Styles(), p.view(c), c.PageWidth(), c.PageRows()-len(p.chatLines(c)))
	}
	return common.Turn{}
}

// watchable are the tournament's tables in play one may watch: every
// one but the player's own.
func watchable(v tourneyview.Page) []int {
	if v.T.Phase != tourney.Running && v.T.Phase != tourney.Ending {
		return nil
	}
	own, _ := v.Table()
	var out []int
	for _, pl := range v.T.Playing {
		if pl.Table != own {
			out = append(out, pl.Table)
		}
	}
	return out
}

// watch watches table n (a duplicate round's refuses, in its words).
func (p *Page) watch(c *common.Common, n int) common.Turn {
	t := c.Srv.Hall().Get(strconv.Itoa(n))
	if t == nil {
		c.Flash = c.Tr.T("lobby.gone")
		return common.Turn{}
	}
	return common.Stay(c.Join(t, -1, true))
}

// choose takes the keys while the number of a table to watch is typed:
// enter watches it (or says it is none of those in play), tab puts the
// next of them there, esc stops.
func (p *Page) choose(c *common.Common, msg tea.Msg) common.Turn {
	k, ok := msg.(tea.KeyPressMsg)
	ns := watchable(p.view(c))
	switch {
	case !ok:
		return common.Stay(common.EditField(&p.in, msg, 4))
	case key.Matches(k, c.Keys.Cancel):
		p.choosing = false
	case key.Matches(k, c.Keys.TourneyPick):
		if len(ns) > 0 {
			p.in.SetValue(strconv.Itoa(ns[p.pick%len(ns)]))
			p.in.CursorEnd()
			p.pick++
		}
	case key.Matches(k, c.Keys.Send):
		n, err := strconv.Atoi(strings.TrimSpace(p.in.Value()))
		if err != nil || !slices.Contains(ns, n) {
			c.Flash = c.Tr.T("tourney.watch.none", safetext.Name(p.in.Value()))
			return common.Turn{}
		}
		p.choosing = false
		return p.watch(c, n)
	default:
		return common.Stay(common.EditField(&p.in, k, 4))
	}
	return common.Turn{}
}

// asked says whether an ask to partner waits for the answer of the
// player who looks, and may still be answered (the tournament not
// ending).
func asked(v tourneyview.Page) bool {
	_, ok := v.AskedBy()
	return ok && (v.T.Phase == tourney.Starting || v.T.Phase == tourney.Running)
}

// askEnded says on the page how the ask to partner the player was part
// of ended, read from t (the tournament read now), unless they ended it
// themselves; and keeps t's ask for the next read.
func (p *Page) askEnded(c *common.Common, t tourney.Tournament) {
	if p.ask != nil && !p.own {
		ask := *p.ask
		other := ask.To
		if ask.To == c.ID {
			other = ask.From
		}
		name := tourneyview.NameIn(c.Tr, p.view(c), other)
		end := tourneyview.EndOfAsk(ask, c.ID, t, c.Srv.Now())
		switch {
		case end == tourneyview.AskWaits:
		case ask.Entry && ask.From == c.ID && end != tourneyview.AskAccepted:
			// The ask was the asker's entry (from the address of the
			// one asked): ended, they are out, not teamed by the order.
			c.Flash = c.Tr.T("tourney.ask.entry", name)
		default:
			c.Flash = askEndWords(c, end, ask.From == c.ID, name)
		}
	}
	p.ask = nil
	if inv, ok := t.InviteOf(c.ID); ok {
		p.ask = &inv
	} else {
		p.own = false
	}
}

// askEndWords is what the page says of an ask's end (asker: the player
// made the ask; name: the other of the two).
func askEndWords(c *common.Common, end tourneyview.AskEnd, asker bool, name string) string {
	mins := int(tourney.AskLapse / time.Minute)
	switch end {
	case tourneyview.AskAccepted:
		return c.Tr.T("tourney.ask.partners", name)
	case tourneyview.AskDeclined:
		return c.Tr.T("tourney.ask.declinedby", name)
	case tourneyview.AskTakenBack:
		return c.Tr.T("tourney.ask.takenbackby", name)
	case tourneyview.AskLapsed:
		if asker {
			return c.Tr.T("tourney.ask.lapsed", name, mins)
		}
		return c.Tr.T("tourney.ask.lapsedto", name, mins)
	case tourneyview.AskLeft:
		return c.Tr.T("tourney.ask.left", name)
	case tourneyview.AskDropped:
		return c.Tr.T("tourney.ask.dropped")
	}
	return ""
}

// asking says whether the player who looks has an ask to partner
// waiting for its answer, which they may take back.
func asking(v tourneyview.Page) bool {
	_, ok := v.Asking()
	return ok && (v.T.Phase == tourney.Starting || v.T.Phase == tourney.Running)
}

// askRefused says why the owner refused the player's ask to partner
// (to: the one asked, as the page names them).
func askRefused(c *common.Common, r tourney.Refusal, to string) string {
	why := c.Tr.T("tourney.err.refused")
	if err := r.Err(); err != nil {
		why = partnerRefused(c, err, to)
	}
	return c.Tr.T("tourney.refused", to, why)
}

// tableOf is the table in play the player sits at (0: none).
func tableOf(v tourneyview.Page) int {
	n, _ := v.Table()
	return n
}

// tourneyRefused says why a join or a leave was refused.
func tourneyRefused(c *common.Common, err error) string {
	switch {
	case errors.Is(err, tourney.ErrFinished):
		return c.Tr.T("tourney.err.finished")
	case errors.Is(err, tourney.ErrStarted):
		return c.Tr.T("tourney.err.started")
	case errors.Is(err, tourney.ErrUnknown):
		return c.Tr.T("tourney.err.gone")
	case errors.Is(err, tournaments.ErrNotKnown):
		return c.Tr.T("tourney.err.notknown")
	case errors.Is(err, tournaments.ErrAddrTaken):
		return c.Tr.T("tourney.err.addr")
	case errors.Is(err, tournaments.ErrCode):
		return c.Tr.T("tourney.err.code")
	}
	c.Srv.Log().Warn("a tournament refused", "err", err)
	return c.Tr.T("tourney.err.other", err.Error())
}
