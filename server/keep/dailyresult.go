package keep

import (
	"okey/game"
	"okey/game/daily"
)

// dailyBucket is the served daily's bucket.
const dailyBucket = "okey_daily"

// seenBucket keeps when each key was first seen (the ranks read it:
// dailyrank.go).
const seenBucket = "okey_seen"

// DailyResult is one player's day: a score a hand played, in par's
// measure (bots/par: classic's points won less lost, 101's hand total).
type DailyResult struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest,omitempty"`
	// Practice is why the day is not ranked (PracticeGuest,
	// PracticeNewKey, PracticeAddr: dailyrank.go), "" for a ranked day.
	Practice string `json:"practice,omitempty"`
	Hands    []int  `json:"hands"`
	// Table is the daily table the player played at.
	Table string `json:"table,omitempty"`
	// Gen is the result's generation, one more at each write: an older
	// result put back is refused for the newest (fresh.go).
	Gen uint64 `json:"gen,omitempty"`
}

// Ranked reports whether the day is on the board with a place and in
// the field's means: played with a key, not as practice.
func (r DailyResult) Ranked() bool { return !r.Guest && r.Practice == "" }

// Done reports whether every hand of the day was played.
func (r DailyResult) Done(g game.Kind) bool { return len(r.Hands) >= daily.Hands(g) }
