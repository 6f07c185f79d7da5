package okey101

import (
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The penalties a discard can cost, in one place, so that the referee,
// the bots and the hint charge and avoid exactly the same tiles under
// every rules option.

// IslekTiles is the set of tiles that count as işler taş under r on the
// table: those that could be laid off onto it (none with islek=off),
// and under islek_back also those that could take an okey back.
func IslekTiles(an meld.Analyzer, r Rules, table []meld.Meld) tile.TileSet {
	if !r.Islek {
		return 0
	}
	s := an.Islek(table)
	if r.IslekBack {
		s |= an.TakeBackTiles(table)
	}
	return s
}

// DiscardPenalty is what discarding t, not to finish, costs under r with
// the table as it stands: PenaltyOkey for an okey (unless okey_once is
// on and the seat has paid for one this hand: okeyPaid), PenaltyIslek
// for an işler taş, 0 when it is free. The feed penalty is not the
// discard's: it is charged when the next player opens with the tile.
func DiscardPenalty(an meld.Analyzer, r Rules, table []meld.Meld, t tile.Tile, okeyPaid bool) PenaltyReason {
	switch {
	case an.IsOkey(t):
		if r.OkeyOnce && okeyPaid {
			return 0
		}
		return PenaltyOkey
	case IslekTiles(an, r, table).Has(t):
		return PenaltyIslek
	}
	return 0
}

// OkeyPaid reports whether seat has paid for discarding an okey in the
// hand whose public history this is.
func OkeyPaid(history []Event, seat int) bool {
	for _, e := range history {
		if e.Kind == EvPenalty && e.Seat == seat && e.Reason == PenaltyOkey {
			return true
		}
	}
	return false
}
