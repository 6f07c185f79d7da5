package pages

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/canvas"
	"okey/ui/theme"
)

// Bar draws the key bar, the bottom line of every screen. Each screen
// lists its keys most needed first; what does not fit the width is left
// out whole from the end, with no ellipsis, so the bar shows what
// matters at that moment and no key is ever cut (the full list stays on
// the help page, and on the table the header names the help's key).
// A bar is a function of its keys' help and the width: drawn once per
// set, it is looked up after.
type Bar struct {
	help  help.Model
	drawn map[string]string
}

// maxBars bounds the cache of drawn bars (a screen has a few).
const maxBars = 32

// NewBar is a bar in the help's plain styles.
func NewBar() Bar { return Bar{help: help.New()} }

// SetStyles draws the bar with st's help styles; the bars drawn before
// are forgotten.
func (b *Bar) SetStyles(st *theme.Styles) {
	k, s := st.HelpStyles()
	hs := &b.help.Styles
	hs.ShortKey, hs.FullKey = k, k
	hs.ShortSeparator, hs.FullSeparator = s, s
	hs.ShortDesc, hs.FullDesc = st.Text, st.Text
	hs.Ellipsis = s
	b.drawn = nil
}

// View is the bar of keys at width w.
func (b *Bar) View(keys []key.Binding, w int) string {
	var id strings.Builder
	id.WriteString(strconv.Itoa(w))
	for _, k := range keys {
		id.WriteString("\x00" + k.Help().Key + "\x01" + k.Help().Desc)
	}
	if s, ok := b.drawn[id.String()]; ok {
		return s
	}
	h := b.help
	h.SetWidth(0) // no width: the help's own cut would end in "…"
	s := h.ShortHelpView(keys)
	for n := len(keys) - 1; n > 0 && canvas.Width(s) > w; n-- {
		s = h.ShortHelpView(keys[:n])
	}
	s = canvas.Cut(s, w) // a single key wider than the bar
	if b.drawn == nil || len(b.drawn) > maxBars {
		b.drawn = map[string]string{}
	}
	b.drawn[id.String()] = s
	return s
}

// barSep parts a bar's keys: the help's short separator.
const barSep = " • "

// namedKeys are the keys a bar writes as words, as a terminal sends
// them; the arrows are drawn as themselves.
var namedKeys = map[string]tea.KeyPressMsg{
	"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape}, "tab": {Code: tea.KeyTab},
	"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift}, "space": {Code: tea.KeySpace, Text: " "},
	"boşluk": {Code: tea.KeySpace, Text: " "}, "pgup": {Code: tea.KeyPgUp}, "pgdown": {Code: tea.KeyPgDown},
	"pgdn": {Code: tea.KeyPgDown}, "home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
	"backspace": {Code: tea.KeyBackspace}, "←": {Code: tea.KeyLeft}, "→": {Code: tea.KeyRight},
	"↑": {Code: tea.KeyUp}, "↓": {Code: tea.KeyDown},
}

// KeyAt is the key a click at column x of line y presses on a screen
// (a frame's text, styled or not) whose foot is a key bar: its last
// line, and the lines just above it made of keys the same way, each
// part "key words" parted by " • ". A key written "c/v" is its first;
// a pair of arrows ("←→") and a part without words are no key. ok is
// false off the bar. A mouse over SSH thus does what a tap on the
// browser door's bar does (its page reads the bar the same way).
func KeyAt(screen string, x, y int) (k tea.KeyPressMsg, ok bool) {
	lines := strings.Split(screen, "\n")
	if y < 0 || y >= len(lines) || x < 0 {
		return k, false
	}
	for i := len(lines) - 1; i > y; i-- {
		if !strings.Contains(ansi.Strip(lines[i]), barSep) {
			return k, false // a line above the bar's
		}
	}
	line := ansi.Strip(lines[y])
	if y != len(lines)-1 && !strings.Contains(line, barSep) {
		return k, false
	}
	at := 0
	for _, part := range strings.Split(line, barSep) {
		w := ansi.StringWidth(part)
		if x >= at && x < at+w {
			name, words, _ := strings.Cut(strings.TrimSpace(part), " ")
			if words == "" {
				return k, false
			}
			name, _, _ = strings.Cut(name, "/")
			if k, ok := namedKeys[name]; ok {
				return k, true
			}
			if r := []rune(name); len(r) == 1 {
				return tea.KeyPressMsg{Code: r[0], Text: name}, true
			}
			return k, false
		}
		at += w + ansi.StringWidth(barSep)
	}
	return k, false
}
