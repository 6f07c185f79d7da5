package ui

import (
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/hand"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/playclassic"
	"okey/ui/rack"
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
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Help):
		m.openOverlay(ovHelp)
	case key.Matches(k, keys.Settings):
		m.openSettings()
	case key.Matches(k, keys.Left):
		m.moveCursor(-1, 0)
	case key.Matches(k, keys.Right):
		m.moveCursor(1, 0)
	case key.Matches(k, keys.Up):
		m.moveCursor(0, -1)
	case key.Matches(k, keys.Down):
		m.moveCursor(0, 1)
	case key.Matches(k, keys.Pick):
		m.pick()
		return m.saveCmd()
	case key.Matches(k, keys.Cancel):
		if m.c.Held >= 0 {
			m.c.Held = -1
			m.setFlash(false, m.tr.T("status.putback"))
		} else {
			m.setFlash(false, m.tr.T("status.nocancel"))
		}
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
		m.arrange(m.sorter().ByColour(m.c.Rack.Tiles()), "status.sorted.colour")
		return m.saveCmd()
	case key.Matches(k, keys.SortValue):
		m.arrange(m.sorter().ByValue(m.c.Rack.Tiles()), "status.sorted.value")
		return m.saveCmd()
	case key.Matches(k, keys.Runs):
		return m.arrangeBy(hand.ArrangeRuns)
	case key.Matches(k, keys.Pairs):
		return m.arrangeBy(hand.ArrangePairs)
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

func (m *Model) sorter() playclassic.Sorter { return playclassic.NewSorter(m.c.View.Analyzer) }

// moveCursor moves along the rack (dx, wrapping from row to row) or
// between the rows (dy).
func (m *Model) moveCursor(dx, dy int) { m.c.Cursor = rack.Step(m.c.Cursor, dx, dy) }

// pick picks up the tile under the cursor, or puts the tile picked up
// down at the cursor.
func (m *Model) pick() {
	if from, ok := m.pickAt(&m.c.Rack, m.c.Cursor, &m.c.Held, m.tileName); ok {
		m.c.Rack.Move(from, m.c.Cursor)
		m.c.Fresh = -1
	}
}

// pickAt is the space key at either table: with no tile held it picks up
// the one at cursor (held is set), and with one held it puts it down,
// reporting the slot it comes from for the caller to move (ok false when
// it goes back where it was). It says what it did on the status line.
func (m *Model) pickAt(r *rack.Rack, cursor int, held *int, name func(tile.Tile) string) (from int, ok bool) {
	if *held < 0 {
		t := r.Slots[cursor]
		if t == tile.NoTile {
			m.setFlash(true, m.tr.T("status.pick.empty"))
			return 0, false
		}
		*held = cursor
		m.setFlash(false, m.tr.T("status.picked", name(t)))
		return 0, false
	}
	from, *held = *held, -1
	if from == cursor {
		m.setFlash(false, m.tr.T("status.putback"))
		return 0, false
	}
	return from, true
}

// arrange lays out groups on the rack.
// The cursor stays on its tile, wherever the tile goes (on a tile at all
// if it was on a gap).
func (m *Model) arrange(groups [][]tile.Tile, msg string) {
	m.c.Held, m.c.Fresh = -1, -1
	t := m.c.Rack.Slots[m.c.Cursor]
	m.c.Rack.Pack(groups)
	m.c.Cursor = m.c.Rack.Nearest(t, m.c.Cursor)
	m.setFlash(false, m.tr.T(msg))
}

func (m *Model) arrangeBy(mode hand.ArrangeMode) tea.Cmd {
	groups, ok := m.sorter().Arranged(m.c.Rack.Tiles(), mode)
	name := "status.runs"
	if mode == hand.ArrangePairs {
		name = "status.pairs"
	}
	if !ok {
		m.setFlash(true, m.tr.T(name+".none"))
		return nil
	}
	m.arrange(groups, name)
	return m.saveCmd()
}

// whyNotMyMove says why a move cannot be made now, or "".
func (m *Model) whyNotMyMove() string {
	v := &m.c.View
	switch {
	case m.readOnly:
		return m.tr.T("status.readonly")
	case v.Phase != game.Playing:
		return m.tr.T("status.notplaying")
	case !v.Active[0]:
		return m.tr.T("status.youleft")
	case v.Turn != 0:
		return m.tr.T("status.wait", m.nameIn(v.Turn, i18n.Locative))
	}
	return ""
}

// mayDrawOrTake reports whether the player may draw or take now, and
// says why not when not.
func (m *Model) mayDrawOrTake() bool {
	why := m.whyNotMyMove()
	if why == "" && m.c.View.Stage == game.MustDiscard {
		why = m.tr.T("status.mustdiscard")
	}
	if why != "" {
		m.setFlash(true, why)
		return false
	}
	return true
}

func (m *Model) tryDraw() tea.Cmd {
	if !m.mayDrawOrTake() {
		return nil
	}
	v := &m.c.View
	if v.WallLeft == 0 {
		return m.act(game.EndHandAction(0))
	}
	return m.act(game.DrawAction(0))
}

func (m *Model) tryTake() tea.Cmd {
	if !m.mayDrawOrTake() {
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
	if why := m.whyNotMyMove(); why != "" {
		m.setFlash(true, why)
		return nil
	}
	if m.c.View.Stage == game.MustDraw {
		m.setFlash(true, m.mustDrawFirst())
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
	} else if !confirmed && m.wins(t) {
		m.c.Confirm = m.c.Cursor
		m.setFlash(true, m.tr.T("status.discard.wins", m.tileCase(t, i18n.Accusative)))
		return nil
	}
	if m.seat != nil {
		return m.seatAct(a)
	}
	evs, lines, err := m.c.G.Apply(a)
	if err != nil {
		m.refuse(err, t)
		return nil
	}
	m.c.Held = -1
	m.c.Rack.Slots[m.c.Cursor] = tile.NoTile
	return m.applied(evs, lines)
}

// wins reports whether finishing with t would win the hand now: the
// player may finish, and the 14 tiles left win (as the reducer checks
// them, without playing the move).
func (m *Model) wins(t tile.Tile) bool {
	v := &m.c.View
	if !v.Legal.Finish || v.Counts[t] == 0 {
		return false
	}
	rest := v.Counts
	rest[t]--
	h, err := v.Analyzer.HandOf(rest)
	return err == nil && v.Analyzer.IsWin(h)
}

// mustDrawFirst says what the player must do before discarding: draw or
// take, or at the empty wall take or end the hand.
func (m *Model) mustDrawFirst() string {
	v := &m.c.View
	switch {
	case v.WallLeft > 0:
		return m.tr.T("status.mustdraw")
	case v.Top(v.Previous) != tile.NoTile:
		return m.tr.T("status.mustdraw.wallout")
	}
	return m.tr.T("status.mustdraw.end")
}

func (m *Model) tryShow() tea.Cmd {
	v := &m.c.View
	if m.readOnly {
		m.setFlash(true, m.tr.T("status.readonly"))
		return nil
	}
	if v.Legal.Show {
		return m.act(game.ShowAction(0))
	}
	switch {
	case !v.Rules.HasOkey():
		m.setFlash(true, m.tr.T("status.show.norules"))
	case v.Phase != game.Playing:
		m.setFlash(true, m.tr.T("status.notplaying"))
	case v.Shown[0]:
		m.setFlash(true, m.tr.T("status.show.done"))
	case v.Acted[0]:
		m.setFlash(true, m.tr.T("status.show.late"))
	default:
		m.setFlash(true, m.tr.T("status.show.notile", m.tileName(v.Indicator)))
	}
	return nil
}

// notWinning explains a refused finish: how far the 14 tiles left
// without t are from a win.
func (m *Model) notWinning(t tile.Tile) string {
	an := m.c.View.Analyzer
	rest := m.c.View.Counts
	if rest[t] > 0 {
		rest[t]--
	}
	h, err := an.HandOf(rest)
	if err != nil {
		return m.tr.T("status.notwinning", m.tileName(t))
	}
	switch d := an.Distance(h); d {
	case 0: // cannot happen: the reducer refused; say it plainly
		return m.tr.T("status.notwinning", m.tileName(t))
	case 1:
		return m.tr.T("status.notwinning.one", m.tileName(t))
	default:
		return m.tr.T("status.notwinning.dist", m.tileName(t), d)
	}
}

// refuse tells the player why the game refused their action.
func (m *Model) refuse(err error, t tile.Tile) {
	if errors.Is(err, game.ErrNotWinning) {
		m.setFlash(true, m.notWinning(t))
		return
	}
	m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
}

// act plays the player's action a.
func (m *Model) act(a game.Action) tea.Cmd {
	if m.seat != nil {
		return m.seatAct(a)
	}
	evs, lines, err := m.c.G.Apply(a)
	if err != nil {
		m.refuse(err, a.Tile)
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
