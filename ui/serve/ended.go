package serve

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game/tourney"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// Messages of the tournaments' ends.
type (
	// endsMsg: time to list the tournaments again.
	endsMsg struct{}
	// overMsg: tournament id, one the player played in, is over; line
	// says so (who won, where the player finished).
	overMsg struct{ id, line string }
)

// endsEvery is how often a session lists the tournaments (the list is
// the node's, in memory) to find those just over, while one runs.
const endsEvery = 3 * time.Second

// watchEnds lists the tournaments if it has not for endsEvery, and
// while one runs wakes the session to list them again in a while (nil:
// the server runs none, a wake is on its way, or none runs: an idle
// session on a server where no tournament runs sleeps on, and a
// tournament that starts is found at the session's next message).
func (s *session) watchEnds() tea.Cmd {
	c := &s.c
	if c.Tour == nil || s.ends.armed {
		return nil
	}
	var cmd tea.Cmd
	if s.ends.phase == nil || c.Srv.Now().Sub(s.ends.listed) >= endsEvery {
		cmd, _ = s.listEnds()
	}
	if !s.ends.live() {
		return cmd
	}
	s.ends.armed = true
	ctx := c.Ctx
	return tea.Batch(cmd, func() tea.Msg {
		if !common.Sleep(ctx, endsEvery) {
			return nil
		}
		return endsMsg{}
	})
}

// onEnds lists the tournaments at the wake watchEnds armed; quiet when
// no phase moved (an arena past its end moves the line under a
// finished match's table: lastLine). The session arms the next.
func (s *session) onEnds() (cmd tea.Cmd, quiet bool) {
	s.ends.armed = false
	cmd, moved := s.listEnds()
	return cmd, !moved
}

// listEnds lists the tournaments: each one over since the last listing
// is read, in a command, to see whether the player played in it; moved
// says a phase changed.
func (s *session) listEnds() (cmd tea.Cmd, moved bool) {
	c := &s.c
	first := s.ends.phase == nil
	if first {
		s.ends.phase = map[string]tourney.Phase{}
	}
	s.ends.listed = c.Srv.Now()
	var cmds []tea.Cmd
	for _, l := range c.Tour.Tournaments() {
		was, seen := s.ends.phase[l.ID]
		s.ends.phase[l.ID] = l.Phase
		if seen && was != l.Phase {
			moved = true
		}
		if l.Phase == tourney.Finished && !first && was != tourney.Finished {
			cmds = append(cmds, readOver(c, l.ID))
		}
	}
	return tea.Batch(cmds...), moved
}

// readOver reads finished tournament id, in a command: an overMsg if
// the player played in it, with their rating now in its game.
func readOver(c *common.Common, id string) tea.Cmd {
	side, tr, me, ctx, book := c.Tour, c.Tr, c.ID, c.Ctx, c.Srv.Ratings()
	return func() tea.Msg {
		l, t, err := side.Tournament(id)
		if err != nil {
			return nil
		}
		rc, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		ratings := common.TourneyRatings(rc, book, t.Config.Game, []string{me})
		if line, ok := tourneyview.Over(tr, l, t, tourneyview.Names{}, ratings, me); ok {
			return overMsg{id: id, line: line}
		}
		return nil
	}
}

// tellOver tells the player a tournament of theirs is over: at a table,
// on the line under it (their match goes on); on a page of the lobby's,
// or the end of a duplicate round's match (which says the results wait
// for the round's other tables: they have come), with the tournament's
// page and its podium; in a form or a code being typed, on the status
// line only.
func (s *session) tellOver(msg overMsg) tea.Cmd {
	c := &s.c
	c.Flash = msg.line
	switch {
	case s.page == common.Table && c.At != nil:
		s.seat.Note(c, msg.line)
	case c.At == nil && (s.page == common.Lobby || s.page == common.Tourneys || s.page == common.Tourney || s.page == common.Board || s.page == common.End):
		return s.apply(common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: msg.id}, Again: true})
	}
	return nil
}
