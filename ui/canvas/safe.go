package canvas

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// SafeText keeps of s what every terminal draws alike: letters, digits,
// punctuation, symbols and spaces. Control and format characters go (an
// escape, a direction override), and so do combining marks, private-use
// and unassigned code points: terminals disagree on how wide those are,
// and a line that is one column off leaves the rest of a screen drawn
// over (seen with random bytes typed into the chat). A tab or a newline
// becomes a space.
func SafeText(s string) string {
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
