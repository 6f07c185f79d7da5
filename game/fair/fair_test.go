package fair

import (
	"errors"
	"maps"
	"testing"
)

// salt16 is the salt 00 01 … 0f.
var salt16 = []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// TestCommitKnownAnswer pins the formula to a hash computed outside Go:
//
//	{ printf 'okey deal commitment v1\0'; printf '\x00\x01…\x0f';
//	  printf '\x00\x00\x00\x00\x00\x00\x00\x2a'; } | sha256sum
//
// so that a change to the formula (which would make every record ever
// served fail to verify) cannot pass unnoticed.
func TestCommitKnownAnswer(t *testing.T) {
	const want = "2177b26112d5f821105fa6eaa421a8b29a50adf580078d1ba535301dd46efd03"
	c := Commit(42, salt16)
	if c.String() != want {
		t.Fatalf("Commit(42, 00…0f) = %s, want %s", c, want)
	}
	if c.Short() != "2177 b261 12d5 f821" {
		t.Errorf("short form %q", c.Short())
	}
}

// TestCheck: the meta Meta writes checks; a changed seed, salt or
// commitment, a missing one or a damaged one each fail for their reason.
func TestCheck(t *testing.T) {
	meta := Meta(42, salt16)
	c, err := Check(42, meta)
	if err != nil || c != Commit(42, salt16) {
		t.Fatalf("Check of a good meta: %v, %v", c, err)
	}
	with := func(k, v string) map[string]string {
		m := maps.Clone(meta)
		m[k] = v
		return m
	}
	for _, tc := range []struct {
		name string
		seed uint64
		meta map[string]string
		want error
	}{
		{"another seed", 43, meta, ErrMismatch},
		{"another salt", 42, with(MetaSalt, "000102030405060708090a0b0c0d0e0e"), ErrMismatch},
		{"another commitment", 42, with(MetaCommit, Commit(43, salt16).String()), ErrMismatch},
		{"none", 42, map[string]string{"program": "okey"}, ErrNoCommitment},
		{"nil meta", 42, nil, ErrNoCommitment},
		{"salt too short", 42, with(MetaSalt, "00010203"), ErrBadCommitment},
		{"salt not hex", 42, with(MetaSalt, "zz"), ErrBadCommitment},
		{"commitment too short", 42, with(MetaCommit, Commit(42, salt16).Short()), ErrBadCommitment},
		{"salt alone", 42, map[string]string{MetaSalt: meta[MetaSalt]}, ErrBadCommitment},
	} {
		if _, err := Check(tc.seed, tc.meta); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestParseCommitment reads the full form, grouped or not.
func TestParseCommitment(t *testing.T) {
	c := Commit(7, salt16)
	for _, s := range []string{c.String(), "  " + c.String()[:8] + " " + c.String()[8:]} {
		if got, err := ParseCommitment(s); err != nil || got != c {
			t.Errorf("ParseCommitment(%q) = %v, %v", s, got, err)
		}
	}
}
