package daily

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
)

// recordVersion is the record format (and so the way a match's seed
// becomes its deal) the daily's hands are dealt under: pinned, so that
// an engine that one day deals new matches another way still deals
// every day of this version as it was.
const recordVersion = 2

// ClassicRules are the rules of a classic daily: the defaults of
// RULES.md. Each hand is the first hand of a match of its own.
func ClassicRules() classic.Rules { return classic.DefaultRules() }

// Rules101 are the rules of a daily of 101: the defaults of RULES.md,
// one hand a match (each hand of the day is a match of its own).
func Rules101() okey101.Rules {
	r := okey101.DefaultRules()
	r.Hands = 1
	return r
}

// ClassicRecord is the record, before its first action, of hand h of a
// classic daily: a match of ClassicRules seeded with h.Seed, record
// version 2. Playing its first hand plays the daily's hand.
func ClassicRecord(h Hand) classic.Record {
	return classic.Record{Version: recordVersion, Rules: ClassicRules(), Seed: h.Seed}
}

// Record101 is ClassicRecord's twin for a daily of 101: a one-hand
// match of Rules101 seeded with h.Seed.
func Record101(h Hand) okey101.Record {
	return okey101.Record{Version: recordVersion, Rules: Rules101(), Seed: h.Seed}
}

// dealt is what a fingerprint takes of one dealt hand: the dealer, the
// indicator and the four racks as dealt.
type dealt struct {
	dealer    int
	indicator tile.Tile
	racks     [4][]tile.Tile
}

// deal deals hand h of s through the game's referee.
func (s Set) deal(h Hand) (dealt, error) {
	var d dealt
	switch s.Game {
	case game.Classic:
		st, err := ClassicRecord(h).Start()
		if err != nil {
			return d, fmt.Errorf("hand %d: %w", h.N, err)
		}
		d.dealer, d.indicator = st.Dealer(), st.Indicator()
		for seat := range d.racks {
			d.racks[seat] = st.View(seat).Rack
		}
	case game.Okey101:
		st, err := Record101(h).Start()
		if err != nil {
			return d, fmt.Errorf("hand %d: %w", h.N, err)
		}
		d.dealer, d.indicator = st.Dealer(), st.Indicator()
		for seat := range d.racks {
			d.racks[seat] = st.View(seat).Rack
		}
	default:
		return d, fmt.Errorf("%q: %w", s.Game, game.ErrKind)
	}
	return d, nil
}

// Fingerprint is a day's SHA-256 over its deals and its bots' seeds:
// two players with the same fingerprint had the same deals against the
// same bots, and neither learns a tile from it.
type Fingerprint [sha256.Size]byte

// String is the whole fingerprint in hex.
func (f Fingerprint) String() string { return hex.EncodeToString(f[:]) }

// Short is the first 8 bytes in hex, in four groups of four, as a player
// reads it out: "3f2a 9c0d 11e4 b7a8".
func (f Fingerprint) Short() string {
	h := hex.EncodeToString(f[:8])
	return h[0:4] + " " + h[4:8] + " " + h[8:12] + " " + h[12:16]
}

// Canonical is the text a fingerprint hashes, one line each, every line
// ending in a newline:
//
//	okey daily v1
//	game classic
//	date 2026-11-24
//	rules default
//	hand 1 seed 0123456789abcdef dealer 2 indicator R4
//	seat 0 R1 R2 … (the rack as dealt, in face order)
//	seat 1 …
//	seat 2 …
//	seat 3 …
//	bots 0123456789abcdef 0123456789abcdef 0123456789abcdef
//	hand 2 …
//
// Seeds are 16 hex digits; "bots" lists the seeds of seats 1, 2 and 3
// (the player's seat has no bot; par's bot in it is par's business).
// The racks come from the referee, so the fingerprint also changes if
// the engine ever deals a seed differently: the wall follows from the
// seed the same way, and is left out to keep the text short.
func (s Set) Canonical() (string, error) {
	var b strings.Builder
	l := label
	if s.Served {
		l = servedLabel
	}
	fmt.Fprintf(&b, "%s\ngame %s\ndate %s\n", l, s.Game, s.Date)
	switch s.Game {
	case game.Classic:
		fmt.Fprintf(&b, "rules %s\n", ClassicRules())
	case game.Okey101:
		fmt.Fprintf(&b, "rules %s\n", Rules101())
	}
	for _, h := range s.Hands {
		d, err := s.deal(h)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "hand %d seed %016x dealer %d indicator %s\n", h.N, h.Seed, d.dealer, d.indicator)
		for seat, rack := range d.racks {
			fmt.Fprintf(&b, "seat %d %s\n", seat, tile.FormatTiles(rack))
		}
		fmt.Fprintf(&b, "bots %016x %016x %016x\n", h.Bots[1], h.Bots[2], h.Bots[3])
	}
	return b.String(), nil
}

// Fingerprint is SHA-256 of s's Canonical text.
func (s Set) Fingerprint() (Fingerprint, error) {
	text, err := s.Canonical()
	if err != nil {
		return Fingerprint{}, err
	}
	return sha256.Sum256([]byte(text)), nil
}
