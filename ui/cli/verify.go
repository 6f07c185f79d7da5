package cli

import (
	"errors"
	"fmt"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/duplicate"
	"okey/game/fair"
	"okey/game/okey101"
	"okey/game/record"
)

// Verify is okey verify's engine: it checks one match record served by
// okey serve. The record's seed and salt must hash to the commitment its
// meta says the players were shown (package game/fair), and the record
// must replay under the engine's own loader — every deal the one the
// seed deals, every move legal in it. A player who noted the
// commitment at the deal compares it with Verified.Commit.

// Verified is what a record that verifies shows.
type Verified struct {
	Game   game.Kind
	Seed   uint64
	Commit fair.Commitment
	// Hands is the number of hands played or begun; Over reports the
	// match finished.
	Hands int
	Over  bool
	// Daily is the daily the record is a hand of, nil for none: a local
	// daily's hand carries no commitment (its seed is the date's, which
	// anyone can compute: game/daily), and is checked to be the day's
	// hand it names instead. Over then reports that hand ended.
	Daily *daily.Named
	// Duplicate is the duplicate table's hand the record is, nil for
	// none. A duplicate hand is the first hand of a match of its own
	// (game/duplicate), so Over then reports that hand ended, not the
	// match: a finished duplicate hand is a whole record.
	Duplicate *Duplicate
}

// Duplicate is a duplicate table's hand, as its record's meta names it.
type Duplicate struct {
	// Hand is its place in the plan (from 0), its deal and rotation.
	Hand duplicate.Hand
	// Hands is the number of hands of the table's plan.
	Hands int
}

// duplicateOf reads the duplicate table's hand that meta names, nil
// for a record of no duplicate table.
func duplicateOf(meta map[string]string) (*Duplicate, error) {
	s, ok := meta[duplicate.MetaHand]
	if !ok {
		return nil, nil
	}
	h, of, err := duplicate.ParseHandMeta(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	return &Duplicate{Hand: h, Hands: of}, nil
}

// Why a record does not verify, besides those of package fair
// (fair.ErrNoCommitment, fair.ErrBadCommitment, fair.ErrMismatch); test
// with errors.Is.
var (
	// ErrDamaged: the file is not a match record that can be read.
	ErrDamaged = errors.New("damaged file")
	// ErrDealMismatch: a deal written in the record is not the one its
	// seed deals.
	ErrDealMismatch = errors.New("the deals recorded are not the seed's")
	// ErrIllegalMove: a move of the record is not legal under the deal.
	ErrIllegalMove = errors.New("a move is illegal under this deal")
)

// Verify checks the record b.
func Verify(b []byte) (Verified, error) {
	h, err := record.ReadHeader(b)
	if err != nil && !errors.Is(err, record.ErrGame) {
		return Verified{}, fmt.Errorf("%w: its first line is not a match record's header", ErrDamaged)
	}
	if h.Format() == record.ServedDaily {
		return verifyServed(b, h.Kind)
	}
	switch h.Kind {
	case game.Classic:
		return verifyClassic(b)
	case game.Okey101:
		return verify101(b)
	}
	return Verified{}, fmt.Errorf("%w: a record of the game %q, which this okey does not know", ErrDamaged, h.Kind)
}

func verifyClassic(b []byte) (Verified, error) {
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return Verified{}, damaged(err, record.ErrCorrupt)
	}
	v := Verified{Game: game.Classic, Seed: rec.Seed}
	if v.Duplicate, err = duplicateOf(rec.Meta); err != nil {
		return v, err
	}
	if _, isDaily := rec.Meta[daily.MetaDaily]; isDaily {
		n, err := daily.IdentifyClassic(rec)
		if err != nil {
			return v, err
		}
		v.Daily = &n
	} else if v.Commit, err = fair.Check(rec.Seed, rec.Meta); err != nil {
		return v, err
	}
	if _, err := rec.Start(); err != nil {
		return v, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	g, err := rec.Replay()
	if err != nil {
		return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
	}
	st := g.State()
	v.Hands, v.Over = st.HandNumber(), st.Phase() == game.MatchOver
	if v.Daily != nil { // the daily's hand is its match's first
		v.Over = st.HandNumber() > 1 || st.Result() != nil
	}
	if v.Duplicate != nil { // so is a duplicate table's, which the table ends there
		if st.HandNumber() > 1 {
			return v, fmt.Errorf("%w: a duplicate table's hand is its match's first, yet the record goes on to hand %d", ErrDamaged, st.HandNumber())
		}
		v.Over = st.Result() != nil
	}
	return v, nil
}

func verify101(b []byte) (Verified, error) {
	rec, err := okey101.ParseRecord(b)
	if err != nil {
		return Verified{}, damaged(err, record.ErrCorrupt)
	}
	v := Verified{Game: game.Okey101, Seed: rec.Seed}
	// A duplicate table's hand of 101 is a match of one hand (hands=1):
	// its match over is its hand ended.
	if v.Duplicate, err = duplicateOf(rec.Meta); err != nil {
		return v, err
	}
	if v.Duplicate != nil && rec.Rules.Hands != 1 {
		return v, fmt.Errorf("%w: a duplicate table's hand of 101 is a match of one hand, yet its rules say %d", ErrDamaged, rec.Rules.Hands)
	}
	if _, isDaily := rec.Meta[daily.MetaDaily]; isDaily {
		n, err := daily.Identify101(rec)
		if err != nil {
			return v, err
		}
		v.Daily = &n
	} else if v.Commit, err = fair.Check(rec.Seed, rec.Meta); err != nil {
		return v, err
	}
	if _, err := rec.Start(); err != nil {
		return v, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	g, err := rec.Replay()
	if err != nil {
		return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
	}
	st := g.State()
	v.Hands, v.Over = st.HandNumber(), st.Phase() == game.MatchOver
	return v, nil
}

// replayErr names a replay's failure: the match could be started (its
// rules were checked before), so it is a deal that differs (the game's
// mismatch error) or a move the deal does not allow (its corrupt
// error, whose words are left out: the file is whole, the move is not).
func replayErr(err, mismatch, corrupt error) error {
	if errors.Is(err, mismatch) {
		return fmt.Errorf("%w: %s", ErrDealMismatch, strings.TrimPrefix(err.Error(), mismatch.Error()+": "))
	}
	return fmt.Errorf("%w: %s", ErrIllegalMove, strings.TrimPrefix(err.Error(), corrupt.Error()+": "))
}

// damaged names a record that could not be read, without the engine's
// own "damaged" words twice.
func damaged(err, corrupt error) error {
	return fmt.Errorf("%w: %s", ErrDamaged, strings.TrimPrefix(err.Error(), corrupt.Error()+": "))
}
