package tourney

import (
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

// Rules are what counts in a kind's standings: an arena's streaks, a
// Swiss's opponents' points.
func (k Kind) Rules() Rules {
	return Rules{Streaks: k == Arena, Opponents: k == Swiss}
}

// Config is what a tournament's creator chose. The game, its rules and
// the match's length are the tables' to play; the director only needs
// them to say so.
type Config struct {
	Kind Kind
	// Name is what the lobby calls it ("Friday arena").
	Name string
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
	// Duplicate: every table of a Swiss round plays the same deals (one
	// secret seed a round, committed before it and shown after).
	Duplicate bool
	// Partners: 101's eşli — the entrants are teams of two (the server
	// forms them), each team at two seats facing each other, with one
	// score.
	Partners bool
}

// Errors a tournament's director refuses with.
var (
	ErrConfig   = errors.New("the tournament's settings cannot be played")
	ErrFinished = errors.New("the tournament is over")
	ErrStarted  = errors.New("the Swiss rounds have begun: no one joins now")
	ErrUnknown  = errors.New("no such player or table in the tournament")
)

// Check says what is wrong with a configuration, nil if nothing.
func (c Config) Check() error {
	switch {
	case c.Kind != Arena && c.Kind != Swiss:
		return fmt.Errorf("kind %q: %w", c.Kind, ErrConfig)
	case c.Hands < 1:
		return fmt.Errorf("%d hands a match: %w", c.Hands, ErrConfig)
	case c.Kind == Arena && c.Length <= 0:
		return fmt.Errorf("an arena of no length: %w", ErrConfig)
	case c.Kind == Swiss && c.Rounds < 1:
		return fmt.Errorf("%d Swiss rounds: %w", c.Rounds, ErrConfig)
	case c.Kind == Arena && c.Duplicate:
		return fmt.Errorf("duplicate deals need rounds, not an arena: %w", ErrConfig)
	case c.Partners && c.Game != "101":
		return fmt.Errorf("partners are a 101 option, not %q's: %w", c.Game, ErrConfig)
	}
	return nil
}

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
	// Refused are the asks to partner the owner refused, by the player
	// who asked (their latest), until they ask, answer or leave again:
	// what their page tells them. The director never reads it.
	Refused map[string]Refusal `json:",omitempty"`
}

// New is a tournament before its start.
func New(c Config) (*Tournament, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	return &Tournament{Config: c, Phase: Starting, Joined: map[string]Entrant{}}, nil
}

// Join adds a player (or brings back one who left): into an arena's
// pool at once while it runs; a Swiss takes players only before its
// first round. In partners the player joins a team (team.go), or waits
// alone for a partner.
func (t *Tournament) Join(id string, rating int, now time.Time) ([]Start, error) {
	switch {
	case t.Phase == Finished || t.Phase == Ending:
		return nil, ErrFinished
	case t.Config.Partners:
		return t.joinPartners(id, rating, now)
	case t.Config.Kind == Swiss && t.Round > 0:
		if e, ok := t.Joined[id]; ok && e.Left {
			e.Left = false
			t.Joined[id] = e
			return nil, nil
		}
		return nil, ErrStarted
	}
	t.Joined[id] = Entrant{Rating: rating, Name: t.Joined[id].Name}
	if t.Config.Kind == Arena && t.Phase == Running && !t.busy(id) && !t.waiting(id) {
		t.Pool = append(t.Pool, Waiting{Player: id, Rating: rating, Since: now, Points: t.points(id)})
	}
	return t.Tick(now), nil
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
	if t.Config.Partners && name != "" && slices.Contains(t.People(), id) {
		if t.Names == nil {
			t.Names = map[string]string{}
		}
		t.Names[id] = name
	}
}

// Leave takes a player out of the pairing; their matches stand, and a
// match they are playing is played on (by a bot, the table's business).
// In partners a player's team leaves with them; one alone stops
// waiting.
func (t *Tournament) Leave(id string) error {
	if _, ok := t.InviteOf(id); ok {
		t.leaveInvite(id)
		if !slices.ContainsFunc(t.Lone, func(l Lone) bool { return l.Player == id }) {
			return nil // the asker: only in their ask
		}
	}
	if t.Alone(id) {
		t.Lone = slices.DeleteFunc(t.Lone, func(l Lone) bool { return l.Player == id })
		return nil
	}
	id = t.Unit(id)
	e, ok := t.Joined[id]
	if !ok {
		return fmt.Errorf("%s: %w", id, ErrUnknown)
	}
	e.Left = true
	t.Joined[id] = e
	t.Pool = slices.DeleteFunc(t.Pool, func(w Waiting) bool { return w.Player == id })
	return nil
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
	if t.Config.Kind == Arena && t.Phase == Running {
		for _, id := range p.Players {
			if id == Bot || t.Joined[id].Left || t.waiting(id) {
				continue // a bot, one who left, a team's second seat
			}
			t.Pool = append(t.Pool, Waiting{Player: id, Rating: t.Joined[id].Rating, Since: now, Points: t.points(id)})
		}
	}
	return t.Tick(now), nil
}

// Ended records table n's match as its record ends it (places by
// seat, in partners the teams' ranks as 101 gives them, 1, 2, 1, 2; the
// forfeits of a Swiss round), puts its players back in the
// pool, and returns the tables to open now.
func (t *Tournament) Ended(n int, places [4]int, forfeit [4]bool, now time.Time) ([]Start, error) {
	i := slices.IndexFunc(t.Playing, func(p Playing) bool { return p.Table == n })
	if i < 0 {
		return nil, fmt.Errorf("table %d: %w", n, ErrUnknown)
	}
	p := t.Playing[i]
	if t.Config.Partners {
		places = SeatPlaces(places)
	}
	m := Match{Round: p.Round, Table: n, Players: p.Players, Places: places, Forfeit: forfeit}
	if _, err := Worth(places); err != nil {
		return nil, fmt.Errorf("table %d: %w", n, err)
	}
	if t.Config.Partners {
		if places[0] != places[2] || places[1] != places[3] {
			return nil, fmt.Errorf("table %d: partners' places %v: %w", n, places, ErrPlaces)
		}
		m.Forfeit = partnersForfeit(forfeit)
	}
	t.Playing = slices.Delete(t.Playing, i, i+1)
	t.Matches = append(t.Matches, m)
	if t.Config.Kind == Arena && t.Phase == Running {
		for _, id := range p.Players {
			if id == Bot || t.Joined[id].Left || t.waiting(id) {
				continue // a bot, one who left, a team's second seat
			}
			var last []string
			for _, o := range p.Players {
				if o != id && o != Bot && !slices.Contains(last, o) {
					last = append(last, o)
				}
			}
			t.Pool = append(t.Pool, Waiting{Player: id, Rating: t.Joined[id].Rating, Since: now, Last: last, Points: t.points(id)})
		}
	}
	return t.Tick(now), nil
}

// Tick moves the tournament on to now: it starts, pairs who can be
// paired, ends an arena at its time, begins the next Swiss round once
// the last is played, and finishes. It returns the tables to open.
func (t *Tournament) Tick(now time.Time) []Start {
	if t.Phase == Starting && !now.Before(t.Config.Start) {
		t.Phase = Running
		if t.Config.Kind == Arena {
			for _, id := range t.ids() {
				t.Pool = append(t.Pool, Waiting{Player: id, Rating: t.Joined[id].Rating, Since: now})
			}
		}
	}
	if t.Config.Partners && (t.Phase == Starting || t.Phase == Running) {
		t.lapse(now)
	}
	t.pairLone(now)
	t.botPartners(now)
	switch {
	case t.Phase != Running && t.Phase != Ending:
		return nil
	case t.Config.Kind == Arena:
		return t.tickArena(now)
	default:
		return t.tickSwiss()
	}
}

func (t *Tournament) tickArena(now time.Time) []Start {
	if t.Phase == Running && !now.Before(t.Config.Start.Add(t.Config.Length)) {
		t.Phase, t.Pool = Ending, nil
		t.dropInvites() // nobody is teamed now: an asker found no partner
	}
	if t.Phase == Ending {
		if len(t.Playing) == 0 {
			t.Phase = Finished
		}
		return nil
	}
	tables, still := PairArena(t.Pool, now, t.Config.BotWait, t.Config.Partners)
	t.Pool = still
	out := make([]Start, len(tables))
	for i, tb := range tables {
		out[i] = Start{Players: tb}
	}
	return out
}

func (t *Tournament) tickSwiss() []Start {
	if len(t.Playing) > 0 {
		return nil
	}
	if t.Round >= t.Config.Rounds {
		t.Phase = Finished
		return nil
	}
	var order []string
	st, _ := Standings(Rules{Opponents: true}, t.ratings(), t.Matches)
	for _, s := range st {
		if e, ok := t.Joined[s.Player]; ok && !e.Left {
			order = append(order, s.Player)
		}
	}
	if len(order) == 0 {
		t.Phase = Finished
		return nil
	}
	t.Round++
	tables := PairSwiss(order, MetIn(t.Matches), t.Config.Partners)
	out := make([]Start, len(tables))
	for i, tb := range tables {
		out[i] = Start{Round: t.Round, Players: tb}
	}
	return out
}

// Standings are the tournament's standings now, under its kind's
// rules: the arena's with its streaks, the Swiss's with its tie-break.
func (t *Tournament) Standings() ([]Standing, error) {
	return Standings(t.Config.Kind.Rules(), t.ratings(), t.Matches)
}

// points is a player's points now.
func (t *Tournament) points(id string) Points {
	st, err := t.Standings()
	if err != nil {
		return 0
	}
	for _, s := range st {
		if s.Player == id {
			return s.Points
		}
	}
	return 0
}

func (t *Tournament) ratings() map[string]int {
	out := make(map[string]int, len(t.Joined))
	for id, e := range t.Joined {
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

func (t *Tournament) busy(id string) bool {
	return slices.ContainsFunc(t.Playing, func(p Playing) bool { return slices.Contains(p.Players[:], id) })
}

func (t *Tournament) waiting(id string) bool {
	return slices.ContainsFunc(t.Pool, func(w Waiting) bool { return w.Player == id })
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
}

// Listed is the tournament's lobby line under the server's id for it.
func (t *Tournament) Listed(id string) Listed {
	l := Listed{
		ID: id, Name: t.Config.Name, Kind: t.Config.Kind, Game: t.Config.Game,
		Phase: t.Phase, Players: t.Players(), Start: t.Config.Start,
		Round: t.Round, Rounds: t.Config.Rounds,
		Duplicate: t.Config.Duplicate, Partners: t.Config.Partners,
	}
	if t.Config.Kind == Arena {
		l.End = t.Config.Start.Add(t.Config.Length)
	}
	return l
}
