package table

import (
	"okey/ui/keymap"
	"okey/ui/theme"
)

// Host is what either game's table takes from the app that hosts it:
// the words of the moment (the language, the seats' names, whether the
// screen is a spectator's), the style sheet and its paint cache, the
// key map, the status line and the words for an error. It is kept small
// on purpose, and the same for both games: a table asks for what it
// draws and writes with, not for the app's screens.
type Host interface {
	// Words are the seats' and the player's words, as the screen stands.
	Words() Words
	// Styles is the style sheet in effect.
	Styles() *theme.Styles
	// Paint is s drawn in style id (the host's Painter).
	Paint(id Style, s string) string
	// Keys is the key map, whose keys the table's words name.
	Keys() *keymap.KeyMap
	// Flash says s on the status line until the next key, as a warning
	// when warn.
	Flash(warn bool, s string)
	// Reason is an error in the player's words.
	Reason(err error) string
}
