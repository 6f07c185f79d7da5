package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hosting"
	"okey/ui/table"
)

// A key or a click on the table goes to the game on it (hosting.Game's
// Update, the one door into a side for a key, a click and the game's own
// messages, as a component's is) with what it is pressed with
// (hosting.Scene), and comes back as what it came to (hosting.Reply),
// carried out here: the game's side never calls back up for it. Following
// a key from onKey: onTableKey, the side's Update and Key
// (ui/hostclassic, ui/host101), the table's own key (ui/playclassic,
// ui/play101) and the referee's Apply under it; then carry, here.

// onTableKey hands key k to the game on the table and carries out what
// it came to. The status's last message goes first (what the key does
// says its own). The page over the table, if one is, takes the key
// first; when it lets it go on (it closed), the key goes down to the
// table, once. in is k as the message it came in.
func (m *Model) onTableKey(k tea.KeyPressMsg, in tea.Msg) tea.Cmd {
	m.flash, m.flashWarn, m.flashNews = "", false, false
	if m.overlay != ovNone {
		lines, area := m.overlayPage()
		if m.updateOverlay(k, lines, area) {
			return nil
		}
	}
	r, _ := m.table().Update(in, m.keyScene())
	return m.carry(r, k)
}

// onClick handles the mouse on the table, while it is on show with
// nothing over it: a click on a tile selects it (or puts the tile
// picked up down there), a click on the wall draws, a click on the
// previous player's stack takes (the game's side says what).
func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	if m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	r, _ := m.table().Update(msg, m.keyScene())
	return m.carry(r, tea.KeyPressMsg{})
}

// carry carries out what a key (k; a click's is the zero key) or a
// game's message came to at the game's side (hosting.Reply), in its
// order: what the table said (its Said) and news told; the plays taken in (the record's lines, the
// statistics, the save, the hand's end shown or the next player asked)
// or the intents' fate told; a play's Then said; else the request
// carried out (asked), or the side's own command.
func (m *Model) carry(r hosting.Reply, k tea.KeyPressMsg) tea.Cmd {
	m.say(r.Said)
	if r.News != "" {
		m.tellNews(r.News)
	}
	var cmd tea.Cmd
	switch {
	case r.Sending:
		if m.seatSent(r.Sent) && r.Went {
			// something went: the callers take a command as the sign
			cmd = func() tea.Msg { return nil }
		}
	case len(r.Plays) == 1:
		cmd = m.took(r.Plays[0])
	case len(r.Plays) > 1:
		cmds := make([]tea.Cmd, 0, len(r.Plays))
		for _, p := range r.Plays {
			cmds = append(cmds, m.took(p))
		}
		cmd = tea.Batch(cmds...)
	case r.Req == table.ReqPlay:
		return nil // the game refused the play (and said why)
	case r.Undone != nil:
		return m.onUndone(r.Undone)
	case r.Ask != nil:
		return m.put(r.AskSeat, r.Ask)
	case r.Req == table.ReqSave:
		return m.saveWith(r.Rack) // the rack as the key left it
	case r.Req == table.ReqUndo:
		return m.undo(r.Cmd) // the side's undo, if it built one
	default:
		if c, own := m.asked(r.Req, k); own {
			return c
		}
		return r.Cmd
	}
	if cmd != nil && r.Then != "" && (!r.Unwarned || !m.flashWarn) {
		m.setFlash(false, r.Then)
	}
	return cmd
}

// say shows what a table said on the status line during a call into its
// side (table.Said, handed up in the reply), until the next key.
func (m *Model) say(s table.Said) {
	if s.Set {
		m.setFlash(s.Warn, s.Text)
	}
}
