package tourney

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
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

// FieldTotals are the duplicate scores of matches ms: each unit's sum,
// over the rounds ms play, of its seats' scores against the field
// (FieldScores), the seats' results read from results by table (a
// match with none is not scored: an abandoned table). A forfeit
// seat's result (its bot's) counts in the mean and scores nobody; in
// partners a team's two seats are scored apart (s.FieldKey) and
// summed. Both the server and a recount from the records score by it.
func FieldTotals(s Seating, ms []Match, results map[int][4]int) (map[string]*big.Rat, error) {
	byRound := map[int][][4]Seat{}
	var rounds []int
	for _, m := range ms {
		res, ok := results[m.Table]
		if !ok {
			continue
		}
		var tb [4]Seat
		for i, p := range m.Players {
			if !m.Forfeit[i] && p != Bot {
				p = s.FieldKey(p, i)
			} else {
				p = Bot
			}
			tb[i] = Seat{Player: p, Result: res[i]}
		}
		if _, ok := byRound[m.Round]; !ok {
			rounds = append(rounds, m.Round)
		}
		byRound[m.Round] = append(byRound[m.Round], tb)
	}
	out := map[string]*big.Rat{}
	for _, round := range rounds {
		sc, err := FieldScores(byRound[round])
		if err != nil {
			return nil, fmt.Errorf("round %d: %w", round, err)
		}
		for key, v := range sc {
			p := s.FieldUnit(key)
			if out[p] == nil {
				out[p] = new(big.Rat)
			}
			out[p].Add(out[p], v)
		}
	}
	return out, nil
}

// FieldString is a field score as pages and commands write it: two
// decimals at most, "+" before one above 0 ("+1.5", "-0.25", "0").
func FieldString(r *big.Rat) string {
	s := strings.TrimSuffix(strings.TrimSuffix(r.FloatString(2), "0"), ".0")
	if r.Sign() > 0 {
		s = "+" + s
	}
	return s
}

// field is duplicate rounds' scoring: the places' points as the kind
// scores them, every table of a round dealt the same from one sealed
// seed, and each seat's result scored against the field beside them.
type field struct{ Scoring }

func (field) Sealed() bool { return true }

func (f field) names() []string { return append(f.Scoring.names(), "tourney.kind.duplicate") }
func (f field) deals() []Said {
	// One person, one seat: the same racks at every table of a round
	// would be two seats of one player's.
	return append(f.Scoring.deals(), Said{Key: "tourney.rules.duplicate"}, Said{Key: "tourney.rules.duplicate.who"})
}

// Held are the rounds of t whose results are held back (Shown), in
// order: where its scoring seals its rounds, those with a table still
// in play. Nil for a tournament that holds nothing.
func Held(t *Tournament) []int {
	if !t.System().Scoring.Sealed() {
		return nil
	}
	var out []int
	for _, p := range t.Playing {
		if !slices.Contains(out, p.Round) {
			out = append(out, p.Round)
		}
	}
	slices.Sort(out)
	return out
}

// Shown is t as every page, command and JSON may show it: where its
// scoring seals its rounds (duplicate deals), the matches of a round
// some table of which is still in play are held back — their places,
// the points they are worth, the standings' moves — until the round's
// last table ends, as the round's records and secret are: another
// table may still be dealing the same racks, and a place told is which
// rack is strong. t itself is not changed.
func Shown(t Tournament) Tournament {
	held := Held(&t)
	if len(held) == 0 {
		return t
	}
	t.Matches = slices.DeleteFunc(slices.Clone(t.Matches), func(m Match) bool { return slices.Contains(held, m.Round) })
	return t
}
