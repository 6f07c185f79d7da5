package decide101

import (
	"context"
	"fmt"
	"slices"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/game/okey101"
)

// Player is the player of a seat at the 101 table: it gets that
// seat's view (never more) and returns one action. A turn of 101 is
// several actions (draw or take; open, lay down, lay off, take okeys
// back; discard), so the table asks again for as long as it is the
// seat's turn, each time with the view as it now stands. A player
// honours ctx, and is never asked twice at once.
type Player interface {
	Decide(ctx context.Context, v okey101.View) (okey101.Action, error)
}

// Source is where the 101 table gets its players: the levels
// it knows, weakest first, and how to build a player of one of them
// from a seed.
type Source struct {
	Levels []string
	New    func(level string, seed uint64) (Player, error)
}

// Level is the level of this source a seat set to want plays at: want
// itself when the source knows it, else the level of the same rank
// among the source's (a classic level's rank among easy, normal and
// hard), else the one below the middle (normal among the game's).
func (p Source) Level(want string) string {
	if len(p.Levels) == 0 || slices.Contains(p.Levels, want) {
		return want
	}
	if i := slices.Index(botsclassic.Levels, want); i >= 0 {
		return p.Levels[min(len(p.Levels)-1, i*len(p.Levels)/len(botsclassic.Levels))]
	}
	return p.Levels[(len(p.Levels)-1)/2]
}

// SeatPlayer is a seat's player, built afresh for every decision
// with a seed drawn from the match's seed, the seat, the deal and the
// moves so far: a match resumed from its record plays on exactly as it
// would have without the interruption, and a cancelled question still
// running never shares a player with the next.
type SeatPlayer struct {
	Level string
	Seed  uint64
	Build func(level string, seed uint64) (Player, error)
}

func (s *SeatPlayer) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	seed := bots101.DecisionSeed(s.Seed, v)
	p, err := s.Build(s.Level, seed)
	if err != nil {
		return okey101.Action{}, fmt.Errorf("seat %d: %w", v.Seat, err)
	}
	return p.Decide(ctx, v)
}
