package seat

import tea "charm.land/bubbletea/v2"

// seatScreen is a game's screen for one seat at a table: the session
// opens it, gives it the table's updates and the player's keys, and
// draws it. The table core knows no screen; the session picks it by
// the table's game.
type seatScreen interface {
	Init() tea.Cmd
	Update(tea.Msg) (tea.Model, tea.Cmd)
	View() tea.View
	Close() error
}
