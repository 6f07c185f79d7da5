package playclassic

import (
	"context"
	"slices"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
	"okey/ui/rack"
)

// SeatBot is a seat's bot, built afresh for every decision with a seed
// drawn from the match's seed, the seat, the hand and the moves so far. A
// match resumed from its record then plays on exactly as it would have
// without the interruption: no random source is carried over from one
// decision to the next. (The bots' own memory is a cache of analysis and
// never changes a decision.) Questions never share a bot, so a cancelled
// one still finishing cannot disturb the next.
type SeatBot struct {
	level string
	seed  uint64
	build func(level string, opt botsclassic.Options) (botsclassic.Bot, error)
}

// SeatLevel is the level a seat's bot plays at in a match read back:
// the one its record names, else fallback (the settings'); a level this
// build cannot make (build fails for it) plays as the first of
// botsclassic.Levels.
func SeatLevel(named, fallback string, seed uint64, build BuildBot) string {
	l := named
	if l != "" {
		l = expertclassic.Current(l)
	}
	if l == "" {
		l = fallback
	}
	if _, err := build(l, botsclassic.Options{Seed: seed}); err != nil {
		l = botsclassic.Levels[0]
	}
	return l
}

// NewSeatBot is the bot of a seat playing at level, seeded from seed
// (the match's, the seat's), built by build for every decision.
func NewSeatBot(level string, seed uint64, build func(level string, opt botsclassic.Options) (botsclassic.Bot, error)) *SeatBot {
	return &SeatBot{level: level, seed: seed, build: build}
}

func (s *SeatBot) Level() string { return s.level }

func (s *SeatBot) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	return botsclassic.PerDecision{Level: s.level, Seed: s.seed, Build: s.build}.Decide(ctx, v)
}

// Plain plays plain legal moves: the stand-in for a bot that keeps
// failing.
type Plain struct{}

func (Plain) Level() string { return botsclassic.Levels[0] }

func (Plain) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if a, ok := PlainMove(v); ok {
		return a, nil
	}
	return classic.Action{}, game.ErrWrongPhase
}

// PlainMove is a plain legal move for a view: draw, take or end the
// hand, or discard the highest tile.
func PlainMove(v classic.View) (classic.Action, bool) {
	l := v.Legal
	switch {
	case l.Draw:
		return classic.DrawAction(v.Seat), true
	case l.Take:
		return classic.TakeAction(v.Seat), true
	case l.EndHand:
		return classic.EndHandAction(v.Seat), true
	case l.Discard && len(v.Rack) > 0:
		return classic.DiscardAction(v.Seat, v.Rack[len(v.Rack)-1]), true
	}
	return classic.Action{}, false
}

// Sorter orders tiles for the sorts: a false joker as the face it plays
// as, okeys apart at the end.
type Sorter struct {
	an hand.Analyzer
}

// NewSorter is the sorts of a hand read by an (its okeys, its false
// jokers).
func NewSorter(an hand.Analyzer) Sorter { return Sorter{an: an} }

func (s Sorter) plays(t tile.Tile) tile.Tile { return s.an.PlaysAs(t) }

// ByColour groups the tiles by colour, each colour by value, okeys last.
func (s Sorter) ByColour(tiles []tile.Tile) [][]tile.Tile {
	return rack.ByColour(tiles, s.plays, s.an.IsOkey)
}

// ByValue groups the tiles by value, colours in order, okeys last.
func (s Sorter) ByValue(tiles []tile.Tile) [][]tile.Tile {
	return rack.ByValue(tiles, s.plays, s.an.IsOkey)
}

// Arranged is seri diz or çift diz: the analyser's groups, the leftovers
// apart. It reports false when the arrangement does not account for
// exactly the given tiles (or found no group), so the caller can say so
// instead of losing a tile.
func (s Sorter) Arranged(tiles []tile.Tile, mode hand.ArrangeMode) ([][]tile.Tile, bool) {
	a := s.an.Arrange(slices.Clone(tiles), mode)
	var out [][]tile.Tile
	var all []tile.Tile
	for _, g := range a.Groups {
		if len(g) > 0 {
			out = append(out, slices.Clone(g))
			all = append(all, g...)
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	if len(a.Leftover) > 0 {
		out = append(out, slices.Clone(a.Leftover))
		all = append(all, a.Leftover...)
	}
	if tile.CountsOf(all) != tile.CountsOf(tiles) {
		return nil, false
	}
	return out, true
}

// BuildBot builds a bot of a level (botsclassic.New, or a test's).
type BuildBot func(level string, opt botsclassic.Options) (botsclassic.Bot, error)
