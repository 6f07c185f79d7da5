package cmd

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"okey/game"
	"okey/game/classic"

	"okey/bots/botsclassic"
	"okey/game/daily"
	"okey/game/fair"
	"okey/game/okey101"
)

// servedRecords are a classic and a 101 record committed as okey serve
// commits them (seed 42, a fixed salt), whole matches played plainly:
// played once for the package's tests (the classic match by bots is
// the costly part), each caller given its own copy.
func servedRecords(t *testing.T) (classicRec, o101 []byte, commit fair.Commitment) {
	t.Helper()
	served.once.Do(func() { served.classic, served.o101, served.commit, served.err = playServedRecords() })
	if served.err != nil {
		t.Fatal(served.err)
	}
	return bytes.Clone(served.classic), bytes.Clone(served.o101), served.commit
}

// served holds servedRecords' matches, played once.
var served struct {
	once          sync.Once
	classic, o101 []byte
	commit        fair.Commitment
	err           error
}

// playServedRecords plays servedRecords' two matches.
func playServedRecords() (classicRec, o101 []byte, commit fair.Commitment, err error) {
	salt := []byte("0123456789abcdef")
	g, err := classic.NewGame(classic.DefaultRules(), 42, fair.Meta(42, salt))
	if err != nil {
		return nil, nil, commit, err
	}
	// Classic by easy bots (a match ends when a player's points run
	// out, which plain discards never make happen).
	var seats [classic.NumSeats]botsclassic.Bot
	for i := range seats {
		if seats[i], err = botsclassic.New("easy", botsclassic.Options{Seed: uint64(i + 1)}); err != nil {
			return nil, nil, commit, err
		}
	}
	for range 100000 {
		st := g.State()
		if st.Phase() == game.MatchOver {
			break
		}
		if st.Phase() == game.HandOver {
			if _, _, err := g.Apply(classic.NextHandAction()); err != nil {
				return nil, nil, commit, err
			}
			continue
		}
		s := st.Turn()
		a, err := seats[s].Decide(context.Background(), st.View(s))
		if err != nil {
			return nil, nil, commit, err
		}
		if _, _, err := g.Apply(a); err != nil {
			return nil, nil, commit, err
		}
	}
	if g.State().Phase() != game.MatchOver {
		return nil, nil, commit, errors.New("the classic match never ended")
	}
	rc := g.Record()
	h, err := okey101.NewGame(okey101.DefaultRules(), 42, fair.Meta(42, salt))
	if err != nil {
		return nil, nil, commit, err
	}
	for range 100000 {
		st := h.State()
		if st.Phase() == game.MatchOver {
			break
		}
		v := st.View(st.Turn())
		try := v.SimpleActions()
		if st.Phase() == game.HandOver {
			try = []okey101.Action{okey101.NextHand()}
		}
		for _, a := range try {
			if _, _, err := h.Apply(a); err == nil {
				break
			}
		}
	}
	if h.State().Phase() != game.MatchOver {
		return nil, nil, commit, errors.New("the 101 match never ended")
	}
	r1 := h.Record()
	return rc.Marshal(), r1.Marshal(), fair.Commit(42, salt), nil
}

// TestVerifyCommand: okey verify prints a line a record and exits 0 when
// all verify, 1 when one does not (saying why), 2 for a wrong command
// line (one line on stderr).
func TestVerifyCommand(t *testing.T) {
	classicRec, o101, commit := servedRecords(t)
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("classic.okey", classicRec)
	good101 := write("101.okey", o101)
	// Tampered: another seed in the header; the salt; a move out of turn.
	seed := write("seed.okey", bytes.Replace(classicRec, []byte(`"seed":42`), []byte(`"seed":43`), 1))
	salt := write("salt.okey", bytes.Replace(o101, []byte(`"salt":"30`), []byte(`"salt":"31`), 1))
	lines := bytes.SplitAfter(classicRec, []byte("\n"))
	for i, ln := range lines {
		if bytes.HasPrefix(ln, []byte(`{"a":"draw","s":`)) {
			s := ln[len(`{"a":"draw","s":`)]
			lines[i] = bytes.Replace(ln, []byte{':', s, '}'}, []byte{':', '0' + (s-'0'+1)%4, '}'}, 1)
			break
		}
	}
	illegal := write("illegal.okey", bytes.Join(lines, nil))
	bare := write("bare.okey", bytes.Replace(classicRec, []byte(`"commit"`), []byte(`"c0mmit"`), 1))
	bare = write("bare.okey", bytes.Replace(mustRead(t, bare), []byte(`"salt"`), []byte(`"s4lt"`), 1))
	junk := write("junk.okey", []byte("not a record\n"))
	// Cut short: the finishing move's line dropped; and a match stopped
	// after its first few moves.
	cut := write("cut.okey", classicRec[:bytes.LastIndexByte(classicRec[:len(classicRec)-1], '\n')+1])
	empty := write("empty.okey", nil)
	early := write("early.okey", bytes.Join(bytes.SplitAfter(o101, []byte("\n"))[:12], nil))

	for _, tc := range []struct {
		name  string
		args  []string
		stdin []byte
		code  int
		out   []string
		err   string
	}{
		{"good", []string{good, good101}, nil, 0, []string{"classic.okey: verified: commitment " + commit.Short() + " (" + commit.String() + "); classic Okey, seed 42, match over after",
			"101.okey: verified: commitment " + commit.Short()}, ""},
		{"cut", []string{good, cut}, nil, 1, []string{"classic.okey: verified"}, "cut.okey: NOT verified: the match is not over ("},
		{"early", []string{early}, nil, 1, nil, "early.okey: NOT verified: the match is not over (1 hand so far): the record is cut short, or the match is still in play; --partial"},
		{"partial", []string{"--partial", cut, early}, nil, 0, []string{"cut.okey: verified: commitment " + commit.Short(), "match not over", "early.okey: verified", "1 hand so far"}, ""},
		{"stdin", []string{"-"}, classicRec, 0, []string{"standard input: verified: commitment " + commit.Short()}, ""},
		{"noted", []string{"--commit", commit.Short(), good}, nil, 0, []string{"verified"}, ""},
		{"noted wrong", []string{"--commit", "0000 1111 2222 3333", good}, nil, 1, nil, "NOT verified: the record's commitment " + commit.Short() + " is not the one you noted"},
		{"seed", []string{good, seed}, nil, 1, []string{"classic.okey: verified"}, "seed.okey: NOT verified: commitment mismatch: seed 43"},
		{"salt", []string{salt}, nil, 1, nil, "salt.okey: NOT verified: commitment mismatch"},
		{"illegal", []string{illegal}, nil, 1, nil, "illegal.okey: NOT verified: a move is illegal under this deal: action"},
		{"bare", []string{bare}, nil, 1, nil, "bare.okey: NOT verified: no commitment in the record (only matches served by okey serve carry one)"},
		{"junk", []string{junk}, nil, 1, nil, "junk.okey: NOT verified: damaged file"},
		{"empty stdin", []string{"-"}, nil, 1, nil, "standard input: NOT verified: empty input"},
		{"blank stdin", []string{"-"}, []byte("\n \n"), 1, nil, "standard input: NOT verified: empty input"},
		{"empty", []string{empty}, nil, 1, nil, "empty.okey: NOT verified: empty file"},
		{"missing", []string{filepath.Join(dir, "nope.okey")}, nil, 1, nil, "nope.okey: NOT verified: cannot read it"},
		{"no args", nil, nil, 2, nil, "okey verify: no record"},
		{"stdin twice", []string{"-", "-"}, nil, 2, nil, "may be given once"},
		{"bad commit", []string{"--commit", "xyz", good}, nil, 2, nil, "--commit"},
		{"bad flag", []string{"--frob", good}, nil, 2, nil, "--frob is not a flag of okey verify"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"verify"}, tc.args...), bytes.NewReader(tc.stdin), &out, &errb)
		ok := code == tc.code && strings.Contains(errb.String(), tc.err)
		for _, w := range tc.out {
			ok = ok && strings.Contains(out.String(), w)
		}
		if tc.code == 2 {
			ok = ok && out.Len() == 0 && strings.Count(errb.String(), "\n") == 1
		} else {
			// A line a record: the verified on stdout, the others on
			// stderr.
			records := len(tc.args) - 2*boolInt(tc.name == "noted" || tc.name == "noted wrong") - boolInt(tc.name == "partial")
			ok = ok && strings.Count(out.String(), "\n")+strings.Count(errb.String(), "\n") == records &&
				strings.Count(out.String(), "\n") == len(tc.out)-boolInt(tc.name == "partial")*2
		}
		if !ok {
			t.Errorf("%s: exit %d\nstdout %s\nstderr %s", tc.name, code, out.String(), errb.String())
		}
	}
	var out bytes.Buffer
	if code := run(context.Background(), []string{"verify", "-h"}, nil, &out, &out); code != 0 || !strings.Contains(out.String(), "okey verify") || !strings.Contains(out.String(), "--commit") {
		t.Errorf("verify -h: exit %d, %q", code, out.String())
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// okey verify on a local daily's hand says which day and hand it is and
// that it matches, in both languages; --commit has nothing to compare.
func TestVerifyDailyCommand(t *testing.T) {
	d, _ := daily.ParseDate("2026-11-24")
	set, _ := daily.New(game.Classic, d)
	h := set.Hands[1]
	g, err := classic.NewGame(daily.ClassicRules(), h.Seed, set.Meta(h, false))
	if err != nil {
		t.Fatal(err)
	}
	for g.State().Result() == nil {
		st := g.State()
		s := st.Turn()
		try := []classic.Action{classic.DrawAction(s), classic.EndHandAction(s)}
		for _, tl := range st.View(s).Rack {
			try = append(try, classic.DiscardAction(s, tl))
		}
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				break
			}
		}
	}
	r := g.Record()
	path := filepath.Join(t.TempDir(), "daily.okey")
	if err := os.WriteFile(path, r.Marshal(), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{path}, 0, "verified: the daily of 2026-11-24, classic Okey, hand 2 of 4, fingerprint ee0e 6b61 daad 4eb1; its seed, rules and record version are that day's hand's, and its moves replay; the hand ended"},
		{[]string{"--lang", "tr", path}, 0, "doğrulandı: 2026-11-24 günün oyunu, Klasik Okey, 2. el / 4, parmak izi ee0e 6b61 daad 4eb1"},
		{[]string{"--commit", "3f2a9c0d11e4b7a8", path}, 1, "a daily's hand has no commitment"},
	} {
		out, errs, code := runOut(append([]string{"verify"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out+errs, tc.out) {
			t.Errorf("%v: exit %d, %q %q; want %d and %q", tc.args, code, out, errs, tc.code, tc.out)
		}
	}
}
