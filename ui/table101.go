package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/play101"
	"okey/ui/seatlink"
	"okey/ui/settings"
)

// The 101 table: a match of Okey 101 played on the same Model as classic
// Okey. While one is on the table, m.t holds it (and m.c.g is nil); the
// Model's own machinery is shared: the screens between hands and the
// settings, the saves (m.rec, ui/store), the bots' question ids, the
// styles, the words, the status line. The app reaches the 101 table
// through okey101Table, its side of tableGame (tablegame.go), as it
// reaches classic's: its match is started or read back when the settings
// or the saved record name its game (match.go). Its files:
//
//	ui/play101        the table's state (Table, its rack and groups, its
//	                  words), the seats' players, the hint's analysis
//	table101.go       okey101Table (tableGame)
//	match101.go       its side of a match's life (match.go): its record read back, a match started and adopted, an action taken in; the source of the seats' players, a player's answer played (asking is play101's bots.go)
//	act101.go         the table screen's keys and clicks (play101.Table.Key, Click) and what they ask of the app, carried out: an action played here (play101.Table.Play) or sent to a served table
//	ui/layout          the table's layout (Table101)
//	view101.go        the table drawn (its parts are play101.Table.Render's), the status below
//	pages101.go       the end of a hand, the score sheet, the final sheet, resuming
//	seat101.go        a served seat's actions and readiness sent

// okey101Table is the 101 table's side of the Model (tableGame): the
// hooks by which the app hands the 101 table its messages, keys and
// screens.
type okey101Table struct{ m *Model }

func (s okey101Table) present() bool { return s.m.t != nil }

func (s okey101Table) phase() (playing, handOver bool, turn int, over bool) {
	v := &s.m.t.View
	return v.Phase == okey101.Playing, v.Phase == okey101.HandOver, v.Turn, v.Phase == okey101.MatchOver
}

func (s okey101Table) update(msg tea.Msg) (tea.Cmd, bool) {
	m := s.m
	switch msg := msg.(type) {
	case play101.BotMsg:
		return m.onBot101(msg), true
	case play101.HintMsg:
		if m.t != nil && m.screen == scrPlay {
			m.t.OnHint(msg, m.t.TryState())
		}
		return nil, true
	case play101.UndoneMsg:
		return m.onUndone(m.t.Undone(msg)), true
	}
	return nil, false
}

func (s okey101Table) key(k tea.KeyPressMsg) (tea.Cmd, bool) {
	m := s.m
	switch m.screen {
	case scrPlay:
		return m.updateTable101(k), true
	case scrResume:
		return m.updateResume(k), true
	case scrHandOver:
		return m.updateHandOver101(k), true
	case scrMatchOver:
		return m.updateMatchOver(k), true
	case scrScores:
		return m.updateInfo(k, m.sheetLines101(), m.keys.Table101.Scores), true
	}
	return nil, false
}

func (s okey101Table) render() (string, bool) {
	m := s.m
	switch m.screen {
	case scrPlay:
		return m.renderTable101(), true
	case scrResume:
		return m.renderResume101(), true
	case scrHandOver:
		return m.renderHandOver101(), true
	case scrMatchOver:
		return m.renderMatchOver101(), true
	case scrScores:
		return m.renderInfo(m.sheetLines101()), true
	}
	return "", false
}

func (s okey101Table) name() string                        { return "val.okey101" }
func (s okey101Table) keys() [][]key.Binding               { return s.m.keys.Table101.FullHelp() }
func (s okey101Table) warm() tea.Cmd                       { return nil }
func (s okey101Table) click(msg tea.MouseClickMsg) tea.Cmd { return s.m.onClick101(msg) }
func (s okey101Table) serves(u SeatUpdate) bool            { return u.View101 != nil }

// takeSeat takes in a served 101 table's update: the game
// (play101.Table.TakeUpdate; the table is made at the first) and the
// notes.
func (s okey101Table) takeSeat(u SeatUpdate, _ bool, n seatlink.Notes) seatlink.Taken {
	m := s.m
	first := m.t == nil
	if first {
		m.t = m.new101(nil)
	}
	tk := m.t.TakeUpdate(u, m.seat.Link, first)
	m.t.TakeNotes(n)
	return tk
}

// endHand lets go of what the player was doing on the rack.
func (s okey101Table) endHand() { s.m.t.EndHand() }

func (s okey101Table) header(withKeys bool) string { return s.m.header101(withKeys) }
func (s okey101Table) overlayLines() []string      { return s.m.overlay101Lines() }
func (s okey101Table) scoreLines() []string        { return s.m.sheetLines101() }
func (s okey101Table) rackJSON() []byte            { return s.m.t.RackJSON() }
func (s okey101Table) ask(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
	return s.m.t.Ask(ctx, id, seat, s.m.t.Players[seat], false, delay, timeout)
}

func (s okey101Table) game() string                   { return settings.Game101 }
func (s okey101Table) takeRack(b []byte) (why string) { return s.m.t.LoadRack(b) }
func (s okey101Table) undo() tea.Cmd                  { return s.m.t.Undo() }

func (s okey101Table) record() []byte {
	rec := s.m.t.G.Record()
	return rec.Marshal()
}
