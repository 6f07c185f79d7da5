package daily

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"okey/game/classic"
	"okey/game/okey101"
)

// The keys a daily hand's record carries in its header's meta, so that
// a record says which day's hand it is and anyone can check that its
// seed is that day's:
//
//	"daily": "v1 classic 2026-11-24 hand 1"
//	"daily_practice": "yes"   (a hand played again, not for the record)
const (
	MetaDaily    = "daily"
	MetaPractice = "daily_practice"
)

// Why a record is not a daily's hand; test with errors.Is.
var (
	// ErrNotDaily: the record names no daily.
	ErrNotDaily = errors.New("not a daily's record")
	// ErrDailyMeta: the record's "daily" is not written as Meta writes it.
	ErrDailyMeta = errors.New("the record's daily is damaged")
	// ErrDailyMismatch: the record names a daily, but its seed, rules or
	// record version are not that day's hand's.
	ErrDailyMismatch = errors.New("the record is not the daily it names")
)

// Meta is the meta of hand h of s's record: which day, game and hand it
// is, and practice when the player plays it again, not for the record.
func (s Set) Meta(h Hand, practice bool) map[string]string {
	m := map[string]string{MetaDaily: fmt.Sprintf("v%d %s %s hand %d", s.Version, s.Game, s.Date, h.N)}
	if practice {
		m[MetaPractice] = "yes"
	}
	return m
}

// Named is what a record's meta says of its daily.
type Named struct {
	Set      Set
	Hand     Hand
	Practice bool
}

// named reads the daily a meta names.
func named(meta map[string]string) (Named, error) {
	v, ok := meta[MetaDaily]
	if !ok {
		return Named{}, ErrNotDaily
	}
	bad := fmt.Errorf("%w: %q", ErrDailyMeta, v)
	f := strings.Fields(v)
	if len(f) != 5 || f[0] != "v"+strconv.Itoa(Version) || f[3] != "hand" {
		return Named{}, bad
	}
	g, err := ParseGame(f[1])
	if err != nil {
		return Named{}, bad
	}
	d, err := ParseDate(f[2])
	if err != nil {
		return Named{}, bad
	}
	k, err := strconv.Atoi(f[4])
	if err != nil || k < 1 || k > g.Hands() || f[4] != strconv.Itoa(k) {
		return Named{}, bad
	}
	s, err := New(g, d)
	if err != nil {
		return Named{}, bad
	}
	p, isSet := meta[MetaPractice]
	if isSet && p != "yes" {
		return Named{}, fmt.Errorf("%w: %s %q", ErrDailyMeta, MetaPractice, p)
	}
	return Named{Set: s, Hand: s.Hands[k-1], Practice: isSet}, nil
}

// IdentifyClassic reads the daily a classic record names and checks that
// the record is that hand's: its seed, rules and record version the
// day's (the moves are the referee's to check, by replaying it).
func IdentifyClassic(rec classic.Record) (Named, error) {
	n, err := named(rec.Meta)
	if err != nil {
		return n, err
	}
	want := ClassicRecord(n.Hand)
	if n.Set.Game != Classic || rec.Seed != want.Seed || rec.Rules != want.Rules || rec.Version != want.Version {
		return n, mismatch(rec.Meta, rec.Seed, rec.Rules.String(), rec.Version)
	}
	return n, nil
}

// Identify101 is IdentifyClassic for a record of 101.
func Identify101(rec okey101.Record) (Named, error) {
	n, err := named(rec.Meta)
	if err != nil {
		return n, err
	}
	want := Record101(n.Hand)
	if n.Set.Game != Okey101 || rec.Seed != want.Seed || rec.Rules != want.Rules || rec.Version != want.Version {
		return n, mismatch(rec.Meta, rec.Seed, rec.Rules.String(), rec.Version)
	}
	return n, nil
}

func mismatch(meta map[string]string, seed uint64, rules string, version int) error {
	return fmt.Errorf("%w: %q, yet seed %016x, rules %s, record version %d", ErrDailyMismatch, meta[MetaDaily], seed, rules, version)
}

// SeatSeeds are the seeds of the four seats' bots in the match of seed
// whose record's meta is meta: a daily's hand (its meta names the hand,
// and seed is that hand's) seats the day's bots, Hand.Bots, so that the
// player meets the very bots par played against; any other match seats
// bots seeded from its own seed, seed*4+seat, as the table always has.
func SeatSeeds(seed uint64, meta map[string]string) [4]uint64 {
	if n, err := named(meta); err == nil && n.Hand.Seed == seed {
		return n.Hand.Bots
	}
	var s [4]uint64
	for seat := range s {
		s[seat] = seed*4 + uint64(seat)
	}
	return s
}
