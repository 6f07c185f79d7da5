package tournaments

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
)

// plan puts the table st asks for in play in r under a number of its
// own (its node too: OpenedOn), and in r.Opening: it opens once r is
// written (openTable). A number not to be had puts an arena's players
// back in its pool (they are paired again at the next round).
func (o *OwnerRound) plan(r *record, st tourney.Start, now time.Time) (int, error) {
	t := &r.T
	num, err := o.svc.opt.Hall.Number()
	if err == nil {
		var n int
		if n, err = strconv.Atoi(num); err == nil {
			t.Opened(st, n, now)
			r.Opening = append(r.Opening, n)
			if node := o.svc.opt.Hall.Node(); node != "" {
				if r.OpenedOn == nil {
					r.OpenedOn = map[int]string{}
				}
				r.OpenedOn[n] = node
			}
			return n, nil
		}
	}
	t.System().Pairing.Unopened(t, st.Players, now)
	return 0, err
}

// triedKey is table n of tournament id in Service.tried.
func triedKey(id string, n int) string { return id + "/" + strconv.Itoa(n) }

// settleOpening is table n, written in play before it opened (r.Opening): it
// reports whether the table is settled, opened or taken back, and the
// tables to open now. This node's own try says it; a table the hall
// knows, one whose lease another node holds, or one the store keeps an
// entry of (brought back by whichever node takes it over), is opened;
// one no node tried (its owner lost between the write and the opening,
// or the write's answer lost) is opened now; one that cannot open is taken
// back (tourney's NotOpened: no match, an arena's players paired
// again). A number is opened by one node only: its lease in a cluster,
// the hall's own tables alone.
func (o *OwnerRound) settleOpening(ctx context.Context, id string, r *record, n int, now time.Time) ([]tourney.Start, bool) {
	t := &r.T
	key := triedKey(id, n)
	o.svc.mu.Lock()
	err, tried := o.tried[key]
	delete(o.tried, key)
	o.svc.mu.Unlock()
	switch {
	case !slices.ContainsFunc(t.Playing, func(p tourney.Playing) bool { return p.Table == n }):
		return nil, true // over already
	case !tried && o.svc.opt.Hall.Get(strconv.Itoa(n)) != nil:
		return nil, true
	case !tried:
		// A table that opened and saved once (its owner's node lost
		// right after) is brought back by whichever node takes it
		// over, its match where it was: not opened afresh. Lost for
		// good, it is counted abandoned as any table in play (gone).
		kept, kerr := o.svc.opt.Hall.Kept(ctx, strconv.Itoa(n))
		switch {
		case kerr != nil:
			o.svc.opt.Log.Warn("tournament: whether a table opening is kept", "tournament", id, "table", n, "err", kerr)
			return nil, false // asked again at the next round
		case kept:
			return nil, true
		}
		err = o.openTable(id, r, n)
	}
	if err == nil || errors.Is(err, keep.ErrLeaseHeld) {
		return nil, true // opened, here or by the node holding its lease
	}
	if ctx.Err() != nil {
		return nil, false // tried again at the next round
	}
	o.svc.opt.Log.Error("tournament: a table not opened, taken back", "tournament", id, "table", n, "err", err)
	st, nerr := t.NotOpened(n, now)
	if nerr != nil {
		return nil, true
	}
	delete(r.OpenedOn, n)
	return st, true
}

// openTable opens table n, which tournament id (r) has in play: its
// seats held for its players (a partners' table seats each team's
// players facing each other: tourney's Seats), named, a duplicate
// round's deals its round's.
func (o *OwnerRound) openTable(id string, r *record, n int) error {
	t := &r.T
	i := slices.IndexFunc(t.Playing, func(p tourney.Playing) bool { return p.Table == n })
	if i < 0 {
		return fmt.Errorf("table %d: %w", n, tourney.ErrUnknown)
	}
	p := t.Playing[i]
	seated := tourney.Start{Round: p.Round, Players: t.Seats(p.Players)}
	cfg := tableConfig(t.Config, seated, id, o.svc.opt.Timer)
	if t.System().Scoring.Sealed() {
		plan, ok := r.Seals[p.Round]
		if !ok {
			return fmt.Errorf("table %d: round %d has no seal", n, p.Round)
		}
		cfg.Round = &plan
	}
	for i, pl := range seated.Players {
		if pl != tourney.Bot {
			// Each seat held shows whose it is until they come.
			cfg.Seated.Names[i] = t.NameOf(pl)
		}
	}
	tb, err := o.svc.opt.Hall.OpenSeatedAs(cfg, strconv.Itoa(n))
	if err != nil {
		return err
	}
	o.svc.opt.Log.Info("tournament table", "tournament", id, "table", tb.ID, "round", p.Round, "players", logIDs(p.Players))
	return nil
}

// logIDs are a table's players as a log line may name them (keep.LogID:
// no guest's resume code).
func logIDs(tb tourney.Table) [4]string {
	var out [4]string
	for i, p := range tb {
		out[i] = keep.LogID(p)
	}
	return out
}

// bare is what a log line says of a refusal err: the error it wraps
// last (one of the director's, which name no one), not its text, which
// names the player (a guest by their resume code).
func bare(err error) string {
	for {
		inner := errors.Unwrap(err)
		if inner == nil {
			return err.Error()
		}
		err = inner
	}
}
