package ui

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/game/tile"
	"okey/ui/i18n"
)

// The hint (h) is the strongest bot's judgment of the player's move: it
// looks at the player's view only, as the bots do, weighs the next
// player's wants, and says whether to take the discard or draw, what to
// discard, when to finish. It thinks in a command, like the bots, and
// its answer is dropped if the table has moved on meanwhile.

// hintLevel is the bot whose judgment the hint is: the strongest.
var hintLevel = bots.Levels[len(bots.Levels)-1]

// hintMsg is the hint bot's answer for the position numbered moves.
type hintMsg struct {
	id    uint64
	moves int
	act   game.Action
	err   error
}

// hint asks for a hint on the player's turn; otherwise it says how far
// the rack is from a win.
func (m *Model) hint() tea.Cmd {
	v := &m.c.View
	if v.Phase != game.Playing {
		m.setFlash(true, m.tr.T("status.hint.none"))
		return nil
	}
	if !v.MyTurn() && !v.Legal.Show {
		m.distanceHint()
		return nil
	}
	m.c.HintID++
	id, moves, view, ctx := m.c.HintID, m.handMoves(), m.ownView(), m.ctx
	seed := game.NewSeed(m.seed ^ uint64(v.Hand)<<40 ^ uint64(len(v.History))<<8 ^ 0x41)
	build, timeout := m.opt.NewBot, m.opt.BotTimeout
	m.setFlash(false, m.tr.T("status.hint.thinking"))
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		b, err := build(hintLevel, bots.Options{Seed: seed})
		if err != nil {
			return hintMsg{id: id, moves: moves, err: err}
		}
		a, err := b.Decide(ctx, view)
		return hintMsg{id: id, moves: moves, act: a, err: err}
	}
}

// onHint tells the hint, if the table is still where it was asked.
func (m *Model) onHint(msg hintMsg) {
	if msg.id != m.c.HintID || m.handMoves() != msg.moves || m.screen != scrPlay {
		return // stale: a move, a new hand or a newer hint came first
	}
	v := &m.c.View
	if msg.err != nil || msg.act.Seat != 0 {
		m.distanceHint()
		return
	}
	an := v.Analyzer
	top := v.Top(v.Previous)
	switch a := msg.act; a.Kind {
	case game.ActShow:
		m.setFlash(false, m.tr.T("status.hint.show", m.tileName(v.Indicator)))
	case game.ActTake, game.ActDraw, game.ActEndHand:
		// A take that wins is said whatever the bot thought.
		if v.Legal.Take && m.takeWins(top) {
			m.setFlash(false, m.tr.T("status.hint.take.wins", m.tileCase(top, i18n.Accusative)))
			return
		}
		switch a.Kind {
		case game.ActTake:
			m.setFlash(false, m.tr.T("status.hint.take", m.tileCase(top, i18n.Accusative)))
		case game.ActEndHand:
			m.setFlash(false, m.tr.T("status.hint.end"))
		default:
			m.setFlash(false, m.drawHint())
		}
	case game.ActFinish:
		m.cursorOn(a.Tile)
		m.setFlash(false, m.tr.T("status.hint.wins", m.tileCase(a.Tile, i18n.Accusative)))
	case game.ActDiscard:
		m.cursorOn(a.Tile)
		if win := m.winningDiscard(); win != tile.NoTile {
			// The bot holds a win back for an okey finish: say both.
			m.setFlash(false, m.tr.T("status.hint.hold", m.tileCase(win, i18n.Accusative), m.tileCase(a.Tile, i18n.Accusative)))
			return
		}
		rest := v.Counts
		rest[a.Tile]--
		d := -1
		if h, err := an.HandOf(rest); err == nil {
			d = an.Distance(h)
		}
		switch d {
		case 1:
			m.setFlash(false, m.tr.T("status.hint.discard1", m.tileCase(a.Tile, i18n.Accusative)))
		case -1:
			m.setFlash(false, m.tr.T("status.hint.discard0", m.tileCase(a.Tile, i18n.Accusative)))
		default:
			m.setFlash(false, m.tr.T("status.hint.discard", m.tileCase(a.Tile, i18n.Accusative), d))
		}
	default:
		m.distanceHint()
	}
}

// cursorOn puts the cursor on a copy of t, so x (or f) acts on the hint.
func (m *Model) cursorOn(t tile.Tile) {
	if m.c.Rack.Slots[m.c.Cursor] == t {
		return
	}
	if i := slices.Index(m.c.Rack.Slots[:], t); i >= 0 {
		m.c.Cursor = i
	}
}

// takeWins reports whether taking t gives a rack that finishes.
func (m *Model) takeWins(t tile.Tile) bool {
	v := &m.c.View
	if t == tile.NoTile {
		return false
	}
	c := v.Counts
	c[t]++
	h, err := v.Analyzer.HandOf(c)
	return err == nil && v.Analyzer.BestDiscard(h).Wins
}

// winningDiscard is a tile the player may finish with now, or NoTile.
func (m *Model) winningDiscard() tile.Tile {
	v := &m.c.View
	if !v.Legal.Finish {
		return tile.NoTile
	}
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return tile.NoTile
	}
	if d := v.Analyzer.BestDiscard(h); d.Wins {
		return d.Tile
	}
	return tile.NoTile
}

// drawHint says to draw, and how far the rack is from a win.
func (m *Model) drawHint() string {
	v := &m.c.View
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return m.tr.T("status.hint.draw0")
	}
	if d := v.Analyzer.Distance(h); d > 1 {
		return m.tr.T("status.hint.draw", d)
	}
	return m.tr.T("status.hint.draw1")
}

// distanceHint says how far the rack is from a win, off the player's
// turn (or when the hint bot failed).
func (m *Model) distanceHint() {
	v := &m.c.View
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		m.setFlash(true, m.tr.T("status.hint.none"))
		return
	}
	switch d := v.Analyzer.Distance(h); {
	case d <= 0:
		m.setFlash(false, m.tr.T("status.hint.won"))
	case d == 1:
		m.setFlash(false, m.tr.T("status.hint.one"))
	default:
		m.setFlash(false, m.tr.T("status.hint.dist", d))
	}
}
