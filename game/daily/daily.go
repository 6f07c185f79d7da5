package daily

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"time"

	"okey/game"
)

// Version is the version of the derivation this package implements. It
// is part of every hash below, so a later version (other hands, other
// rules) deals other days and never moves a day of this one.
const Version = 1

// label is the domain tag every seed of version 1 is hashed under.
const label = "okey daily v1"

// servedLabel and commitTag are the served daily's domain tags.
const (
	servedLabel = "okey served daily v1"
	commitTag   = "okey served daily commitment v1"
)

// Hands is how many hands a day's set of g has: four of classic, two of
// 101 (a hand of 101 is about three of classic in time).
func Hands(g game.Kind) int {
	if g == game.Okey101 {
		return 2
	}
	return 4
}

// ErrDate is input that is not a date; test with errors.Is. (A game's
// name that is neither game is game.ErrKind.)
var ErrDate = errors.New("not a date")

// Date is a day of the calendar, with no clock and no time zone: a
// daily belongs to a date, wherever it is played.
type Date struct {
	y, m, d int
}

// ParseDate reads a date written YYYY-MM-DD, and only that: two-digit
// month and day, a day that exists (2026-02-29 does not), a four-digit
// year from 1000 on. Anything else wraps ErrDate.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Year() < 1000 || t.Format(time.DateOnly) != s {
		return Date{}, fmt.Errorf("%q: %w (write YYYY-MM-DD)", s, ErrDate)
	}
	return DateOf(t), nil
}

// DateOf is the date t falls on in t's own location (time.Now() gives
// the local calendar's day).
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, int(m), d}
}

// IsZero reports whether d is the zero Date, which names no day.
func (d Date) IsZero() bool { return d == Date{} }

// String writes d as YYYY-MM-DD, the form the hash takes.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.y, d.m, d.d) }

// Before reports whether d comes before e.
func (d Date) Before(e Date) bool { return d.key() < e.key() }

// AddDays is the date n days after d (before it for negative n).
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.y, time.Month(d.m), d.d+n, 12, 0, 0, 0, time.UTC))
}

func (d Date) key() int { return d.y*10000 + d.m*100 + d.d }

// Seed is the seed named role of the daily of game on date:
//
//	the first 8 bytes, big-endian, of
//	SHA-256( "okey daily v1" ‖ 0x00 ‖ game ‖ 0x00 ‖ date ‖ 0x00 ‖ role )
//
// with game "classic" or "101", date YYYY-MM-DD and role an ASCII
// name ("hand 1", "hand 1 seat 2": see Set). Nothing but these bytes
// goes in, so anyone can compute a day's seeds, on any machine, with
// any SHA-256 (docs/daily.md shows one line of Python).
func Seed(g game.Kind, date Date, role string) uint64 {
	sum := hashParts(label, string(g), date.String(), role)
	return binary.BigEndian.Uint64(sum[:8])
}

// hashParts is SHA-256 of parts joined by 0 bytes.
func hashParts(parts ...string) [sha256.Size]byte {
	h := sha256.New()
	for i, part := range parts {
		if i > 0 {
			h.Write([]byte{0})
		}
		h.Write([]byte(part))
	}
	var out [sha256.Size]byte
	h.Sum(out[:0])
	return out
}

// Set is a day's daily of one game: its hands, each dealt from a seed of
// its own and played against bots seeded for it. It is only seeds: Deal
// turns a hand into the referee's first state.
type Set struct {
	Version int
	Game    game.Kind
	Date    Date
	Hands   []Hand
	// Served is set for a day's daily of okey serve, whose seeds come
	// from the day's secret, not from the date alone (served.go).
	Served bool
}

// Hand is one hand of a daily: the deal's seed and the seeds of the
// bots in each seat. Bots[1..3] are the three hard bots the player
// meets; Bots[0] plays the player's seat when par is measured.
type Hand struct {
	// N is the hand's number in the day, from 1.
	N    int
	Seed uint64
	Bots [4]uint64
}

// New is the daily of game on date. Hand k's seed is Seed(…, "hand k"),
// the bot of seat s in it Seed(…, "hand k seat s").
func New(g game.Kind, date Date) (Set, error) {
	return newSet(g, date, func(role string) uint64 { return Seed(g, date, role) })
}

// newSet is the set of game on date whose role's seed is seed(role).
func newSet(g game.Kind, date Date, seed func(role string) uint64) (Set, error) {
	if _, err := game.ParseKind(string(g)); err != nil {
		return Set{}, err
	}
	if date.IsZero() {
		return Set{}, fmt.Errorf("no date: %w", ErrDate)
	}
	s := Set{Version: Version, Game: g, Date: date}
	for k := 1; k <= Hands(g); k++ {
		h := Hand{N: k, Seed: seed("hand " + strconv.Itoa(k))}
		for seat := range h.Bots {
			h.Bots[seat] = seed(fmt.Sprintf("hand %d seat %d", k, seat))
		}
		s.Hands = append(s.Hands, h)
	}
	return s, nil
}
