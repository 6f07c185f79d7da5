package serve

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// tourneyListPage is the list of the server's tournaments (u in the
// lobby): those under way, those to come, those over, a line each with
// its game, kind, players and when; enter opens one, n makes a new one.
// It is read in a command as it opens, and again every tourneyEvery
// while it is shown, so the players and the clock it shows move.
type tourneyListPage struct {
	list   []tourney.Listed
	cursor int
	// read: the list has been read once since the page opened.
	read bool
	// gen numbers the page's openings: a read armed by an earlier one
	// is dropped, so one chain of reads runs at a time.
	gen uint64
}

// tourneyEvery is how often a tournament's page and the list are read
// again while shown: a standing moves once a match ends, and a clock
// that says "ends in 12 min" moves a minute at a time.
const tourneyEvery = 2 * time.Second

// tourneysMsg is the list read.
type tourneysMsg struct {
	gen  uint64
	list []tourney.Listed
}

func (tourneysMsg) Owner() (common.PageID, bool) { return common.Tourneys, true }

// Open reads the list at once.
func (p *tourneyListPage) Open(c *common.Common, _ common.PageID) tea.Cmd {
	p.gen++
	p.read = false
	return readTourneys(c, p.gen, 0)
}

// readTourneys reads the tournaments after a wait, in a command: the
// wait watches the session's context, so a session that closed reads
// nothing.
func readTourneys(c *common.Common, gen uint64, after time.Duration) tea.Cmd {
	side, ctx := c.Tour, c.Ctx
	return func() tea.Msg {
		if !sleep(ctx, after) {
			return nil
		}
		return tourneysMsg{gen: gen, list: side.Tournaments()}
	}
}

// sleep waits d unless ctx ends first; it reports whether d passed (no
// wait always passes: a read asked for now is made).
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Update takes the list read (the cursor stays on the tournament it
// was on) and the keys: choose, open, a new one, back.
func (p *tourneyListPage) Update(c *common.Common, msg tea.Msg) common.Turn {
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
		return common.Stay(readTourneys(c, p.gen, tourneyEvery))
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
				return common.Turn{To: common.Tourney, Tourney: p.list[p.cursor].ID}
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
func (p *tourneyListPage) Lines(c *common.Common) ([]string, []key.Binding) {
	k := c.Keys
	keys := []key.Binding{k.TourneyOpen, k.Choose, k.TourneyNew, k.Back, k.Lang}
	if !p.read {
		return []string{c.Styles().Dim.Render(c.Tr.T("tourney.reading"))}, keys
	}
	return tourneyview.List(c.Tr, c.Styles(), p.list, p.cursor, c.Srv.Now(), pageWidth(c), pageRows(c)), keys
}

// pageWidth and pageRows are the room a page's lines have: the width
// but the margin the session draws them with, and the rows between the
// header and a key bar of two lines with the flash line above it.
func pageWidth(c *common.Common) int { return max(1, c.Width-2) }
func pageRows(c *common.Common) int  { return max(1, c.Height-3-common.MaxKeyLines) }
