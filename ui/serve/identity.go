package serve

import (
	"crypto/rand"
	"slices"
	"strings"
	"unicode"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"okey/server/keep"
)

// Who a player is: the SHA-256 fingerprint of the key that
// authenticated the connection, or for a guest (no key) a short resume
// code, shown on screen, that takes their seat back. The SSH user name
// is only a display name.

// codeAlphabet has no letters that read alike (0/O, 1/I/L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// Codes' lengths. A join code is said aloud to friends and opens a
// seat at a private table: six letters, about 900 million codes. A
// resume code takes a guest's seat back and shows their rack, so it must
// outlast guessing: ten letters, 8·10^14 codes; at the wrong-code delay
// an address meets (see guesses) that is far beyond any seat's keeping,
// and even a thousand guesses a second from many addresses would take
// years to find one of a few hundred live codes.
const (
	codeLen   = 6
	resumeLen = 10
)

// newCode is a random join code.
func newCode() string { return randomCode(codeLen) }

// newResumeCode is a random resume code, written in two groups of five
// so it reads back easily (the dash is not part of it).
func newResumeCode() string { return randomCode(resumeLen) }

// randomCode is n letters of codeAlphabet from crypto/rand, unbiased.
func randomCode(n int) string {
	out := make([]byte, 0, n)
	var b [32]byte
	for len(out) < n {
		rand.Read(b[:]) // never fails (crypto/rand panics rather)
		for _, c := range b {
			// 31·8 = 248: bytes from 248 up would favour the first letters.
			if int(c) < 8*len(codeAlphabet) && len(out) < n {
				out = append(out, codeAlphabet[int(c)%len(codeAlphabet)])
			}
		}
	}
	return string(out)
}

// showCode writes a code for the screen: a resume code in two groups.
func showCode(c string) string {
	if len(c) == resumeLen {
		return c[:resumeLen/2] + "-" + c[resumeLen/2:]
	}
	return c
}

// normCode reads a code as typed: case, spaces and dashes do not
// matter; ok is false when it cannot be a code of one of the lengths
// given.
func normCode(s string, lens ...int) (string, bool) {
	s = strings.ToUpper(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '-' }), ""))
	if !slices.Contains(lens, len(s)) {
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
		return keep.KeyPrefix + gossh.FingerprintSHA256(k), ""
	}
	code = newResumeCode()
	return keep.GuestPrefix + code, code
}

// guestID is the identity a resume code stands for.
func guestID(code string) string { return keep.GuestPrefix + code }

// Caps in bytes on text from a client, applied as it arrives, before
// anything else is done with it: a column cap alone lets combining marks
// through (a name of 12 columns and 240 KB was seen). A chat line's is
// tables.MaxChatBytes.
const (
	// maxUserBytes: the SSH user name as it arrives (it is cut to a
	// name of safetext.MaxNameBytes after its escapes are taken out).
	maxUserBytes = 256
	// maxCodeBytes: a code as typed, with room for spaces and dashes.
	maxCodeBytes = 2 * resumeLen
)
