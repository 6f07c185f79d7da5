// Package browsers is okey serve's page of the browsers linked to the
// player (b in the lobby), one of the session's pages: a one-time code
// (and the link) that links a browser to the player's SSH key's
// identity, the browsers linked, and a key that revokes one. It takes
// package common's value and answers with a turn, and imports no other
// page.
package browsers

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/server/keep"
	"okey/ui/serve/common"
)

// Page is the browsers' page. A player known by a key is given a new
// code each time it opens (and with n); in a linked browser they are
// not (a code comes from the SSH key); a guest is told that only a
// key's player links browsers. The list is read from the store in a
// command, as it opens and after each revoke.
type Page struct {
	// code is the code on show and when it lapses ("": none yet).
	code  string
	until time.Time
	// links are the player's browsers as last read; read says they
	// have been, failed that they could not be, none that the server
	// links no browsers.
	links        []keep.Link
	read, failed bool
	none         bool
	cursor       int
}

// Read is what the page's command brings back: the browsers, and a new
// code when one was asked for.
type Read struct {
	Links []keep.Link
	Code  string
	Until time.Time
	Err   error
}

func (Read) Owner() (common.PageID, bool) { return common.Browsers, true }

// guest says whether the player is a guest (no key, no linked browser):
// a guest's identity is a resume code, which no browser is linked to.
func guest(c *common.Common) bool { return c.Code != "" }

// Open reads the browsers, and gives a new code.
func (p *Page) Open(c *common.Common) tea.Cmd {
	p.read, p.failed, p.none = false, false, false
	if guest(c) {
		return nil
	}
	return p.fetch(c, c.Link == "")
}

// fetch reads the player's browsers in a command, and makes a code if
// fresh (the store is not read in Update).
func (p *Page) fetch(c *common.Common, fresh bool) tea.Cmd {
	srv, ctx, id, name := c.Srv, c.Ctx, c.ID, c.Name
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		var r Read
		if fresh {
			r.Code, r.Until, r.Err = srv.LinkCode(ctx, id, name)
		}
		if r.Err == nil {
			r.Links, r.Err = srv.Browsers(ctx, id)
		}
		return r
	}
}

// Unlinked is a revoke done (Err: or not).
type Unlinked struct{ Err error }

func (Unlinked) Owner() (common.PageID, bool) { return common.Browsers, false }

// Update: ↑↓ choose a browser, x revokes it (this browser too: the
// session then goes on as a guest), n gives a new code, esc goes back.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case Read:
		p.read = true
		switch {
		case errors.Is(msg.Err, common.ErrNoLinks):
			p.none = true
		case msg.Err != nil:
			p.failed = true
			c.Srv.Log().Warn("browsers: the links not read", "err", msg.Err)
		default:
			p.links = msg.Links
			if msg.Code != "" {
				p.code, p.until = msg.Code, msg.Until
			}
		}
		p.cursor = max(0, min(p.cursor, len(p.links)-1))
		return common.Turn{}
	case Unlinked:
		if msg.Err != nil {
			c.Flash = c.Tr.T("link.failed")
			c.Srv.Log().Warn("browsers: a link not revoked", "err", msg.Err)
		} else {
			c.Flash = c.Tr.T("link.revoked")
		}
		return common.Stay(p.fetch(c, false))
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return common.Turn{}
	}
	keys := c.Keys
	switch {
	case key.Matches(k, keys.Back):
		return common.BackToLobby
	case guest(c):
	case key.Matches(k, keys.Up):
		p.cursor = max(0, p.cursor-1)
	case key.Matches(k, keys.Down):
		p.cursor = max(0, min(p.cursor+1, len(p.links)-1))
	case key.Matches(k, keys.NewCode) && c.Link == "":
		c.Flash = ""
		return common.Stay(p.fetch(c, true))
	case key.Matches(k, keys.Unlink):
		if p.cursor >= len(p.links) {
			return common.Turn{}
		}
		srv, ctx, id, link := c.Srv, c.Ctx, c.ID, p.links[p.cursor].ID
		return common.Stay(func() tea.Msg {
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			return Unlinked{Err: srv.Unlink(ctx, id, link)}
		})
	}
	return common.Turn{}
}

// Lines draws the page: the code and how to use it, then the browsers.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k, tr := c.Styles(), c.Keys, c.Tr
	lines := []string{st.Bold.Render(tr.T("link.title")), ""}
	wrap := func(s string) []string {
		var out []string
		for _, l := range strings.Split(ansi.Wordwrap(s, max(20, c.Width-2), ""), "\n") {
			out = append(out, st.Text.Render(l))
		}
		return out
	}
	switch {
	case guest(c):
		lines = append(lines, wrap(tr.T("link.guest"))...)
		return lines, []key.Binding{k.Back}
	case p.none:
		lines = append(lines, wrap(tr.T("link.none"))...)
		return lines, []key.Binding{k.Back}
	case !p.read:
		lines = append(lines, st.Dim.Render(tr.T("link.reading")))
		return lines, []key.Binding{k.Back}
	case p.failed:
		lines = append(lines, st.Dim.Render(tr.T("link.unread")))
		return lines, []key.Binding{k.Back}
	}
	if c.Link != "" {
		// A browser links no other: a code comes from the SSH key
		// itself, so that a browser revoked leaves none behind.
		lines = append(lines, wrap(tr.T("link.fromssh"))...)
	} else if p.code != "" {
		left := int(p.until.Sub(c.Srv.Now()).Round(time.Minute) / time.Minute)
		lines = append(lines, st.Text.Render(tr.T("link.code")+" ")+st.Bold.Render(showCode(p.code)))
		if u := c.Srv.WebURL(); u != "" {
			lines = append(lines, wrap(tr.T("link.open", u+"link", u+"#link="+p.code))...)
		}
		lines = append(lines, wrap(tr.T("link.once", max(1, left)))...)
	}
	lines = append(lines, "")
	if len(p.links) == 0 {
		lines = append(lines, st.Dim.Render(tr.T("link.nolinks")))
	} else {
		lines = append(lines, st.Bold.Render(tr.T("link.linked", len(p.links), keep.MaxLinks)))
	}
	for i, l := range p.links {
		mark, style := "  ", st.Text
		if i == p.cursor {
			mark, style = "> ", st.Bold
		}
		label := l.Label
		if label == "" {
			label = tr.T("link.nolabel")
		}
		row := mark + l.At.Format("2006-01-02 15:04") + "  "
		if l.ID == c.Link {
			row += tr.T("link.this") + " "
		}
		row += label
		lines = append(lines, style.Render(ansi.Truncate(row, max(20, c.Width-2), "…")))
	}
	var keys []key.Binding
	if len(p.links) > 0 {
		keys = append(keys, k.Choose, k.Unlink)
	}
	if c.Link == "" {
		keys = append(keys, k.NewCode)
	}
	return lines, append(keys, k.Back)
}

// showCode writes a link's code in two groups of four, as it reads back
// easily.
func showCode(code string) string {
	if len(code) == common.LinkLen {
		return code[:common.LinkLen/2] + "-" + code[common.LinkLen/2:]
	}
	return code
}
