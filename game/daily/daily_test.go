package daily

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"okey/game"
	"okey/game/tile"
)

func mustDate(t *testing.T, s string) Date {
	t.Helper()
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustSet(t *testing.T, g game.Kind, date string) Set {
	t.Helper()
	s, err := New(g, mustDate(t, date))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSeedsArePinned: the seeds are the documented SHA-256, the wanted
// values computed apart from this code with Python's hashlib:
//
//	import hashlib
//	def seed(g, d, role):
//	    return hashlib.sha256(b"\0".join([b"okey daily v1", g.encode(),
//	        d.encode(), role.encode()])).hexdigest()[:16]
//
// so a change to the derivation, which would deal every day differently,
// fails here first.
func TestSeedsArePinned(t *testing.T) {
	tests := []struct {
		g          game.Kind
		date, role string
		want       uint64
	}{
		{game.Classic, "2026-11-24", "hand 1", 0x794aee0289e3239b},
		{game.Classic, "2026-11-24", "hand 2", 0x363750beaaa88baa},
		{game.Classic, "2026-11-24", "hand 1 seat 1", 0x015505ff20010b93},
		{game.Classic, "2026-11-24", "hand 2 seat 3", 0xaecf3593a9003554},
		{game.Classic, "2026-11-24", "hand 1 seat 0", 0xab7dadb62c20d700},
		{game.Classic, "2027-01-01", "hand 1", 0xab36e95c825b29bc},
		{game.Classic, "2024-02-29", "hand 2 seat 3", 0x39b7502c606d7710},
		{game.Okey101, "2026-11-24", "hand 1", 0x3457df119cd86941},
		{game.Okey101, "2026-11-24", "hand 2", 0x1191f9cb7e096cc8},
		{game.Okey101, "2026-11-24", "hand 1 seat 1", 0x19ffb74a20a8cfb6},
		{game.Okey101, "2027-01-01", "hand 1 seat 0", 0x20bb69dd4a2e0b34},
		{game.Okey101, "2024-02-29", "hand 2", 0x91c4ec8a9f12c55a},
	}
	for _, tc := range tests {
		if got := Seed(tc.g, mustDate(t, tc.date), tc.role); got != tc.want {
			t.Errorf("Seed(%s, %s, %q) = %016x, want %016x", tc.g, tc.date, tc.role, got, tc.want)
		}
	}
}

// TestSetUsesTheSeeds: a set's hands and bots are the seeds of the roles
// the documentation names, as many hands as the game has.
func TestSetUsesTheSeeds(t *testing.T) {
	for _, g := range game.Kinds() {
		d := mustDate(t, "2026-11-24")
		s := mustSet(t, g, "2026-11-24")
		if len(s.Hands) != Hands(g) || s.Version != 1 || s.Game != g || s.Date != d {
			t.Fatalf("%s: set %+v", g, s)
		}
		for i, h := range s.Hands {
			if h.N != i+1 || h.Seed != Seed(g, d, "hand "+string(rune('1'+i))) {
				t.Errorf("%s hand %d: %+v", g, i+1, h)
			}
			for seat, b := range h.Bots {
				if want := Seed(g, d, "hand "+string(rune('1'+i))+" seat "+string(rune('0'+seat))); b != want {
					t.Errorf("%s hand %d seat %d: bot seed %016x, want %016x", g, i+1, seat, b, want)
				}
			}
		}
	}
	if Hands(game.Classic) != 4 || Hands(game.Okey101) != 2 {
		t.Error("a classic day is four hands and a day of 101 two")
	}
}

// TestFingerprintsArePinned: the canonical text of a few days in both
// games is the one kept in testdata, and its SHA-256 the one pinned here
// (computed from the files with sha256sum, and again with Python's
// hashlib): a change to the engine's deal, to the daily's rules or to
// the derivation moves a day, and fails here rather than silently.
func TestFingerprintsArePinned(t *testing.T) {
	tests := []struct {
		g    game.Kind
		date string
		want string
	}{
		{game.Classic, "2026-11-24", "ee0e6b61daad4eb195b9af6ccb0f43ec967a7fdf39510f8d83c49c19ed331432"},
		{game.Classic, "2027-01-01", "7485e821b8bc20e1d69ef1be05381f6c43efb1757ecaf7aa17b9d9e198f48ce0"},
		{game.Classic, "2024-02-29", "a8c147b4999f46377220da4b64286e0b8a0737ec3a357c9f3202677db59df0c1"},
		{game.Okey101, "2026-11-24", "faf3691c0117f382b1ffe1b39bc98b3515e837a00823e92107be10cb28e5ecd9"},
		{game.Okey101, "2027-01-01", "666c21036c29b4498da6ce2d81805c7cb0e831617e7b84b7935e5e9f530ad63d"},
		{game.Okey101, "2024-02-29", "c23e7a5c7fb27c066a6cfcdda2f1ebbbf685153f291648716a99462cf030fa21"},
	}
	for _, tc := range tests {
		s := mustSet(t, tc.g, tc.date)
		text, err := s.Canonical()
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join("testdata", string(tc.g)+"-"+tc.date+".txt")
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if text != string(want) {
			t.Errorf("%s %s: the canonical text is not %s:\n%s", tc.g, tc.date, file, text)
		}
		f, err := s.Fingerprint()
		if err != nil {
			t.Fatal(err)
		}
		if f.String() != tc.want {
			t.Errorf("%s %s: fingerprint %s, want %s", tc.g, tc.date, f, tc.want)
		}
		if short := strings.ReplaceAll(f.Short(), " ", ""); !strings.HasPrefix(tc.want, short) || len(short) != 16 {
			t.Errorf("%s %s: short fingerprint %q is not the first 8 bytes of %s", tc.g, tc.date, f.Short(), tc.want)
		}
	}
}

// TestFirstRacksArePinned: the first tiles of seat 0's first rack on
// 2026-11-24, written here by hand from the referee's deal, so that a
// golden file regenerated without thought still fails.
func TestFirstRacksArePinned(t *testing.T) {
	tests := []struct {
		g         game.Kind
		dealer    int
		indicator string
		rack      string // the first five tiles of seat 0, face order
		size      int
	}{
		{game.Classic, 3, "K10", "R2 R7 Y2 Y7 Y8", 15},
		{game.Okey101, 3, "R2", "R4 R5 R7 R7 R9", 21},
	}
	for _, tc := range tests {
		s := mustSet(t, tc.g, "2026-11-24")
		d, err := s.deal(s.Hands[0])
		if err != nil {
			t.Fatal(err)
		}
		if d.dealer != tc.dealer || d.indicator.String() != tc.indicator || len(d.racks[0]) != tc.size ||
			tile.FormatTiles(d.racks[0][:5]) != tc.rack {
			t.Errorf("%s: dealer %d indicator %s seat 0 %s, want dealer %d indicator %s, %d tiles from %s",
				tc.g, d.dealer, d.indicator, tile.FormatTiles(d.racks[0]), tc.dealer, tc.indicator, tc.size, tc.rack)
		}
	}
}

// TestDaysDiffer: another date, another game or another hand deals
// another set (a derivation that ignored one of its inputs would not).
func TestDaysDiffer(t *testing.T) {
	seen := map[uint64]string{}
	for _, g := range game.Kinds() {
		for _, date := range []string{"2026-11-24", "2026-11-25", "2025-11-24"} {
			for _, h := range mustSet(t, g, date).Hands {
				for _, seed := range append([]uint64{h.Seed}, h.Bots[:]...) {
					where := string(g) + " " + date
					if other, ok := seen[seed]; ok {
						t.Errorf("%s and %s share the seed %016x", where, other, seed)
					}
					seen[seed] = where
				}
			}
		}
	}
	a, _ := mustSet(t, game.Classic, "2026-11-24").Fingerprint()
	b, _ := mustSet(t, game.Classic, "2026-11-25").Fingerprint()
	if a == b {
		t.Error("two days have one fingerprint")
	}
}

func TestParseDate(t *testing.T) {
	good := []string{"2026-11-24", "2024-02-29", "1000-01-01", "9999-12-31"}
	for _, s := range good {
		d, err := ParseDate(s)
		if err != nil || d.String() != s {
			t.Errorf("ParseDate(%q) = %v, %v", s, d, err)
		}
	}
	bad := []string{"", "today", "2026-11-24 ", " 2026-11-24", "2026-1-24", "2026-11-4", "26-11-24",
		"2026/11/24", "2026-13-01", "2026-00-10", "2026-02-29", "2026-11-31", "2026-11-00",
		"0999-01-01", "20261124", "2026-11-24T00:00:00Z", "+2026-11-24", "2026-11-24\n"}
	for _, s := range bad {
		if d, err := ParseDate(s); !errors.Is(err, ErrDate) {
			t.Errorf("ParseDate(%q) = %v, %v, want ErrDate", s, d, err)
		}
	}
}

// TestNewRefuses: a set is of a known game and a date.
func TestNewRefuses(t *testing.T) {
	if _, err := New("chess", mustDate(t, "2026-11-24")); !errors.Is(err, game.ErrKind) {
		t.Errorf("New of an unknown game: %v", err)
	}
	if _, err := New(game.Classic, Date{}); !errors.Is(err, ErrDate) {
		t.Errorf("New without a date: %v", err)
	}
}

func TestDates(t *testing.T) {
	d := mustDate(t, "2026-12-31")
	tests := []struct {
		n    int
		want string
	}{{1, "2027-01-01"}, {0, "2026-12-31"}, {-365, "2025-12-31"}, {60, "2027-03-01"}}
	for _, tc := range tests {
		if got := d.AddDays(tc.n).String(); got != tc.want {
			t.Errorf("AddDays(%d) = %s, want %s", tc.n, got, tc.want)
		}
	}
	if !mustDate(t, "2026-11-24").Before(mustDate(t, "2026-11-25")) || d.Before(d) || d.AddDays(1).Before(d) {
		t.Error("Before is not the calendar's order")
	}
	// The day a moment falls on is its location's: 23:30 UTC on the
	// 24th is already the 25th in Istanbul (UTC+3).
	ist := time.FixedZone("TRT", 3*3600)
	at := time.Date(2026, 11, 24, 23, 30, 0, 0, time.UTC)
	if DateOf(at).String() != "2026-11-24" || DateOf(at.In(ist)).String() != "2026-11-25" {
		t.Errorf("DateOf: %s UTC, %s in Istanbul", DateOf(at), DateOf(at.In(ist)))
	}
}
