package table

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/keymap"
)

// Common is what a key means at either game's table before the game's
// own keys are asked: the same at both, decided here once.
type Common uint8

// The keys both tables share.
const (
	// NotCommon is a key the game on the table decides.
	NotCommon Common = iota
	// Quit quits (or, at a served seat, leaves the table).
	Quit
	// Help opens the help page over the table.
	Help
	// Settings opens the settings.
	Settings
	// Cursor moves the cursor on the rack (Common.Step says where).
	CursorLeft
	CursorRight
	CursorUp
	CursorDown
)

// CommonKey is what k means at either table, NotCommon for a key the
// game decides; keys are a table's CommonKeys (keymap.TableKeys.Common,
// keymap.Table101Keys.Common). The key's name is worked out once
// (keyName), not once a binding.
func CommonKey(k tea.KeyPressMsg, keys keymap.CommonKeys) Common {
	n := keyName(k.String())
	switch {
	case key.Matches(n, keys.Quit):
		return Quit
	case key.Matches(n, keys.Help):
		return Help
	case key.Matches(n, keys.Settings):
		return Settings
	case key.Matches(n, keys.Left):
		return CursorLeft
	case key.Matches(n, keys.Right):
		return CursorRight
	case key.Matches(n, keys.Up):
		return CursorUp
	case key.Matches(n, keys.Down):
		return CursorDown
	}
	return NotCommon
}

// keyName is a key press's name (tea.KeyPressMsg's String), worked out
// once: key.Matches asks a key its name for every binding it tries, and
// a key press builds it anew each time (an arrow key tried five
// bindings here, a third of its time: BenchmarkKeyMove).
type keyName string

func (n keyName) String() string { return string(n) }

// Step is the cursor's move of a cursor key, as rack.Step takes it (a
// move up or down goes to the other row of the rack); ok is false for
// a key that moves no cursor.
func (c Common) Step() (dx, dy int, ok bool) {
	switch c {
	case CursorLeft:
		return -1, 0, true
	case CursorRight:
		return 1, 0, true
	case CursorUp:
		return 0, -1, true
	case CursorDown:
		return 0, 1, true
	}
	return 0, 0, false
}
