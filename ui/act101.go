package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/layout"
	"okey/ui/play101"
)

// The 101 table's keys are ui/play101's (play101.Table.Key): what they do
// to the rack and the turn is decided there, and what they ask of the
// app (a play, a save, a page) comes back as a play101.Outcome, carried
// out here.

// updateTable101 handles a key on the 101 table (and its overlays).
func (m *Model) updateTable101(k tea.KeyPressMsg) tea.Cmd {
	t := m.t
	m.setFlash(false, "")
	// A discard that costs 101, or a finish, asks first: the same key
	// again confirms it; any other key lets it go.
	conf := t.TakeConfirm()
	if t.Choose != nil {
		return m.do101(t.KeyChoose(k), k)
	}
	if m.overlay != ovNone && m.updateOverlay(k) {
		return nil
	}
	if cmd, ok := m.tableKey(k, m.keys.Table101.Common(), t.MoveCursor); ok {
		return cmd
	}
	return m.do101(t.Key(k, conf, m.at101()), k)
}

// at101 is what a key at the 101 table is pressed with (play101.At).
func (m *Model) at101() play101.At { return play101.At{ReadOnly: m.readOnly, State: m.t.TryState()} }

// do101 carries out what key k at the 101 table asked of the app: its
// actions played are 101's; the rest is what both tables ask alike
// (asked).
func (m *Model) do101(o play101.Outcome, k tea.KeyPressMsg) tea.Cmd {
	if o.Req == play101.ReqPlay {
		var cmd tea.Cmd
		if o.All {
			cmd = m.playAll101(o.Acts)
		} else {
			cmd = m.act101(o.Acts[0], o.Done)
		}
		if cmd != nil && o.Then != "" && (!o.Unwarned || !m.flashWarn) {
			m.setFlash(false, o.Then)
		}
		return cmd
	}
	if cmd, own := m.asked(o.Req, k); own {
		return cmd
	}
	return o.Cmd
}

// act101 plays the player's action a; done runs first when the game
// takes it (to take the tiles it used off the rack).
func (m *Model) act101(a okey101.Action, done func()) tea.Cmd {
	if m.seat != nil {
		return m.seatAct101([]okey101.Action{a}, done)
	}
	evs, lines, ok := m.t.Play(a, done)
	if !ok {
		return nil
	}
	return m.applied101(evs, lines)
}

// playAll101 plays the player's actions one after another, as long as
// the game takes them.
func (m *Model) playAll101(acts []okey101.Action) tea.Cmd {
	if m.seat != nil {
		return m.seatAct101(acts, nil)
	}
	var cmds []tea.Cmd
	for _, a := range acts {
		if m.t.View.Phase != okey101.Playing || !m.t.View.MyTurn() {
			break
		}
		evs, lines, ok := m.t.Play(a, nil)
		if !ok {
			break
		}
		m.t.Sel, m.t.Groups = nil, nil
		cmds = append(cmds, m.applied101(evs, lines))
	}
	return tea.Batch(cmds...)
}

// onClick101 handles the mouse on the 101 table (play101.Table.Click),
// while the table is on show with nothing over it.
func (m *Model) onClick101(msg tea.MouseClickMsg) tea.Cmd {
	if m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	return m.do101(m.t.Click(msg, layout.NewTable101(m.width, m.height), m.at101()), tea.KeyPressMsg{})
}
