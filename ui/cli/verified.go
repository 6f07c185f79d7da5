package cli

import (
	"errors"
	"fmt"
	"strings"

	"okey/game"
	"okey/game/daily"
	"okey/game/duplicate"
	"okey/game/fair"
)

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
