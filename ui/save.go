package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Saving: the record, the statistics and the rack as they stand, in a
// command after each change (ui/saves writes them), and whatever is
// left when the program ends (Flush); the rack's saved arrangement read
// back.

// loadRack restores the saved arrangement of the rack when it belongs
// to the hand on the table and holds its tiles (hosting.Game's TakeRack);
// otherwise the rack stays sorted, and a file that cannot be read is
// set aside (saves.Files.RackDamaged).
func (m *Model) loadRack() {
	b, err := m.files.ReadRack()
	if err != nil {
		return
	}
	if why := m.table().TakeRack(b); why != "" && !m.readOnly {
		m.notice = append(m.notice, m.saves().RackDamaged(why))
	}
}

// saveCmd saves the record, the statistics and the rack as they stand,
// in a command.
func (m *Model) saveCmd() tea.Cmd {
	if !m.hasMatch() || !m.saving() {
		return nil
	}
	return m.saveWith(m.table().RackJSON())
}

// saveWith is saveCmd with the rack's arrangement rack as the game's
// side handed it up (hosting.Play, hosting.Reply).
func (m *Model) saveWith(rack []byte) tea.Cmd {
	if !m.hasMatch() || !m.saving() {
		return nil
	}
	m.seq++
	return m.saves().Save(m.seq, m.rec, m.statsJSON(), rack)
}

// Flush writes the record, the statistics and the rack if the last
// snapshot has not been written yet; the command calls it after the
// program ends.
func (m *Model) Flush() error {
	if !m.hasMatch() || !m.saving() {
		return nil
	}
	return m.saves().Write(m.seq, m.rec, m.statsJSON(), m.table().RackJSON()).Err
}
