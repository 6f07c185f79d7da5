package serve

import (
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
)

// codePage is the page where a code is typed: a private table's join
// code, or a guest's resume code.
type codePage struct {
	in textinput.Model
	of codeFor
	// tries counts the wrong codes typed on this connection.
	tries int
}

// codeFor is what a typed code is for.
type codeFor uint8

const (
	codeJoin codeFor = iota + 1
	codeResume
)

// triesOver is how many more wrong codes than the address's free ones
// a connection may type before it is closed (Config.FreeGuesses).
const triesOver = 2

// open starts a code of the kind as asks for (pgResume: a resume code).
func (p *codePage) open(_ *shared, as page) tea.Cmd {
	p.of = codeJoin
	if as == pgResume {
		p.of = codeResume
	}
	p.in.Reset()
	return nil
}

// update edits the code; enter uses it, esc goes back.
func (p *codePage) update(c *shared, msg tea.Msg) turn {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		c.flash = ""
		return stay(editField(&p.in, msg, maxCodeBytes))
	case holderProbedMsg:
		return p.onHolderProbed(c, msg)
	case tea.KeyPressMsg:
		c.flash = ""
		switch {
		case key.Matches(msg, c.keys.Cancel):
			return turn{to: pgLobby}
		case key.Matches(msg, c.keys.Send):
			return p.use(c)
		default:
			return stay(editField(&p.in, msg, maxCodeBytes))
		}
	}
	return turn{}
}

// use joins the private table of a join code, or takes a guest's seat
// back with a resume code.
func (p *codePage) use(c *shared) turn {
	// Wrong codes are counted per address, across connections: after a
	// few, each waits longer before the next is even tried.
	now := c.srv.Now()
	if d := c.srv.CodeWait(c.addr, now); d > 0 {
		p.in.Reset()
		c.flash = c.tr.T("lobby.codewait", int(d.Round(time.Second)/time.Second)+1)
		return turn{}
	}
	var code string
	var ok bool
	var t hall.SeatTable
	if p.of == codeJoin {
		if code, ok = normCode(p.in.Value(), codeLen); ok {
			t = c.srv.Hall().ByCode(code)
		}
	} else {
		// Ten letters; six from before resume codes grew, for seats
		// kept across the upgrade.
		if code, ok = normCode(p.in.Value(), resumeLen, codeLen); ok {
			t = c.srv.Hall().Holding(guestID(code))
		}
	}
	if t == nil {
		c.srv.WrongCode(c.addr, now)
		p.tries++
		p.in.Reset()
		c.flash = c.tr.T("lobby.badcode")
		if free := c.srv.Settings().FreeGuesses; free > 0 && p.tries >= free+triesOver {
			c.srv.Log().Warn("too many wrong codes", "addr", c.addr, "name", c.name)
			return turn{bye: c.tr.T("lobby.toomanytries")}
		}
		return turn{}
	}
	if p.of == codeResume {
		p.in.Reset()
		if probe := c.srv.Holder(guestID(code)); probe != nil {
			// A session here holds the seat: asked whether its
			// connection still answers before anything is decided.
			c.flash = c.tr.T("lobby.codechecking")
			ctx := c.ctx
			return stay(func() tea.Msg {
				return holderProbedMsg{code: code, t: t, alive: probe(ctx, holderProbe)}
			})
		}
		// Whether a session on another node holds the seat, connected,
		// is for the table to say: its node knows.
		return stay(c.resume(t, code, false))
	}
	return turn{to: pgLobby, cmd: c.join(t, -1, false)}
}

// A resume code never takes a seat from a player who is playing: the
// code shows on a guest's screen, and a stream or a shoulder is enough
// to read it. A code typed while a session holds its seat is refused,
// saying why — unless that session's connection no longer answers (a
// laptop closed, a network changed: the guest back on another
// connection), which an SSH keepalive tells within holderProbe. A
// player holding the seat from another node is refused by the table
// itself (tables.ErrSeatLive) while any session of theirs is at it,
// away or not, whichever node the table runs on: the rule is the
// cluster's, not the node's.

// holderProbe is how long a holder's connection has to answer.
const holderProbe = 5 * time.Second

// holderProbedMsg says whether the session holding a resume code's seat
// still answers.
type holderProbedMsg struct {
	code  string
	t     hall.SeatTable
	alive bool
}

func (holderProbedMsg) owner() (page, bool) { return pgCode, false }

// onHolderProbed takes the seat back, or refuses, as the probe says.
func (p *codePage) onHolderProbed(c *shared, msg holderProbedMsg) turn {
	c.flash = ""
	if msg.alive {
		refuseLiveCode(c)
		return turn{}
	}
	// The session here that held it is gone: the table lets it go.
	return stay(c.resume(msg.t, msg.code, true))
}

// refuseLiveCode says the code's seat is taken by a live session.
func refuseLiveCode(c *shared) {
	c.srv.Log().Warn("a resume code typed while its seat's player is connected: refused", "addr", c.addr, "name", c.name)
	c.flash = c.tr.T("lobby.codelive")
}

// lines draws the code being typed.
func (p *codePage) lines(c *shared) ([]string, []key.Binding) {
	st := c.styles()
	title := c.tr.T("code.join")
	if p.of == codeResume {
		title = c.tr.T("code.resume")
	}
	return []string{st.Bold.Render(title), "", st.Text.Render("> ") + p.in.View()},
		[]key.Binding{c.keys.Send, c.keys.Erase, c.keys.Cancel}
}
