package tourney

import (
	"fmt"
	"math/big"
)

// Seat is one seat of one table in a duplicate round: who sat there
// and their result on the round's deal (more being better: a classic
// hand's score in par's measure, a 101 hand's total with its sign
// turned).
type Seat struct {
	Player string
	Result int
}

// FieldScores scores one deal of a duplicate round, which every table
// of the round played: each seat's result less the mean of the results
// made at that seat (with the same rack) at every table. A player who
// played their rack as the field did scores 0; the scores of one seat
// over the tables sum to zero. Exact: the scores are rationals.
// tables[t][s] is table t's seat s.
func FieldScores(tables [][4]Seat) (map[string]*big.Rat, error) {
	if len(tables) == 0 {
		return nil, fmt.Errorf("a duplicate deal scored with no table")
	}
	var mean [4]*big.Rat
	for s := range 4 {
		sum := 0
		for _, t := range tables {
			sum += t[s].Result
		}
		mean[s] = big.NewRat(int64(sum), int64(len(tables)))
	}
	out := map[string]*big.Rat{}
	for _, t := range tables {
		for s, seat := range t {
			if seat.Player == Bot {
				continue
			}
			if _, ok := out[seat.Player]; ok {
				return nil, fmt.Errorf("player %s at two seats of one deal", seat.Player)
			}
			out[seat.Player] = new(big.Rat).Sub(big.NewRat(int64(seat.Result), 1), mean[s])
		}
	}
	return out, nil
}

// field is duplicate rounds' scoring: the places' points as the kind
// scores them, every table of a round dealt the same from one sealed
// seed, and each seat's result scored against the field beside them.
type field struct{ Scoring }

func (field) Sealed() bool { return true }

func (f field) names() []string { return append(f.Scoring.names(), "tourney.kind.duplicate") }
func (f field) deals() []Said   { return append(f.Scoring.deals(), Said{Key: "tourney.rules.duplicate"}) }
