package common

import (
	"charm.land/bubbles/v2/key"

	"okey/kit/i18n"
)

// Keys are the keys of the session's own pages.
type Keys struct {
	Up, Down, Sit, Watch, NewTable, Code, Resume, Lang, Quit key.Binding
	Board, BoardGame                                         key.Binding
	// Daily opens the daily's page; Play plays the day there.
	Daily, Play key.Binding
	// ShowCode shows a guest's resume code in the header, or hides it
	// again: it stays hidden unless asked for, so that a stream or a
	// shoulder does not carry it off.
	ShowCode           key.Binding
	Start, Chat, Leave key.Binding
	// Ready says a seat is ready for the next hand where the hand's
	// end is held back (a tournament's duplicate round).
	Ready                                            key.Binding
	FormUp, FormDown, FormPrev, FormNext, Open, Back key.Binding
	Send, Erase, Cancel                              key.Binding
	// Choose (Up and Down) is shown in the lobby's key bar.
	Choose key.Binding
	// The tournaments' keys: the list (Tourneys, from the lobby), one
	// opened, a new one made; joined and left; a page scrolled (Up and
	// Down, a page at a time with PageUp and PageDown; Scroll names
	// them in the bar).
	Tourneys, TourneyOpen, TourneyNew, TourneyCreate key.Binding
	TourneyJoin, TourneyLeave, TourneyTable          key.Binding
	// TourneyWatch watches one of the tournament's tables in play.
	TourneyWatch             key.Binding
	Scroll, PageUp, PageDown key.Binding
	// A partners' tournament's keys: join with a partner (their name
	// typed, tab picking one of those waiting alone), and an ask to
	// partner accepted or declined.
	TourneyWith, TourneyPick, TourneyAccept, TourneyDecline, TourneyTakeBack key.Binding
	// The browsers' page: opened from the lobby, a browser unlinked,
	// a new code.
	Browsers, Unlink, NewCode key.Binding
	// A tournament's creator's keys on its page before it begins: its
	// settings changed (the form), or it called off (pressed twice).
	TourneyEdit, TourneyCancel key.Binding
}

// NewKeys are the session's keys, named in tr's words.
func NewKeys(tr *i18n.Catalog) Keys {
	b := func(keys []string, label, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(label, tr.T(help)))
	}
	return Keys{
		Up:        b([]string{"up", "k"}, "↑", "lobby.key.choose"),
		Down:      b([]string{"down", "j"}, "↓", "lobby.key.choose"),
		Choose:    b([]string{"up", "down"}, "↑↓", "lobby.key.choose"),
		Sit:       b([]string{"enter"}, "enter", "lobby.key.sit"),
		Watch:     b([]string{"w"}, "w", "lobby.key.watch"),
		NewTable:  b([]string{"n"}, "n", "lobby.key.new"),
		Code:      b([]string{"c"}, "c", "lobby.key.code"),
		Resume:    b([]string{"r"}, "r", "lobby.key.resume"),
		Lang:      b([]string{"l"}, "l", "lobby.key.lang"),
		ShowCode:  b([]string{"v"}, "v", "lobby.key.showcode"),
		Board:     b([]string{"t"}, "t", "lobby.key.board"),
		BoardGame: b([]string{"tab", "left", "right"}, "tab", "board.key.game"),
		Daily:     b([]string{"d"}, "d", "lobby.key.daily"),
		Play:      b([]string{"enter"}, "enter", "served.key.play"),
		Quit:      b([]string{"q", "ctrl+c"}, "q", "key.quit.short"),
		Start:     b([]string{"s"}, "s", "lobby.key.start"),
		Chat:      b([]string{"m"}, "m", "key.chat"),
		Leave:     b([]string{"q", "ctrl+c"}, "q", "key.leave"),
		Ready:     b([]string{"enter"}, "enter", "key.ready"),
		FormUp:    b([]string{"up", "shift+tab"}, "↑", "key.set.choose"),
		FormDown:  b([]string{"down", "tab"}, "↓", "key.set.choose"),
		FormPrev:  b([]string{"left"}, "←", "key.set.change"),
		FormNext:  b([]string{"right", "space"}, "→", "key.set.change"),
		Open:      b([]string{"enter"}, "enter", "lobby.key.open"),
		Back:      b([]string{"esc", "q"}, "esc", "lobby.key.back"),
		Send:      b([]string{"enter"}, "enter", "lobby.key.send"),
		Erase:     b([]string{"backspace"}, "backspace", "key.set.erase"),
		Cancel:    b([]string{"esc"}, "esc", "key.set.cancel"),

		Browsers: b([]string{"b"}, "b", "lobby.key.browsers"),
		Unlink:   b([]string{"x", "delete"}, "x", "link.key.unlink"),
		NewCode:  b([]string{"n"}, "n", "link.key.newcode"),

		Tourneys:      b([]string{"u"}, "u", "lobby.key.tourneys"),
		TourneyOpen:   b([]string{"enter"}, "enter", "tourney.key.open"),
		TourneyNew:    b([]string{"n"}, "n", "tourney.key.new"),
		TourneyCreate: b([]string{"enter"}, "enter", "tourney.key.create"),
		TourneyJoin:   b([]string{"enter"}, "enter", "tourney.key.join"),
		TourneyLeave:  b([]string{"x"}, "x", "tourney.key.leave"),
		TourneyTable:  b([]string{"enter"}, "enter", "tourney.key.table"),
		TourneyWatch:  b([]string{"o"}, "o", "tourney.key.watch"),
		Scroll:        b([]string{"up", "down"}, "↑↓", "tourney.key.scroll"),
		PageUp:        b([]string{"pgup"}, "pgup", "tourney.key.scroll"),
		PageDown:      b([]string{"pgdown", "space"}, "pgdn", "tourney.key.scroll"),

		TourneyWith:    b([]string{"w"}, "w", "tourney.key.with"),
		TourneyPick:    b([]string{"tab"}, "tab", "tourney.key.pick"),
		TourneyAccept:  b([]string{"a"}, "a", "tourney.key.accept"),
		TourneyDecline: b([]string{"d"}, "d", "tourney.key.decline"),
		// b takes one's own ask to partner back before its answer.
		TourneyTakeBack: b([]string{"b"}, "b", "tourney.key.takeback"),
		TourneyEdit:     b([]string{"e"}, "e", "tourney.key.edit"),
		TourneyCancel:   b([]string{"c"}, "c", "tourney.key.cancel"),
	}
}
