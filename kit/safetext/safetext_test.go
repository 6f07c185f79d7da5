package safetext

import (
	"strings"
	"testing"
)

// Text from outside is cut at a rune boundary, never inside a letter,
// and keeps only what every terminal draws alike.
func TestCutBytesAndText(t *testing.T) {
	cuts := []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 2, "ab"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"çş", 3, "ç"}, // ş would be cut in half: it goes whole
		{"çş", 4, "çş"},
		{"李明", 5, "李"},
	}
	for _, c := range cuts {
		if got := CutBytes(c.in, c.n); got != c.want {
			t.Errorf("CutBytes(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
	safe := []struct{ in, want string }{
		{"Ayşe", "Ayşe"},
		{"a\tb\nc\rd", "a b c d"},
		{"x\x1b[31my", "x[31my"}, // the escape goes, the printable rest stays
		{"ab\u202ecd", "abcd"},   // a direction override
		{"e\u0301", "e"},         // a combining mark
		{"p\ue000q", "pq"},       // private use
		{"李明 ok!", "李明 ok!"},
	}
	for _, c := range safe {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A name from outside loses its control and format characters and is
// cut to a name's caps, in columns and in bytes.
func TestName(t *testing.T) {
	long := strings.Repeat("ş", 100)
	cases := []struct{ in, want string }{
		{"  Ayşe  ", "Ayşe"},
		{"Ay\nşe", "Ayşe"},
		{"\x1b[31mred", "[31mred"},
		{"abcdefghijklmnop", "abcdefghijkl"},
		{"李明李明李明李明", "李明李明李明"},
		{long, strings.Repeat("ş", MaxNameLen)},
		{strings.Repeat("e\u0301", 40), strings.Repeat("e", MaxNameLen)},
	}
	for _, c := range cases {
		got := Name(c.in)
		if got != c.want {
			t.Errorf("Name(%q) = %q, want %q", c.in, got, c.want)
		}
		if len(got) > MaxNameBytes {
			t.Errorf("Name(%q) is %d bytes", c.in, len(got))
		}
	}
}
