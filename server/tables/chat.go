package tables

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"okey/ui/safetext"
)

// CleanChat makes a chat line safe to show on everyone's screen: escape
// sequences and control characters go, spaces are folded, and it is cut
// to MaxChat columns.
func CleanChat(s string) string {
	s = safetext.Text(ansi.Strip(safetext.CutBytes(s, MaxChatBytes)))
	s = strings.Join(strings.Fields(s), " ")
	return CutWidth(s, MaxChat)
}

// MaxChat is the longest chat line, in columns.
const MaxChat = 100

// MaxChatBytes caps a chat line in bytes as it arrives, before anything
// else is done with it: MaxChat columns with room for accents (a column
// cap alone lets combining marks through).
const MaxChatBytes = 4 * MaxChat

// CutWidth cuts s to w columns.
func CutWidth(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "")
}
