package keep

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
)

// TestDailyStanding: who the board ranks — a key first seen before the
// day began, playing from an address no other identity started the day
// from; every other day is practice, with its reason.
func TestDailyStanding(t *testing.T) {
	d := day(t, "2026-11-25")
	start := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name      string
		guest     bool
		first     time.Time
		addrFirst string
		want      string
	}{
		{"a key seen yesterday, its address fresh", false, start.Add(-time.Hour), "", ""},
		{"a key seen yesterday, first from its address", false, start.Add(-time.Hour), "key:me", ""},
		{"a key seen a second before the day", false, start.Add(-time.Second), "key:me", ""},
		{"a key seen at 00:00 exactly", false, start, "", PracticeNewKey},
		{"a key made a minute before playing", false, start.Add(9 * time.Hour), "", PracticeNewKey},
		{"a key never seen (the store cannot say)", false, time.Time{}, "", PracticeNewKey},
		{"a guest started the day from the address", false, start.Add(-48 * time.Hour), "guest:ABCDEFGHJK", PracticeAddr},
		{"another key started the day from the address", false, start.Add(-48 * time.Hour), "key:other", PracticeAddr},
		{"a new key whose address was used: new first", false, start.Add(time.Hour), "key:other", PracticeNewKey},
		{"a guest", true, time.Time{}, "", PracticeGuest},
		{"a guest first from its address", true, time.Time{}, "key:me", PracticeGuest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := DailyStanding(d, tc.guest, tc.first, tc.addrFirst, "key:me"); got != tc.want {
				t.Errorf("standing %q, want %q", got, tc.want)
			}
		})
	}
}

// TestFirstSeenAndAddrFirstKeptOnceSealed: when a key was first seen is
// kept once (a later sighting reads the first time); an address's start
// of the day is kept once, for the first identity, per game; neither
// the keys nor the values name the address or the key in the clear.
func TestFirstSeenAndAddrFirstKeptOnceSealed(t *testing.T) {
	b := testDailyBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	t0 := time.Date(2026, 11, 24, 22, 0, 0, 0, time.UTC)
	got, err := b.FirstSeen(ctx, "key:SHA256:xyzzy", t0, nil)
	if err != nil || !got.Equal(t0) {
		t.Fatalf("first sight: %v, %v", got, err)
	}
	if got, err = b.FirstSeen(ctx, "key:SHA256:xyzzy", t0.Add(5*time.Hour), func() time.Time { return t0.Add(-time.Hour) }); err != nil || !got.Equal(t0) {
		t.Fatalf("a later sight reads %v (%v), not the first %v", got, err, t0)
	}
	// A key first seen now that the store shows about before (its
	// rating written yesterday) is kept as seen then.
	if got, err = b.FirstSeen(ctx, "key:SHA256:old", t0, func() time.Time { return t0.Add(-30 * time.Hour) }); err != nil || !got.Equal(t0.Add(-30*time.Hour)) {
		t.Fatalf("a key rated before: first seen %v, %v", got, err)
	}

	d := day(t, "2026-11-25")
	const addr = "203.0.113.7"
	if first, err := b.AddrFirst(ctx, game.Classic, d, addr, "guest:QQQQQRRRRR", false, rand.Reader); err != nil || first != "" {
		t.Fatalf("asked without claiming: %q, %v", first, err)
	}
	if first, err := b.AddrFirst(ctx, game.Classic, d, addr, "guest:QQQQQRRRRR", true, rand.Reader); err != nil || first != "guest:QQQQQRRRRR" {
		t.Fatalf("the first start: %q, %v", first, err)
	}
	for _, id := range []string{"key:SHA256:xyzzy", "guest:QQQQQRRRRR"} {
		if first, err := b.AddrFirst(ctx, game.Classic, d, addr, id, true, rand.Reader); err != nil || first != "guest:QQQQQRRRRR" {
			t.Fatalf("%s after the guest: %q, %v", id, first, err)
		}
	}
	if first, err := b.AddrFirst(ctx, game.Okey101, d, addr, "key:SHA256:xyzzy", true, rand.Reader); err != nil || first != "key:SHA256:xyzzy" {
		t.Fatalf("101's day from the same address: %q, %v", first, err)
	}
	if first, err := b.AddrFirst(ctx, game.Classic, d, "203.0.113.8", "key:SHA256:xyzzy", true, rand.Reader); err != nil || first != "key:SHA256:xyzzy" {
		t.Fatalf("another address: %q, %v", first, err)
	}

	// Nothing in either bucket names the address or the identity.
	for _, kv := range []jetstream.KeyValue{b.kv, b.seen} {
		lister, err := kv.ListKeys(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for k := range lister.Keys() {
			e, err := kv.Get(ctx, k)
			if err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{addr, "203.0.113.8", "xyzzy", "QQQQQRRRRR", base64.RawURLEncoding.EncodeToString([]byte(addr))} {
				if strings.Contains(k, secret) && !strings.HasPrefix(k, "id.") {
					t.Errorf("key %q names %q", k, secret)
				}
				if bytes.Contains(e.Value(), []byte(secret)) {
					t.Errorf("the value of %q holds %q in the clear", k, secret)
				}
			}
			if !Sealed(e.Value()) {
				t.Errorf("the value of %q is not sealed", k)
			}
		}
	}
}

// TestDailyAddr: the daily's address rule counts an IPv6 client by its
// /56 (or the prefix given), from the address or the /64 the limits
// count it by; an IPv4 address, the loopback, or a prefix no wider, as
// it is.
func TestDailyAddr(t *testing.T) {
	for _, c := range []struct {
		addr   string
		prefix int
		want   string
	}{
		{"2001:db8:1:2::/64", 56, "2001:db8:1::/56"},
		{"2001:db8:1:ff::/64", 56, "2001:db8:1::/56"},
		{"2001:db8:1:2::/64", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2::/64", 96, "2001:db8:1:2::/64"},
		{"2001:db8:1:2:3:4:5:6", 56, "2001:db8:1::/56"},
		{"2001:db8:1:2::/64", 48, "2001:db8:1::/48"},
		{"192.0.2.7", 56, "192.0.2.7"},
		{"::1", 56, "::1"},
		{"::ffff:192.0.2.7", 56, "::ffff:192.0.2.7"},
		{"not an address", 56, "not an address"},
	} {
		if got := DailyAddr(c.addr, c.prefix); got != c.want {
			t.Errorf("DailyAddr(%q, %d) = %q, want %q", c.addr, c.prefix, got, c.want)
		}
	}
}
