package duplicate

import (
	"errors"
	"fmt"

	"okey/game/record"
)

// A duplicate table's hand is the first hand of a match of its own, so
// its record alone would read as a match cut short after one hand. Its
// meta says otherwise: MetaHand names the hand's place in the plan
// ("v1 hand N of M"), MetaResults the results of the hands before it.
// The table writes both (a table restored after a restart reads them
// back) and okey verify reads MetaHand, so that a finished duplicate
// hand verifies as finished.
const (
	MetaHand    = record.MetaDuplicate
	MetaResults = "duplicate_results"
)

// ErrMeta is a duplicate hand's meta that cannot be read.
var ErrMeta = errors.New("not a duplicate table's hand")

// HandMeta is MetaHand's value for hand n (from 0) of a plan of hands
// hands.
func HandMeta(n, hands int) string { return fmt.Sprintf("v%d hand %d of %d", Version, n+1, hands) }

// ParseHandMeta reads MetaHand's value: the hand's place in the plan
// (from 0), with its deal and rotation, and the plan's number of
// hands. A value of another version, or a hand outside its plan, or a
// plan that is not whole deals, is ErrMeta.
func ParseHandMeta(s string) (Hand, int, error) {
	var v, n, of int
	var rest string
	if k, _ := fmt.Sscanf(s, "v%d hand %d of %d%s", &v, &n, &of, &rest); k != 3 {
		return Hand{}, 0, fmt.Errorf("%w: %q", ErrMeta, s)
	}
	if v != Version || n < 1 || n > of || of%Seats != 0 || of > Seats*MaxDeals {
		return Hand{}, 0, fmt.Errorf("%w: %q", ErrMeta, s)
	}
	i := n - 1
	return Hand{N: i, Deal: i / Seats, Rotation: i % Seats}, of, nil
}
