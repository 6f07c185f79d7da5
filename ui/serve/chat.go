package serve

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"okey/ui/canvas"
)

// cleanChat makes a chat line safe to show on everyone's screen: escape
// sequences and control characters go, spaces are folded, and it is cut
// to maxChat columns.
func cleanChat(s string) string {
	s = canvas.SafeText(ansi.Strip(canvas.CutBytes(s, maxChatBytes)))
	s = strings.Join(strings.Fields(s), " ")
	return cutWidth(s, maxChat)
}

// maxChat is the longest chat line, in columns.
const maxChat = 100

// maxChatBytes caps a chat line in bytes as it arrives, before anything
// else is done with it: maxChat columns with room for accents (a column
// cap alone lets combining marks through).
const maxChatBytes = 4 * maxChat

// cutWidth cuts s to w columns.
func cutWidth(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "")
}
