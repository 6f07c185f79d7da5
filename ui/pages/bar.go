package pages

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

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
