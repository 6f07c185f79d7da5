package table

import (
	"strings"

	"okey/ui/canvas"
)

// HeaderRoom is the room a header w columns wide leaves for the game's
// words between its title and keys.
func HeaderRoom(w int, title, keys string) int {
	return max(0, w-canvas.Width(title)-canvas.Width(keys)-2)
}

// Header is either game's top line, w columns wide: the game's title,
// its words (info: its parts, joined by " · ", go whole or not at all,
// the last first; only a first part too wide is cut to HeaderRoom), and
// the keys at the right edge when there are any and they fit; drawn in
// paint's styles. A served daily's header at 80 columns read "from 20 …".
func Header(w int, title, info, keys string, paint func(Style, string) string) string {
	// Where the info's first part would be cut (a terminal standing
	// up), the keys give way, from the second to last: the last (quit)
	// stays, the first (help) goes last.
	first, _, _ := strings.Cut(info, " · ")
	for parts := strings.Split(keys, " · "); len(parts) > 1 && canvas.Width(first) > HeaderRoom(w, title, keys); {
		parts = append(parts[:len(parts)-2:len(parts)-2], parts[len(parts)-1])
		keys = strings.Join(parts, " · ")
	}
	room := HeaderRoom(w, title, keys)
	for canvas.Width(info) > room {
		i := strings.LastIndex(info, " · ")
		if i < 0 || strings.TrimSpace(info[:i]) == "" {
			break
		}
		info = info[:i]
	}
	info = canvas.Cut(info, room)
	gap := w - canvas.Width(title) - canvas.Width(info) - canvas.Width(keys)
	if keys == "" || gap < 1 {
		return paint(Title, title) + paint(Text, info)
	}
	// One concatenation, not two: the header is drawn every frame.
	return paint(Title, title) + paint(Text, info) + strings.Repeat(" ", gap) + paint(Dim, keys)
}
