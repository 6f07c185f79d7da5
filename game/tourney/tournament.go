package tourney

import (
	"cmp"
	"errors"
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

// Table is a table the pairing seats: four ids, Bot for a seat a bot
// fills. At a partners' table (101's eşli) a team's id sits at two
// seats facing each other, 0 and 2 or 1 and 3.
type Table [4]string

// Invite is a partners' player's ask that one waiting alone be their
// partner, waiting for the answer: From joined with it (or asked from
// alone) and is held apart until To answers; To stays alone, held
// out of the teaming by join order.
type Invite struct {
	From, To string
	// Rating is From's; Since when From joined or asked.
	Rating int
	Since  time.Time
	// Asked is when From asked (zero in a tournament kept before it
	// was: Since): the ask lapses AskLapse after (Tick).
	Asked time.Time `json:",omitzero"`
	// Entry: the ask is From's only entry, as the server
	// has it when From comes from the address of the one asked (one
	// entry an address, a team's two one entry): ended other than in
	// the two's team — declined, taken back, lapsed, dropped, or the
	// one asked gone — From is out of the tournament, not alone.
	Entry bool `json:",omitempty"`
}

// Errors an ask for a partner is refused with (besides the director's
// others: ErrFinished, ErrStarted, ErrUnknown for one not waiting alone
// in the tournament).
var (
	ErrNoPartners = errors.New("the tournament is not played in partners")
	ErrTeamed     = errors.New("already in a team")
	ErrAsked      = errors.New("an ask to partner waits for its answer")
)

// System is a tournament's pairing, scoring and seating.
type System struct {
	Pairing Pairing
	Scoring Scoring
	Seating Seating
}

// Said is a line a page says of a tournament, as a value: the key of
// its words and their arguments, the page's to write in its language.
// An argument of the types below is written as they say; Plural says
// the first argument is the count the words' plural forms are chosen
// by.
type Said struct {
	Key    string
	Plural bool
	Args   []any
}

// The arguments a page writes in its words.
type (
	// SaidSpan is a stretch of time, in minutes or hours and minutes.
	SaidSpan time.Duration
	// SaidLeft is the time left to a deadline the players count down
	// to: a span, but in seconds in its last minute.
	SaidLeft time.Duration
	// SaidWait is a short wait, in seconds or whole minutes.
	SaidWait time.Duration
	// SaidOver is more than a short wait ("longer than 2 min"): a
	// language may write it as a word of its own (Turkish's
	// "2 dakikadan fazla", not "2 dk süreden fazla").
	SaidOver time.Duration
	// SaidLevel is the bots' level ("": normal).
	SaidLevel string
)

// Names are the keys of the words a tournament's kind and options are
// named by ("Swiss · duplicate"), its pairing's first.
func (s System) Names() []string {
	out := []string{"tourney.kind." + string(s.Pairing.Kind())}
	out = append(out, s.Scoring.names()...)
	return append(out, s.Seating.names()...)
}

// Said are the lines of a tournament's rules that its systems say, in
// the order the page reads them: the pairing's first line, what the
// scoring counts, the rest of the pairing's, the tie-breaks, the
// scoring's deals, the seating's.
func (s System) Said(c Config) []Said {
	p := s.Pairing.said(c)
	out := append([]Said{p[0]}, s.Scoring.said()...)
	out = append(out, p[1:]...)
	out = append(out, s.Scoring.Ties())
	out = append(out, s.Scoring.deals()...)
	return append(out, s.Seating.said(c, s.Pairing)...)
}

// seatingOf is the seating of players alone, or of partners' teams.
func seatingOf(partners bool) Seating {
	return Config{Partners: partners}.System().Seating
}

// Pairing is who sits with whom, and when: the arena's pool (a table
// as soon as four wait, until its end time) or Swiss rounds (each
// paired by the standings once the last is played).
type Pairing interface {
	// Kind is the kind of tournament it pairs: what names it.
	Kind() Kind
	// Open says whether t takes a player not in it yet: an arena
	// until it is over, a Swiss until its first round is paired (one
	// who left may come back: Join).
	Open(t *Tournament) bool
	// End is when it stops pairing by the clock (zero: with its last
	// round).
	End(c Config) time.Time
	// Unopened puts the players of a table the server could not open
	// back where the pairing takes them from: the arena's pool,
	// waiting from now (a Swiss's round plays it no more).
	Unopened(t *Tournament, players Table, now time.Time)
	// Progress is what a lobby says of a tournament l while it runs:
	// when it ends, or the round under way.
	Progress(l Listed, now time.Time) Said
	// GivenUp is the key of what a page tells a player whose seat at
	// their table in play was given up (its number the words'
	// argument): what comes next for them.
	GivenUp(t *Tournament) string

	// said are its lines of the rules; lone the line that says what
	// becomes of a player waiting alone for a partner, teamAway what
	// becomes of a team one of whose players is away from their table.
	said(c Config) []Said
	lone(c Config) Said
	teamAway() Said
	// start is the tournament's start; back puts a unit (joined,
	// teamed, back from table from: all bots for none) where the
	// pairing takes it from, waiting since.
	start(t *Tournament, now time.Time)
	back(t *Tournament, unit string, since time.Time, from Table)
	// tick pairs who can be paired, seated by s, and moves the
	// tournament on to its end.
	tick(t *Tournament, s Seating, now time.Time) []Start
	// pairsAll says whether the next tick pairs everyone in (a
	// Swiss's first round): nobody waits for a partner past it.
	// botWait is how long a player alone waits for a partner before a
	// bot partners them (0: not by the clock).
	pairsAll(t *Tournament) bool
	botWait(c Config) time.Duration
}

// Scoring is what a tournament's standings count: the places' points
// with the arena's streaks or the Swiss's tie-break, and, in duplicate
// rounds, the field beside them.
type Scoring interface {
	// Rules are what counts in the standings.
	Rules() Rules
	// Columns are the keys of the standings' columns after the wins:
	// "streak", "rating", "opponents".
	Columns() []string
	// Sealed says whether every table of a round plays the same deals
	// from one secret seed (duplicate rounds): sealed before the
	// round, its records given once it is over, each seat scored
	// against the field.
	Sealed() bool
	// Ties is the line that names its tie-breaks in the order they
	// rank (Ranked), every one of them: what a page says under
	// standings with players level on points.
	Ties() Said

	// names are the keys of the words of its options; said its lines
	// of the rules after the pairing's first, deals the lines of the
	// deals it plays.
	names() []string
	said() []Said
	deals() []Said
}

// Seating is who the pairing's units are, and how they sit: players
// alone, one a seat, or partners' teams of two, each at two seats
// facing each other.
type Seating interface {
	// Per is how many of the pairing's units a table seats (seated by
	// seatUnits: a team at two seats facing each other).
	Per() int
	// Places are a match's places as the standings count them, from
	// the places its referee gives.
	Places(places [4]int) [4]int
	// Asks says whether players may ask one another to partner.
	Asks() bool
	// FieldKey is the key a seat's result is scored under against the
	// field (a team's two seats apart); FieldUnit the unit a key's
	// score adds up into.
	FieldKey(unit string, seat int) string
	FieldUnit(key string) string
	// Pool is what a page says of the units waiting in the pool.
	Pool(n int) Said

	// names are the keys of the words of its option; said its lines of
	// the rules (p says what becomes of one alone).
	names() []string
	said(c Config, p Pairing) []Said
	// forfeits are a match's forfeits as the standings count them,
	// its places checked.
	forfeits(places [4]int, forfeit [4]bool) ([4]bool, error)
	// join, ask, leave and named are Join's, Ask's, Leave's and
	// Named's part (leave says whether it was all of Leave).
	join(t *Tournament, p Pairing, id string, rating int, now time.Time) ([]Start, error)
	ask(t *Tournament, p Pairing, ask Invite, now time.Time) ([]Start, error)
	leave(t *Tournament, id string) bool
	named(t *Tournament, id, name string)
	// tick is Tick's part, before the pairing's; stop is the pairing's
	// end; players counts the players in.
	tick(t *Tournament, p Pairing, now time.Time)
	stop(t *Tournament)
	players(t *Tournament) int
}

// Waiting is a player in the arena's pool: back from a match (or just
// joined) and waiting for a table.
type Waiting struct {
	Player string
	Points Points
	Rating int
	// Since is when the player came back to the pool.
	Since time.Time
	// Last are the other players of the player's last table (none:
	// just joined).
	Last []string
}

// Team is a partners' team: its two players in the order they were
// teamed (Second is Bot when a bot partners First).
type Team struct {
	First, Second string
}

// Lone is a player of a partners' tournament waiting for a partner.
type Lone struct {
	Player string
	Rating int
	// Since is when they joined, or came back alone.
	Since time.Time
	// Declined are the players this one declined as partners, or was
	// declined by: the join order never teams them with these.
	Declined []string `json:",omitempty"`
}

// Refusal is why the owner refused a player's ask to partner after the
// node they asked from let it through (the partner teamed or asked by
// another meanwhile): kept with the tournament so that the asker's page
// says it. Why is one of the WhyTeamed... words.
type Refusal struct {
	To  string
	Why string
	At  time.Time
}
