package common

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/serve/tourneyview"
)

// ToTable is the tournament side's word to the page on show: the
// player's tournament has seated them at table ID (the pairing seated
// them: its match is dealt, their turn awaited), the hall lists it
// holding their seat and its match not over, and the session has not
// taken them there yet. A page the player may be taken from (the
// lobby, the tournaments' pages, an end page, a tournament's table
// whose match is over) obeys it (GoTo): an arena's player goes from the
// end of one match to the next table as soon as the tournament opens
// it. A page where the player is busy (a form, a match in play) lets
// it pass.
type ToTable struct{ Tourney, ID string }

// CallToTable is, in a command, the ToTable of the first table the
// hall lists now that holds the player's seat for a tournament, other
// than the one they are at; nil when there is none, or the server runs
// no tournaments.
func (c *Common) CallToTable() tea.Cmd {
	if c.Tour == nil {
		return nil
	}
	cur := ""
	if c.At != nil {
		cur = c.At.T.TableID()
	}
	h := c.Srv.Hall()
	for _, sm := range h.List() {
		if sm.Tourney == "" || sm.ID == cur || sm.Over || c.Went[sm.ID] || sm.Holds(c.ID) < 0 || h.Get(sm.ID) == nil {
			continue
		}
		to := ToTable{Tourney: sm.Tourney, ID: sm.ID}
		return func() tea.Msg { return to }
	}
	return nil
}

// GoTo obeys to: the player is taken to its table with no key. A table
// they were taken to once is not taken to again (one who stepped away
// is not pulled back); nil when it was, or the hall no longer has it.
func (c *Common) GoTo(to ToTable) tea.Cmd {
	if c.Went[to.ID] {
		return nil
	}
	t := c.Srv.Hall().Get(to.ID)
	if t == nil {
		return nil
	}
	from := ""
	if c.At != nil {
		from = c.At.T.TableID()
	}
	c.GoneTo(to.ID)
	c.Srv.Log().Info("to the tournament's next table", "tournament", to.Tourney, "table", to.ID, "from", from, "name", c.Name)
	return c.Join(t, -1, false)
}

// AwaitTable is what a page the player may be taken from to their
// tournament's table, at no table, does with the hall's news and the
// tournament side's word: the news asks for the word (nothing shown
// changes), the word is obeyed. False: msg is neither.
func (c *Common) AwaitTable(msg tea.Msg) (Turn, bool) {
	switch msg := msg.(type) {
	case HallNews:
		return Turn{Cmd: c.CallToTable(), Quiet: true}, true
	case ToTable:
		if c.At != nil {
			return Turn{Quiet: true}, true
		}
		return Stay(c.GoTo(msg)), true
	}
	return Turn{}, false
}

// AwaitsTable says whether a page the player may be taken from waits
// for their tournament's table: the server runs tournaments and the
// player is at no table.
func (c *Common) AwaitsTable() bool { return c.Tour != nil && c.At == nil }

// TourneySaid is a line said in a tournament's chat answered (nil: said),
// for the tournament's page to say why not.
type TourneySaid struct {
	ID  string
	Err error
}

func (TourneySaid) Owner() (PageID, bool) { return Tourney, false }

// SayTourney says text in tournament id's chat, in a command: the
// player under the name they play under.
func (c *Common) SayTourney(id, text string) tea.Cmd {
	side, me, name := c.Tour, c.ID, c.Name
	if side == nil {
		return nil
	}
	return func() tea.Msg {
		return TourneySaid{ID: id, Err: side.SayTourney(id, me, name, text)}
	}
}

// TourneyAt is the tournament whose table the player sits at ("":
// none).
func (c *Common) TourneyAt() string {
	if at := c.At; at != nil && at.Tourney {
		return c.TourneyOf(at.T.TableID())
	}
	return ""
}

// LeaveWords are the words key ("leave.confirm", asked before q leaves
// a match in play; "leave.kept", said once left) at the player's
// table: at an ordinary table how long the seat is kept; at a
// tournament's, how long they may be away before the match is lost
// for them (their bot playing meanwhile), which is the tournament's
// rule and not the seat's keep.
func (c *Common) LeaveWords(key string) string {
	if id := c.TourneyAt(); id != "" && c.Tour != nil {
		if _, t, err := c.Tour.Tournament(id); err == nil {
			return c.Tr.T(key+".tourney", tourneyview.Wait(c.Tr, t.Config.AwayFor()))
		}
	}
	return c.Tr.T(key, int(c.Srv.Settings().KeepSeat.Minutes()))
}
