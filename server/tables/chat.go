package tables

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/safetext"
)

// CleanChat makes a chat line safe to show on everyone's screen: escape
// sequences and control characters go, spaces are folded, and it is cut
// to MaxChat columns.
func CleanChat(s string) string {
	s = safetext.Text(ansi.Strip(safetext.CutBytes(s, MaxChatBytes)))
	s = strings.Join(strings.Fields(s), " ")
	return safetext.CutWidth(s, MaxChat)
}

// MaxChat is the longest chat line, in columns.
const MaxChat = 100

// MaxChatBytes caps a chat line in bytes as it arrives, before anything
// else is done with it: MaxChat columns with room for accents (a column
// cap alone lets combining marks through).
const MaxChatBytes = 4 * MaxChat

// ChatRate is how much one speaker has said lately: the times of their
// last lines. A table keeps one a member; any other chat (a
// tournament's) keeps one a speaker, so every chat is held to the same
// pace.
type ChatRate struct {
	at []time.Time
}

// Allow says whether a line may be said at now, at most burst lines
// every every, and counts it if so.
func (r *ChatRate) Allow(now time.Time, every time.Duration, burst int) bool {
	recent := r.at[:0]
	for _, at := range r.at {
		if now.Sub(at) < every {
			recent = append(recent, at)
		}
	}
	r.at = recent
	if len(recent) >= burst {
		return false
	}
	r.at = append(r.at, now)
	return true
}

// Quiet says whether the speaker has said nothing in the last every
// before now: their rate may be forgotten.
func (r *ChatRate) Quiet(now time.Time, every time.Duration) bool {
	return len(r.at) == 0 || now.Sub(r.at[len(r.at)-1]) >= every
}
