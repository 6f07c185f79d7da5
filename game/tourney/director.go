package tourney

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Kind is a tournament's kind: an arena (join any time, a new table as
// soon as four wait, until the end time) or Swiss rounds (a fixed
// number of rounds, each paired by the standings).
type Kind string

// The kinds of tournament.
const (
	Arena Kind = "arena"
	Swiss Kind = "swiss"
)

// Config is what a tournament's creator chose. The game, its rules and
// the match's length are the tables' to play; the director only needs
// them to say so.
type Config struct {
	Kind Kind
	// Name is what the lobby calls it ("Friday arena"); Description an
	// optional line its organiser says of it, on its page and in the
	// list.
	Name        string
	Description string `json:",omitempty"`
	// Game is the game played ("classic" or "101"); Rules its rules'
	// name; Hands the length of one match in its game's measure: 101's
	// hands (1: a match of one hand); classic's points each player
	// starts from, the match played down to 0 as classic's match is
	// (RULES.md; 1 for simple104, whose first to finish wins).
	Game, Rules string
	Hands       int
	// Start is when play begins; Length how long an arena runs (the
	// matches running at its end are finished); Rounds how many rounds
	// a Swiss plays.
	Start  time.Time
	Length time.Duration
	Rounds int
	// BotWait is how long a player of an arena waits for three others
	// before bots fill the table (0: no bots in this arena). A Swiss
	// round's short tables always take bots.
	BotWait time.Duration
	// BotLevel is the bots' level.
	BotLevel string
	// Back is how long a Swiss player has to come back for the next
	// round before they forfeit it: the table waits that long for them,
	// then a bot plays their seat and the table reports the forfeit
	// (Ended).
	Back time.Duration
	// Away is how long a player who came to their table may be away
	// from it (gone, or their bot playing for want of a key) before the
	// match is lost for them, whatever the bot makes of it; in an arena
	// they are paused then (0: Back, the time to come).
	Away time.Duration `json:",omitempty"`
	// Duplicate: every table of a Swiss round plays the same deals (one
	// secret seed a round, committed before it and shown after).
	Duplicate bool
	// Partners: 101's eşli — the entrants are teams of two (the server
	// forms them), each team at two seats facing each other, with one
	// score.
	Partners bool
	// Turn is how long a player has for a turn at its tables before
	// their bot plays it (0: the server's timer); Bank is time each
	// player may draw on over a match when a turn runs past it (0:
	// none). The tournament's time control, the same at every table.
	Turn time.Duration `json:",omitempty"`
	Bank time.Duration `json:",omitempty"`
	// Private: only a player with its join code (the server's, shown to
	// its creator) joins; public when false.
	Private bool `json:",omitempty"`
}

// AwayFor is how long a player may be away from their table before
// the match is lost for them: Away, or the time to come (Back).
func (c Config) AwayFor() time.Duration { return cmp.Or(c.Away, c.Back) }

// Errors a tournament's director refuses with.
var (
	ErrConfig   = errors.New("the tournament's settings cannot be played")
	ErrFinished = errors.New("the tournament is over")
	ErrStarted  = errors.New("the Swiss rounds have begun: no one joins now")
	ErrUnknown  = errors.New("no such player or table in the tournament")
)

// Phase is where a tournament is.
type Phase string

// The phases, in order.
const (
	Starting Phase = "starting"
	Running  Phase = "running"
	// Ending: an arena past its end time, its last matches still
	// played.
	Ending   Phase = "ending"
	Finished Phase = "finished"
)

// Entrant is a player who joined.
type Entrant struct {
	Rating int
	// Left: the player left the tournament (an arena's pool and a Swiss
	// pairing skip them; their matches count).
	Left bool
	// Paused: the player lost a match for want of being at it (not come
	// to their table in time, or away from it, their bot playing,
	// longer than that) and is out of an arena's pool, their points
	// kept, until they come back (Join: a key on the tournament's
	// page). Pause.
	Paused bool `json:",omitempty"`
	// Name is what the pages call the player, as the server cleaned it
	// when they joined ("": none known): kept with the tournament so
	// that every node's page names every player, a guest or a key not
	// rated yet among them, and never shows an id. The director never
	// reads it.
	Name string `json:",omitempty"`
}

// Playing is a match under way: its table number (the server's) and
// its seats.
type Playing struct {
	Table   int
	Round   int
	Players Table
	Began   time.Time
}

// Start is a table the director asks the server to open: its seats
// (Bot for a bot's) and the round it belongs to.
type Start struct {
	Round   int
	Players Table
}

// Tournament is a tournament's whole state, a value the server keeps in
// its store and drives with the events of its tables and players: Join,
// Leave, Ended, and Tick with the time. Each returns the tables to open
// now. It reads no clock and draws nothing; it is not safe for
// concurrent use (its owner's one goroutine drives it).
type Tournament struct {
	Config  Config
	Phase   Phase
	Joined  map[string]Entrant
	Pool    []Waiting
	Playing []Playing
	Matches []Match
	// Round is the Swiss round under way (from 1; 0 before the first).
	Round int
	// Teams are a partners' tournament's teams by their ids, which its
	// Joined, Pool, Playing and Matches hold (team.go); Lone are its
	// players waiting for a partner, in the order they joined.
	Teams map[string]Team `json:",omitempty"`
	Lone  []Lone          `json:",omitempty"`
	// Invites are a partners' tournament's asks to partner waiting for
	// their answer, in the order they were made (team.go).
	Invites []Invite `json:",omitempty"`
	// Names are the names of a partners' tournament's players as they
	// joined (Named), who have no Entrant of their own (their team
	// has): what every node's pages call them, and what an ask to
	// partner finds them by, and what a seat held for one of them is
	// named by. The director never reads it.
	Names map[string]string `json:",omitempty"`
	// Cancelled: its organiser called it off before its start
	// (Cancel); it is Finished, with no match. ByOperator: the
	// server's operator did, not its creator.
	Cancelled  bool `json:",omitempty"`
	ByOperator bool `json:",omitempty"`
	// Changed is its organiser's last change of its settings before
	// its start, said to its entrants on its page (nil: none). The
	// director never reads it.
	Changed *Change `json:",omitempty"`
	// Refused are the asks to partner the owner refused, by the player
	// who asked (their latest), until they ask, answer or leave again:
	// what their page tells them. The director never reads it.
	Refused map[string]Refusal `json:",omitempty"`
}

// Change is an organiser's change of a tournament's settings before its
// start: when, whether the server's operator made it (not its
// creator), and which settings it changed (Config.Changed).
type Change struct {
	At         time.Time
	ByOperator bool `json:",omitempty"`
	What       []string
}

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

// Tick moves the tournament on to now: it starts, pairs who can be
// paired, ends an arena at its time, begins the next Swiss round once
// the last is played, and finishes. It returns the tables to open.
func (t *Tournament) Tick(now time.Time) []Start {
	sys := t.System()
	if t.Phase == Starting && !now.Before(t.Config.Start) {
		t.Phase = Running
		sys.Pairing.start(t, now)
	}
	sys.Seating.tick(t, sys.Pairing, now)
	if t.Phase != Running && t.Phase != Ending {
		return nil
	}
	return sys.Pairing.tick(t, sys.Seating, now)
}

// System is the systems the tournament is run by, chosen from its
// Config (Config.System): the one value the director asks how the
// tournament pairs, scores and seats.
func (t *Tournament) System() System { return t.Config.System() }

// Standings are the tournament's standings now, under its scoring's
// rules: the arena's with its streaks, the Swiss's with its tie-break.
func (t *Tournament) Standings() ([]Standing, error) {
	return Standings(t.System().Scoring.Rules(), ratings(t.Joined), t.Matches)
}

// ratings are the entrants' ratings at entry, by id: what the
// standings rank the last ties by.
func ratings(joined map[string]Entrant) map[string]int {
	out := make(map[string]int, len(joined))
	for id, e := range joined {
		out[id] = e.Rating
	}
	return out
}

// ids are the players still in, in a fixed order.
func (t *Tournament) ids() []string {
	var out []string
	for id, e := range t.Joined {
		if !e.Left {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// Listed is a tournament as a lobby lists it: the server's id for it,
// what it is, where it is, and how many play in it.
type Listed struct {
	ID      string
	Name    string
	Kind    Kind
	Game    string
	Phase   Phase
	Players int
	Start   time.Time
	// End is when an arena stops pairing (zero for Swiss rounds, which
	// end with their last round).
	End time.Time
	// Round is the Swiss round under way, of Rounds.
	Round, Rounds int
	// Duplicate and Partners are its options: every list that names
	// its kind says them too ("Swiss · duplicate"), a player choosing
	// one to join needs to know.
	Duplicate, Partners bool `json:",omitempty"`
	// Podium are a finished tournament's first three, best first: what
	// its line in a list says of its results.
	Podium []Placed `json:",omitempty"`
	// Description is its organiser's line of it; Private says a join
	// asks for its code; Cancelled says it was called off before its
	// start.
	Description        string `json:",omitempty"`
	Private, Cancelled bool   `json:",omitempty"`
	// Until is when a finished tournament leaves the lists (zero: not
	// finished, or not said): the server's to set.
	Until time.Time `json:",omitzero"`
}

// Placed is one of a finished tournament's first three as a list
// names them: the names kept of its players (two in partners, "" for
// a bot partner or a name not kept) and its points.
type Placed struct {
	Names  []string
	Points Points
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
