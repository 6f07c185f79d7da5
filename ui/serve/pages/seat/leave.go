package seat

import (
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
)

// tourneyAt is the tournament whose table the player sits at ("":
// none).
func tourneyAt(c *common.Common) string {
	if at := c.At; at != nil && at.Tourney {
		return c.TourneyOf(at.T.TableID())
	}
	return ""
}

// leaveWords are the words key ("leave.confirm", asked before q leaves
// a match in play; "leave.kept", said once left) at the player's
// table: at an ordinary table how long the seat is kept; at a
// tournament's, how long they may be away before the match is lost
// for them (their bot playing meanwhile), which is the tournament's
// rule and not the seat's keep.
func leaveWords(c *common.Common, key string) string {
	if id := tourneyAt(c); id != "" && c.Tour != nil {
		if _, t, err := c.Tour.Tournament(id); err == nil {
			return c.Tr.T(key+".tourney", tourneyview.Wait(c.Tr, t.Config.AwayFor()))
		}
	}
	return c.Tr.T(key, int(c.Srv.Settings().KeepSeat.Minutes()))
}
