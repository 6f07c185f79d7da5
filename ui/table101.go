package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/rack"
)

// The 101 table: a match of Okey 101 played on the same Model as classic
// Okey. While one is on the table, m.t holds it (and m.c.g is nil); the
// Model's own machinery is shared: the screens between hands and the
// settings, the saves (m.rec, ui/store), the bots' question ids, the
// styles, the words, the status line. The app reaches the 101 table
// through okey101Table, its side of tableGame (tablegame.go); the match's
// start and load (startMatch101, load101) are chosen by the settings and
// the record. Its files:
//
//	table101.go       the table's state, okey101Table (tableGame)
//	match101.go       a match's life: start, load, resume, apply an action, save
//	players101.go     asking the seats' players (ui/play101 holds them, the plain one, the hint's analysis)
//	act101.go         the table screen's keys: the rack, groups, the actions of a turn
//	choose101.go      choosing a meld on the table (a lay-off, an okey taken back)
//	ui/layout          the table's layout (Table101)
//	view101.go        the table drawn
//	words101.go       tiles, melds, openings and the log in the player's language
//	hint101.go        the hint (h)
//	pages101.go       the end of a hand, the score sheet, the final sheet, resuming
//	mouse101.go       clicks on the table
//	undo101.go        taking back one's discard, in a casual match

// table101 is a match of 101 on the table and what the player is doing
// with it.
type table101 struct {
	g    *okey101.Game
	view okey101.View // seat 0's
	// players are the bots of seats 1-3 (0 is the player); failed counts
	// each seat's failed decisions in a row.
	players [okey101.NumSeats]Player101
	failed  [okey101.NumSeats]int

	rack   rack.Rack
	cursor int
	held   int // slot of the tile picked up to move, -1 for none
	// sel are the slots chosen into the group being made, in the order
	// chosen; groups the groups made (slots), waiting to be laid down
	// together (an opening) or one after another.
	sel    []int
	groups [][]int
	// choose is a place on the table being chosen for a tile (a
	// lay-off, an okey taken back), nil when none.
	choose *choice101
	// confirm is what x or f pressed again does now: a discard that
	// costs 101, a finish shown first.
	confirm confirm101

	log    []log101
	hintID uint64
	// sv is the analysis' working memory for Update (one goroutine).
	sv meld.Solver
}

// log101 is a line of the log: an event as seat 0 saw it, or a note.
type log101 struct {
	ev   okey101.Event
	note string
	chat bool // the note is a line of the table's chat
	deal int  // dealKey of the deal it happened in
	// at is an event's place in its deal's history (-1: not known), a
	// chat line's the number of events before it (ChatLine.At).
	at int
	// owner is the seat whose meld a lay-off or a take-back was on;
	// okey the okey of the hand.
	owner int
	okey  tile.Tile
	// text is the entry in words, in the language lang, and wrapped its
	// lines at wrapW columns (caches).
	text, lang string
	wrapped    []string
	wrapW      int
}

// confirmKind is what pressing a key again confirms.
type confirmKind uint8

const (
	confirmNone    confirmKind = iota
	confirmDiscard             // a discard that costs 101 (x)
	confirmFinish              // the finish shown (f)
)

type confirm101 struct {
	kind confirmKind
	slot int
	plan []okey101.Action
}

// okey101Table is the 101 table's side of the Model (tableGame): the
// hooks by which the app hands the 101 table its messages, keys and
// screens.
type okey101Table struct{ m *Model }

func (s okey101Table) present() bool { return s.m.t != nil }

func (s okey101Table) phase() (playing, handOver bool, turn int, over bool) {
	v := &s.m.t.view
	return v.Phase == okey101.Playing, v.Phase == okey101.HandOver, v.Turn, v.Phase == okey101.MatchOver
}

func (s okey101Table) update(msg tea.Msg) (tea.Cmd, bool) {
	m := s.m
	switch msg := msg.(type) {
	case bot101Msg:
		return m.onBot101(msg), true
	case hint101Msg:
		m.onHint101(msg)
		return nil, true
	case undone101Msg:
		return m.onUndone101(msg), true
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
func (s okey101Table) header(withKeys bool) string         { return s.m.header101(withKeys) }
func (s okey101Table) nextTurn() tea.Cmd                   { return s.m.nextTurn101() }
func (s okey101Table) overlayLines() []string              { return s.m.overlay101Lines() }
func (s okey101Table) scoreLines() []string                { return s.m.sheetLines101() }
func (s okey101Table) rackJSON() []byte                    { return s.m.rack101JSON() }

// slotTiles are the tiles of rack slots, in order.
func (t *table101) slotTiles(slots []int) []tile.Tile {
	out := make([]tile.Tile, 0, len(slots))
	for _, i := range slots {
		if i >= 0 && i < rack.NumSlots && t.rack.Slots[i] != tile.NoTile {
			out = append(out, t.rack.Slots[i])
		}
	}
	return out
}
