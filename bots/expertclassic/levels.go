package expertclassic

import (
	"fmt"
	"slices"
	"strings"

	"okey/bots/botsclassic"
)

// Levels are classic Okey's levels as the game offers them, weakest
// first: botsclassic's, whose rules are written, then Expert, whose
// reading is learned.
var Levels = append(slices.Clip(botsclassic.Levels), LevelExpert)

// ErrUnknownLevel is returned by New for a level name it does not know.
var ErrUnknownLevel = fmt.Errorf("unknown bot level (known: %s)", strings.Join(Levels, ", "))

// Current is the level that plays for a level name, as New reads it:
// the name trimmed and in lower case.
func Current(level string) string { return strings.ToLower(strings.TrimSpace(level)) }

// New builds a bot of one of Levels: Expert, or botsclassic's.
func New(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
	if Current(level) == LevelExpert {
		return NewExpert(opt), nil
	}
	b, err := botsclassic.New(level, opt)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", level, ErrUnknownLevel)
	}
	return b, nil
}
