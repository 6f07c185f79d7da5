package tables

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/game/classic"
	"okey/game/format"
	"okey/kit/seatmsg"
	"okey/server/keep"
)

// Config is what the host chose for a table.
type Config struct {
	// Game is the game's name ("classic", "101").
	Game string `json:"game"`
	// Rules are the game's rules options.
	Rules string `json:"rules"`
	// Levels are the bots' levels, seat by seat, for the seats nobody
	// holds (and for a player's stand-in).
	Levels [classic.NumSeats]string `json:"levels"`
	// Timer is how long a player has for a turn before their bot plays
	// it; 0 is no timer.
	Timer time.Duration `json:"timer"`
	// Bank is time each player may draw on over a match once a turn
	// runs past Timer (a tournament's time control); 0 is none.
	Bank time.Duration `json:"bank,omitempty"`
	// Code is the join code of a private table; "" is a public one.
	Code string `json:"code,omitempty"`
	// SameAddr is the host's consent to several seats held from one
	// address (friends behind one router). Without it, a second identity
	// from an address that holds a seat here is refused one: one person
	// with a key and a guest login would otherwise see two racks.
	SameAddr bool `json:"same_addr,omitempty"`
	// Daily makes the table a daily table (daily.go): one player, the
	// day's hands; nil for every other table.
	Daily *format.DailyPlan `json:"daily,omitempty"`
	// Duplicate makes the table a duplicate table (duplicate.go): the
	// same deals played four times, the players moving round the seats;
	// Levels are then by player, not by seat. nil for every other table.
	Duplicate *format.DuplicatePlan `json:"duplicate,omitempty"`
	// Seated makes the table a tournament's (seated.go): its players'
	// seats held for them, its one match dealt at once. nil for every
	// other table.
	Seated *Seated `json:"seated,omitempty"`
	// Round makes a tournament's table one of a duplicate round: dealt
	// from the round's seal (format.Round). nil for every other table.
	Round *format.RoundPlan `json:"round,omitempty"`
}

// Check reports the first thing wrong with the configuration.
func (c Config) Check() error {
	k, ok := FindKind(c.Game)
	if !ok {
		return fmt.Errorf("game %q: not offered here", c.Game)
	}
	if err := k.checkRules(c.Rules); err != nil {
		return err
	}
	for i, l := range c.Levels {
		if _, err := expertclassic.New(l, botsclassic.Options{}); err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	if c.Timer < 0 || c.Bank < 0 {
		return fmt.Errorf("timer %v, bank %v: must not be negative", c.Timer, c.Bank)
	}
	if c.Daily != nil && c.Duplicate != nil {
		return fmt.Errorf("%w: not a daily too", ErrDuplicate)
	}
	if c.Round != nil && c.Seated == nil {
		return fmt.Errorf("%w: a duplicate round's table is a tournament's", ErrSeated)
	}
	if c.Seated != nil {
		if c.Daily != nil || c.Duplicate != nil || c.Code != "" {
			return fmt.Errorf("%w: not a daily, a duplicate or a private table too", ErrSeated)
		}
		if err := c.Seated.check(); err != nil {
			return err
		}
	}
	if c.Daily != nil {
		return c.Daily.Check(c.Game)
	}
	if c.Duplicate != nil {
		return c.Duplicate.Check(c.Game, c.Rules)
	}
	return nil
}

// format is the format the table plays in, at its first hand: the
// config says which (a daily's plan, a duplicate's, or neither: match
// after match; a tournament's table, Seated, its players awaited and its
// one match played out), and this is the one place that reads it so —
// the table drives every format alike.
func (c Config) format() format.Format {
	var f format.Format
	switch {
	case c.Daily != nil:
		f = format.NewServedDaily(c.Game, c.Daily)
	case c.Duplicate != nil:
		f = format.NewDuplicate(c.Game, *c.Duplicate)
	case c.Round != nil:
		f = format.NewRound(*c.Round)
	default:
		f = format.NewMatch(c.Rules)
	}
	if c.Seated != nil {
		f = format.Seated(f)
	}
	return f
}

// lobbyShown is what the lobby's list shows of a table's format.
type lobbyShown struct {
	// daily: a daily table, whose records nobody is given while the
	// day lasts.
	daily bool
	// deals is a duplicate's number of deals (0: not one).
	deals int
	// round: a table of a tournament's duplicate round.
	round bool
	// tourney is the tournament whose table it is ("": none).
	tourney string
}

// lobbyFormat is what the lobby's list shows of the table's format.
func (c Config) lobbyFormat() lobbyShown {
	l := lobbyShown{daily: c.Daily != nil, round: c.Round != nil}
	if c.Duplicate != nil {
		l.deals = c.Duplicate.Deals
	}
	if c.Seated != nil {
		l.tourney = c.Seated.Tourney
	}
	return l
}

// chosen are the players a tournament chose for its table, seat by
// seat ("": a bot's), and how long each has to come to their seat:
// none, and 0, at a table that is not a tournament's (whose format's
// Policy says Chosen).
func (c Config) chosen() (players [classic.NumSeats]string, back time.Duration) {
	if c.Seated == nil {
		return players, 0
	}
	return c.Seated.Players, c.Seated.Back
}

// awayFor is how long a tournament's player may be away from their
// seat before the match is lost for them (Seated's Away, else Back; 0
// at a table that is not a tournament's).
func (c Config) awayFor() time.Duration {
	if c.Seated == nil {
		return 0
	}
	return cmp.Or(c.Seated.Away, c.Seated.Back)
}

// chosenNames are the names of the players a tournament seated at the
// table, by seat ("": none, or not a tournament's table): a held seat
// is named by them, and the table's bots keep off them.
func (c Config) chosenNames() (names [classic.NumSeats]string) {
	if c.Seated == nil {
		return names
	}
	return c.Seated.Names
}

// chosenEnd is the end a tournament's table hands back (Seated.end);
// ok false at any other table, or with its match not over.
func (c Config) chosenEnd(id string, ref referee, owners [classic.NumSeats]string, absent [classic.NumSeats]bool) (SeatedEnd, bool) {
	return c.Seated.end(id, ref, owners, absent)
}

// Member is a session at a table: a player at a seat, or a spectator
// (seat -1). box is its mailbox of capacity one.
type Member struct {
	id   string // identity: "key:SHA256:…" or "guest:CODE"
	name string
	addr string // the address the session came from
	// Seat is the seat taken at joining (-1: watching), written by the
	// table only as it answers the join. A duplicate table moves its
	// players later without changing it (the session reads it): the
	// session follows the seat its updates' views name.
	Seat int
	Box  chan Msg
	// chat is how much the member said lately.
	chat ChatRate
	// muteTold is the end of the mute the member was last told of (nil:
	// none; the table's goroutine's own): a mute is said once, not at
	// each change of anyone's, and again once another is put on them
	// (lifted and put back, or lapsed and put again).
	muteTold *time.Time
	// shown is the last message of the table's game or room put in
	// Box (the table's goroutine's own): a word that the table paused
	// goes with it, so that it never takes the place of a view unread.
	shown Msg
	// reseat is the token of the session the member came for, when it
	// joined asking for its seat again after the table moved (the
	// table's goroutine's own; Request.Reseat): "" for any other join.
	reseat string
}

// NewMember is a session's (or another node's session's) membership of
// a table, its box empty.
func NewMember(id, name, addr string, seat int) *Member {
	return &Member{id: id, name: name, addr: addr, Seat: seat, Box: make(chan Msg, 1)}
}

// Msg is what a table hands a member: the waiting room before the
// match, the game's update after; closed ends the membership.
type Msg struct {
	Room *Room
	// Update is the game as the member's seat sees it (nil: none in
	// this message).
	Update *seatmsg.Update
	Closed string
	// Dup is a duplicate table's final standing, with its Closed
	// "dup.over": the last hand's update may not have been handed out
	// (nobody at the table waited for it).
	Dup *seatmsg.Duplicate
	// Held is a seat's own end of a match whose deal other tables may
	// still be playing, with its Closed "round.held", in place of the
	// final update that would show the whole deal (heldEnd).
	Held *seatmsg.Held
	// Paused says the table takes no moves now: the store does not take
	// its writes (refused, or not answered), and it plays on only once
	// what it holds is saved. A message may say it alone.
	Paused bool
	// Busy says a request of the member's, relayed from its session's
	// node, was not taken: the table's queue stayed full (the table
	// behind, its store slow). A session at a table here is told so at
	// once by Send; one on another node, whose request was sent
	// without waiting for an answer, is told by this. A message may
	// say it alone.
	Busy bool
}

// heldClosed is the end of a seat's place at a table whose deal other
// tables may still be playing (heldEnd in updates.go).
const heldClosed = "round.held"

// Room is the table before its match starts, for the waiting room.
type Room struct {
	ID      string
	Cfg     Config
	Players [classic.NumSeats]seatmsg.Player
	// rated is each seat's rated identity (a key's, a bot level's; ""
	// for a guest, whose resume code no other session may hold), for
	// the ratings the room shows.
	Rated [classic.NumSeats]string
	Host  bool
	Seat  int
	Chat  []seatmsg.ChatLine
	// refused is why this member's last request was refused, numbered
	// by refusedSeq.
	Refused    string
	RefusedSeq uint64
}

// reqKind is what a session asks of a table.
type reqKind uint8

const (
	ReqJoin  reqKind = iota + 1 // take a seat (or one's own back)
	ReqWatch                    // watch
	ReqLeave                    // leave (gone: the session ended)
	ReqMove                     // a seat's move
	ReqNewMatch
	ReqStart
	ReqChat
	ReqHere  // an away player pressed a key
	ReqEvict // the hall needs the room: a table nobody is at closes
	ReqAway  // a player has pressed no key for a while: their bot plays
)

// Request is a session's message to a table.
type Request struct {
	Kind reqKind
	M    *Member
	Seat int // ReqJoin: the seat wanted, -1 for any
	Move any
	Text string
	Gone bool // ReqLeave: the connection ended (the seat is kept)
	// Resume: a ReqJoin made with a guest's resume code, typed by
	// someone who may have read it off the guest's screen. The table
	// refuses it while the seat's player is connected (ErrSeatLive),
	// away or not: the table's node is the one that knows, whichever
	// node the code was typed on.
	Resume bool
	// Reseat: a ReqJoin made by a session asking for its seat again
	// after the table moved, named by a token of that session's. A
	// seat another session of the player's holds (one that came while
	// this one's node was frozen) is refused (ErrSeatLive): the stale
	// session yields, where a newer connection would take the seat. A
	// seat this session's own earlier ask took (its answer lost) is
	// taken again.
	Reseat string
	Reply  chan JoinReply // ReqJoin, ReqWatch
}

// JoinReply answers a join or a watch.
type JoinReply struct {
	Seat int
	Err  error
	// Restarted, for a player back at a seat they held when every
	// server stopped, is where the table went on from (nil: nothing to
	// tell them).
	Restarted *Restarted
	// Moved, for a player back at a seat they held when another node
	// took the table over (TakenOver): it moved to another server, and
	// play resumes.
	Moved bool
}

// Restarted is where a table brought back after its servers stopped
// (a restart, or a power cut of the whole cluster) went on from: the
// hand, and the moves of it kept. A move made in the last second before
// the stop may not have been kept (the store syncs its files every
// second), so each player coming back to their seat is told this once.
type Restarted struct {
	Hand int `json:"hand"`
	Move int `json:"move"`
}

// Reasons a seat is refused.
var (
	ErrTableFull = errors.New("no free seat at this table")
	ErrSeatTaken = errors.New("that seat is taken")
	// ErrSameAddr is a seat refused because another seat at the table is
	// held from the same address, and the host did not allow it.
	ErrSameAddr = errors.New("another seat at this table is held from your address")
	ErrClosed   = errors.New("the table has closed")
	// ErrNoAnswer is a seat asked of another node's table with no answer
	// in time (a slow or frozen node, a table moving): the table may
	// still seat the member, so the asker tries again, and leaves the
	// seat if it gives up, rather than call the table closed.
	ErrNoAnswer = errors.New("the table did not answer in time")
	// ErrSeatLive is a resume code refused: the seat's player is
	// connected to the table (from any node), away or not.
	ErrSeatLive = errors.New("the seat's player is connected: a resume code does not take it")
	// errBotPanicked is a bot that panicked instead of answering.
	errBotPanicked = errors.New("the bot panicked")
)

// Summary is a table as the lobby lists it.
type Summary struct {
	ID      string
	Game    string
	Rules   string
	Private bool
	// Daily: a daily table, whose records nobody is given while the
	// day lasts.
	Daily bool
	// Duplicate is a duplicate table's number of deals (0: not one).
	Duplicate int
	Code      string
	Started   bool
	Over      bool
	Hand      int
	Players   [classic.NumSeats]seatmsg.Player
	Owners    [classic.NumSeats]string
	Watchers  int
	Timer     time.Duration
	// Addrs are the addresses the seats' owners sat down from.
	Addrs [classic.NumSeats]string
	// Idle is since when nobody has been at the table (no player
	// connected, nobody watching); zero while someone is.
	Idle time.Time
	// Closes is when the table will close by itself if nothing changes
	// (a waiting room nobody starts, seats kept for players who are
	// gone); zero when it will not.
	Closes time.Time

	// Round: a table of a tournament's duplicate round, whose record
	// the tournament gives out once the round is over.
	Round bool
	// Tourney is the tournament whose table it is ("": none): a session
	// takes a player to the tournament's table that holds their seat.
	Tourney string `json:",omitempty"`
}

// Free is the number of seats a newcomer may take.
func (s *Summary) Free() int {
	n := 0
	for i := range s.Players {
		if s.Owners[i] == "" {
			n++
		}
	}
	return n
}

// Holds reports the seat id holds at the table, or -1.
func (s *Summary) Holds(id string) int {
	for i, o := range s.Owners {
		if o != "" && o == id {
			return i
		}
	}
	return -1
}

// lobbyRow is what the lobby shows of a table: two summaries with the
// same row draw the same lines.
type lobbyRow struct {
	id, game, rules string
	started, over   bool
	hand, watchers  int
	timer           time.Duration
	players         [classic.NumSeats]seatmsg.Player
	owners          [classic.NumSeats]string
}

func LobbyRowOf(t *Summary) lobbyRow {
	return lobbyRow{id: t.ID, game: t.Game, rules: t.Rules, started: t.Started, over: t.Over, hand: t.Hand,
		watchers: t.Watchers, timer: t.Timer, players: t.Players, owners: t.Owners}
}

// Seated is a tournament's table: its players are chosen by the
// tournament, not by who sits down, so the table opens with each
// player's seat held for them and its match dealt at once. A player
// comes to the seat held for them as one back to a table (joinAs);
// while one who has not yet come is awaited (Back), the table waits on
// their turn; once Back has passed, their seat is given up and a bot
// plays it, and the table's end says the seat was forfeit. One who came
// and is then away from the seat (gone, or their bot playing for want
// of a key) longer than Away loses the match for them all the same
// (Policy.AwayLoses: a bot earns nothing for its player). Seats of
// nobody ("") are bots' from the start, and bots play on whether anyone
// watches or not: a tournament's match is played to its end. The table
// plays one match: its end (SeatedEnd) is handed to the SeatedEnded
// option, and no other match follows at it.
type Seated struct {
	// Tourney is the tournament's id.
	Tourney string `json:"tourney"`
	// Players are the identities seated, seat by seat ("": a bot).
	Players [classic.NumSeats]string `json:"players"`
	// Names are the names the tournament knows its players by, seat by
	// seat ("": none known): a seat held for a player not yet come shows
	// whose it is, at the table and in the lobby, not an empty name.
	Names [classic.NumSeats]string `json:"names,omitzero"`
	// Back is how long a player has to come to their seat; Away how
	// long one who came may be away from it before the match is lost
	// for them (0: Back).
	Back time.Duration `json:"back"`
	Away time.Duration `json:"away,omitempty"`
}

// ErrSeated is a seated table's configuration that cannot be played.
var ErrSeated = errors.New("a tournament's table")

// check says what is wrong with a seated table's configuration.
func (s *Seated) check() error {
	switch {
	case s.Tourney == "":
		return fmt.Errorf("%w: of no tournament", ErrSeated)
	case s.Back < 0 || s.Away < 0:
		return fmt.Errorf("%w: back %v, away %v", ErrSeated, s.Back, s.Away)
	}
	for i, p := range s.Players {
		if p != "" && slices.Index(s.Players[:], p) != i {
			return fmt.Errorf("%w: %s seated twice", ErrSeated, p)
		}
	}
	return nil
}

// SeatedEnd is a seated table's match as it ended: the players the
// tournament seated, their places (1 to 4, equal for a tie), and the
// seats whose match is lost for their player (Forfeit): not at them at
// the end (not come in time, or gone and their seat given up), or away
// from them, their bot playing, longer than their time to come.
type SeatedEnd struct {
	// TableID is the table's number.
	TableID string
	Tourney string
	Players [classic.NumSeats]string
	Places  [classic.NumSeats]int
	Forfeit [classic.NumSeats]bool
	// Away marks which of the forfeits were the player away from the
	// seat they came to (their bot playing), not never come to it or
	// gone from it for good: a tournament's page says which.
	Away [classic.NumSeats]bool `json:",omitzero"`
	// Results are the seats' results in their game's measure, more
	// being better (format.Outcome's): a duplicate round's tables are
	// scored against each other by them.
	Results [classic.NumSeats]int
	// Record is the match's record, over: what the tournament's pages
	// give out and okey verify checks.
	Record []byte `json:"-"`
	// Rating is the match as the rater takes it, where the table does
	// not rate it (a duplicate round's: Table.heldRating): the
	// tournament hands it to the rater once the round is over (nil:
	// the table rated it, or nothing to rate).
	Rating *keep.MatchEnd `json:",omitempty"`
}

// end is a seated table's match, over, as Options.SeatedEnded is handed
// it: table id's, played by ref, its seats held by owners (a player not
// at their seat forfeited it), absent those whose player was away from
// it too long (lost for them too). The same match always gives the
// same end (the tournament takes a table's end once). ok false: not a
// seated table, or its match not over.
func (se *Seated) end(id string, ref referee, owners [classic.NumSeats]string, absent [classic.NumSeats]bool) (SeatedEnd, bool) {
	if se == nil || ref == nil {
		return SeatedEnd{}, false
	}
	places, _, ok := ref.Standings()
	if !ok {
		return SeatedEnd{}, false
	}
	end := SeatedEnd{TableID: id, Tourney: se.Tourney, Players: se.Players, Places: places, Record: ref.Record()}
	if o, ok := ref.Outcome(); ok {
		end.Results = o.Results()
	}
	for i, p := range se.Players {
		end.Forfeit[i] = p != "" && (owners[i] != p || absent[i])
		end.Away[i] = p != "" && owners[i] == p && absent[i]
	}
	return end, true
}
