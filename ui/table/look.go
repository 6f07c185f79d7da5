package table

import (
	"okey/kit/i18n"
	"okey/ui/keymap"
	"okey/ui/theme"
)

// Look is what either game's table draws and writes with that the app
// knows: the words of the moment (the language, the seats' names,
// whether the screen is a spectator's), the style sheet and its paint
// cache, the key map, and how an error is put in words. It is a value
// the app keeps up to date and hands down (each game's side holds a
// pointer to it, and the scene of a frame or a key carries the same
// one), so that a table reads it and never calls back up into the app;
// what a table says on the status line goes back up as a
// value too (Said).
type Look struct {
	// Words are the seats' and the player's words, as the screen stands.
	Words Words
	// St is the style sheet in effect; Painter keeps a piece drawn once
	// in it (the app's cache: drawing through it changes nothing the
	// player sees).
	St      *theme.Styles
	Painter *Painter
	// Keys is the key map, whose keys the table's words name.
	Keys *keymap.KeyMap
	// Touch: the screen stands up (a phone held upright,
	// layout.IsPortrait), so the table's words name the taps a player
	// sees rather than keys (Tap).
	Touch bool
	// Why is an error in the words of catalogue tr (kit/problem's
	// Reason, which the app sets: this package imports no referee).
	Why func(tr *i18n.Catalog, err error) string
}

// Tap is the words' catalogue key name, or its touch variant (name +
// ".tap") on a screen standing up.
func (l *Look) Tap(name string) string {
	if l.Touch {
		return name + ".tap"
	}
	return name
}

// Paint is s drawn in style id, through the paint cache.
func (l *Look) Paint(id Style, s string) string { return l.Painter.Paint(l.St, id, s) }

// Reason is err in the player's words.
func (l *Look) Reason(err error) string { return l.Why(l.Words.Tr, err) }

// Said is what a table said on the status line during one call from the
// app (a key, a click, a game's message): the last thing said (Text, a
// warning when Warn; Set: something was said, if only "" to clear the
// line). The table keeps it until its game's side takes it (Take) and
// hands it up in the call's reply, for the app to show until the next
// key; so the status goes up as a value, not as a call.
type Said struct {
	Text      string
	Warn, Set bool
}

// Flash says text on the status line until the next key, as a warning
// when warn; what is said later in the same call replaces it.
func (s *Said) Flash(warn bool, text string) { *s = Said{Text: text, Warn: warn, Set: true} }

// Take is what was said, and nothing said any more.
func (s *Said) Take() Said {
	out := *s
	*s = Said{}
	return out
}
