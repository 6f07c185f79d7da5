package decide101

import (
	"fmt"
	"slices"
	"strings"

	"okey/bots/bots101"
	"okey/bots/search"
	"okey/game/okey101/meld"
)

// Expert is Okey 101's strongest level: hard's play, except that at a
// discard it weighs hard's pick against hard's next two, and at an
// opening hard's opening against waiting (and hard's discard against
// opening where the rack could), over worlds of the other racks drawn
// from the belief of them (bots/belief101), at four times the search's
// budget (search-4x-open in okey sim). It is a level of its own, not a
// stronger hard, because it costs about a hundred times hard's CPU a
// decision: hard stays what the hint, the daily deal and the arenas
// measure against. Searching the opening as well as the discard is
// what made it win more matches than the discards' search alone
// (docs/studies/belief-101.md, "Searching the opening").
//
// Classic Okey's expert is another bot of the same name
// (bots/expertclassic): hard with a reading learned on the true racks.
const Expert = "expert"

// expertScale is Expert's budget in the search's units (search.Budget101).
const expertScale = 4

// Levels are Okey 101's levels as the game offers them, weakest
// first: those of package bots101, then Expert.
var Levels = append(slices.Clip(bots101.Levels), Expert)

// ErrUnknownLevel is returned by New for a level name it does not know.
var ErrUnknownLevel = fmt.Errorf("unknown 101 level (known: %s)", strings.Join(Levels, ", "))

// New builds a player of one of Levels from a seed.
func New(level string, seed uint64) (Player, error) {
	if strings.ToLower(strings.TrimSpace(level)) == Expert {
		return NewExpert(seed, nil), nil
	}
	b, err := bots101.New(level, bots101.Options{Seed: seed})
	if err != nil {
		return nil, fmt.Errorf("%q: %w", level, ErrUnknownLevel)
	}
	return b, nil
}

// NewExpert is the Expert player, seeded; sv, as bots101.Options.Solver,
// is the working memory of hard underneath (nil: its own).
func NewExpert(seed uint64, sv *meld.Solver) *search.Player101 {
	return search.New101(search.Options{Seed: seed, Scale: expertScale, Open: true}, sv)
}

// DefaultSource seats the 101 table's bots: the levels the game offers
// (Levels: bots101's and Expert), built by New. The table keeps its
// plain player as the stand-in for a bot that fails.
func DefaultSource() Source {
	return Source{Levels: Levels, New: New}
}
