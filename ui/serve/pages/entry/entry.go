// Package entry is okey serve's page where a code is typed (c in the
// lobby): a private table's join code, or a guest's resume code. One of
// the session's pages: it takes package common's value and answers
// with a turn, and imports no other page.
package entry

import (
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
	"okey/ui/serve/common"
)

// Page is the page where a code is typed: a private table's join
// code, or a guest's resume code.
type Page struct {
	in textinput.Model
	of codeFor
	// tries counts the wrong codes typed on this connection.
	tries int
}

// New is the page, its field made.
func New() Page { return Page{in: common.NewField(common.MaxCodeBytes)} }

// codeFor is what a typed code is for.
type codeFor uint8

const (
	codeJoin codeFor = iota + 1
	codeResume
)

// TriesOver is how many more wrong codes than the address's free ones
// a connection may type before it is closed (Config.FreeGuesses).
const TriesOver = 2

// Update edits the code; enter uses it, esc goes back.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case common.CodeFor:
		// A code of the kind asked for begins.
		p.of = codeJoin
		if msg.Resume {
			p.of = codeResume
		}
		p.in.Reset()
	case tea.PasteMsg:
		c.Flash = ""
		return common.Stay(common.EditField(&p.in, msg, common.MaxCodeBytes))
	case holderProbedMsg:
		return p.onHolderProbed(c, msg)
	case tea.KeyPressMsg:
		c.Flash = ""
		switch {
		case key.Matches(msg, c.Keys.Cancel):
			return common.Turn{To: common.Lobby}
		case key.Matches(msg, c.Keys.Send):
			return p.use(c)
		default:
			return common.Stay(common.EditField(&p.in, msg, common.MaxCodeBytes))
		}
	}
	return common.Turn{}
}

// use joins the private table of a join code, or takes a guest's seat
// back with a resume code.
func (p *Page) use(c *common.Common) common.Turn {
	// Wrong codes are counted per address, across connections: after a
	// few, each waits longer before the next is even tried.
	now := c.Srv.Now()
	if d := c.Srv.CodeWait(c.Addr, now); d > 0 {
		p.in.Reset()
		c.Flash = c.Tr.T("lobby.codewait", int(d.Round(time.Second)/time.Second)+1)
		return common.Turn{}
	}
	var code string
	var ok bool
	var t hall.SeatTable
	if p.of == codeJoin {
		if code, ok = common.NormCode(p.in.Value(), common.CodeLen); ok {
			t = c.Srv.Hall().ByCode(code)
		}
	} else {
		// Ten letters; six from before resume codes grew, for seats
		// kept across the upgrade.
		if code, ok = common.NormCode(p.in.Value(), common.ResumeLen, common.CodeLen); ok {
			t = c.Srv.Hall().Holding(common.GuestID(code))
		}
	}
	if t == nil {
		c.Srv.WrongCode(c.Addr, now)
		p.tries++
		p.in.Reset()
		c.Flash = c.Tr.T("lobby.badcode")
		if free := c.Srv.Settings().FreeGuesses; free > 0 && p.tries >= free+TriesOver {
			c.Srv.Log().Warn("too many wrong codes", "addr", c.Addr, "name", c.Name)
			return common.Turn{Bye: c.Tr.T("lobby.toomanytries")}
		}
		return common.Turn{}
	}
	if p.of == codeResume {
		p.in.Reset()
		if probe := c.Srv.Holder(common.GuestID(code)); probe != nil {
			// A session here holds the seat: asked whether its
			// connection still answers before anything is decided.
			c.Flash = c.Tr.T("lobby.codechecking")
			ctx := c.Ctx
			return common.Stay(func() tea.Msg {
				return holderProbedMsg{code: code, t: t, alive: probe(ctx, HolderProbe)}
			})
		}
		// Whether a session on another node holds the seat, connected,
		// is for the table to say: its node knows.
		return common.Stay(c.Resume(t, code, false))
	}
	return common.Turn{To: common.Lobby, Cmd: c.Join(t, -1, false)}
}

// A resume code never takes a seat from a player who is playing: the
// code shows on a guest's screen, and a stream or a shoulder is enough
// to read it. A code typed while a session holds its seat is refused,
// saying why — unless that session's connection no longer answers (a
// laptop closed, a network changed: the guest back on another
// connection), which an SSH keepalive tells within HolderProbe. A
// player holding the seat from another node is refused by the table
// itself (tables.ErrSeatLive) while any session of theirs is at it,
// away or not, whichever node the table runs on: the rule is the
// cluster's, not the node's.

// HolderProbe is how long a holder's connection has to answer.
const HolderProbe = 5 * time.Second

// holderProbedMsg says whether the session holding a resume code's seat
// still answers.
type holderProbedMsg struct {
	code  string
	t     hall.SeatTable
	alive bool
}

func (holderProbedMsg) Owner() (common.PageID, bool) { return common.Code, false }

// onHolderProbed takes the seat back, or refuses, as the probe says.
func (p *Page) onHolderProbed(c *common.Common, msg holderProbedMsg) common.Turn {
	c.Flash = ""
	if msg.alive {
		c.RefuseLiveCode()
		return common.Turn{}
	}
	// The session here that held it is gone: the table lets it go.
	return common.Stay(c.Resume(msg.t, msg.code, true))
}

// Lines draws the code being typed.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st := c.Styles()
	title := c.Tr.T("code.join")
	if p.of == codeResume {
		title = c.Tr.T("code.resume")
	}
	return []string{st.Bold.Render(title), "", st.Text.Render("> ") + p.in.View()},
		[]key.Binding{c.Keys.Send, c.Keys.Erase, c.Keys.Cancel}
}
