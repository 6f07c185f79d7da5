package tournaments

import (
	"fmt"
	"io"
	"math/big"
	"slices"

	"okey/game/format"
	"okey/game/tourney"
)

// Duplicate rounds: every table of a Swiss round plays the same deals,
// from one seal drawn for the round from the server's randomness
// (crypto/rand) as the round begins and kept in the tournament's value
// (sealed in the store) before any of its tables opens; the pages show
// its commitment while the round is played, and its secret, and the
// round's records, once its last table is over. Each seat is scored
// against the mean of every seat that held the same rack that round
// (tourney.FieldScores).

// RoundSeal is a duplicate round's seal as the pages show it: the
// commitment from the round's start, the seed (decimal) and salt (hex)
// once the round is over.
type RoundSeal struct {
	Round      int
	Commit     string
	Seed, Salt string
}

// roundOver reports whether round of t is over: begun, and none of its
// tables in play.
func roundOver(t *tourney.Tournament, round int) bool {
	return round <= t.Round && !slices.ContainsFunc(t.Playing, func(p tourney.Playing) bool { return p.Round == round })
}

// sealRound draws round's seal if it has none yet.
func (r *record) sealRound(round int, random io.Reader) error {
	if _, ok := r.Seals[round]; ok {
		return nil
	}
	var b [format.SealBytes]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return fmt.Errorf("round %d's seal: %w", round, err)
	}
	if r.Seals == nil {
		r.Seals = map[int]format.RoundPlan{}
	}
	r.Seals[round] = format.RoundPlanOf(format.SealFrom(b))
	return nil
}

// Seals are tournament id's duplicate rounds' seals as the pages may
// show them, by round.
func (s *Service) Seals(id string) ([]RoundSeal, error) {
	s.mu.Lock()
	r, ok := s.recs[id]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%q: %w", id, ErrNoTournament)
	}
	var out []RoundSeal
	for round, p := range r.Seals {
		seal := p.Seal()
		sh := seal.Reveal(roundOver(&r.T, round))
		out = append(out, RoundSeal{Round: round, Commit: seal.Commit.String(), Seed: sh.Seed, Salt: sh.Salt})
	}
	slices.SortFunc(out, func(a, b RoundSeal) int { return a.Round - b.Round })
	return out, nil
}

// FieldScores are tournament id's duplicate scores: each player's sum,
// over the rounds over, of their result less the mean of the results
// made with the same rack at every table of the round. A forfeit seat's
// result (its bot's) counts in the mean and scores nobody. In partners
// a team's score is its two seats' summed (a bot partner's seat too).
func (s *Service) FieldScores(id string) (map[string]*big.Rat, error) {
	s.mu.Lock()
	r, ok := s.recs[id]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%q: %w", id, ErrNoTournament)
	}
	// A table with no result (abandoned) is not scored.
	return tourney.FieldTotals(r.T.System().Seating, overMatches(&r.T), r.Results)
}

// overMatches are t's matches of the rounds over: those scored against
// the field.
func overMatches(t *tourney.Tournament) []tourney.Match {
	return slices.DeleteFunc(slices.Clone(t.Matches), func(m tourney.Match) bool { return !roundOver(t, m.Round) })
}

// heldRates hands the rater the held ratings of the matches of r's
// duplicate rounds that are over (its tables' Rating, kept in Rates
// until then), and says whether any was: a round's rating changes are
// shown with its places, once its last table ends, not table by table
// where they would tell the tables still playing which racks did
// well. Handed again after a write lost, a match is rated once all the
// same (keep.RatingBook.Rate's mark).
func (o *OwnerRound) heldRates(r *record) bool {
	handed := false
	for n, m := range r.Rates {
		i := slices.IndexFunc(r.T.Matches, func(m tourney.Match) bool { return m.Table == n })
		if i < 0 || !roundOver(&r.T, r.T.Matches[i].Round) {
			continue
		}
		if rate := o.svc.opt.Rate; rate != nil {
			rate(m)
		}
		delete(r.Rates, n)
		handed = true
	}
	return handed
}
