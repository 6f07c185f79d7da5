package common

import (
	"crypto/rand"
	"slices"
	"strings"
	"unicode"

	"okey/server/keep"
)

// Who a player is: the SHA-256 fingerprint of the key that
// authenticated the connection, or for a guest (no key) a short resume
// code, shown on screen, that takes their seat back. The SSH user name
// is only a display name.

// CodeAlphabet has no letters that read alike (0/O, 1/I/L).
const CodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// Codes' lengths. A join code is said aloud to friends and opens a
// seat at a private table: six letters, about 900 million codes. A
// resume code takes a guest's seat back and shows their rack, so it must
// outlast guessing: ten letters, 8·10^14 codes; at the wrong-code delay
// an address meets (see guesses) that is far beyond any seat's keeping,
// and even a thousand guesses a second from many addresses would take
// years to find one of a few hundred live codes.
const (
	CodeLen   = 6
	ResumeLen = 10
	// LinkLen is a code that links a browser to a player: typed once
	// on a phone, good for minutes and one use, tried at the wrong-code
	// delay: eight letters, 8·10^11 codes.
	LinkLen = 8
)

// NewCode is a random join code.
func NewCode() string { return randomCode(CodeLen) }

// NewResumeCode is a random resume code, written in two groups of five
// so it reads back easily (the dash is not part of it).
func NewResumeCode() string { return randomCode(ResumeLen) }

// randomCode is n letters of CodeAlphabet from crypto/rand, unbiased.
func randomCode(n int) string {
	out := make([]byte, 0, n)
	var b [32]byte
	for len(out) < n {
		rand.Read(b[:]) // never fails (crypto/rand panics rather)
		for _, c := range b {
			// 31·8 = 248: bytes from 248 up would favour the first letters.
			if int(c) < 8*len(CodeAlphabet) && len(out) < n {
				out = append(out, CodeAlphabet[int(c)%len(CodeAlphabet)])
			}
		}
	}
	return string(out)
}

// NewLinkCode is a random code that links a browser.
func NewLinkCode() string { return randomCode(LinkLen) }

// ShowCode writes a code for the screen: a resume code in two groups.
func ShowCode(c string) string {
	if len(c) == ResumeLen {
		return c[:ResumeLen/2] + "-" + c[ResumeLen/2:]
	}
	return c
}

// NormCode reads a code as typed: case, spaces and dashes do not
// matter; ok is false when it cannot be a code of one of the lengths
// given.
func NormCode(s string, lens ...int) (string, bool) {
	s = strings.ToUpper(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '-' }), ""))
	if !slices.Contains(lens, len(s)) {
		return "", false
	}
	for _, r := range s {
		if !strings.ContainsRune(CodeAlphabet, r) {
			return "", false
		}
	}
	return s, true
}

// GuestID is the identity a resume code stands for.
func GuestID(code string) string { return keep.GuestPrefix + code }

// Caps in bytes on text from a client, applied as it arrives, before
// anything else is done with it: a column cap alone lets combining marks
// through, a name of 12 columns but any size. A chat line's is
// tables.MaxChatBytes.
const (
	// MaxUserBytes: the SSH user name as it arrives (it is cut to a
	// name of safetext.MaxNameBytes after its escapes are taken out).
	MaxUserBytes = 256
	// MaxCodeBytes: a code as typed, with room for spaces and dashes.
	MaxCodeBytes = 2 * ResumeLen
)
