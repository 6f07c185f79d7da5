package tables

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	"okey/game/classic"
	"okey/game/format"
	"okey/server/keep"
)

// A table is one goroutine (run) that owns everything about it: the
// referee, the seats, the chat, the clock. Sessions talk to it only
// through its requests channel; it talks back only through each
// member's box, a channel of capacity one where the latest update
// replaces the one not yet read. A session that stops reading therefore
// never holds the table up, nor the other players.

// Options are the server's settings every table follows.
type Options struct {
	BotDelay   time.Duration // a bot's move waits this long (so people see it)
	BotTimeout time.Duration // a bot that takes longer fails
	KeepSeat   time.Duration // an absent player's seat is kept so long
	HandWait   time.Duration // the longest the table waits between hands (with a timer)
	ChatEvery  time.Duration // a member may chat ChatBurst lines per ChatEvery
	ChatBurst  int
	ChatKeep   int // lines of chat kept
	// Muted says whether the operator has muted a player (by their
	// identity), and until when (zero: until unmuted): their chat lines
	// are refused, and they are told (nil: nobody is).
	Muted       func(id string) (until time.Time, muted bool)
	RoomIdle    time.Duration // a waiting room where nothing happens this long closes
	KeepMatches int           // finished matches' records kept (0: all)
	Log         *slog.Logger
	Now         func() time.Time
	// random is where matches' seeds and salts come from (fair.go).
	Random io.Reader
	// Fault, when set (tests), is called at points where a bug could
	// panic: "handle" as a table takes a request, "bot" as a bot is
	// asked; and at "event" as the table takes anything (a request, a
	// bot's answer, its clock) before it looks at its lease, where a
	// test freezes a table as a stopped process would be; and, in a
	// node's hall, at "claim" as a takeover is about to claim the
	// table's record it read, "give" as the node gives a table's
	// lease up, "moved" as it hears another node took a table over,
	// and "lobby" as its relay writes the lobby or says it is alive.
	Fault func(where, table string)
	// rate, when set, is handed each finished match to rate (the
	// rater's queue: it never waits for the store).
	Rate func(keep.MatchEnd)
	// DailyScored, when set, is handed each daily hand's score as the
	// hand ends (daily.go); it must not wait for the store.
	DailyScored func(DailyScore)
	// SeatedEnded, when set, is handed each tournament table's match
	// as it ends (seated.go), and again when a table whose match ended
	// is brought back: it must not wait for the store, and must take
	// a table's end once.
	SeatedEnded func(SeatedEnd)
	// RatingOf reads an identity's rating in a game, for the seats'
	// panels (nil: ratings are not kept).
	RatingOf func(ctx context.Context, gameName, id string) (float64, bool)
	// lobby is told when the table's lobby row changes (nil: nobody
	// listens).
	Lobby *News
	// Lease, when set (a node of a cluster), is the node's hold on its
	// tables' leases: a table acts on nothing queued and sends its
	// members nothing unless its lease is surely still the node's
	// (run.go's mayAct). A node that was frozen comes back with
	// requests, bots' answers and its clock queued, while another node
	// may have run the table since.
	Lease Lease
	// Searches are the node's slots for 101's expert bots, whose
	// decisions search (about a hundred times hard's CPU): an expert
	// seat searches only with a slot free, and plays hard's move
	// otherwise, so that the node's expert tables together never take
	// more of its CPU than the slots (asker.askSeat). nil: no limit (tests).
	Searches chan struct{}
	// searchWait is how long an expert waits for one of Searches (0:
	// searchWait; tests that hold every slot set it short).
	searchWait time.Duration
}

// DailyScore is a hand of a daily played: which table, day and hand, and
// the player's score in par's measure.
type DailyScore struct {
	Table  string
	Game   string
	Date   string
	Player string
	Name   string
	// Hand is the hand's number from 1.
	Hand  int
	Score int
	// Record is the hand's record (its one-hand match's), kept sealed
	// for the player to verify once the day is over.
	Record []byte
}

// Table is one table of the server.
type Table struct {
	ID   string
	kind GameKind
	Opt  Options
	reqs chan Request
	// done is closed when the table's goroutine has ended.
	Done chan struct{}
	// ratings are the seats' owners' ratings as last read.
	ratings ratings
	// ten is the table's hold on being this node's to run.
	ten *tenure
	// summary is the latest Summary, for the lobby.
	Summary atomic.Pointer[Summary]
	// Finished is the record of the table's last finished match, for
	// "record TABLE" (door's command.go).
	Finished atomic.Pointer[[]byte]
	// saving is the table's side of its saver: the snapshots handed to
	// it and written, and whether the store takes them.
	saving tableSaving

	// Owned by run:
	Cfg      Config
	Ref      referee   // nil until the host starts
	sit      seating   // the seats, the spectators, the host
	chat     tableChat // its lines, and the operator's mutes changed
	refusals refusals
	created  time.Time
	matchNo  uint64
	// entrants are who sat at each seat when the match began: the ones
	// its end rates (a player who leaves a match still has its result).
	// nil for a match restored from before ratings: its end rates who
	// holds the seats then.
	entrants *[classic.NumSeats]keep.Entrant
	// f is the format the table plays in (game/format): which hand is
	// dealt next and from what seal, who sits where, what is scored and
	// shown; policy is what it decides for the whole table.
	f      format.Format
	policy format.Policy
	// seal is the match's seed and salt, and the commitment to them
	// (fair.go): never in a session's message before the format shows
	// it.
	seal format.Seal
	// roomSince is the waiting room's last change (a seat taken or
	// left, a chat line): it closes Options.RoomIdle after.
	roomSince time.Time
	// tell makes what the table tells: each member's update, the
	// lobby's summary (updates.go).
	tell teller
	// bot puts the questions to the bots, one at a time.
	bot asker
	// clock is the turn's clock, the bots' delay and the seats' banks.
	clock   turnClock
	closing bool
	// awaited are a seated table's seats whose player has not come yet
	// (seated.go).
	awaited [classic.NumSeats]bool
	// awayAt is when each seat's player last began to be away while
	// the match was under way (zero: at it), and absent the seats whose
	// player was away longer than their time to come to it, where the
	// format says that loses the match (Policy.AwayLoses: seats.go).
	awayAt [classic.NumSeats]time.Time
	absent [classic.NumSeats]bool
	// pressed are the seats whose player pressed a key at the table
	// this match (a move, a chat line, a word that they are here): one
	// whose turn runs out before is away from that moment, and where
	// the format says so (Policy.AwayLoses) the match is lost for them
	// at once (seats.go's outOfTime).
	pressed [classic.NumSeats]bool
	// botFor counts the moves each seat's bot played for the seat's
	// player since the player last moved (here: a table taken over
	// counts from its takeover). A player back at a table that moved
	// with a move of theirs on its way learns from it that the move was
	// not played (seatmsg.Update's BotPlayed).
	botFor [classic.NumSeats]int
	// evicted: the table closes now, its seats given up (nobody is at
	// it, and the hall needs the room).
	evicted bool
	// restarted is where the match went on from when every server had
	// stopped (BroughtBack), and told who has been told it.
	restarted *Restarted
	told      map[string]bool
	// takenOver: this node took the table over from another mid-match
	// (TakenOver); its players are told once, as they come back.
	takenOver bool
}

// teller makes what a table tells its members and the lobby
// (updates.go): their updates from the table's state, shown once the
// store holds it, and the summary. The table owns it.
type teller struct {
	// idleSince is since when nobody has been at the table.
	idleSince time.Time
}

// BroughtBack marks a table restored when its server started, nobody
// having run it meanwhile (a restart, or a power cut of every node):
// each player who comes back to a seat they held is told where its
// match went on from. Call it before Run.
func (t *Table) BroughtBack() {
	if t.Ref == nil {
		return
	}
	if st, _ := t.Ref.Stage(); st == stMatchOver {
		return
	}
	t.restarted = &Restarted{Hand: t.Ref.Hand(), Move: t.Ref.Events()}
	t.told = map[string]bool{}
}

// TakenOver marks a table this node took over from another (its node
// lost, or frozen) mid-match, where BroughtBack has nothing to say: each
// player who comes back to a seat they held is told once that the
// table moved to another server and play resumes (JoinReply.Moved). A
// player whose session was on the lost node is seated again with no
// key, and would otherwise see the table jump on with no word. Called
// before the table runs.
func (t *Table) TakenOver() {
	if t.Ref == nil || t.restarted != nil {
		return
	}
	if st, _ := t.Ref.Stage(); st == stMatchOver {
		return
	}
	t.takenOver, t.told = true, map[string]bool{}
}

// refusal is why a member's last request was refused, numbered so
// that a screen says each once: text is the game's error, or a key of
// the words (the screen says it in its language).
type refusal struct {
	text string
	seq  uint64
}

// refusals are the members' last refusals.
type refusals map[*Member]refusal

// add tells m its request was refused, and why.
func (r refusals) add(m *Member, text string) { r[m] = refusal{text: text, seq: r[m].seq + 1} }

// addErr tells m why its request was refused, if it was.
func (r refusals) addErr(m *Member, err error) {
	if err != nil {
		r.add(m, err.Error())
	}
}

func (t *Table) TableID() string { return t.ID }

func (t *Table) GameKind() GameKind { return t.kind }

func (t *Table) Private() bool { return t.Cfg.Code != "" }

func (t *Table) Ended() <-chan struct{} { return t.Done }

// setMatchOver reports whether the format's hand under way ended its
// match and was scored (a duplicate's or a daily's hand of 101 always,
// classic's rarely): the players move on with n, each ready in turn, not
// the host alone.
func (t *Table) setMatchOver() bool {
	if t.Ref == nil || !t.f.HandOver() {
		return false
	}
	st, _ := t.Ref.Stage()
	return st == stMatchOver
}
