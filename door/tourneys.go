package door

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"okey/game/tourney"
	"okey/server/keep"
	"okey/server/tournaments"
)

// The server's tournaments (package tournaments): made before the hall
// brings its tables back, so that a tournament's table whose match
// ended while its node was down hands its end over as it comes back;
// started after, with the operator's tournaments created once.

// FlagError is a file a flag names that does not read: the line that
// stops the server names the flag, not only the file ("--tournament
// friday.json: no such file or directory").
type FlagError struct {
	Flag string
	// Err names the file and says why.
	Err error
}

func (e *FlagError) Error() string { return e.Flag + " " + e.Err.Error() }
func (e *FlagError) Unwrap() error { return e.Err }

// readOperatorTourneys reads the operator's tournaments' files (--tournament),
// so that a file that does not read stops the server before it starts.
func readOperatorTourneys(cfg Config) ([]tournaments.Order, error) {
	if len(cfg.Tournaments) > 0 && cfg.StateDir == "" {
		return nil, fmt.Errorf("--tournament needs a state directory: a tournament is kept in the store")
	}
	var out []tournaments.Order
	for _, name := range cfg.Tournaments {
		f, err := os.Open(name)
		if err != nil {
			return nil, &FlagError{Flag: "--tournament", Err: err}
		}
		c, err := tournaments.ReadOrder(f)
		f.Close()
		if err != nil {
			return nil, &FlagError{Flag: "--tournament", Err: fmt.Errorf("%s: %w", name, err)}
		}
		out = append(out, c)
	}
	return out, nil
}

// openTourneys makes the tournaments' service on the server's store and
// hands it the hall's tournament tables' ends. Its book and leases are
// made as openStore makes the others, within a minute (each make is
// bounded by the store's ready wait too), not one call's ten seconds,
// which a node starting on a starved machine can spend on the two
// buckets.
func (s *Server) openTourneys() error {
	ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
	defer cancel()
	book, err := keep.OpenTourneyBook(ctx, s.eng, s.log)
	if err != nil {
		return err
	}
	var leases *keep.Leases
	if s.cfg.Store.Shared() {
		if leases, err = keep.OpenTourneyLeases(ctx, s.eng, cmp.Or(s.cfg.Store.LeaseTTL, keep.LeaseTTL)); err != nil {
			return err
		}
		leases.SetLog(s.log)
	}
	svc, err := tournaments.New(tournaments.Options{Book: book, Leases: leases, Hall: s.hall, Now: s.cfg.Now, Log: s.log,
		Random: s.cfg.Random, Timer: s.cfg.DefaultTimer, Rate: s.hall.Opt.Rate})
	if err != nil {
		return err
	}
	s.tourneys = svc
	s.hall.Opt.SeatedEnded = svc.TableEnded
	s.hall.AlsoOnNodeGone(svc.Owner().NodeGone)
	s.hall.Opt.Muted = func(id string) (time.Time, bool) { m, muted := svc.Muting().Muted(id); return m.Until, muted }
	return nil
}

// startTourneys starts the tournaments and carries out the operator's
// files: each tournament made once, changed or called off before it
// begins.
func (s *Server) startTourneys() error {
	if s.tourneys == nil {
		return nil
	}
	if err := s.tourneys.Start(s.ctx); err != nil {
		return fmt.Errorf("tournaments: %w", err)
	}
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	for _, o := range s.opTourneys {
		id, err := s.tourneys.Apply(ctx, o)
		if err != nil {
			return fmt.Errorf("tournament %q: %w", o.Config.Name, err)
		}
		s.log.Info("the operator's tournament", "tournament", id, "name", o.Config.Name, "cancelled", o.Cancel)
	}
	if s.cfg.Store.Clustered() {
		go driverLeadsNone(s.ctx, s.eng, s.tourneys.Owner().Owned, s.log)
	}
	return nil
}

// leadEvery is how often a node that drives a tournament looks for a
// stream of the store it has come to lead (driverLeadsNone).
const leadEvery = 2 * time.Second

// driverLeadsNone keeps this node (eng), while it drives a tournament
// (owned lists them), leading no stream of the store
// (keep.Engine.LeadNone), until ctx ends. The node driving the tournaments is the one whose loss costs
// most — its tables and the tournament are both taken over, and its
// players wait on both — and a takeover waits for the store to elect
// a new leader for every stream the lost node led (4 to 9 s): led
// elsewhere, they need no election.
func driverLeadsNone(ctx context.Context, eng *keep.Engine, owned func() []string, log *slog.Logger) {
	t := time.NewTicker(leadEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if len(owned()) == 0 {
			continue
		}
		if moved := eng.LeadNone(); len(moved) > 0 {
			log.Debug("driving tournaments: the streams this node led handed to others", "streams", moved)
		}
	}
}

// OperatorTournament creates the operator's tournament c now, as
// --tournament FILE does at start (once by its name: a second call
// with the same name gives the same id), and returns its id: okey load
// creates its arena once its players are connected, so that the arena's
// clock runs with the load's play.
func (s *Server) OperatorTournament(ctx context.Context, c tourney.Config) (string, error) {
	if s.tourneys == nil {
		return "", errNoTourneys
	}
	return s.tourneys.EnsureNamed(ctx, c)
}

// TournamentsOwned lists the tournaments this node drives: okey load
// kills the node that drives its arena.
func (s *Server) TournamentsOwned() []string {
	if s.tourneys == nil {
		return nil
	}
	return s.tourneys.Owner().Owned()
}
