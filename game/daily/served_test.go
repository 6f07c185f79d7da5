package daily

import (
	"errors"
	"strings"
	"testing"

	"okey/game"
	"okey/game/classic"
)

// testSecret is the secret 00 01 02 … 1f.
func testSecret() Secret {
	var s Secret
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// TestServedIsPinned: a served day's seeds and commitment are the
// documented hashes, the wanted values computed apart from this code
// with Python's hashlib:
//
//	import hashlib
//	sec = bytes(range(32)).hex()
//	def seed(g, d, role):
//	    return hashlib.sha256(b"\0".join([b"okey served daily v1", g.encode(),
//	        d.encode(), sec.encode(), role.encode()])).hexdigest()[:16]
//	def commit(g, d):
//	    return hashlib.sha256(b"\0".join([b"okey served daily commitment v1",
//	        g.encode(), d.encode(), sec.encode()])).hexdigest()
func TestServedIsPinned(t *testing.T) {
	sec := testSecret()
	seeds := []struct {
		g          game.Kind
		date, role string
		want       uint64
	}{
		{game.Classic, "2026-11-24", "hand 1", 0x2c44ef0affddb022},
		{game.Classic, "2026-11-24", "hand 1 seat 2", 0x18201ff4c9896592},
		{game.Okey101, "2026-11-25", "hand 2", 0x15244af787990332},
	}
	for _, tc := range seeds {
		if got := ServedSeed(tc.g, mustDate(t, tc.date), sec, tc.role); got != tc.want {
			t.Errorf("ServedSeed(%s, %s, %q) = %016x, want %016x", tc.g, tc.date, tc.role, got, tc.want)
		}
	}
	commits := map[game.Kind]string{
		game.Classic: "e57cc251768c4ea15bfc1fc9ec9d3f51acc357dc1094f778b0d8f62829b0b436",
		game.Okey101: "4d7c032d298767096bfa9a5f0d4fd17e301d360a29913facc275441d10e5d300",
	}
	for g, want := range commits {
		if got := Commit(g, mustDate(t, "2026-11-24"), sec).String(); got != want {
			t.Errorf("Commit(%s) = %s, want %s", g, got, want)
		}
	}
	if got := Commit(game.Classic, mustDate(t, "2026-11-24"), sec).Short(); got != "e57c c251 768c 4ea1" {
		t.Errorf("Short = %q", got)
	}
}

// TestServedSetIsNotTheDates: a served set has a date's set's shape, its
// seeds the secret's (none of the date's, another secret's others), and a
// fingerprint of its own.
func TestServedSetIsNotTheDates(t *testing.T) {
	for _, g := range game.Kinds() {
		d := mustDate(t, "2026-11-24")
		plain := mustSet(t, g, "2026-11-24")
		a, err := NewServed(g, d, testSecret())
		if err != nil {
			t.Fatal(err)
		}
		var other Secret
		other[0] = 1
		b, _ := NewServed(g, d, other)
		if !a.Served || plain.Served || len(a.Hands) != Hands(g) || a.Version != Version {
			t.Fatalf("%s: served %+v", g, a)
		}
		for i, h := range a.Hands {
			if h.N != i+1 || h.Seed != ServedSeed(g, d, testSecret(), "hand "+string(rune('1'+i))) {
				t.Errorf("%s hand %d: %+v", g, i+1, h)
			}
			if h.Seed == plain.Hands[i].Seed || h.Seed == b.Hands[i].Seed || h.Bots == plain.Hands[i].Bots {
				t.Errorf("%s hand %d: a seed shared with another set", g, i+1)
			}
		}
		text, err := a.Canonical()
		if err != nil || !strings.HasPrefix(text, "okey served daily v1\n") {
			t.Errorf("%s: canonical %q, %v", g, text[:min(len(text), 40)], err)
		}
		fa, _ := a.Fingerprint()
		fp, _ := plain.Fingerprint()
		if fa == fp {
			t.Errorf("%s: the served fingerprint is the date's", g)
		}
	}
	if _, err := NewServed("chess", mustDate(t, "2026-11-24"), testSecret()); !errors.Is(err, game.ErrKind) {
		t.Errorf("an unknown game: %v", err)
	}
}

func TestParseSecret(t *testing.T) {
	sec := testSecret()
	got, err := ParseSecret(sec.String())
	if err != nil || got != sec {
		t.Fatalf("ParseSecret(String) = %v, %v", got, err)
	}
	for _, bad := range []string{"", "00", strings.ToUpper(sec.String()), sec.String() + "00", sec.String()[:63] + "g"} {
		if _, err := ParseSecret(bad); !errors.Is(err, ErrSecret) {
			t.Errorf("ParseSecret(%q) = %v", bad, err)
		}
	}
}

// TestVerifyServed: a hand's record, its meta as the server writes it,
// verifies against the day's secret in both games; another secret, a
// record of another hand's seed, a meta damaged or missing do not.
func TestVerifyServed(t *testing.T) {
	d := mustDate(t, "2026-11-24")
	sec := testSecret()
	var wrong Secret
	wrong[31] = 9
	cs, _ := NewServed(game.Classic, d, sec)
	c := Commit(game.Classic, d, sec)
	rec := ClassicRecord(cs.Hands[2])
	rec.Meta = cs.ServedMeta(cs.Hands[2], c)
	n, err := VerifyServedClassic(rec, sec)
	if err != nil || n.Hand.N != 3 || n.Commit != c || n.Set.Date != d {
		t.Fatalf("classic hand 3: %+v, %v", n, err)
	}
	if _, err := VerifyServedClassic(rec, wrong); !errors.Is(err, ErrRevealMismatch) {
		t.Errorf("another secret: %v", err)
	}
	moved := rec
	moved.Seed = cs.Hands[1].Seed
	if _, err := VerifyServedClassic(moved, sec); !errors.Is(err, ErrDailyMismatch) {
		t.Errorf("another hand's seed: %v", err)
	}
	plain := ClassicRecord(cs.Hands[0])
	if _, err := VerifyServedClassic(plain, sec); !errors.Is(err, ErrNotServed) {
		t.Errorf("no meta: %v", err)
	}
	for _, meta := range []map[string]string{
		{MetaServed: "v1 classic 2026-11-24 hand 5", MetaServedCommit: c.String()},
		{MetaServed: "v2 classic 2026-11-24 hand 1", MetaServedCommit: c.String()},
		{MetaServed: "v1 classic 2026-11-24 hand 1", MetaServedCommit: "abc"},
	} {
		r := ClassicRecord(cs.Hands[0])
		r.Meta = meta
		if _, err := VerifyServedClassic(r, sec); !errors.Is(err, ErrDailyMeta) {
			t.Errorf("meta %v: %v", meta, err)
		}
	}

	s1, _ := NewServed(game.Okey101, d, sec)
	c1 := Commit(game.Okey101, d, sec)
	r1 := Record101(s1.Hands[1])
	r1.Meta = s1.ServedMeta(s1.Hands[1], c1)
	if n, err := VerifyServed101(r1, sec); err != nil || n.Hand.N != 2 {
		t.Fatalf("101 hand 2: %+v, %v", n, err)
	}
	// classic's commitment on a 101 record: the secret does not match it.
	r1.Meta[MetaServedCommit] = c.String()
	if _, err := VerifyServed101(r1, sec); !errors.Is(err, ErrRevealMismatch) {
		t.Errorf("another game's commitment: %v", err)
	}
}

// TestWithSecret: a record handed out with the day's secret in its meta
// still parses and replays, carries the secret for SecretOf, and keeps
// its actions byte for byte; a record without it says so.
func TestWithSecret(t *testing.T) {
	d := mustDate(t, "2026-11-24")
	sec := testSecret()
	s, _ := NewServed(game.Classic, d, sec)
	rec := ClassicRecord(s.Hands[0])
	rec.Meta = s.ServedMeta(s.Hands[0], Commit(game.Classic, d, sec))
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	// a few moves, so that the record has actions after its header
	for range 3 {
		st := g.State()
		a := classic.DrawAction(st.Turn())
		if _, _, err := g.Apply(a); err != nil {
			if _, _, err := g.Apply(classic.TakeAction(st.Turn())); err != nil {
				break
			}
		}
		st = g.State()
		if _, _, err := g.Apply(classic.DiscardAction(st.Turn(), st.View(st.Turn()).Rack[0])); err != nil {
			t.Fatal(err)
		}
	}
	full := g.Record()
	b := full.Marshal()
	if _, err := SecretOf(rec.Meta); !errors.Is(err, ErrSecret) {
		t.Errorf("a record without the secret: %v", err)
	}
	out, err := WithSecret(b, sec)
	if err != nil {
		t.Fatal(err)
	}
	_, restIn, _ := strings.Cut(string(b), "\n")
	_, restOut, _ := strings.Cut(string(out), "\n")
	if restIn != restOut || restIn == "" {
		t.Errorf("the actions changed: %q → %q", restIn, restOut)
	}
	back, err := classic.ParseRecord(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := SecretOf(back.Meta)
	if err != nil || got != sec {
		t.Fatalf("SecretOf: %v, %v", got, err)
	}
	if _, err := VerifyServedClassic(back, got); err != nil {
		t.Error(err)
	}
	if _, err := back.Replay(); err != nil {
		t.Error(err)
	}
	if _, err := WithSecret([]byte("not json\n"), sec); err == nil {
		t.Error("a damaged header took a secret")
	}
}
