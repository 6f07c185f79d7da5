package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/hand"
	"okey/game/tile"
	"okey/ui/i18n"
)

// updateTable handles a key on the table (and its overlays).
func (m *Model) updateTable(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	// A discard that would throw a win away asks first: the same key
	// again on the same tile confirms it.
	confirmed := m.c.Confirm == m.c.Cursor
	m.c.Confirm = -1
	if m.overlay != ovNone && m.updateOverlay(k) {
		return nil
	}
	keys := m.keys.Table
	if cmd, ok := m.tableKey(k, keys.Common(), m.c.MoveCursor); ok {
		return cmd
	}
	switch {
	case key.Matches(k, keys.Pick):
		m.c.Pick()
		return m.saveCmd()
	case key.Matches(k, keys.Cancel):
		m.c.Cancel()
	case key.Matches(k, keys.Draw):
		return m.tryDraw()
	case key.Matches(k, keys.Take):
		return m.tryTake()
	case key.Matches(k, keys.Discard):
		return m.tryDiscard(false, confirmed)
	case key.Matches(k, keys.Finish):
		return m.tryDiscard(true, false)
	case key.Matches(k, keys.Show):
		return m.tryShow()
	case key.Matches(k, keys.SortColour):
		m.c.Arrange(m.c.Sorter().ByColour(m.c.Rack.Tiles()), "status.sorted.colour")
		return m.saveCmd()
	case key.Matches(k, keys.SortValue):
		m.c.Arrange(m.c.Sorter().ByValue(m.c.Rack.Tiles()), "status.sorted.value")
		return m.saveCmd()
	case key.Matches(k, keys.Runs):
		if m.c.ArrangeBy(hand.ArrangeRuns) {
			return m.saveCmd()
		}
	case key.Matches(k, keys.Pairs):
		if m.c.ArrangeBy(hand.ArrangePairs) {
			return m.saveCmd()
		}
	case key.Matches(k, keys.Hint):
		return m.hint()
	case key.Matches(k, keys.Scores):
		m.openInfo(scrScores)
	case key.Matches(k, keys.Stats):
		m.openInfo(scrStats)
	case key.Matches(k, keys.Undo):
		return m.undo()
	case key.Matches(k, keys.Browse):
		m.openOverlay(ovBrowse)
	default:
		m.unknownKey(k)
	}
	return nil
}

func (m *Model) tryDraw() tea.Cmd {
	if !m.c.MayDrawOrTake(m.readOnly) {
		return nil
	}
	v := &m.c.View
	if v.WallLeft == 0 {
		return m.act(game.EndHandAction(0))
	}
	return m.act(game.DrawAction(0))
}

func (m *Model) tryTake() tea.Cmd {
	if !m.c.MayDrawOrTake(m.readOnly) {
		return nil
	}
	v := &m.c.View
	if v.Top(v.Previous) == tile.NoTile {
		m.setFlash(true, m.tr.T("status.take.empty", m.seatName(v.Previous)))
		return nil
	}
	return m.act(game.TakeAction(0))
}

// tryDiscard discards (or finishes with) the tile under the cursor. A
// plain discard of a tile that would finish the hand is only made when
// confirmed; otherwise the player is asked.
func (m *Model) tryDiscard(finish, confirmed bool) tea.Cmd {
	if why := m.c.WhyNotMyMove(m.readOnly); why != "" {
		m.setFlash(true, why)
		return nil
	}
	if m.c.View.Stage == game.MustDraw {
		m.setFlash(true, m.c.MustDrawFirst())
		return nil
	}
	t := m.c.Rack.Slots[m.c.Cursor]
	if t == tile.NoTile {
		m.setFlash(true, m.tr.T("status.discard.empty"))
		return nil
	}
	a := game.DiscardAction(0, t)
	if finish {
		a = game.FinishAction(0, t)
	} else if !confirmed && m.c.Wins(t) {
		m.c.Confirm = m.c.Cursor
		m.setFlash(true, m.tr.T("status.discard.wins", m.tileCase(t, i18n.Accusative)))
		return nil
	}
	if m.seat != nil {
		return m.seatAct(a)
	}
	evs, lines, err := m.c.G.Apply(a)
	if err != nil {
		m.c.Refuse(err, t)
		return nil
	}
	m.c.Held = -1
	m.c.Rack.Slots[m.c.Cursor] = tile.NoTile
	return m.applied(evs, lines)
}

func (m *Model) tryShow() tea.Cmd {
	if why := m.c.WhyNoShow(m.readOnly); why != "" {
		m.setFlash(true, why)
		return nil
	}
	return m.act(game.ShowAction(0))
}

// act plays the player's action a.
func (m *Model) act(a game.Action) tea.Cmd {
	if m.seat != nil {
		return m.seatAct(a)
	}
	evs, lines, err := m.c.G.Apply(a)
	if err != nil {
		m.c.Refuse(err, a.Tile)
		return nil
	}
	m.c.Held = -1
	return m.applied(evs, lines)
}

// classicTable is classic Okey's side of the Model (tableGame): the
// hooks by which the app hands the classic table its messages, keys and
// screens. It also stands in while no match is on the screen yet.
type classicTable struct{ m *Model }

func (s classicTable) present() bool { return s.m.c.G != nil }

func (s classicTable) phase() (playing, handOver bool, turn int, over bool) {
	m := s.m
	v := &m.c.View
	over = m.c.G != nil && m.c.G.State().Phase() == game.MatchOver
	return v.Phase == game.Playing, v.Phase == game.HandOver, v.Turn, over
}

func (s classicTable) update(msg tea.Msg) (tea.Cmd, bool) {
	m := s.m
	switch msg := msg.(type) {
	case botMoveMsg:
		return m.onBotMove(msg), true
	case hintMsg:
		m.onHint(msg)
		return nil, true
	case undoneMsg:
		return m.onUndone(msg), true
	}
	return nil, false
}

func (s classicTable) key(k tea.KeyPressMsg) (tea.Cmd, bool) {
	m := s.m
	switch m.screen {
	case scrResume:
		return m.updateResume(k), true
	case scrHandOver:
		return m.updateHandOver(k), true
	case scrMatchOver:
		return m.updateMatchOver(k), true
	case scrScores:
		return m.updateScores(k), true
	}
	return m.updateTable(k), true
}

func (s classicTable) render() (string, bool) {
	m := s.m
	switch m.screen {
	case scrResume:
		return m.renderResume(), true
	case scrHandOver:
		return m.renderHandOver(), true
	case scrMatchOver:
		return m.renderMatchOver(), true
	case scrScores:
		return m.renderScores(), true
	}
	return m.renderTable(), true
}

func (s classicTable) name() string                        { return "val.classic" }
func (s classicTable) keys() [][]key.Binding               { return s.m.keys.Table.FullHelp() }
func (s classicTable) click(msg tea.MouseClickMsg) tea.Cmd { return s.m.onClickClassic(msg) }

func (s classicTable) warm() tea.Cmd {
	if s.m.c.G == nil {
		return nil
	}
	return s.m.warmAnalysis()
}
func (s classicTable) header(withKeys bool) string { return s.m.headerClassic(withKeys) }
func (s classicTable) nextTurn() tea.Cmd           { return s.m.nextTurnClassic() }
func (s classicTable) overlayLines() []string      { return s.m.overlayLinesClassic() }
func (s classicTable) scoreLines() []string        { return s.m.scoreLines() }
func (s classicTable) rackJSON() []byte            { return s.m.rackJSONClassic() }
