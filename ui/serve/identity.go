package serve

import (
	"crypto/rand"
	"strings"
	"unicode"

	"charm.land/ssh"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"okey/ui"
)

// Who a player is: the SHA-256 fingerprint of the key that
// authenticated the connection, or for a guest (no key) a short resume
// code, shown on screen, that takes their seat back. The SSH user name
// is only a display name.

// Identities are written with their kind first.
const (
	keyPrefix   = "key:"
	guestPrefix = "guest:"
)

// codeAlphabet has no letters that read alike (0/O, 1/I/L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// codeLen is the length of resume and join codes: 31^6, about 900
// million codes, against a few tries a connection.
const codeLen = 6

// newCode is a random code.
func newCode() string {
	b := make([]byte, codeLen)
	rand.Read(b) // never fails (crypto/rand panics rather)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// normCode reads a code as typed: case and spaces do not matter; ok is
// false when it cannot be a code.
func normCode(s string) (string, bool) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if len(s) != codeLen {
		return "", false
	}
	for _, r := range s {
		if !strings.ContainsRune(codeAlphabet, r) {
			return "", false
		}
	}
	return s, true
}

// identityOf is who the session is: its key's fingerprint, or a new
// guest. It reads the key that authenticated the connection, after the
// handshake (the public-key callback may see keys that never log in).
func identityOf(sess ssh.Session) (id, code string) {
	if k := sess.PublicKey(); k != nil {
		return keyPrefix + gossh.FingerprintSHA256(k), ""
	}
	code = newCode()
	return guestPrefix + code, code
}

// guestID is the identity a resume code stands for.
func guestID(code string) string { return guestPrefix + code }

// cleanChat makes a chat line safe to show on everyone's screen: escape
// sequences and control characters go, spaces are folded, and it is cut
// to maxChat columns.
func cleanChat(s string) string {
	s = ansi.Strip(ui.CutBytes(s, maxChatBytes))
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	return cutWidth(s, maxChat)
}

// maxChat is the longest chat line, in columns.
const maxChat = 100

// Caps in bytes on text from a client, applied as it arrives, before
// anything else is done with it: a column cap alone lets combining marks
// through (a name of 12 columns and 240 KB was seen).
const (
	// maxChatBytes: a chat line of maxChat columns with room for accents.
	maxChatBytes = 4 * maxChat
	// maxUserBytes: the SSH user name as it arrives (it is cut to a
	// name of ui.MaxNameBytes after its escapes are taken out).
	maxUserBytes = 256
	// maxCodeBytes: a code as typed, with room for spaces and dashes.
	maxCodeBytes = 2 * codeLen
)

// cutWidth cuts s to w columns.
func cutWidth(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "")
}
