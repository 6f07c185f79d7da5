package keymap

import (
	"charm.land/bubbles/v2/key"

	"okey/kit/i18n"
)

// Table101Keys are the keys of the 101 table: the rack's keys as at the
// classic table (arrows, space, c v s p), and the actions of a turn of
// 101.
type Table101Keys struct {
	// Move (the arrows), Sort (c, v) and Group (s, p) are shown in the
	// help bar; their keys are matched one by one.
	Move, Sort, Group key.Binding

	Left, Right, Up, Down, Pick, Select, Cancel key.Binding

	Draw, Take, GiveBack                             key.Binding
	AddGroup, Lay, LayOff, TakeBack, Discard, Finish key.Binding

	SortColour, SortValue, Runs, Pairs, Hint, Browse key.Binding
	Scores, Stats, Undo, Help, Settings, Quit        key.Binding
}

// Choose101Keys choose where a tile goes on the table (a lay-off, an
// okey taken back) among the places it may go.
type Choose101Keys struct {
	Prev, Next, OK, Cancel, Quit key.Binding
	// Other (Prev and Next) is shown in the help bar.
	Other key.Binding
}

// newTable101Keys builds the 101 table's keys with b, the key map's
// builder; settings, quit, scores and stats are the ones every screen
// shares. A key means the same at both tables: lay off is e (it extends
// a meld; i is the statistics everywhere), give back is z (it takes the
// take back, as ctrl+z would; g is the classic table's indicator).
func newTable101Keys(tr *i18n.Catalog, b func([]string, string, string) key.Binding, settings, quit, scores, stats key.Binding) Table101Keys {
	sheet := scores
	sheet.SetHelp(scores.Help().Key, tr.T("key.sheet"))
	return Table101Keys{
		Move:       b([]string{"left", "right", "up", "down"}, "←→↑↓", "key.move"),
		Sort:       b([]string{"c", "v"}, "c/v", "key.sort"),
		Group:      b([]string{"s", "p"}, "s/p", "key.group"),
		Left:       b([]string{"left"}, "←", "key.left"),
		Right:      b([]string{"right"}, "→", "key.right"),
		Up:         b([]string{"up"}, "↑", "key.up"),
		Down:       b([]string{"down"}, "↓", "key.down"),
		Pick:       b([]string{"space"}, "space", "key.pick"),
		Select:     b([]string{"enter"}, "enter", "key.select"),
		Cancel:     b([]string{"esc"}, "esc", "key.cancel101"),
		Draw:       b([]string{"d"}, "d", "key.draw"),
		Take:       b([]string{"t"}, "t", "key.take"),
		GiveBack:   b([]string{"z"}, "z", "key.giveback"),
		AddGroup:   b([]string{"a"}, "a", "key.addgroup"),
		Lay:        b([]string{"l"}, "l", "key.lay"),
		LayOff:     b([]string{"e"}, "e", "key.layoff"),
		TakeBack:   b([]string{"k"}, "k", "key.takeback"),
		Discard:    b([]string{"x"}, "x", "key.discard"),
		Finish:     b([]string{"f"}, "f", "key.finish101"),
		SortColour: b([]string{"c"}, "c", "key.colour"),
		SortValue:  b([]string{"v"}, "v", "key.value"),
		Runs:       b([]string{"s"}, "s", "key.runs"),
		Pairs:      b([]string{"p"}, "p", "key.pairs"),
		Hint:       b([]string{"h"}, "h", "key.hint"),
		Browse:     b([]string{"b"}, "b", "key.browse101"),
		Scores:     sheet,
		Stats:      stats,
		Undo:       b([]string{"u"}, "u", "key.undo"),
		Help:       b([]string{"?"}, "?", "key.help"),
		Settings:   settings,
		Quit:       quit,
	}
}

func newChoose101Keys(b func([]string, string, string) key.Binding, quit key.Binding) Choose101Keys {
	return Choose101Keys{
		Prev:   b([]string{"left", "up", "shift+tab"}, "←", "key.choose.other"),
		Next:   b([]string{"right", "down", "tab"}, "→", "key.choose.other"),
		OK:     b([]string{"enter"}, "enter", "key.choose.ok"),
		Cancel: b([]string{"esc"}, "esc", "key.cancel"),
		Quit:   quit,
		Other:  b([]string{"left", "right"}, "←→", "key.choose.other"),
	}
}

// FullHelp is the 101 table's keys in groups, for the ? page.
func (k Table101Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.Up, k.Down, k.Pick, k.Select, k.Cancel},
		{k.Draw, k.Take, k.GiveBack, k.AddGroup, k.Lay, k.LayOff, k.TakeBack, k.Discard, k.Finish},
		{k.SortColour, k.SortValue, k.Runs, k.Pairs, k.Hint, k.Browse},
		{k.Scores, k.Stats, k.Undo, k.Help, k.Settings, k.Quit},
	}
}
