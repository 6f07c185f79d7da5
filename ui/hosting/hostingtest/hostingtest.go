// Package hostingtest is a stand-in for the app that hosts a game's side
// (hosting.App), for the tests of ui/hostclassic, ui/host101, ui/play101
// and ui/hosting that do not need the whole Model: the words, styles and
// keys of a language, the settings, what the side said on the status
// line and counted, and a Scene built from them.
package hostingtest

import (
	"context"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/ui/hosting"
	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/pages"
	"okey/ui/settings"
	"okey/ui/stats"
	"okey/ui/table"
	"okey/ui/theme"
)

// App is a host for a game's side in a test: it keeps what the side
// tells it (Tallied, Adopted) for the test to read, and the Look a side
// made with it draws with (hand the side &Look). What a table said on
// the status line comes back in the reply's Said.
type App struct {
	Look    table.Look
	Tr      *i18n.Catalog
	St      *theme.Styles
	KeyMap  keymap.KeyMap
	Painter table.Painter
	Bar     pages.Bar
	Scroll  pages.Scroll
	Set     settings.Settings
	Names   [table.Seats]string

	// Tallied is how many times the statistics were counted, Stats what
	// they were counted into; Adopted how many matches were put on the
	// table.
	Tallied int
	Stats   stats.File
	Adopted int
}

// New is a host in lang ("en", "tr") with the default settings and no
// colour.
func New(t testing.TB, lang string) *App {
	t.Helper()
	tr, err := i18n.Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	p, err := theme.Load(settings.Default(lang).Theme)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{Tr: tr, St: theme.New(p, true, true), KeyMap: keymap.New(tr, true), Set: settings.Default(lang), Bar: pages.NewBar(), Stats: stats.New()}
	a.Scroll = pages.NewScroll(a.KeyMap.Info.ScrollKeys)
	a.Bar.SetStyles(a.St)
	for s := 1; s < table.Seats; s++ {
		a.Names[s] = a.Set.Names[s-1]
	}
	a.Look = table.Look{Words: table.Words{Tr: a.Tr, Names: a.Names}, St: a.St, Painter: &a.Painter, Keys: &a.KeyMap, Why: Reason}
	return a
}

var _ hosting.App = (*App)(nil)

// Reason is err's text: a test reads the words of a refusal elsewhere.
func Reason(_ *i18n.Catalog, err error) string { return err.Error() }

// Adopt counts the match put on the table, reads the seats' levels
// from meta as the app does, and counts count into the host's
// statistics.
func (a *App) Adopt(_ uint64, meta map[string]string, level func(named string, seat int, set string) string, count func(f *stats.File) bool) [table.Seats]string {
	a.Adopted++
	var levels [table.Seats]string
	for s := 1; s < table.Seats; s++ {
		levels[s] = level(meta["level"+string(rune('0'+s))], s, a.Set.Levels[s-1])
	}
	if count != nil {
		a.Tallied++
		count(&a.Stats)
	}
	return levels
}

// Scene is what a w×h screen with nothing said and no page over the
// table hands a side for a frame or a key.
func (a *App) Scene(w, h int) *hosting.Scene {
	return &hosting.Scene{
		Lay: layout.NewScreen(w, h), W: w, H: h,
		Look: &a.Look, Bar: &a.Bar,
		Frame:   table.Frame{Asking: -1},
		Overlay: hosting.Overlay{Scroll: &a.Scroll},
		Ctx:     context.Background(),
	}
}

// Key is the key press of s: a named key ("enter", "esc", "left",
// "right", "up", "down", "tab") or a single character.
func Key(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	r, _ := utf8.DecodeRuneInString(s)
	return tea.KeyPressMsg{Code: r, Text: s}
}
