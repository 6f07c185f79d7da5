package keymap

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
)

// KeyMap is the one table of keys, a group per screen: each screen's
// update matches keys only against its group (key.Matches, never the
// key's name), and its help bar and the full help (?) are drawn from the
// same group, so no key is shown that does not work.
type KeyMap struct {
	// ForceQuit (ctrl+c) quits from every screen, the settings included.
	ForceQuit key.Binding

	// TooSmall is the only group while the terminal is too small: nothing
	// but quitting acts on a screen the player cannot see.
	TooSmall TooSmallKeys

	// Settle are the keys that go on from one screen to the next (the
	// next hand, a new match) and the rack's pick: for a moment after
	// the table, a hand's end or the final table comes on screen they do
	// nothing there (Model.settling), so that a key pressed twice, or
	// pressed for the screen that was there a moment before, never acts
	// on the one that came. Never shown: nothing is to be done with them.
	Settle key.Binding

	Table     TableKeys
	Table101  Table101Keys
	Choose101 Choose101Keys
	Overlay   OverlayKeys
	Info      InfoKeys
	Locked    LockedKeys
	Notice    NoticeKeys
	Resume    ResumeKeys
	HandOver  HandOverKeys
	MatchOver MatchOverKeys
	Settings  SettingsKeys
	Review    ReviewKeys
	Matches   MatchesKeys
}

// TableKeys are the keys of the table. Discard is x alone, as at the
// 101 table: enter goes on from the pages between hands, and one enter
// too many must never throw a tile.
type TableKeys struct {
	// Move is the four arrows together, Sort (c, v) and Group (s, p)
	// the ways to arrange the rack, for the help bar; their keys are
	// matched one by one.
	Move, Sort, Group                        key.Binding
	Left, Right, Up, Down, Pick, Cancel      key.Binding
	Draw, Take, Discard, Finish, Show        key.Binding
	SortColour, SortValue, Runs, Pairs, Hint key.Binding
	Browse, Help, Settings, Quit             key.Binding
	Scores, Stats, Undo                      key.Binding
}

// LockedKeys: another game plays in the state directory.
type LockedKeys struct {
	Look, Quit key.Binding
}

type TooSmallKeys struct {
	Quit key.Binding
}

// ScrollKeys scroll a page longer than the screen.
type ScrollKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	// Scroll (Up, Down) and Page (PageUp, PageDown) are shown in the help
	// bar.
	Scroll, Page key.Binding
}

// Viewport is the key map of a bubbles viewport that scrolls by these
// keys and no others: a page's other keys (b, d, u…) keep their
// meaning, as the one key map says. Top and Bottom are the page's own:
// a viewport has no such keys.
func (k ScrollKeys) Viewport() viewport.KeyMap {
	off := key.NewBinding(key.WithDisabled())
	return viewport.KeyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: off, HalfPageDown: off, Left: off, Right: off,
	}
}

// OverlayKeys scroll and close the help or the discard stacks; any
// other key closes the page and does what it does on the table.
type OverlayKeys struct {
	ScrollKeys
	Close, Quit key.Binding
}

// InfoKeys scroll and close the score history and the statistics.
type InfoKeys struct {
	ScrollKeys
	Close, Quit key.Binding
	// Saved opens the saved matches, to review one (the score history
	// only).
	Saved key.Binding
}

// MatchesKeys choose a saved match to review.
type MatchesKeys struct {
	Up, Down, Open, Close, Quit key.Binding
	// Choose (Up and Down) is shown in the help bar.
	Choose key.Binding
}

// NoticeKeys: any key but Quit goes on.
type NoticeKeys struct {
	Quit key.Binding
}

type ResumeKeys struct {
	Resume, NewMatch, Quit key.Binding
	// Game switches the game of the new match (classic, 101).
	Game key.Binding
}

type HandOverKeys struct {
	Next, Scores, Stats, Settings, Quit key.Binding
	// Review opens the coach's review of the hand just played.
	Review key.Binding
}

type MatchOverKeys struct {
	NewMatch, Scores, Stats, Settings, Quit key.Binding
	// Game switches the game of the new match (classic, 101).
	Game key.Binding
	// Review opens the coach's review of the whole match.
	Review key.Binding
}

// ReviewKeys move through the coach's review of a hand or a match: a
// decision at a time, or from mistake to mistake (the decisions
// labelled inaccuracy or worse).
type ReviewKeys struct {
	Prev, Next, PrevMistake, NextMistake, First, Last, Close, Quit key.Binding
	// Read shows what the belief read of the other racks at the
	// decision, beside what they held (a classic hand that is over).
	Read key.Binding
	// Step (Prev and Next) and Jump (PrevMistake and NextMistake) are
	// shown in the help bar; their keys are matched one by one.
	Step, Jump key.Binding
}

// ShortHelp is the review's help bar.
func (k ReviewKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Step, k.Jump, k.Close, k.Quit}
}

// SettingsKeys edit the settings form; letters typed on a name field are
// the name, so Leave (q) works only on the other fields.
type SettingsKeys struct {
	Up, Down, Prev, Next, Erase, Save, Cancel, Leave key.Binding
	// Choose (Up and Down) and Change (Prev and Next) are shown in the
	// help bar; the keys are matched one by one.
	Choose, Change key.Binding
}

// New builds the key map in tr's language; saving says whether
// quitting saves the match (and says so).
func New(tr *i18n.Catalog, saving bool) KeyMap {
	b := func(keys []string, label, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(KeyName(tr, label), tr.T(help)))
	}
	quitSaves := "key.quit"
	if !saving {
		quitSaves = "key.quit.short"
	}
	quit := b([]string{"q", "ctrl+c"}, "q", quitSaves)
	settings := b([]string{"o"}, "o", "key.settings")
	scores := b([]string{"r"}, "r", "key.scores")
	stats := b([]string{"i"}, "i", "key.stats")
	// switchGame changes the game of the new match on the screens that
	// offer one (resuming, the final table). It is tab, a key neither
	// table has: g shows the indicator at the classic table (g for
	// gösterge), and a key means one thing wherever the player meets it.
	switchGame := b([]string{"tab"}, "tab", "key.game")
	// review opens the coach's review on the pages after a hand or a
	// match, and from the saved matches. It is w, a key neither table
	// has (not v, which sorts the rack by value there): a v pressed to
	// sort as a bot ends the hand must not start a review.
	review := b([]string{"w"}, "w", "key.review")
	scroll := ScrollKeys{
		Up:       b([]string{"up", "k"}, "↑", "key.scroll"),
		Down:     b([]string{"down", "j"}, "↓", "key.scroll"),
		PageUp:   b([]string{"pgup"}, "pgup", "key.page"),
		PageDown: b([]string{"pgdown", "space"}, "pgdn", "key.page"),
		Top:      b([]string{"home"}, "home", "key.top"),
		Bottom:   b([]string{"end"}, "end", "key.bottom"),
		Scroll:   b([]string{"up", "down"}, "↑↓", "key.scroll"),
		Page:     b([]string{"pgup", "pgdown"}, "pgup/pgdn", "key.page"),
	}
	return KeyMap{
		ForceQuit: b([]string{"ctrl+c"}, "ctrl+c", quitSaves),
		Settle:    key.NewBinding(key.WithKeys("enter", "space", "n")),
		Table: TableKeys{
			Move:       b([]string{"left", "right", "up", "down"}, "←→↑↓", "key.move"),
			Sort:       b([]string{"c", "v"}, "c/v", "key.sort"),
			Group:      b([]string{"s", "p"}, "s/p", "key.group"),
			Left:       b([]string{"left"}, "←", "key.left"),
			Right:      b([]string{"right"}, "→", "key.right"),
			Up:         b([]string{"up"}, "↑", "key.up"),
			Down:       b([]string{"down"}, "↓", "key.down"),
			Pick:       b([]string{"space"}, "space", "key.pick"),
			Cancel:     b([]string{"esc"}, "esc", "key.cancel"),
			Draw:       b([]string{"d"}, "d", "key.draw"),
			Take:       b([]string{"t"}, "t", "key.take"),
			Discard:    b([]string{"x"}, "x", "key.discard"),
			Finish:     b([]string{"f"}, "f", "key.finish"),
			Show:       b([]string{"g"}, "g", "key.show"),
			SortColour: b([]string{"c"}, "c", "key.colour"),
			SortValue:  b([]string{"v"}, "v", "key.value"),
			Runs:       b([]string{"s"}, "s", "key.runs"),
			Pairs:      b([]string{"p"}, "p", "key.pairs"),
			Hint:       b([]string{"h"}, "h", "key.hint"),
			Browse:     b([]string{"b"}, "b", "key.browse"),
			Help:       b([]string{"?"}, "?", "key.help"),
			Settings:   settings,
			Quit:       quit,
			Scores:     scores,
			Stats:      stats,
			Undo:       b([]string{"u"}, "u", "key.undo"),
		},
		Table101:  newTable101Keys(tr, b, settings, quit, scores, stats),
		Choose101: newChoose101Keys(b, quit),
		TooSmall:  TooSmallKeys{Quit: quit},
		Locked: LockedKeys{
			Look: b([]string{"l", "enter"}, "l", "key.look"),
			Quit: quit,
		},
		Overlay: OverlayKeys{
			ScrollKeys: scroll,
			Close:      b([]string{"esc"}, "esc", "key.close"),
			Quit:       quit,
		},
		Info: InfoKeys{
			ScrollKeys: scroll,
			Close:      b([]string{"esc", "enter"}, "esc", "key.close"),
			Quit:       quit,
			Saved:      b([]string{"w"}, "w", "key.saved"),
		},
		Matches: MatchesKeys{
			Up:     b([]string{"up", "k"}, "↑", "key.set.choose"),
			Down:   b([]string{"down", "j"}, "↓", "key.set.choose"),
			Open:   b([]string{"enter", "w"}, "enter", "key.review"),
			Close:  b([]string{"esc"}, "esc", "key.close"),
			Quit:   quit,
			Choose: b([]string{"up", "down"}, "↑↓", "key.set.choose"),
		},
		Notice: NoticeKeys{Quit: quit},
		Resume: ResumeKeys{
			Resume:   b([]string{"enter", "y", "r"}, "enter", "key.resume"),
			NewMatch: b([]string{"n"}, "n", "key.newmatch.keep"),
			Quit:     b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
			Game:     switchGame,
		},
		HandOver: HandOverKeys{
			Next:     b([]string{"enter", "space", "n"}, "enter", "key.next"),
			Scores:   scores,
			Stats:    stats,
			Settings: settings,
			Quit:     quit,
			Review:   review,
		},
		MatchOver: MatchOverKeys{
			NewMatch: b([]string{"n"}, "n", "key.newmatch"),
			Scores:   scores,
			Stats:    stats,
			Settings: settings,
			Quit:     b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
			Game:     switchGame,
			Review:   review,
		},
		Review: ReviewKeys{
			Prev:        b([]string{"left"}, "←", "key.review.prev"),
			Next:        b([]string{"right"}, "→", "key.review.next"),
			PrevMistake: b([]string{"shift+tab", "p"}, "p", "key.review.prevbad"),
			NextMistake: b([]string{"tab", "n"}, "n", "key.review.nextbad"),
			First:       b([]string{"home"}, "home", "key.top"),
			Last:        b([]string{"end"}, "end", "key.bottom"),
			Close:       b([]string{"esc", "w"}, "esc", "key.close"),
			Quit:        b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
			Step:        b([]string{"left", "right"}, "←→", "key.review.step"),
			Jump:        b([]string{"n", "p"}, "n/p", "key.review.jump"),
			Read:        b([]string{"r"}, "r", "key.review.read"),
		},
		Settings: SettingsKeys{
			Up:     b([]string{"up", "shift+tab"}, "↑", "key.set.choose"),
			Down:   b([]string{"down", "tab"}, "↓", "key.set.choose"),
			Prev:   b([]string{"left"}, "←", "key.set.change"),
			Next:   b([]string{"right", "space"}, "→", "key.set.change"),
			Erase:  b([]string{"backspace"}, "backspace", "key.set.erase"),
			Save:   b([]string{"enter"}, "enter", "key.set.save"),
			Cancel: b([]string{"esc"}, "esc", "key.set.cancel"),
			Leave:  b([]string{"q"}, "q", "key.set.cancel"),
			Choose: b([]string{"up", "down", "tab", "shift+tab"}, "↑↓", "key.set.choose"),
			Change: b([]string{"left", "right", "space"}, "←→", "key.set.change"),
		},
	}
}

// FullHelp is the table's keys in groups, for the ? page.
func (k TableKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.Up, k.Down, k.Pick, k.Cancel},
		{k.Draw, k.Take, k.Discard, k.Finish, k.Show},
		{k.SortColour, k.SortValue, k.Runs, k.Pairs, k.Hint, k.Browse},
		{k.Scores, k.Stats, k.Undo, k.Help, k.Settings, k.Quit},
	}
}

func (k ResumeKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Resume, k.NewMatch, k.Game, k.Quit}
}

// ShortHelp is the final table's bar, most needed first: quitting comes
// before the statistics and the settings, so that at 80 columns, where
// the bar leaves the last keys out, it stays in sight.
func (k MatchOverKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.NewMatch, k.Review, k.Game, k.Scores, k.Quit, k.Stats, k.Settings}
}

func (k SettingsKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Choose, k.Change, k.Save, k.Cancel}
}

// keyGlyphs are how the full help writes the keys that have a symbol.
var keyGlyphs = map[string]string{"left": "←", "right": "→", "up": "↑", "down": "↓"}

// KeyName is how a key is written for the player: its symbol, or its
// name in the player's language (space is "boşluk" in Turkish), or the
// key as Bubble Tea names it.
func KeyName(tr *i18n.Catalog, k string) string {
	if g, ok := keyGlyphs[k]; ok {
		return g
	}
	if tr.Has("keyname." + k) {
		return tr.T("keyname." + k)
	}
	return k
}

// HelpKeys lists all of a binding's keys, for the full help.
func HelpKeys(tr *i18n.Catalog, b key.Binding) string {
	ks := b.Keys()
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = KeyName(tr, k)
	}
	return strings.Join(names, " ")
}

// OtherGame finds what k means at the other game's table (other is that
// table's keys in groups) when it means nothing at this one, so the
// player is told the key has no meaning in this game rather than that
// it does nothing anywhere.
func OtherGame(k tea.KeyPressMsg, other [][]key.Binding) (key.Binding, bool) {
	for _, g := range other {
		for _, b := range g {
			if key.Matches(k, b) {
				return b, true
			}
		}
	}
	return key.Binding{}, false
}
