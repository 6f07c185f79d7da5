// Package rating rates players from the standings of the matches they
// play: OpenSkill's Plackett–Luce model (Weng and Lin, "A Bayesian
// Approximation Method for Online Ranking", JMLR 12, 2011, algorithm 4),
// written to give the numbers of the reference implementation, the npm
// package openskill 5.0.1 with its default options (testdata/ holds the
// vectors it produced and the script that made them).
//
// A player's skill is a normal belief: mu, the estimate, and sigma, how
// unsure it is. A match of several teams (a team is one player, or
// partners sharing a score) ranked by its final standings moves every
// mu towards what the standings say, and shrinks sigma by what they
// told; before that, sigma grows by tau, so that a rating keeps
// following a player whose play changes. What a leaderboard sorts by is
// the Ordinal, mu − 3·sigma: a skill the player has with a high
// probability, which a newcomer's few lucky matches do not inflate.
//
// Standard library only: the server's store keeps the numbers, this
// package only computes them.
package rating

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// The reference's defaults (openskill 5.0.1, src/constants.ts).
const (
	// Mu is a new player's estimate.
	Mu = 25.0
	// Sigma is a new player's uncertainty, Mu/3.
	Sigma = Mu / 3
	// Beta is the spread of one match's performance around the skill,
	// Sigma/2.
	Beta = Sigma / 2
	// Tau is how much a rating's sigma grows before each match, Mu/300:
	// skill drifts, so the belief must not freeze.
	Tau = Mu / 300
	// Kappa is the least a sigma's square may shrink to, as a fraction
	// of what it was, in one match: a floor that keeps sigma positive
	// (kept as the reference has it; four players' standings never
	// come near it).
	Kappa = 1e-4
	// Z is the number of sigmas an ordinal lies below mu.
	Z = 3
)

// Rating is a player's skill as the model believes it.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// New is a new player's rating.
func New() Rating { return Rating{Mu: Mu, Sigma: Sigma} }

// Ordinal is the rating a leaderboard sorts by: mu − 3·sigma (the
// reference's ordinal with its defaults, alpha 1 and target 0).
func (r Rating) Ordinal() float64 { return r.Mu - Z*r.Sigma }

// Options change the update; the zero value is the reference's
// defaults.
type Options struct {
	// LimitSigma keeps a player's sigma from ending a match above where
	// it started (the reference's limitSigma; off by default there, so
	// that tau's growth shows on a player who learns nothing new).
	LimitSigma bool
}

// ErrMatch is what every refused match wraps: fewer than two teams, an
// empty team, ranks that do not match the teams, a rating that is not a
// finite number with a positive sigma.
var ErrMatch = errors.New("rating: not a match that can be rated")

// Rate rates one match of players each on a team of their own: ranks
// are their standings, lower is better, equal ranks a tie (1, 2, 2, 4
// and 1, 2, 2, 3 are the same standings). It returns the players' new
// ratings, in their order.
func Rate(players []Rating, ranks []int, opt Options) ([]Rating, error) {
	teams := make([][]Rating, len(players))
	for i, p := range players {
		teams[i] = []Rating{p}
	}
	out, err := RateTeams(teams, ranks, opt)
	if err != nil {
		return nil, err
	}
	flat := make([]Rating, len(out))
	for i, t := range out {
		flat[i] = t[0]
	}
	return flat, nil
}

// RateTeams rates one match of teams (partners sharing a place): ranks
// are the teams' standings, lower is better, equal ranks a tie; nil
// ranks are the order given. It returns every team's players' new
// ratings, in the shape given; nothing given is changed.
func RateTeams(teams [][]Rating, ranks []int, opt Options) ([][]Rating, error) {
	if err := check(teams, ranks); err != nil {
		return nil, err
	}
	n := len(teams)
	if ranks == nil {
		ranks = make([]int, n)
		for i := range ranks {
			ranks[i] = i + 1
		}
	}
	// Sigma grows by tau before the match (the reference's rate).
	grown := make([][]Rating, n)
	for i, t := range teams {
		grown[i] = make([]Rating, len(t))
		for j, p := range t {
			grown[i][j] = Rating{Mu: p.Mu, Sigma: math.Sqrt(p.Sigma*p.Sigma + Tau*Tau)}
		}
	}
	// The teams in the order of their standings (a stable sort, as the
	// reference's), and each team's place: the index of the first team
	// it ties with.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ranks[a], ranks[b]) })
	out := plackettLuce(grown, order, ranks)
	if opt.LimitSigma {
		for i, t := range out {
			for j := range t {
				t[j].Sigma = min(t[j].Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out, nil
}

// team is one team as the model sees it: the sums of its players'
// means and variances, and its place (teams that tie share one).
type team struct {
	mu, sigSq float64
	place     int
}

// plackettLuce is the model's update (the reference's
// models/plackett-luce.ts), on ratings whose sigma has grown by tau;
// order lists the teams from the best placed. The sums run over the
// teams in that order, as the reference's do, so that the rounding is
// the same.
func plackettLuce(teams [][]Rating, order []int, ranks []int) [][]Rating {
	n := len(order)
	ts := make([]team, n) // in standings order
	for k, i := range order {
		for _, p := range teams[i] {
			ts[k].mu += p.Mu
			ts[k].sigSq += p.Sigma * p.Sigma
		}
		if k > 0 && ranks[order[k-1]] == ranks[i] {
			ts[k].place = ts[k-1].place
		} else {
			ts[k].place = k
		}
	}
	// c: the spread of all the teams' performances together.
	var c float64
	for _, t := range ts {
		c += t.sigSq + Beta*Beta
	}
	c = math.Sqrt(c)
	// sumQ[q]: the strength of the teams placed at q or below; a[q]: how
	// many teams share q's place.
	sumQ := make([]float64, n)
	a := make([]float64, n)
	for q := range ts {
		for _, t := range ts {
			if t.place >= ts[q].place {
				sumQ[q] += math.Exp(t.mu / c)
			}
			if t.place == ts[q].place {
				a[q]++
			}
		}
	}
	out := make([][]Rating, len(teams))
	for k, i := range order {
		ti := ts[k]
		e := math.Exp(ti.mu / c)
		var omega, delta float64
		for q, tq := range ts {
			if tq.place > ti.place {
				continue
			}
			quotient := e / sumQ[q]
			if q == k {
				omega += (1 - quotient) / a[q]
			} else {
				omega += -quotient / a[q]
			}
			delta += quotient * (1 - quotient) / a[q]
		}
		gamma := math.Sqrt(ti.sigSq) / c
		omega *= ti.sigSq / c
		delta *= ti.sigSq / (c * c) * gamma
		out[i] = make([]Rating, len(teams[i]))
		for j, p := range teams[i] {
			share := p.Sigma * p.Sigma / ti.sigSq
			out[i][j] = Rating{
				Mu:    p.Mu + share*omega,
				Sigma: p.Sigma * math.Sqrt(max(1-share*delta, Kappa)),
			}
		}
	}
	return out
}

// check refuses what cannot be rated.
func check(teams [][]Rating, ranks []int) error {
	if len(teams) < 2 {
		return fmt.Errorf("%w: %d teams (two at least)", ErrMatch, len(teams))
	}
	if ranks != nil && len(ranks) != len(teams) {
		return fmt.Errorf("%w: %d ranks for %d teams", ErrMatch, len(ranks), len(teams))
	}
	for i, t := range teams {
		if len(t) == 0 {
			return fmt.Errorf("%w: team %d has no player", ErrMatch, i+1)
		}
		for j, p := range t {
			if math.IsNaN(p.Mu) || math.IsInf(p.Mu, 0) || !(p.Sigma > 0) || math.IsInf(p.Sigma, 0) {
				return fmt.Errorf("%w: team %d, player %d: mu %v, sigma %v", ErrMatch, i+1, j+1, p.Mu, p.Sigma)
			}
		}
	}
	return nil
}
