// Package tourneylist is okey serve's list of the server's tournaments
// (u in the lobby): a line each, read again while shown; enter opens
// one, n makes a new one. One of the session's pages: it takes package
// common's value and answers with a turn, and imports no other page.
package tourneylist

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// Page is the list of the server's tournaments (u in the
// lobby): those under way, those to come, those over, a line each with
// its game, kind, players and when; enter opens one, n makes a new one.
// It is read in a command as it opens, and again every common.TourneyEvery
// while it is shown, so the players and the clock it shows move.
type Page struct {
	list   []tourney.Listed
	cursor int
	// read: the list has been read once since the page opened.
	read bool
	// gen numbers the page's openings: a read armed by an earlier one
	// is dropped, so one chain of reads runs at a time.
	gen uint64
}

// tourneysMsg is the list read.
type tourneysMsg struct {
	gen  uint64
	list []tourney.Listed
}

func (tourneysMsg) Owner() (common.PageID, bool) { return common.Tourneys, true }

// Open reads the list at once, and asks whether the player's
// tournament has seated them meanwhile.
func (p *Page) Open(c *common.Common) tea.Cmd {
	p.gen++
	p.read = false
	return tea.Batch(readTourneys(c, p.gen, 0), c.CallToTable())
}

// WatchesHall: at no table, the player is taken from the list to their
// tournament's table as soon as it opens.
func (*Page) WatchesHall(c *common.Common) bool { return c.AwaitsTable() }

// readTourneys reads the tournaments after a wait, in a command: the
// wait watches the session's context, so a session that closed reads
// nothing.
func readTourneys(c *common.Common, gen uint64, after time.Duration) tea.Cmd {
	side, ctx := c.Tour, c.Ctx
	return func() tea.Msg {
		if !common.Sleep(ctx, after) {
			return nil
		}
		return tourneysMsg{gen: gen, list: side.Tournaments()}
	}
}

// Update takes the list read (the cursor stays on the tournament it
// was on) and the keys: choose, open, a new one, back.
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	if t, ok := c.AwaitTable(msg); ok {
		return t
	}
	switch msg := msg.(type) {
	case tourneysMsg:
		if msg.gen != p.gen {
			return common.Turn{}
		}
		was := ""
		if p.cursor < len(p.list) {
			was = p.list[p.cursor].ID
		}
		p.list, p.read = tourneyview.Order(msg.list), true
		for i, l := range p.list {
			if l.ID == was {
				p.cursor = i
			}
		}
		p.cursor = max(0, min(p.cursor, len(p.list)-1))
		return common.Stay(readTourneys(c, p.gen, common.TourneyEvery))
	case tea.KeyPressMsg:
		c.Flash = ""
		k := c.Keys
		switch {
		case key.Matches(msg, k.Back):
			return common.BackToLobby
		case key.Matches(msg, k.Up):
			p.cursor = max(0, p.cursor-1)
		case key.Matches(msg, k.Down):
			p.cursor = max(0, min(p.cursor+1, len(p.list)-1))
		case key.Matches(msg, k.TourneyOpen):
			if p.cursor < len(p.list) {
				return common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: p.list[p.cursor].ID}}
			}
		case key.Matches(msg, k.TourneyNew):
			return common.Turn{To: common.TourneyNew}
		default:
			c.OtherKey(msg)
		}
	}
	return common.Turn{}
}

// Lines draws the list.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	k := c.Keys
	keys := []key.Binding{k.TourneyOpen, k.Choose, k.TourneyNew, k.Back, k.Lang}
	if !p.read {
		return []string{c.Styles().Dim.Render(c.Tr.T("tourney.reading"))}, keys
	}
	return tourneyview.List(c.Tr, c.Styles(), p.list, p.cursor, c.Srv.Now(), c.PageWidth(), c.PageRows()), keys
}
