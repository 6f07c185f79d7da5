package tourney

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// New is a tournament before its start.
func New(c Config) (*Tournament, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	return &Tournament{Config: c, Phase: Starting, Joined: map[string]Entrant{}}, nil
}

// ErrBegun is a change to a tournament (its organiser's: called off,
// or its settings changed) once it has begun: only one still starting
// may be.
var ErrBegun = errors.New("the tournament has begun: it can no longer be cancelled or changed")

// ErrEditEntrants is a change of settings that would change what its
// entrants joined (the game, the kind and its options) while some have
// joined.
var ErrEditEntrants = errors.New("players have joined: the game, the kind and its options stay as they joined")

// Join adds a player (or brings back one who left): into an arena's
// pool at once while it runs; a Swiss takes players only before its
// first round. In partners the player joins a team (team.go), or waits
// alone for a partner.
func (t *Tournament) Join(id string, rating int, now time.Time) ([]Start, error) {
	if t.Phase == Finished || t.Phase == Ending {
		return nil, ErrFinished
	}
	sys := t.System()
	return sys.Seating.join(t, sys.Pairing, id, rating, now)
}

// Named sets the name the pages call a player who joined by (a later
// join may bring a new one); a player not joined is left alone. In
// partners a player's name is kept in Names: their Entrant is their
// team's.
func (t *Tournament) Named(id, name string) {
	if e, ok := t.Joined[id]; ok {
		e.Name = name
		t.Joined[id] = e
		return
	}
	t.System().Seating.named(t, id, name)
}

// Leave takes a player out of the pairing; their matches stand, and a
// match they are playing is played on (by a bot, the table's business).
// In partners a player's team leaves with them; one alone stops
// waiting.
func (t *Tournament) Leave(id string) error {
	if t.System().Seating.leave(t, id) {
		return nil
	}
	return out(t, id, func(e *Entrant) { e.Left = true })
}

// out marks the entry of id's unit in t (mark) and takes it out of the
// pool; a player not in the tournament is ErrUnknown.
func out(t *Tournament, id string, mark func(*Entrant)) error {
	id = t.Unit(id)
	e, ok := t.Joined[id]
	if !ok {
		return fmt.Errorf("%s: %w", id, ErrUnknown)
	}
	mark(&e)
	t.Joined[id] = e
	t.Pool = slices.DeleteFunc(t.Pool, func(w Waiting) bool { return w.Player == id })
	return nil
}

// Pause takes a player who lost a match for want of being at it out
// of the pairing (an arena's pool, a Swiss's next rounds), until they
// come back (Join: a key on the tournament's page): their points and
// matches stand, and a match they play is played on by their bot and
// lost for them. In partners their team is paused with them. A player
// not in the tournament is ErrUnknown.
func (t *Tournament) Pause(id string) error {
	return out(t, id, func(e *Entrant) { e.Paused = true })
}

// Opened records that the server opened the table start asked for, as
// table number n.
func (t *Tournament) Opened(s Start, n int, now time.Time) {
	t.Playing = append(t.Playing, Playing{Table: n, Round: s.Round, Players: s.Players, Began: now})
}

// NotOpened takes back table n, which the server was asked to open
// (Opened) and could not: no match is counted, an arena's players go
// back to its pool to be paired again at once, and a Swiss round's play
// it no more, as if the table had never been asked for. It returns the
// tables to open now.
func (t *Tournament) NotOpened(n int, now time.Time) ([]Start, error) {
	i := slices.IndexFunc(t.Playing, func(p Playing) bool { return p.Table == n })
	if i < 0 {
		return nil, fmt.Errorf("table %d: %w", n, ErrUnknown)
	}
	p := t.Playing[i]
	t.Playing = slices.Delete(t.Playing, i, i+1)
	pairing := t.System().Pairing
	for _, id := range p.Players {
		if id != Bot {
			pairing.back(t, id, now, Table{})
		}
	}
	return t.Tick(now), nil
}

// Ended records table n's match as its record ends it (places by
// seat, in partners the teams' ranks as 101 gives them, 1, 2, 1, 2; the
// seats lost for want of their player), puts its players back in the
// pool, and returns the tables to open now. It is EndedAway with no
// seat away.
func (t *Tournament) Ended(n int, places [4]int, forfeit [4]bool, now time.Time) ([]Start, error) {
	return t.EndedAway(n, places, forfeit, [4]bool{}, now)
}

// EndedAway is Ended with the seats whose player was away from the
// table they came to (their bot playing): lost as forfeits are, and
// marked apart from them (Match.Away).
func (t *Tournament) EndedAway(n int, places [4]int, forfeit, away [4]bool, now time.Time) ([]Start, error) {
	i := slices.IndexFunc(t.Playing, func(p Playing) bool { return p.Table == n })
	if i < 0 {
		return nil, fmt.Errorf("table %d: %w", n, ErrUnknown)
	}
	p := t.Playing[i]
	sys := t.System()
	places = sys.Seating.Places(places)
	if _, err := Worth(places); err != nil {
		return nil, fmt.Errorf("table %d: %w", n, err)
	}
	for s := range forfeit {
		forfeit[s] = forfeit[s] || away[s]
	}
	f, err := sys.Seating.forfeits(places, forfeit)
	if err != nil {
		return nil, fmt.Errorf("table %d: %w", n, err)
	}
	a, _ := sys.Seating.forfeits(places, away)
	m := Match{Round: p.Round, Table: n, Players: p.Players, Places: places, Forfeit: f, Away: a}
	t.Playing = slices.Delete(t.Playing, i, i+1)
	t.Matches = append(t.Matches, m)
	for _, id := range p.Players {
		if id != Bot {
			sys.Pairing.back(t, id, now, p.Players)
		}
	}
	return t.Tick(now), nil
}

// Listed is the tournament's lobby line under the server's id for it:
// once it is over, with its podium.
func (t *Tournament) Listed(id string) Listed {
	var podium []Placed
	// Only a finished one has a podium: the lists of one in play count
	// no standings (every list and page asks for them).
	if t.Phase == Finished && !t.Cancelled {
		if st, err := t.Standings(); err == nil {
			for _, s := range st[:min(3, len(st))] {
				p := Placed{Points: s.Points, Names: []string{t.NameOf(s.Player)}}
				if tm, ok := t.Teams[s.Player]; ok {
					p.Names = []string{t.NameOf(tm.First), t.NameOf(tm.Second)}
				}
				podium = append(podium, p)
			}
		}
	}
	return Listed{
		ID: id, Name: t.Config.Name, Kind: t.Config.Kind, Game: t.Config.Game,
		Phase: t.Phase, Players: t.Players(), Start: t.Config.Start,
		End:   t.System().Pairing.End(t.Config),
		Round: t.Round, Rounds: t.Config.Rounds,
		Duplicate: t.Config.Duplicate, Partners: t.Config.Partners,
		Podium: podium, Description: t.Config.Description,
		Private: t.Config.Private, Cancelled: t.Cancelled,
	}
}
