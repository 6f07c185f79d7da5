package record

import (
	"fmt"
	"maps"
	"slices"
)

// Game is a match being played with its record kept alongside: the
// convenient way to play, save and resume. Unlike a state it is not a
// value; it owns its record.
type Game[G Spec[R, S, A, E, D], R any, S State[S, A, E, D], A, E, D any] struct {
	state S
	rec   Record[G, R, S, A, E, D]
}

// NewGame starts a match under rules and seed and its record, of the
// version this package writes, with a copy of meta.
func NewGame[G Spec[R, S, A, E, D], R any, S State[S, A, E, D], A, E, D any](rules R, seed uint64, meta map[string]string) (*Game[G, R, S, A, E, D], error) {
	return Record[G, R, S, A, E, D]{Version: Version, Rules: rules, Seed: seed, Meta: meta}.Game()
}

// Start is the first state of the match the record holds, its deals
// derived from the seed as the record's version says.
func (r Record[G, R, S, A, E, D]) Start() (S, error) {
	var g G
	return g.Start(r.Rules, r.Seed, r.version())
}

// Game is the game of r before its first action: its rules, seed, meta
// and version, so that the actions of r apply to it as they were played
// (Replay applies them and checks the deals).
func (r Record[G, R, S, A, E, D]) Game() (*Game[G, R, S, A, E, D], error) {
	s, err := r.Start()
	if err != nil {
		return nil, err
	}
	rec := Record[G, R, S, A, E, D]{Version: r.version(), Rules: r.Rules, Seed: r.Seed, Meta: maps.Clone(r.Meta), Deals: []D{s.DealInfo()}}
	return &Game[G, R, S, A, E, D]{state: s, rec: rec}, nil
}

// State is the match as it stands.
func (g *Game[G, R, S, A, E, D]) State() S { return g.state }

// Record is a copy of the match's record so far.
func (g *Game[G, R, S, A, E, D]) Record() Record[G, R, S, A, E, D] {
	var sp G
	r := g.rec
	r.Meta = maps.Clone(g.rec.Meta)
	r.Deals = slices.Clone(g.rec.Deals)
	r.Actions = make([]A, len(g.rec.Actions))
	for i, a := range g.rec.Actions {
		r.Actions[i] = sp.Keep(a)
	}
	return r
}

// Apply plays an action and records it. The lines to append to a saved
// record are returned with the events (the action's line, and a deal
// line when the action dealt a new hand).
func (g *Game[G, R, S, A, E, D]) Apply(a A) (events []E, lines []byte, err error) {
	var sp G
	n, evs, err := g.state.Apply(a)
	if err != nil {
		return nil, nil, err
	}
	g.state = n
	g.rec.Actions = append(g.rec.Actions, sp.Keep(a))
	lines = sp.ActionLine(a)
	if sp.StartsHand(a) {
		d := n.DealInfo()
		g.rec.Deals = append(g.rec.Deals, d)
		lines = append(lines, DealLine(d)...)
	}
	return evs, lines, nil
}

// Replay plays the record from the start and returns the game where it
// ends. It fails with ErrMismatch when a deal differs from the one
// recorded, or when the record holds more deal lines than the match
// dealt (a record may leave deal lines out, at its end as anywhere, but
// a deal line is a hand played: one no action dealt is not the match
// as it was played), and with ErrCorrupt when the record's rules do
// not start a match or an action is illegal. Both games decide so.
func (r Record[G, R, S, A, E, D]) Replay() (*Game[G, R, S, A, E, D], error) {
	var sp G
	g, err := r.Game()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if err := r.checkDeal(0, g.state.DealInfo()); err != nil {
		return nil, err
	}
	for i, a := range r.Actions {
		if _, _, err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("%w: action %d (%v): %w", ErrCorrupt, i+1, a, err)
		}
		if sp.StartsHand(a) {
			if err := r.checkDeal(len(g.rec.Deals)-1, g.state.DealInfo()); err != nil {
				return nil, err
			}
		}
	}
	if len(r.Deals) > len(g.rec.Deals) {
		return nil, fmt.Errorf("%w: %d deals recorded, %d played", ErrMismatch, len(r.Deals), len(g.rec.Deals))
	}
	return g, nil
}

// checkDeal checks the deal replayed as the record's i-th, got, against
// the record's, if it has one.
func (r Record[G, R, S, A, E, D]) checkDeal(i int, got D) error {
	var sp G
	if i >= len(r.Deals) {
		return nil // a record may leave deal lines out
	}
	if want := r.Deals[i]; !sp.SameDeal(want, got) {
		return fmt.Errorf("%w: the record deals %v, the replay %v", ErrMismatch, want, got)
	}
	return nil
}
