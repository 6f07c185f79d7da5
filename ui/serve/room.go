package serve

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/server/keep"
	"okey/server/tables"
	"okey/ui/safetext"
	"okey/ui/seatmsg"
)

// roomPage is a table's waiting room, before its match: who sits where
// with their ratings, the chat, and s for the host to start.
type roomPage struct {
	// room is the waiting room as last told (nil: none yet).
	room *tables.Room
	// The ratings shown: the identities they were read for, and what was
	// read (an identity not rated yet is absent).
	rated   roomSeats
	ratings map[string]keep.RatedEntry
	// refusedSeq numbers the waiting room's refusals already told.
	refusedSeq uint64
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

func (roomRatingsMsg) owner() (page, bool) { return pgRoom, false }

// take takes in the table's waiting room as it is now: a refusal not
// told yet is said, the ratings read if who sits there has changed.
func (p *roomPage) take(c *shared, r *tables.Room) tea.Cmd {
	if r.RefusedSeq > p.refusedSeq {
		p.refusedSeq = r.RefusedSeq
		c.flash = r.Refused
		if c.tr.Has(c.flash) {
			c.flash = c.tr.T(c.flash)
		}
	}
	p.room = r
	return p.readRatings(c)
}

// readRatings reads the ratings of the waiting room's seats in the
// table's game, in a command, when who sits there has changed.
func (p *roomPage) readRatings(c *shared) tea.Cmd {
	book := c.srv.Ratings()
	if p.room == nil || book == nil {
		return nil
	}
	ids := roomSeats{game: p.room.Cfg.Game, ids: p.room.Rated}
	if ids == p.rated {
		return nil
	}
	p.rated, p.ratings = ids, nil
	ctx := c.ctx
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

// update takes the room's keys (leave, chat, start) and its ratings read.
func (p *roomPage) update(c *shared, msg tea.Msg) turn {
	switch msg := msg.(type) {
	case roomRatingsMsg:
		if msg.ids == p.rated {
			p.ratings = msg.ratings
		}
	case tea.KeyPressMsg:
		c.flash = ""
		switch {
		case key.Matches(msg, c.keys.Leave):
			return turn{to: pgLeave}
		case key.Matches(msg, c.keys.Chat):
			c.chat.open()
		case key.Matches(msg, c.keys.Start):
			if p.room == nil || !p.room.Host {
				c.flash = c.tr.T("room.hostonly")
				return turn{}
			}
			return turn{start: true}
		default:
			c.otherKey(msg)
		}
	}
	return turn{}
}

// lines draws the waiting room: the table, its code, its seats with
// their ratings, and the last of its chat.
func (p *roomPage) lines(c *shared) ([]string, []key.Binding) {
	st, k := c.styles(), c.keys
	r := p.room
	if r == nil {
		return []string{st.Dim.Render(c.tr.T("room.wait"))}, []key.Binding{k.Leave}
	}
	lines := []string{st.Bold.Render(c.tr.T("room.title", r.ID, c.gameName(r.Cfg.Game), c.rulesName(r.Cfg.Rules))), ""}
	if r.Cfg.Code != "" {
		lines = append(lines, st.Text.Render(c.tr.T("room.code", r.Cfg.Code)), "")
	}
	if d := r.Cfg.Duplicate; d != nil {
		lines = append(lines, st.Text.Render(c.tr.T("create.dup")+": "+c.dupDeals("create.dup.deals", d.Deals)),
			st.Dim.Render(c.tr.T("create.dup.note")), "")
	}
	for i, pl := range r.Players {
		who := pl.Name
		if pl.Kind == seatmsg.Bot {
			who = c.tr.T("room.botseat", c.tr.T("level."+pl.Level))
		}
		if i == r.Seat {
			who += " " + c.tr.T("room.you")
		}
		if e, ok := p.ratings[r.Rated[i]]; ok && r.Rated[i] != "" {
			who += " · " + c.tr.T("room.rating", e.Rating().Ordinal(), e.Games)
		}
		lines = append(lines, st.Text.Render(fmt.Sprintf("%d. %s", i+1, who)))
	}
	lines = append(lines, "")
	if r.Host {
		lines = append(lines, st.Key.Render(c.tr.T("room.start")))
	} else {
		lines = append(lines, st.Dim.Render(c.tr.T("room.waithost")))
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
	return lines, c.withShowCode(keys)
}
