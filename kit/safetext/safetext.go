// Package safetext makes text from outside safe to show in any
// terminal: cut to a size in bytes before any work that grows with it,
// rid of what terminals draw unalike, and names kept to their caps.
// It knows no screen, so both the screens and the server's table core
// (which cleans names and chat lines before any screen sees them)
// stand on it.
package safetext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// MaxNameLen is the longest name, in columns (letters; a wide letter
// counts two).
const MaxNameLen = 12

// MaxNameBytes caps a name in bytes as MaxNameLen caps it in columns:
// combining marks take no column, so a name of twelve columns could
// otherwise be any size.
// Forty-eight bytes hold twelve letters of any script with room for
// their accents.
const MaxNameBytes = 48

// CutWidth cuts s to w columns (none when w is not positive).
func CutWidth(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "")
}

// CutBytes cuts s to at most n bytes, at a rune boundary: the first
// thing done to text from outside, before any work that grows with it.
func CutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}

// Text keeps of s what every terminal draws alike: letters, digits,
// punctuation, symbols and spaces. Control and format characters go (an
// escape, a direction override), and so do combining marks, private-use
// and unassigned code points: terminals disagree on how wide those are,
// and a line that is one column off leaves the rest of a screen drawn
// over (seen with random bytes typed into the chat). A tab or a newline
// becomes a space.
func Text(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r == ' ':
			return r
		case !unicode.IsPrint(r), unicode.Is(unicode.M, r):
			return -1
		}
		return r
	}, s)
}

// Name makes a name from outside (a record's meta, an SSH user name)
// safe to show: control and format characters (a newline, an escape, a
// direction override) go, and it is cut to MaxNameLen columns.
func Name(s string) string {
	// Cut first, so a huge name costs nothing: no name is longer than
	// four bytes a column plus its marks, escapes included.
	s = CutBytes(s, 4*MaxNameBytes)
	// A name loses its control characters outright (a newline in it
	// joins its parts), then what terminals draw unalike.
	s = Text(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s))
	return strings.TrimSpace(CutBytes(ansi.Truncate(strings.TrimSpace(s), MaxNameLen, ""), MaxNameBytes))
}
