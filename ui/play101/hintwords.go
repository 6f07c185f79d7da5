package play101

import (
	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/ui/play101/hintwords"
)

// The hint's facts and a plan's steps in the player's language are
// ui/play101/hintwords'; the table says them with its words and its
// hand's okey.

// hintWords are the table's words for the hint.
func (t *Table) hintWords() hintwords.Words {
	return hintwords.Words{Words: t.look.Words, Okey: t.View.Okey, Touch: t.look.Touch}
}

// HintText puts the hint's facts into words (hintwords.Words.Hint).
func (t *Table) HintText(f *decide101.Facts) string { return t.hintWords().Hint(&t.View, f) }

// PlanText is the preview of a finish after a first f
// (hintwords.Words.Plan).
func (t *Table) PlanText(acts []okey101.Action) string {
	return t.hintWords().Plan(&t.View, acts)
}

// StepsText names each step of a plan of the player's, seat 0 of v
// (hintwords.Words.Steps).
func (t *Table) StepsText(v *okey101.View, acts []okey101.Action, keys bool) string {
	return t.hintWords().Steps(v, acts, keys)
}
