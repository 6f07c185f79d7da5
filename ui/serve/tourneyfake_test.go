package serve

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sync"
	"time"

	"okey/game/tourney"
	"okey/server/tournaments"
	"okey/ui/serve/tourneyview"
)

// fakeTourneys is a server's tournaments for the tests of the pages and
// the command: the director's values in memory, driven as a server
// drives them (each table it asks for opened, numbered from 21), with no
// table behind them: a test ends the matches itself (end).
type fakeTourneys struct {
	mu    sync.Mutex
	now   func() time.Time
	t     map[string]*tourney.Tournament
	ids   []string
	table int
	// seals, field and records are what a test sets for the duplicate
	// rounds and the matches' records.
	seals   map[string][]tourneyview.Seal
	field   map[string]map[string]*big.Rat
	records map[int][]byte
}

func newFakeTourneys(now func() time.Time) *fakeTourneys {
	return &fakeTourneys{now: now, t: map[string]*tourney.Tournament{}, table: 20}
}

func (f *fakeTourneys) Tournaments() []tourney.Listed {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]tourney.Listed, 0, len(f.ids))
	for _, id := range f.ids {
		out = append(out, f.t[id].Listed(id))
	}
	return out
}

func (f *fakeTourneys) Tournament(id string) (tourney.Listed, tourney.Tournament, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return tourney.Listed{}, tourney.Tournament{}, fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	// A copy, as a read from the store would be: the page keeps it
	// while the director moves on.
	c := *t
	c.Joined = maps.Clone(t.Joined)
	c.Pool, c.Playing, c.Matches = slices.Clone(t.Pool), slices.Clone(t.Playing), slices.Clone(t.Matches)
	c.Teams, c.Lone, c.Invites, c.Names = maps.Clone(t.Teams), slices.Clone(t.Lone), slices.Clone(t.Invites), maps.Clone(t.Names)
	return t.Listed(id), c, nil
}

func (f *fakeTourneys) CreateTournament(by string, c tourney.Config) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := tourney.New(c)
	if err != nil {
		return "", err
	}
	id := fmt.Sprintf("t%d", len(f.ids)+1)
	f.t[id], f.ids = t, append(f.ids, id)
	f.open(t, t.Tick(f.now()))
	return id, nil
}

func (f *fakeTourneys) JoinTournament(id, player, name string, rating int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	starts, err := t.Join(player, rating, f.now())
	if err == nil {
		t.Named(player, name)
	}
	f.open(t, starts)
	return err
}

func (f *fakeTourneys) LeaveTournament(id, player string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	return t.Leave(player)
}

func (f *fakeTourneys) AskPartner(id, player, name string, rating int, partner string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	starts, err := t.Ask(player, partner, rating, f.now())
	if err == nil {
		t.Named(player, name)
	}
	f.open(t, starts)
	return err
}

func (f *fakeTourneys) AnswerPartner(id, player string, accept bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	starts, err := t.Answer(player, accept, f.now())
	f.open(t, starts)
	return err
}

// TakeBackPartner takes player's ask back, as the owner would.
func (f *fakeTourneys) TakeBackPartner(id, player string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	starts, err := t.TakeBack(player, f.now())
	f.open(t, starts)
	return err
}

// Duplicate is the seals and scores set for tournament id (none unless
// a test set them).
func (f *fakeTourneys) Duplicate(id string) ([]tourneyview.Seal, map[string]*big.Rat, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.t[id]; !ok {
		return nil, nil, fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	return slices.Clone(f.seals[id]), maps.Clone(f.field[id]), nil
}

// MatchRecord is the record a test kept for table n (nil kept: a
// duplicate round's, not given yet).
func (f *fakeTourneys) MatchRecord(n int) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rec, ok := f.records[n]
	switch {
	case !ok:
		return nil, fmt.Errorf("table %d: %w", n, tourney.ErrUnknown)
	case rec == nil:
		return nil, fmt.Errorf("table %d: %w", n, tournaments.ErrNotYet)
	}
	return rec, nil
}

// open opens the tables the director asked for.
func (f *fakeTourneys) open(t *tourney.Tournament, starts []tourney.Start) {
	for _, s := range starts {
		f.table++
		t.Opened(s, f.table, f.now())
	}
}

// end ends every match of tournament id in play, seat 0 first, and moves
// it on to the fake's time.
func (f *fakeTourneys) end(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.t[id]
	for _, p := range slices.Clone(t.Playing) {
		starts, err := t.Ended(p.Table, [4]int{1, 2, 3, 4}, [4]bool{}, f.now())
		if err != nil {
			panic(err)
		}
		f.open(t, starts)
	}
	f.open(t, t.Tick(f.now()))
}
