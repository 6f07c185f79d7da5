// Package room is okey serve's waiting room, a table's page before its
// match: who sits where with their ratings, the chat, and s for the host
// to start. One of the session's pages: it takes package common's value
// and answers with a turn, and imports no other page.
package room

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// Page is a table's waiting room, before its match: who sits where
// with their ratings, the chat, and s for the host to start.
type Page struct {
	// room is the waiting room as last told (nil: none yet).
	room *tables.Room
	// The ratings shown: the identities they were read for, and what was
	// read (an identity not rated yet is absent).
	rated   roomSeats
	ratings map[string]keep.RatedEntry
	// refusedSeq numbers the waiting room's refusals already told.
	refusedSeq uint64
	// leaving: q was pressed once at a tournament's table, and q again
	// leaves.
	leaving bool
}

// Shown is a waiting room r shown with its seats' ratings already read
// (an identity not rated is absent): as the page stands once its read
// has come back.
func Shown(r *tables.Room, ratings map[string]keep.RatedEntry) Page {
	return Page{room: r, rated: roomSeats{game: r.Cfg.Game, ids: r.Rated}, ratings: ratings}
}

// roomSeats are the rated identities of a waiting room's seats, and
// the game they are rated at.
type roomSeats struct {
	game string
	ids  [classic.NumSeats]string
}

// roomRatingsMsg are the ratings of a waiting room's seats.
type roomRatingsMsg struct {
	ids     roomSeats
	ratings map[string]keep.RatedEntry
}

func (roomRatingsMsg) Owner() (common.PageID, bool) { return common.Room, false }

// take takes in the table's waiting room as it is now: a refusal not
// told yet is said, the ratings read if who sits there has changed.
func (p *Page) take(c *common.Common, r *tables.Room) tea.Cmd {
	if r.RefusedSeq > p.refusedSeq {
		p.refusedSeq = r.RefusedSeq
		c.Flash = r.Refused
		if c.Tr.Has(c.Flash) {
			c.Flash = c.Tr.T(c.Flash)
		}
	}
	p.room = r
	return p.readRatings(c)
}

// readRatings reads the ratings of the waiting room's seats in the
// table's game, in a command, when who sits there has changed.
func (p *Page) readRatings(c *common.Common) tea.Cmd {
	book := c.Srv.Ratings()
	if p.room == nil || book == nil {
		return nil
	}
	ids := roomSeats{game: p.room.Cfg.Game, ids: p.room.Rated}
	if ids == p.rated {
		return nil
	}
	p.rated, p.ratings = ids, nil
	ctx := c.Ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		out := map[string]keep.RatedEntry{}
		for _, id := range ids.ids {
			if id == "" {
				continue
			}
			if e, rev, err := book.Get(c, ids.game, id); err == nil && rev != 0 {
				out[id] = e
			}
		}
		return roomRatingsMsg{ids: ids, ratings: out}
	}
}

// Update takes the table's waiting room (common.RoomNews: as it is now,
// or none, the session having sat at another table), its ratings read,
// and the room's keys (leave, chat, start).
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case common.RoomNews:
		if msg.Room == nil {
			p.room = nil
			return common.Turn{}
		}
		return common.Stay(p.take(c, msg.Room))
	case roomRatingsMsg:
		if msg.ids == p.rated {
			p.ratings = msg.ratings
		}
	case tea.KeyPressMsg:
		if c.ToggleCode(msg) {
			return common.Turn{}
		}
		c.Flash = ""
		leaving := p.leaving
		p.leaving = false
		switch {
		case key.Matches(msg, c.Keys.Leave) && !leaving && c.TourneyAt() != "":
			// A tournament's table the player was just taken to, its
			// match dealt: q asks first, as in play, so that a q pressed
			// twice at the last match's end does not leave this one and
			// lose it for them.
			p.leaving = true
			c.Flash = c.LeaveWords("leave.confirm")
		case key.Matches(msg, c.Keys.Leave):
			// The seat's page leaves the table.
			return common.Stay(func() tea.Msg { return common.LeaveTable{} })
		case key.Matches(msg, c.Keys.Chat):
			c.Chat.Open()
		case key.Matches(msg, c.Keys.Start):
			if p.room == nil || !p.room.Host {
				c.Flash = c.Tr.T("room.hostonly")
				return common.Turn{}
			}
			if c.At != nil && !c.At.Send(tables.Request{Kind: tables.ReqStart}) {
				c.Flash = c.Tr.T("status.busy")
			}
		default:
			c.OtherKey(msg)
		}
	}
	return common.Turn{}
}

// Lines draws the waiting room: the table, its code, its seats with
// their ratings, and the last of its chat.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	st, k := c.Styles(), c.Keys
	r := p.room
	if r == nil {
		return []string{st.Dim.Render(c.Tr.T("room.wait"))}, []key.Binding{k.Leave}
	}
	lines := []string{st.Bold.Render(c.Tr.T("room.title", r.ID, c.GameName(r.Cfg.Game), c.RulesName(r.Cfg.Rules))), ""}
	if r.Cfg.Code != "" {
		lines = append(lines, st.Text.Render(c.Tr.T("room.code", r.Cfg.Code)), "")
	}
	if d := r.Cfg.Duplicate; d != nil {
		lines = append(lines, st.Text.Render(c.Tr.T("create.dup")+": "+c.DupDeals("create.dup.deals", d.Deals)),
			st.Dim.Render(c.Tr.T("create.dup.note")), "")
	}
	for i, pl := range r.Players {
		who := pl.Name
		if pl.Kind == seatmsg.Bot {
			who = c.Tr.T("room.botseat", c.Tr.T("level."+pl.Level))
		}
		if i == r.Seat {
			who += " " + c.Tr.T("room.you")
		}
		if e, ok := p.ratings[r.Rated[i]]; ok && r.Rated[i] != "" {
			who += " · " + c.Tr.T("room.rating", e.Rating().Ordinal(), e.Games)
		}
		lines = append(lines, st.Text.Render(fmt.Sprintf("%d. %s", i+1, who)))
	}
	lines = append(lines, "")
	if r.Host {
		lines = append(lines, st.Key.Render(c.Tr.T("room.start")))
	} else {
		lines = append(lines, st.Dim.Render(c.Tr.T("room.waithost")))
	}
	if len(r.Chat) > 0 {
		lines = append(lines, "")
		from := max(0, len(r.Chat)-5)
		for _, ch := range r.Chat[from:] {
			lines = append(lines, st.Dim.Render(safetext.Name(ch.Name)+": "+ch.Text))
		}
	}
	keys := []key.Binding{k.Start, k.Chat, k.Lang, k.Leave}
	if !r.Host {
		keys = keys[1:]
	}
	return lines, c.WithShowCode(keys)
}
