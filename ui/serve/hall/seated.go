package hall

import "okey/ui/serve/tables"

// OpenSeated opens a tournament's table (cfg.Seated: its players' seats
// held for them, its match dealt at once). It counts against the
// server's tables, not against any player's share: the tournament, not
// the player, opens it. A full hall refuses it (FullError), as it
// would a player's.
func (h *Hall) OpenSeated(cfg tables.Config) (*tables.Table, error) {
	if cfg.Seated == nil {
		return nil, tables.ErrSeated
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	t, victim, err := h.createLocked(cfg)
	if victim != nil {
		return nil, h.fullError()
	}
	if err != nil {
		return nil, err
	}
	h.Opt.Log.Info("open", "table", t.ID, "game", cfg.Game, "rules", cfg.Rules, "tournament", cfg.Seated.Tourney)
	return t, nil
}
