package tables

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/safetext"
	"okey/kit/seatmsg"
)

// tableChat is a table's chat: its last lines, kept with the table
// (Options.ChatKeep), numbered, and the word that the operator's mutes
// changed. The table owns it; its lines are said and its mutes told in
// seats.go.
type tableChat struct {
	lines []seatmsg.ChatLine
	seq   uint64
	// mutesIn says the operator's mutes changed (Table.MutesChanged):
	// the members muted are told at once, not at their next chat line.
	mutesIn chan struct{}
}

// restore takes the lines of a table brought back, numbering on after
// them.
func (c *tableChat) restore(lines []seatmsg.ChatLine) {
	c.lines = lines
	if len(lines) > 0 {
		c.seq = lines[len(lines)-1].Seq
	}
}

// add appends line, numbered, keeping the last keep lines.
func (c *tableChat) add(line seatmsg.ChatLine, keep int) {
	c.seq++
	line.Seq = c.seq
	c.lines = append(c.lines, line)
	if len(c.lines) > keep {
		c.lines = append([]seatmsg.ChatLine(nil), c.lines[len(c.lines)-keep:]...)
	}
}

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
