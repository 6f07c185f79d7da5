package ui

import (
	"charm.land/bubbles/v2/key"

	"okey/ui/i18n"
)

// keyMap is the one table of keys: Update dispatches on it, and the help
// bar and the full help (?) are drawn from it, so no key is shown that
// does not work.
type keyMap struct {
	Left, Right, Up, Down, Pick, Cancel      key.Binding
	Draw, Take, Discard, Finish, Show        key.Binding
	SortColour, SortValue, Runs, Pairs, Hint key.Binding
	Browse, Help, Settings, Quit             key.Binding
	Next, NewMatch, Resume                   key.Binding
}

func newKeyMap(tr *i18n.Catalog) keyMap {
	b := func(keys []string, label, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(label, tr.T(help)))
	}
	return keyMap{
		Left:       b([]string{"left"}, "←", "key.left"),
		Right:      b([]string{"right"}, "→", "key.right"),
		Up:         b([]string{"up"}, "↑", "key.up"),
		Down:       b([]string{"down"}, "↓", "key.down"),
		Pick:       b([]string{"space"}, "space", "key.pick"),
		Cancel:     b([]string{"esc"}, "esc", "key.cancel"),
		Draw:       b([]string{"d"}, "d", "key.draw"),
		Take:       b([]string{"t"}, "t", "key.take"),
		Discard:    b([]string{"x", "enter"}, "x", "key.discard"),
		Finish:     b([]string{"f"}, "f", "key.finish"),
		Show:       b([]string{"g"}, "g", "key.show"),
		SortColour: b([]string{"c"}, "c", "key.colour"),
		SortValue:  b([]string{"v"}, "v", "key.value"),
		Runs:       b([]string{"s"}, "s", "key.runs"),
		Pairs:      b([]string{"p"}, "p", "key.pairs"),
		Hint:       b([]string{"h"}, "h", "key.hint"),
		Browse:     b([]string{"b"}, "b", "key.browse"),
		Help:       b([]string{"?"}, "?", "key.help"),
		Settings:   b([]string{"o"}, "o", "key.settings"),
		Quit:       b([]string{"q", "ctrl+c"}, "q", "key.quit"),
		Next:       b([]string{"enter", "space", "n"}, "enter", "key.next"),
		NewMatch:   b([]string{"n", "enter"}, "n", "key.newmatch"),
		Resume:     b([]string{"enter", "y", "r"}, "enter", "key.resume"),
	}
}

// fullHelp is the key table in groups, for the ? page.
func (k keyMap) fullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.Up, k.Down, k.Pick, k.Cancel},
		{k.Draw, k.Take, k.Discard, k.Finish, k.Show},
		{k.SortColour, k.SortValue, k.Runs, k.Pairs, k.Hint, k.Browse},
		{k.Help, k.Settings, k.Quit},
	}
}
