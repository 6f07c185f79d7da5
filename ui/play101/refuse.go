package play101

import (
	"errors"

	"okey/game/okey101"
)

// The referee's refusals in the player's words, on the status line.

// Refuse tells the player why the game refused their action.
func (t *Table) Refuse(err error) {
	var me *okey101.MoveError
	if errors.Is(err, okey101.ErrThreshold) {
		t.said.Flash(true, t.tr().T("t101.err.threshold", t.View.Threshold))
		return
	}
	for _, r := range []struct {
		err error
		key string
	}{
		{okey101.ErrTakenNotIn, "t101.err.takennotin"},
		{okey101.ErrKeepOne, "t101.err.keepone"},
		{okey101.ErrTooFewPairs, "t101.err.fewpairs"},
		{okey101.ErrPairsOnly, "t101.group.pairsonly"},
		{okey101.ErrNoPairs, "t101.group.nopairs"},
		{okey101.ErrMovesOkey, "t101.err.movesokey"},
		{okey101.ErrTakeUnused, "t101.err.takeunused"},
		{okey101.ErrGaveBack, "t101.gaveback"},
		{okey101.ErrNotOpened, "t101.table.notopened"},
	} {
		if errors.Is(err, r.err) {
			t.said.Flash(true, t.tr().T(r.key))
			return
		}
	}
	if errors.As(err, &me) && me.Detail != "" && t.tr().T("err.raw") == "yes" {
		t.said.Flash(true, t.tr().T("status.refused", me.Detail))
		return
	}
	t.said.Flash(true, t.tr().T("status.refused", t.look.Reason(err)))
}
