package settings

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/problem"
)

// Overrides are settings given for one run (on the command line): each
// one given (not nil) replaces the saved setting for this run only.
type Overrides struct {
	// Game is the game of a new match; Rules are that game's rules.
	Game                      *string
	Lang, Speed, Theme, Rules *string
	// Points are the starting points, on top of Rules.
	Points *int
	// Levels are one level for all the bots or three; Names three names.
	Levels, Names []string
}

// Override returns s with the overrides on top, or a Problem: a bad
// value, or --points and --rules points=N that disagree.
func (s Settings) Override(o Overrides) (Settings, error) {
	if o.Lang != nil {
		s.Lang = *o.Lang
	}
	if o.Speed != nil {
		s.Speed = *o.Speed
	}
	if o.Theme != nil {
		s.Theme = *o.Theme
	}
	if err := s.override101(&o); err != nil {
		return s, err
	}
	if o.Rules != nil || o.Points != nil {
		base := s.Rules
		if o.Rules != nil {
			base = *o.Rules
		}
		r, err := classic.ParseRules(base)
		if err != nil {
			return s, &problem.Problem{Key: "err.flag.rules", Args: []any{err}, Err: err}
		}
		if o.Points != nil {
			switch {
			case r.Simple104:
				return s, problem.New("err.flag.points.simple")
			case o.Rules != nil && namesPoints(*o.Rules) && r.Points != *o.Points:
				return s, problem.New("err.flag.points.conflict", *o.Points, r.Points)
			}
			r.Points = *o.Points
			if err := r.Validate(); err != nil {
				return s, &problem.Problem{Key: "err.flag.points", Args: []any{err}, Err: err}
			}
		}
		s.Rules = r.String()
	}
	if o.Levels != nil {
		switch len(o.Levels) {
		case 1:
			s.Levels = [3]string{o.Levels[0], o.Levels[0], o.Levels[0]}
		case 3:
			s.Levels = [3]string{o.Levels[0], o.Levels[1], o.Levels[2]}
		default:
			return s, problem.New("err.flag.bots", len(o.Levels))
		}
		for i := range s.Levels {
			s.Levels[i] = strings.ToLower(strings.TrimSpace(s.Levels[i]))
		}
	}
	if o.Names != nil {
		if len(o.Names) != 3 {
			return s, problem.New("err.flag.names", len(o.Names))
		}
		for i, n := range o.Names {
			s.Names[i] = strings.TrimSpace(n)
		}
	}
	return s, s.Validate()
}

// namesPoints reports whether a rules option list sets the points.
func namesPoints(rules string) bool {
	for _, opt := range strings.Split(rules, ",") {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(opt)), "points=") {
			return true
		}
	}
	return false
}

// override101 puts the game given for this run on s, and the rules
// given when that game is 101 (which are then taken out of o: the rest
// of Override reads them as classic rules).
func (s *Settings) override101(o *Overrides) error {
	if o.Game != nil {
		g, err := ParseGame(*o.Game)
		if err != nil {
			return err
		}
		s.Game = g
	}
	if !s.Is101() || o.Rules == nil && o.Points == nil {
		return nil
	}
	if o.Points != nil {
		return problem.New("err.flag.points.101")
	}
	r, err := okey101.ParseRules(*o.Rules)
	if err != nil {
		return &problem.Problem{Key: "err.flag.rules", Args: []any{err}, Err: err}
	}
	s.Rules101 = r.String()
	o.Rules = nil
	return nil
}

// Seeds are where a run's matches take their seeds from: Random
// (crypto/rand unless a test gives another), or with a seed given on
// the command line (Set: --seed) the series it starts, so that a run
// with --seed stays reproducible match after match.
type Seeds struct {
	Random io.Reader
	Set    bool
}

// Draw is a new match's seed from Random: never from the clock, which
// a player could guess a seed from.
func (s Seeds) Draw() (uint64, error) {
	var b [8]byte
	if _, err := io.ReadFull(s.Random, b[:]); err != nil {
		return 0, fmt.Errorf("drawing a seed for the match: %w", err)
	}
	return binary.BigEndian.Uint64(b[:]), nil
}

// Next is the seed of the next match, n matches into the run whose
// seed was seed: drawn anew, or with a seed given the next of its
// series.
func (s Seeds) Next(seed, n uint64) (uint64, error) {
	if s.Set {
		return game.NewSeed(seed + n), nil
	}
	return s.Draw()
}
