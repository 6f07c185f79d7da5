package hall

import (
	"okey/server/tables"
)

// OpenSeated opens a tournament's table (cfg.Seated: its players' seats
// held for them, its match dealt at once). It counts against the
// server's tables, not against any player's share: the tournament, not
// the player, opens it. A full hall refuses it (FullError), as it
// would a player's.
func (h *Hall) OpenSeated(cfg tables.Config) (*tables.Table, error) {
	return h.OpenSeatedAs(cfg, "")
}

// OpenSeatedAs is OpenSeated under number id, taken before (Number; ""
// takes one now). A number this node runs a table by is ErrNumberUsed;
// in a cluster, one whose lease another node holds (it opened the
// table) is the lease's refusal, keep.ErrLeaseHeld.
func (h *Hall) OpenSeatedAs(cfg tables.Config, id string) (*tables.Table, error) {
	if cfg.Seated == nil {
		return nil, tables.ErrSeated
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	t, victim, err := h.createLocked(cfg, id)
	if victim != nil {
		return nil, h.fullError()
	}
	if err != nil {
		return nil, err
	}
	h.Opt.Log.Info("open", "table", t.ID, "game", cfg.Game, "rules", cfg.Rules, "tournament", cfg.Seated.Tourney)
	if h.Relay != nil {
		// Its players on other nodes are taken to it as their node
		// hears of it: at once, not with this node's next write of the
		// lobby and their watch of it (a third of a second, in an
		// arena's pairing).
		h.Relay.announceOpen(t)
	}
	return t, nil
}
