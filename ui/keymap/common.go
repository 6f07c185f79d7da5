package keymap

import "charm.land/bubbles/v2/key"

// CommonKeys are the keys both games' tables start with and mean the
// same by: quitting, the help, the settings and the cursor's four
// moves. They are read once, before a game's own keys (table.CommonKey),
// so that the two tables cannot drift apart on them.
type CommonKeys struct {
	Quit, Help, Settings  key.Binding
	Left, Right, Up, Down key.Binding
}

// Common is the keys classic Okey's table shares with Okey 101's.
func (k TableKeys) Common() CommonKeys {
	return CommonKeys{Quit: k.Quit, Help: k.Help, Settings: k.Settings, Left: k.Left, Right: k.Right, Up: k.Up, Down: k.Down}
}

// Common is the keys Okey 101's table shares with classic Okey's.
func (k Table101Keys) Common() CommonKeys {
	return CommonKeys{Quit: k.Quit, Help: k.Help, Settings: k.Settings, Left: k.Left, Right: k.Right, Up: k.Up, Down: k.Down}
}
