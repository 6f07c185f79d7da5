package keymap

import "charm.land/bubbles/v2/key"

// ForSeat fits the key map to a seat at a table it does not own (okey
// serve), in either game: what the table decides (the settings, undo)
// or what the server does not keep (the statistics, the record the
// review reads) is switched off, q says leave, the next hand's key
// says ready; a spectator (watching) holds no rack, so only the keys
// that look (the stacks, the scores, the help) and leave stay, and the
// key bar and the help page show nothing that does not work for them.
func (k *KeyMap) ForSeat(leave, ready string, watching bool) {
	off := []*key.Binding{&k.Table.Settings, &k.Table.Stats, &k.Table.Undo,
		&k.HandOver.Settings, &k.HandOver.Stats, &k.MatchOver.Settings, &k.MatchOver.Stats, &k.MatchOver.Game,
		&k.Table101.Settings, &k.Table101.Stats,
		&k.HandOver.Review, &k.MatchOver.Review, &k.Info.Saved}
	for _, b := range []*key.Binding{&k.Table.Quit, &k.HandOver.Quit, &k.MatchOver.Quit, &k.TooSmall.Quit, &k.ForceQuit,
		&k.Table101.Quit, &k.Choose101.Quit, &k.Overlay.Quit, &k.Info.Quit} {
		b.SetHelp(b.Help().Key, leave)
	}
	k.HandOver.Next.SetHelp(k.HandOver.Next.Help().Key, ready)
	if watching {
		t, o := &k.Table, &k.Table101
		off = append(off, &t.Draw, &t.Take, &t.Discard, &t.Finish,
			&t.Show, &t.Hint, &t.Pick, &t.Cancel, &k.HandOver.Next, &k.MatchOver.NewMatch,
			&t.Move, &t.Sort, &t.Group, &t.Left, &t.Right, &t.Up, &t.Down,
			&t.SortColour, &t.SortValue, &t.Runs, &t.Pairs,
			&o.Draw, &o.Take, &o.GiveBack, &o.AddGroup, &o.Lay,
			&o.LayOff, &o.TakeBack, &o.Discard, &o.Finish, &o.Hint,
			&o.Select, &o.Pick, &o.Cancel,
			&o.Move, &o.Sort, &o.Group, &o.Left, &o.Right,
			&o.Up, &o.Down, &o.SortColour, &o.SortValue, &o.Runs, &o.Pairs)
	}
	for _, b := range off {
		b.SetEnabled(false)
	}
}
