package tables

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/ui"
	"okey/ui/pages"
	"okey/ui/seatmsg"
	"okey/ui/serve/keep"
)

// A table is one goroutine (run) that owns everything about it: the
// referee, the seats, the chat, the clock. Sessions talk to it only
// through its requests channel; it talks back only through each
// member's box, a channel of capacity one where the latest update
// replaces the one not yet read. A session that stops reading therefore
// never holds the table up, nor the other players.

// Config is what the host chose for a table.
type Config struct {
	// Game is the game's name ("classic", "101").
	Game string `json:"game"`
	// Rules are the game's rules options.
	Rules string `json:"rules"`
	// Levels are the bots' levels, seat by seat, for the seats nobody
	// holds (and for a player's stand-in).
	Levels [game.NumSeats]string `json:"levels"`
	// Timer is how long a player has for a turn before their bot plays
	// it; 0 is no timer.
	Timer time.Duration `json:"timer"`
	// Code is the join code of a private table; "" is a public one.
	Code string `json:"code,omitempty"`
	// SameAddr is the host's consent to several seats held from one
	// address (friends behind one router). Without it, a second identity
	// from an address that holds a seat here is refused one: one person
	// with a key and a guest login would otherwise see two racks.
	SameAddr bool `json:"same_addr,omitempty"`
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
		if _, err := bots.New(l, bots.Options{}); err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	if c.Timer < 0 {
		return fmt.Errorf("timer %v: must not be negative", c.Timer)
	}
	return nil
}

// Member is a session at a table: a player at a seat, or a spectator
// (seat -1). box is its mailbox of capacity one.
type Member struct {
	id   string // identity: "key:SHA256:…" or "guest:CODE"
	name string
	addr string // the address the session came from
	Seat int
	Box  chan Msg
	// chat rate: the times of the last chat lines.
	chatAt []time.Time
}

// NewMember is a session's (or another node's session's) membership of
// a table, its box empty.
func NewMember(id, name, addr string, seat int) *Member {
	return &Member{id: id, name: name, addr: addr, Seat: seat, Box: make(chan Msg, 1)}
}

// Msg is what a table hands a member: the waiting room before the
// match, the game's update after; closed ends the membership.
type Msg struct {
	Room   *Room
	Update tea.Msg
	Closed string
}

// Room is the table before its match starts, for the waiting room.
type Room struct {
	ID      string
	Cfg     Config
	Players [game.NumSeats]seatmsg.Player
	// rated is each seat's rated identity (a key's, a bot level's; ""
	// for a guest, whose resume code no other session may hold), for
	// the ratings the room shows.
	Rated [game.NumSeats]string
	Host  bool
	Seat  int
	Chat  []seatmsg.ChatLine
	// refused is why this member's last request was refused, numbered
	// by refusedSeq.
	Refused    string
	RefusedSeq uint64
}

// seatState is one seat as the table keeps it.
type seatState struct {
	// owner is the identity holding the seat, "" for a bot seat.
	owner string
	name  string
	m     *Member // the session playing, nil while away
	// away: the player's bot plays (out of time until they press a key).
	away bool
	// keep is how long an absent owner's seat is kept for them.
	keep  time.Time
	ready bool
	// addr is the address the owner sat down from: an address holds
	// seats at only so many tables.
	addr string
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
	Kind  reqKind
	M     *Member
	Seat  int // reqJoin: the seat wanted, -1 for any
	Move  any
	Text  string
	Gone  bool           // reqLeave: the connection ended (the seat is kept)
	Reply chan JoinReply // reqJoin, reqWatch
}

// JoinReply answers a join or a watch.
type JoinReply struct {
	Seat int
	Err  error
}

// Reasons a seat is refused.
var (
	ErrTableFull = errors.New("no free seat at this table")
	ErrSeatTaken = errors.New("that seat is taken")
	// ErrSameAddr is a seat refused because another seat at the table is
	// held from the same address, and the host did not allow it.
	ErrSameAddr = errors.New("another seat at this table is held from your address")
	ErrClosed   = errors.New("the table has closed")
	// errBotPanicked is a bot that panicked instead of answering.
	errBotPanicked = errors.New("the bot panicked")
)

// Summary is a table as the lobby lists it.
type Summary struct {
	ID       string
	Game     string
	Rules    string
	Private  bool
	Code     string
	Started  bool
	Over     bool
	Hand     int
	Players  [game.NumSeats]seatmsg.Player
	Owners   [game.NumSeats]string
	Watchers int
	Timer    time.Duration
	// Addrs are the addresses the seats' owners sat down from.
	Addrs [game.NumSeats]string
	// Idle is since when nobody has been at the table (no player
	// connected, nobody watching); zero while someone is.
	Idle time.Time
	// Closes is when the table will close by itself if nothing changes
	// (a waiting room nobody starts, seats kept for players who are
	// gone); zero when it will not.
	Closes time.Time
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

// Options are the server's settings every table follows.
type Options struct {
	BotDelay    time.Duration // a bot's move waits this long (so people see it)
	BotTimeout  time.Duration // a bot that takes longer fails
	KeepSeat    time.Duration // an absent player's seat is kept so long
	HandWait    time.Duration // the longest the table waits between hands (with a timer)
	ChatEvery   time.Duration // a member may chat chatBurst lines per chatEvery
	ChatBurst   int
	ChatKeep    int           // lines of chat kept
	RoomIdle    time.Duration // a waiting room where nothing happens this long closes
	KeepMatches int           // finished matches' records kept (0: all)
	Log         *slog.Logger
	Now         func() time.Time
	// random is where matches' seeds and salts come from (fair.go).
	Random io.Reader
	// fault, when set (tests), is called at points where a bug could
	// panic: "handle" as a table takes a request, "bot" as a bot is
	// asked.
	Fault func(where, table string)
	// rate, when set, is handed each finished match to rate (the
	// rater's queue: it never waits for the store).
	Rate func(keep.MatchEnd)
	// ratingOf reads an identity's rating in a game, for the seats'
	// panels (nil: ratings are not kept).
	RatingOf func(ctx context.Context, gameName, id string) (float64, bool)
	// lobby is told when the table's lobby row changes (nil: nobody
	// listens).
	Lobby *News
}

// Table is one table of the server.
type Table struct {
	ID   string
	kind GameKind
	Opt  Options
	reqs chan Request
	// done is closed when the table's goroutine has ended.
	Done chan struct{}
	// ratings are the ratings of the seats' owners as last read, and
	// ratingsFor whose they are (a new set of owners is read again, off
	// the table's goroutine, into ratingsIn).
	ratings    map[string]float64
	ratingsFor [game.NumSeats]string
	ratingsIn  chan seatRatings
	// savedDeadline is the turn clock's end as last saved.
	savedDeadline time.Time
	// lost is closed when the table is no longer this node's to run (its
	// lease lost, or a write fenced off because another node wrote it):
	// it stops at once, writing nothing more.
	lost     chan struct{}
	loseOnce sync.Once
	// summary is the latest Summary, for the lobby.
	Summary atomic.Pointer[Summary]
	// Finished is the record of the table's last finished match, for
	// "record TABLE" (package serve's command.go).
	Finished atomic.Pointer[[]byte]
	saver    *Saver

	// Owned by run:
	Cfg      Config
	Ref      referee // nil until the host starts
	seats    [game.NumSeats]seatState
	watchers map[*Member]struct{}
	hostID   string
	chat     []seatmsg.ChatLine
	chatSeq  uint64
	refusals map[*Member]refusal
	created  time.Time
	matchNo  uint64
	// entrants are who sat at each seat when the match began: the ones
	// its end rates (a player who leaves a match still has its result).
	// nil for a match restored from before ratings: its end rates who
	// holds the seats then.
	entrants *[game.NumSeats]keep.Entrant
	// seal is the match's seed and salt, and the commitment to them
	// (fair.go): never in a session's message before the match is over.
	seal seal
	// roomSince is the waiting room's last change (a seat taken or
	// left, a chat line): it closes roomIdle after.
	roomSince time.Time
	// idleSince is since when nobody has been at the table.
	idleSince time.Time

	// The bot being asked: a seat and a question number; answers with
	// another number are stale.
	asking int
	askID  uint64
	answer chan botAnswer
	// deadline: the turn's (or the pause between hands') end; nextBot:
	// when the next bot move is asked.
	deadline time.Time
	nextBot  time.Time
	closing  bool
	// evicted: the table closes now, its seats given up (nobody is at
	// it, and the hall needs the room).
	evicted bool
	// botPanicked: a bot's panic has been logged with its stack.
	botPanicked bool
}

type refusal struct {
	text string
	seq  uint64
}

type botAnswer struct {
	id   uint64
	seat int
	move any
	err  error
}

// New makes a table; run starts it.
func New(id string, cfg Config, opt Options, sv *Saver) (*Table, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	k, _ := FindKind(cfg.Game)
	t := &Table{
		ID: id, kind: k, Opt: opt, Cfg: cfg, reqs: make(chan Request, 64), Done: make(chan struct{}), lost: make(chan struct{}),
		watchers: map[*Member]struct{}{}, refusals: map[*Member]refusal{}, asking: -1,
		answer: make(chan botAnswer, 1), created: opt.Now(), saver: sv, ratingsIn: make(chan seatRatings, 1),
	}
	t.roomSince = t.created
	sv.fenced = t.Lose
	t.publishSummary()
	return t, nil
}

// Lose stops the table because another node runs it now; any goroutine
// may call it, any number of times.
func (t *Table) Lose() { t.loseOnce.Do(func() { close(t.lost) }) }

// moved stops a table another node has taken over: its members are told
// to find it again in the lobby (where the new node lists it), and
// nothing is written: what this node would write now would be refused.
func (t *Table) moved() {
	t.closing = true
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, Msg{Closed: "table.moved"})
		}
	}
	for m := range t.watchers {
		t.put(m, Msg{Closed: "table.moved"})
	}
	t.saver.drop()
}

// Run is the table's goroutine: requests, bots' answers and the clock,
// one at a time, until ctx ends (the server stops: everything is saved)
// or the table closes (nobody holds a seat any more).
func (t *Table) Run(ctx context.Context, closed func(*Table)) {
	defer close(t.Done)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	t.schedule()
	t.publish()
	for {
		wait := t.nextWake()
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(wait)
		stop := false
		if !t.guarded(func() {
			select {
			case r := <-t.reqs:
				t.handle(r)
			case r := <-t.ratingsIn:
				if r.owners == t.ratingsFor {
					t.ratings = r.ratings
				}
			case a := <-t.answer:
				t.onBot(a)
			case <-timer.C:
				t.onClock()
			case <-ctx.Done():
				t.shutdown("server.stopping")
				stop = true
				return
			case <-t.lost:
				t.moved()
				closed(t)
				stop = true
				return
			}
			t.schedule()
			if t.empty() {
				t.close()
				closed(t)
				stop = true
				return
			}
			t.publish()
		}) {
			t.park()
			closed(t)
			return
		}
		if stop {
			return
		}
	}
}

// guarded runs f, and reports false if it panicked: the stack is
// logged once, and the table must be parked.
func (t *Table) guarded(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			t.Opt.Log.Error("panic at a table: parked", "table", t.ID, "panic", r, "stack", string(debug.Stack()))
			ok = false
		}
	}()
	f()
	return true
}

// park stops a table that hit a bug, and nothing else: its players are
// told, its files stay as last saved (the state after the panic is not
// trusted, so it is not saved), and it comes back after a restart.
func (t *Table) park() {
	t.closing = true
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, Msg{Closed: "table.parked"})
		}
	}
	for m := range t.watchers {
		t.put(m, Msg{Closed: "table.parked"})
	}
	t.saver.flush()
}

// Send is a session's non-blocking request: false when the table is
// busy (its queue full) or gone.
func (t *Table) Send(r Request) bool {
	select {
	case t.reqs <- r:
		return true
	default:
		return false
	}
}

// Call is a request that must arrive (joining, leaving): it waits for
// room in the queue, the table's end, or ctx.
func (t *Table) Call(ctx context.Context, r Request) bool {
	select {
	case t.reqs <- r:
		return true
	case <-t.Done:
	case <-ctx.Done():
	}
	return false
}

// handle takes one request.
func (t *Table) handle(r Request) {
	if t.Opt.Fault != nil {
		t.Opt.Fault("handle", t.ID)
	}
	switch r.Kind {
	case ReqJoin:
		seat, err := t.join(r.M, r.Seat)
		r.Reply <- JoinReply{Seat: seat, Err: err}
	case ReqWatch:
		r.M.Seat = -1
		t.watchers[r.M] = struct{}{}
		r.Reply <- JoinReply{Seat: -1}
		t.Opt.Log.Info("watch", "table", t.ID, "name", r.M.name)
	case ReqLeave:
		t.leave(r.M, r.Gone)
	case ReqMove:
		if s := t.seatOf(r.M); s >= 0 {
			t.here(s)
			t.move(r.M, s, r.Move)
		}
	case ReqNewMatch:
		if s := t.seatOf(r.M); s >= 0 && t.isHost(r.M) {
			t.refuseIf(r.M, t.newMatch())
		}
	case ReqStart:
		if t.Ref == nil && t.isHost(r.M) {
			t.refuseIf(r.M, t.start())
		}
	case ReqChat:
		t.say(r.M, r.Text)
	case ReqHere:
		if s := t.seatOf(r.M); s >= 0 {
			t.here(s)
		}
	case ReqAway:
		if s := t.seatOf(r.M); s >= 0 && !t.seats[s].away {
			t.seats[s].away = true
			t.Opt.Log.Info("away: no key pressed", "table", t.ID, "seat", s, "name", t.seats[s].name)
			if t.Ref != nil {
				if stg, turn := t.Ref.Stage(); stg == stPlaying && turn == s {
					t.deadline = time.Time{}
				}
			}
		}
	case ReqEvict:
		if !t.idleSince.IsZero() {
			t.Opt.Log.Info("evicted: the hall needs the room", "table", t.ID)
			t.evicted = true
		}
	}
	if t.Ref == nil && r.Kind != ReqMove && r.Kind != ReqEvict {
		t.roomSince = t.Opt.Now()
	}
}

// join seats m: at the seat it holds (a reconnection, or the same key
// again: the older session is let go), else at the seat asked for, else
// at the first seat nobody holds.
func (t *Table) join(m *Member, want int) (int, error) {
	seat := -1
	for i := range t.seats {
		if t.seats[i].owner == m.id {
			seat = i
		}
	}
	switch {
	case seat >= 0:
	case want >= 0 && want < game.NumSeats:
		if t.seats[want].owner != "" {
			return -1, ErrSeatTaken
		}
		seat = want
	default:
		for i := range t.seats {
			if t.seats[i].owner == "" {
				seat = i
				break
			}
		}
		if seat < 0 {
			return -1, ErrTableFull
		}
	}
	if t.seats[seat].owner != m.id && !t.Cfg.SameAddr && sharedAddr(m.addr) {
		for i, o := range t.seats {
			if i != seat && o.owner != "" && o.owner != m.id && o.addr == m.addr {
				return -1, ErrSameAddr
			}
		}
	}
	s := &t.seats[seat]
	if s.m != nil && s.m != m {
		// The same player again: the new session takes the seat.
		t.put(s.m, Msg{Closed: "replaced"})
		t.Opt.Log.Info("replaced", "table", t.ID, "seat", seat, "name", s.name)
	}
	back := s.owner == m.id
	delete(t.watchers, m)
	s.owner, s.m, s.away, s.keep, s.addr = m.id, m, false, time.Time{}, m.addr
	if !back || s.name == "" {
		s.name = t.uniqueName(m.name, seat)
	}
	m.Seat = seat
	if t.hostID == "" {
		t.hostID = m.id
	}
	t.Opt.Log.Info("sit", "table", t.ID, "seat", seat, "name", s.name, "back", back)
	t.save()
	return seat, nil
}

// sharedAddr reports whether addr counts for the one-address rule: every
// address but the loopback's, whose players are on the server's own
// machine (tests, a player at the console) and not two people hiding
// behind one.
func sharedAddr(addr string) bool {
	if addr == "" {
		return false
	}
	if p, err := netip.ParsePrefix(addr); err == nil {
		return !p.Addr().IsLoopback()
	}
	ip, err := netip.ParseAddr(addr)
	return err != nil || !ip.IsLoopback()
}

// uniqueName is name, made different from the other seats' names.
func (t *Table) uniqueName(name string, seat int) string {
	name = pages.CleanName(name)
	if name == "" {
		name = "guest"
	}
	taken := func(n string) bool {
		for i, s := range t.seats {
			if i != seat && s.owner != "" && strings.EqualFold(s.name, n) {
				return true
			}
		}
		return false
	}
	out := name
	for n := 2; taken(out); n++ {
		suffix := fmt.Sprint(n)
		out = pages.CleanName(CutWidth(name, pages.MaxNameLen-len(suffix)) + suffix)
	}
	return out
}

// leave takes m from the table. A player whose connection ended keeps
// the seat for keepSeat (their bot plays meanwhile, once the match is
// on); one who left on purpose gives it up to a bot.
func (t *Table) leave(m *Member, gone bool) {
	if _, ok := t.watchers[m]; ok {
		delete(t.watchers, m)
		t.Opt.Log.Info("unwatch", "table", t.ID, "name", m.name)
		return
	}
	s := t.seatOf(m)
	if s < 0 {
		return
	}
	st := &t.seats[s]
	st.m, st.ready = nil, false
	if gone {
		// A dropped connection keeps its seat, in a match or in its
		// waiting room: the player comes back to it.
		st.keep = t.Opt.Now().Add(t.Opt.KeepSeat)
		t.Opt.Log.Info("away", "table", t.ID, "seat", s, "name", st.name, "kept until", st.keep.Format(time.TimeOnly))
	} else {
		t.Opt.Log.Info("stand", "table", t.ID, "seat", s, "name", st.name)
		st.owner, st.name, st.keep, st.away = "", "", time.Time{}, false
	}
	delete(t.refusals, m)
	if t.hostID == m.id && st.owner == "" {
		t.hostID = ""
		t.pickHost()
	}
	t.save()
}

// seatOf is m's seat, or -1.
func (t *Table) seatOf(m *Member) int {
	for i := range t.seats {
		if t.seats[i].m == m {
			return i
		}
	}
	return -1
}

// present reports whether seat's player is at the table and playing.
func (t *Table) present(seat int) bool {
	s := &t.seats[seat]
	return s.m != nil && !s.away
}

// anyone reports whether a person is at the table: bots play only then.
func (t *Table) anyone() bool {
	for i := range t.seats {
		if t.seats[i].m != nil {
			return true
		}
	}
	return false
}

// empty reports whether the table may close: nobody holds a seat (or
// the hall took the table back).
func (t *Table) empty() bool {
	if t.evicted {
		return true
	}
	for i := range t.seats {
		if t.seats[i].owner != "" {
			return false
		}
	}
	return len(t.watchers) == 0
}

// isHost reports whether m may start the match: the host, or while the
// host is away the first player at the table (a match never waits for
// someone who is not there).
func (t *Table) isHost(m *Member) bool {
	if m.id == t.hostID && t.seatOf(m) >= 0 {
		return true
	}
	if !t.hostAway() {
		return false
	}
	for i := range t.seats {
		if t.seats[i].m != nil {
			return t.seats[i].m == m
		}
	}
	return false
}

// hostAway reports whether the host is not seated and connected.
func (t *Table) hostAway() bool {
	for i := range t.seats {
		if t.seats[i].owner == t.hostID && t.seats[i].m != nil {
			return false
		}
	}
	return true
}

// pickHost passes the host's part to a player at the table.
func (t *Table) pickHost() {
	for i := range t.seats {
		if t.seats[i].m != nil {
			t.hostID = t.seats[i].owner
			return
		}
	}
}

// here marks seat's player present again.
func (t *Table) here(seat int) {
	if t.seats[seat].away {
		t.seats[seat].away = false
		t.Opt.Log.Info("back", "table", t.ID, "seat", seat, "name", t.seats[seat].name)
	}
}

// start deals the first hand of a match whose seed, drawn with a salt
// from the server's source of randomness, is sealed by a commitment
// (fair.go): a seed nobody can guess from the clock or their rack.
func (t *Table) start() error {
	t.ratingsFor = [game.NumSeats]string{} // read again: the last match moved them
	sl, err := drawSeal(t.Opt.Random)
	if err != nil {
		t.Opt.Log.Error("start", "table", t.ID, "err", err)
		return errNoSeed
	}
	meta := t.meta()
	sl.addTo(meta)
	ref, err := t.kind.newReferee(t.Cfg.Rules, sl.seed, meta)
	if err != nil {
		t.Opt.Log.Error("start", "table", t.ID, "err", err)
		return err
	}
	t.matchNo++
	t.seal, t.Ref = sl, ref
	e := t.seatedNow()
	t.entrants = &e
	t.chatBefore()
	t.deadline, t.nextBot = time.Time{}, time.Time{}
	t.cancelBot()
	t.Opt.Log.Info("start", "table", t.ID, "game", t.Cfg.Game, "rules", t.Cfg.Rules, "commit", sl.commit.Short())
	t.save()
	return nil
}

// chatBefore marks the chat said so far as said before the match that
// starts: the places it keeps are an earlier match's deals. The lines
// are copied, never changed: updates handed out share them.
func (t *Table) chatBefore() {
	chat := slices.Clone(t.chat)
	for i := range chat {
		chat[i].Hand, chat[i].Redeal, chat[i].At = 0, 0, 0
	}
	t.chat = chat
}

// newMatch starts a new match at the table after the last one ended.
func (t *Table) newMatch() error {
	t.ratingsFor = [game.NumSeats]string{} // read again: the last match moved them
	if st, _ := t.Ref.Stage(); st != stMatchOver {
		return nil
	}
	if err := t.start(); err != nil {
		return err
	}
	for i := range t.seats {
		t.seats[i].ready = false
	}
	return nil
}

// errNoSeed refuses a match the server could not draw a seed for; its
// Text is a key of the words, said in the player's language.
var errNoSeed = errors.New("fair.noseed")

// refuseIf tells m why its request was refused, if it was.
func (t *Table) refuseIf(m *Member, err error) {
	if err == nil {
		return
	}
	r := t.refusals[m]
	t.refusals[m] = refusal{text: err.Error(), seq: r.seq + 1}
}

// meta is what a record keeps of the table.
func (t *Table) meta() map[string]string {
	m := map[string]string{"program": "okey serve", "table": t.ID}
	for i, s := range t.seats {
		if s.owner != "" {
			m[fmt.Sprintf("name%d", i)] = s.name
		}
		m[fmt.Sprintf("level%d", i)] = t.Cfg.Levels[i]
	}
	return m
}

// Move plays a seat's move.
func (t *Table) move(m *Member, seat int, mv any) {
	if t.Ref == nil {
		return
	}
	stg, _ := t.Ref.Stage()
	in, isIntent := mv.(seatmsg.Intent)
	ready := isIntent && (in.Kind == seatmsg.IntentReady || in.Kind == seatmsg.IntentAct && in.Action.Kind == game.ActNextHand)
	if hand, redeal := t.Ref.Deal(); isIntent && (in.Hand != hand || in.Redeal != redeal) {
		// Made for a deal that is over (the key was pressed as the
		// table moved on): never played on this one. A late "ready"
		// goes quietly; a move is said to have gone nowhere.
		if !ready {
			t.refuse(m, "seat.stale")
		}
		return
	}
	if ready {
		if stg == stHandOver {
			t.seats[seat].ready = true
		}
		return
	}
	turnOver, err := t.Ref.Apply(seat, mv)
	if err != nil {
		if key, ok := ui.ReasonKey(err); ok {
			t.refuse(m, key) // said in the seat's language
		} else {
			t.refuse(m, err.Error())
		}
		if !errors.Is(err, errPartlyPlayed) {
			return
		}
	}
	t.applied(turnOver)
}

// refuse tells m why its request was refused: text is the game's
// error, or a key of the words (the screen says it in its language).
func (t *Table) refuse(m *Member, text string) {
	r := t.refusals[m]
	t.refusals[m] = refusal{text: text, seq: r.seq + 1}
}

// applied moves the clock on after a move.
func (t *Table) applied(turnOver bool) {
	if turnOver {
		t.deadline = time.Time{}
	}
	t.cancelBot()
	t.nextBot = time.Time{}
	if st, _ := t.Ref.Stage(); st != stPlaying {
		t.deadline = time.Time{}
		for i := range t.seats {
			t.seats[i].ready = false
		}
	}
	t.noteFinished()
	t.save()
}

// schedule decides what the table waits for next: a player's move
// (with the clock), a bot's move, or the players between hands. Bots
// play only while someone is at the table.
func (t *Table) schedule() {
	if t.Ref == nil || t.closing {
		return
	}
	defer func() {
		// The clock's end is kept with the table (only when it moved:
		// a turn's start), so that a node taking it over knows it.
		if !t.deadline.Equal(t.savedDeadline) && !t.closing {
			t.save()
		}
	}()
	now := t.Opt.Now()
	stg, turn := t.Ref.Stage()
	switch stg {
	case stPlaying:
		if t.present(turn) {
			if t.Cfg.Timer > 0 && t.deadline.IsZero() {
				t.deadline = now.Add(t.Cfg.Timer)
			}
			return
		}
		if t.asking < 0 && t.anyone() && t.nextBot.IsZero() {
			t.nextBot = now.Add(t.Opt.BotDelay)
		}
	case stHandOver:
		if !t.anyone() {
			return
		}
		all := true
		for i := range t.seats {
			if t.present(i) && !t.seats[i].ready {
				all = false
			}
		}
		if all {
			t.deal()
			t.schedule() // the new hand's first move
			return
		}
		if t.Cfg.Timer > 0 && t.deadline.IsZero() {
			t.deadline = now.Add(max(t.Cfg.Timer, t.Opt.HandWait))
		}
	}
}

// deal deals the next hand.
func (t *Table) deal() {
	if err := t.Ref.NextHand(); err != nil {
		t.Opt.Log.Error("deal", "table", t.ID, "err", err)
		return
	}
	t.applied(true)
}

// nextWake is how long the table may sleep.
func (t *Table) nextWake() time.Duration {
	now := t.Opt.Now()
	wake := now.Add(time.Minute) // kept seats are checked at least this often
	for _, at := range []time.Time{t.deadline, t.nextBot} {
		if !at.IsZero() && at.Before(wake) {
			wake = at
		}
	}
	for i := range t.seats {
		if k := t.seats[i].keep; !k.IsZero() && k.Before(wake) {
			wake = k
		}
	}
	if t.Ref == nil && t.Opt.RoomIdle > 0 {
		if at := t.roomSince.Add(t.Opt.RoomIdle); at.Before(wake) {
			wake = at
		}
	}
	return max(time.Millisecond, wake.Sub(now))
}

// onClock does what the clock says is due: a bot's move, a player out
// of time, the next hand, a kept seat given up.
func (t *Table) onClock() {
	now := t.Opt.Now()
	for i := range t.seats {
		s := &t.seats[i]
		if !s.keep.IsZero() && !now.Before(s.keep) && s.m == nil {
			t.Opt.Log.Info("seat given up", "table", t.ID, "seat", i, "name", s.name)
			if t.hostID == s.owner {
				t.hostID = ""
				t.pickHost()
			}
			s.owner, s.name, s.keep, s.away = "", "", time.Time{}, false
			t.save()
		}
	}
	if t.Ref == nil {
		if t.Opt.RoomIdle > 0 && !now.Before(t.roomSince.Add(t.Opt.RoomIdle)) {
			t.Opt.Log.Info("nobody started the match", "table", t.ID)
			t.closeRoom()
		}
		return
	}
	stg, turn := t.Ref.Stage()
	switch {
	case stg == stPlaying && !t.deadline.IsZero() && !now.Before(t.deadline) && t.present(turn):
		// Out of time: the seat's bot plays, until the player is back.
		t.seats[turn].away = true
		t.deadline = time.Time{}
		t.Opt.Log.Info("out of time", "table", t.ID, "seat", turn, "name", t.seats[turn].name)
		t.ask(turn)
	case stg == stPlaying && !t.nextBot.IsZero() && !now.Before(t.nextBot) && !t.present(turn) && t.asking < 0:
		t.nextBot = time.Time{}
		t.ask(turn)
	case stg == stHandOver && !t.deadline.IsZero() && !now.Before(t.deadline):
		t.deadline = time.Time{}
		t.deal()
	}
}

// ask puts the question to seat's bot in a goroutine, bounded by the
// bot timeout; the answer comes back on t.answer.
func (t *Table) ask(seat int) {
	t.askID++
	t.asking = seat
	id, q, timeout, answer := t.askID, t.Ref.AskBot(seat, t.Cfg.Levels[seat], t.seal.botKey), t.Opt.BotTimeout, t.answer
	done, log, fault, tid := t.Done, t.Opt.Log, t.Opt.Fault, t.ID
	first := !t.botPanicked
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		var mv any
		var err error
		func() {
			// A bot's bug costs its move, not the server: the table plays
			// a plain move instead (onBot). Bots' seeds come from the
			// table's state, so the same panic would come back after
			// every restart.
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%w: %v", errBotPanicked, r)
					if first {
						log.Error("a bot panicked", "table", tid, "seat", seat, "panic", r, "stack", string(debug.Stack()))
					}
				}
			}()
			if fault != nil {
				fault("bot", tid)
			}
			mv, err = q(ctx)
		}()
		select {
		case answer <- botAnswer{id: id, seat: seat, move: mv, err: err}:
		case <-done:
		}
	}()
}

// cancelBot drops the question under way: its answer will be stale.
func (t *Table) cancelBot() {
	if t.asking >= 0 {
		t.askID++
		t.asking = -1
	}
}

// onBot plays a bot's answer, or a plain move for a bot that failed.
func (t *Table) onBot(a botAnswer) {
	if a.id != t.askID {
		return
	}
	if errors.Is(a.err, errBotPanicked) {
		t.botPanicked = true // its stack is logged once a table
	}
	t.asking = -1
	stg, turn := t.Ref.Stage()
	if stg != stPlaying || turn != a.seat || t.present(a.seat) {
		return
	}
	if a.err == nil {
		turnOver, err := t.Ref.Apply(a.seat, a.move)
		if err == nil {
			t.applied(turnOver)
			return
		}
		a.err = err
	}
	t.Opt.Log.Warn("bot failed", "table", t.ID, "seat", a.seat, "err", a.err)
	mv, ok := t.Ref.PlainMove(a.seat)
	if !ok {
		return
	}
	if turnOver, err := t.Ref.Apply(a.seat, mv); err == nil {
		t.applied(turnOver)
	}
}

// say adds a chat line, if m has not said too much lately.
func (t *Table) say(m *Member, text string) {
	text = CleanChat(text)
	if text == "" || (t.seatOf(m) < 0 && !t.watching(m)) {
		return
	}
	now := t.Opt.Now()
	recent := m.chatAt[:0]
	for _, at := range m.chatAt {
		if now.Sub(at) < t.Opt.ChatEvery {
			recent = append(recent, at)
		}
	}
	m.chatAt = recent
	if len(recent) >= t.Opt.ChatBurst {
		r := t.refusals[m]
		t.refusals[m] = refusal{text: "chat.slow", seq: r.seq + 1} // a key of the words: the screen says it
		return
	}
	m.chatAt = append(m.chatAt, now)
	name := m.name
	if s := t.seatOf(m); s >= 0 {
		name = t.seats[s].name
		t.here(s)
	}
	t.chatSeq++
	line := seatmsg.ChatLine{Seq: t.chatSeq, Name: name, Text: text}
	if t.Ref != nil { // where in the match it was said, for a screen that takes the table in whole
		line.Hand, line.Redeal = t.Ref.Deal()
		line.At = t.Ref.Events()
	}
	t.chat = append(t.chat, line)
	if len(t.chat) > t.Opt.ChatKeep {
		t.chat = append([]seatmsg.ChatLine(nil), t.chat[len(t.chat)-t.Opt.ChatKeep:]...)
	}
	t.save() // kept now, not at the next move: a crash before it lost the line
}

func (t *Table) watching(m *Member) bool { _, ok := t.watchers[m]; return ok }

// publish hands every member its latest update.
func (t *Table) publish() {
	t.publishSummary()
	info := t.info()
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, t.msgFor(m, i, &info))
		}
	}
	// Every spectator sees the same public view: it is made once a
	// change, not once a spectator. (A spectator's message differs only
	// by a refusal or the host's part, which a spectator never has.)
	var watch *Msg
	for m := range t.watchers {
		if _, refused := t.refusals[m]; refused || t.isHost(m) {
			t.put(m, t.msgFor(m, -1, &info))
			continue
		}
		if watch == nil {
			msg := t.msgFor(m, -1, &info)
			watch = &msg
		}
		t.put(m, *watch)
	}
}

// seatRatings are the ratings read for a set of seat owners.
type seatRatings struct {
	owners  [game.NumSeats]string
	ratings map[string]float64
}

// readRatings reads the ratings of the seats' owners when they are not
// the owners last read: in a goroutine (the store may be a network
// away), the answer coming back on ratingsIn.
func (t *Table) readRatings() {
	var owners [game.NumSeats]string
	for i, s := range t.seats {
		if keep.IsRated(s.owner) {
			owners[i] = s.owner
		}
	}
	if owners == t.ratingsFor || t.Opt.RatingOf == nil {
		return
	}
	t.ratingsFor = owners
	read, gameName, in := t.Opt.RatingOf, t.Cfg.Game, t.ratingsIn
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		got := map[string]float64{}
		for _, id := range owners {
			if id == "" {
				continue
			}
			if r, ok := read(ctx, gameName, id); ok {
				got[id] = r
			}
		}
		select {
		case <-in: // an older answer nobody took
		default:
		}
		in <- seatRatings{owners: owners, ratings: got}
	}()
}

// info is what every seat is told of the table.
func (t *Table) info() seatInfo {
	var in seatInfo
	t.readRatings()
	for i, s := range t.seats {
		p := seatmsg.Player{Name: s.name, Level: t.Cfg.Levels[i], Kind: seatmsg.Bot}
		if r, ok := t.ratings[s.owner]; ok && s.owner != "" {
			p.Rating, p.Rated = r, true
		}
		switch {
		case s.owner == "":
			p.Name = botName(i)
		case s.m != nil && !s.away:
			p.Kind = seatmsg.Human
		default:
			p.Kind = seatmsg.Away
		}
		in.players[i] = p
		in.ready[i] = s.ready
	}
	in.chat = t.chat
	in.deadline = t.deadline
	in.fair = t.fairness()
	return in
}

// msgFor is member m's message.
func (t *Table) msgFor(m *Member, seat int, info *seatInfo) Msg {
	if t.Ref == nil {
		r := t.refusals[m]
		room := &Room{ID: t.ID, Cfg: t.Cfg, Players: info.players, Host: t.isHost(m), Seat: seat, Chat: t.chat,
			Refused: r.text, RefusedSeq: r.seq}
		for i, e := range t.seatedNow() {
			if keep.IsRated(e.ID) {
				room.Rated[i] = e.ID
			}
		}
		return Msg{Room: room}
	}
	in := *info
	in.host = t.isHost(m)
	r := t.refusals[m]
	in.refused, in.refusedSeq = r.text, r.seq
	return Msg{Update: t.Ref.Update(seat, &in)}
}

// put hands m its latest message: one not yet read is replaced. Only
// the table writes to a box, so after emptying it the send cannot
// block.
func (t *Table) put(m *Member, msg Msg) {
	select {
	case <-m.Box:
	default:
	}
	m.Box <- msg
}

// publishSummary updates what the lobby shows.
func (t *Table) publishSummary() {
	s := &Summary{ID: t.ID, Game: t.Cfg.Game, Rules: t.Cfg.Rules, Private: t.Cfg.Code != "", Code: t.Cfg.Code,
		Started: t.Ref != nil, Watchers: len(t.watchers), Timer: t.Cfg.Timer}
	info := t.info()
	s.Players = info.players
	for i := range t.seats {
		s.Owners[i] = t.seats[i].owner
		s.Addrs[i] = t.seats[i].addr
	}
	if t.anyone() || len(t.watchers) > 0 {
		t.idleSince = time.Time{}
	} else if t.idleSince.IsZero() {
		t.idleSince = t.Opt.Now()
	}
	s.Idle = t.idleSince
	s.Closes = t.closesAt()
	if t.Ref != nil {
		st, _ := t.Ref.Stage()
		s.Over = st == stMatchOver
		s.Hand = t.Ref.Hand()
	}
	if old := t.Summary.Swap(s); old == nil || LobbyRowOf(old) != LobbyRowOf(s) {
		t.Opt.Lobby.Changed()
	}
}

// closesAt is when the table will close by itself if nothing changes:
// a waiting room nobody starts, or the last kept seat given up while
// nobody is at the table. Zero: not by itself.
func (t *Table) closesAt() time.Time {
	if t.Ref == nil && t.Opt.RoomIdle > 0 {
		return t.roomSince.Add(t.Opt.RoomIdle)
	}
	var last time.Time
	for i := range t.seats {
		s := &t.seats[i]
		switch {
		case s.owner == "":
		case s.m != nil || s.keep.IsZero():
			return time.Time{} // someone is here, or holds the seat without a limit
		case s.keep.After(last):
			last = s.keep
		}
	}
	if len(t.watchers) > 0 {
		return time.Time{}
	}
	return last
}

// closeRoom closes a waiting room whose match nobody started: its
// members are told, its seats given up.
func (t *Table) closeRoom() {
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, Msg{Closed: "room.expired"})
		}
		t.seats[i] = seatState{}
	}
	for m := range t.watchers {
		t.put(m, Msg{Closed: "room.expired"})
		delete(t.watchers, m)
	}
}

// shutdown tells everyone the table is going and saves it.
func (t *Table) shutdown(why string) {
	t.closing = true
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, Msg{Closed: why})
		}
	}
	for m := range t.watchers {
		t.put(m, Msg{Closed: why})
	}
	t.save()
	t.saver.flush()
}

// close ends an empty table: its match is put away with the finished
// ones.
func (t *Table) close() {
	t.closing = true
	t.Opt.Log.Info("close", "table", t.ID)
	t.saver.retire()
}

// RestoreTable brings table id back from its saved entry and its
// match's record (a restart, or a node taking it over); stopped is when
// its node stopped running it (zero: not known), and saverFor gives the
// table its saver once the entry has been read. A table nobody holds a
// seat at is put away: nil, nil.
func RestoreTable(id string, entry, record []byte, stopped time.Time, opt Options, saverFor func() *Saver) (*Table, error) {
	var st SavedTable
	if err := json.Unmarshal(entry, &st); err != nil {
		return nil, err
	}
	if st.ID != id {
		return nil, fmt.Errorf("the file names table %q", st.ID)
	}
	if _, err := strconv.Atoi(st.ID); err != nil {
		return nil, fmt.Errorf("table number %q", st.ID)
	}
	t, err := New(st.ID, st.Config, opt, saverFor())
	if err != nil {
		return nil, err
	}
	if st.Started {
		if record == nil {
			return nil, errors.New("its match's record is missing")
		}
		ref, err := t.kind.restore(record)
		if err != nil {
			return nil, err
		}
		t.Ref, t.seal = ref, sealOf(record)
		t.seal.botKey = st.BotKey
	}
	now := opt.Now()
	held := false
	for i, s := range st.Seats {
		if s.Owner == "" {
			continue
		}
		held = true
		t.seats[i] = seatState{owner: s.Owner, name: s.Name, addr: s.Addr, keep: now.Add(opt.KeepSeat)}
	}
	t.hostID, t.matchNo, t.created = st.Host, st.MatchNo, st.Created
	if st.Started && !st.Deadline.IsZero() && !stopped.IsZero() {
		// The clock stood still while nobody ran the table.
		if left := st.Deadline.Sub(stopped); left > 0 {
			t.deadline = now.Add(left)
		} else {
			t.deadline = now
		}
		t.savedDeadline = t.deadline
	}
	t.entrants = st.Entrants
	// A match that ended is rated again: the mark makes it once, and a
	// rating cut short by a crash is finished here.
	t.noteFinished()
	if !held {
		// Nobody to come back to: put it away.
		t.saver.retire()
		return nil, nil
	}
	// A waiting room comes back as it was, its join code with it; its
	// time to be started runs from now.
	t.roomSince = now
	t.chat = st.Chat
	if len(t.chat) > 0 {
		t.chatSeq = t.chat[len(t.chat)-1].Seq
	}
	t.publishSummary()
	return t, nil
}

// SavedTable is a table's file: everything but the match, which is its
// record beside it.
type SavedTable struct {
	ID      string                   `json:"id"`
	Config  Config                   `json:"config"`
	Host    string                   `json:"host,omitempty"`
	Started bool                     `json:"started"`
	MatchNo uint64                   `json:"match_no"`
	Seats   [game.NumSeats]savedSeat `json:"seats"`
	Created time.Time                `json:"created"`
	Chat    []seatmsg.ChatLine       `json:"chat,omitempty"`
	// Entrants are who sat down to the match (for its rating); a table
	// saved before ratings has none.
	Entrants *[game.NumSeats]keep.Entrant `json:"entrants,omitempty"`
	// Deadline is when the turn clock runs out, as last set (zero: no
	// clock running): a node taking the table over gives the player the
	// time that was left.
	Deadline time.Time `json:"deadline,omitzero"`
	// BotKey keys the match's bots' random sources (fair.go): kept so a
	// table taken over plays on as it would have. The entry is sealed in
	// the store.
	BotKey uint64 `json:"bot_key,omitempty"`
}

type savedSeat struct {
	Owner string `json:"owner,omitempty"`
	Name  string `json:"name,omitempty"`
	Addr  string `json:"addr,omitempty"`
}

// save hands the table's files to its saver, which writes them in the
// background (the newest snapshot wins).
func (t *Table) save() {
	st := SavedTable{ID: t.ID, Config: t.Cfg, Host: t.hostID, Started: t.Ref != nil, MatchNo: t.matchNo, Created: t.created, Chat: t.chat,
		Deadline: t.deadline.Round(0), BotKey: t.seal.botKey}
	t.savedDeadline = t.deadline
	if t.Ref != nil {
		st.Entrants = t.entrants
	}
	for i, s := range t.seats {
		st.Seats[i] = savedSeat{Owner: s.owner, Name: s.name, Addr: s.addr}
	}
	b, err := json.Marshal(st)
	if err != nil {
		t.Opt.Log.Error("save", "table", t.ID, "err", err)
		return
	}
	var rec []byte
	if t.Ref != nil {
		rec = t.Ref.Record()
	}
	t.saver.put(b, rec)
}

// botName names a seat nobody holds.
func botName(seat int) string {
	return [...]string{"Ayşe", "Mehmet", "Zeynep", "Emre"}[seat]
}

// Saver writes one table's files in its own goroutine: the table hands
// it snapshots and never waits for the disk; the newest snapshot wins.
type Saver struct {
	write    func(table, record []byte) error
	retireFn func() error
	log      *slog.Logger
	mu       sync.Mutex
	next     *snapshot
	// lastTable is the table's file as last written.
	lastTable []byte
	kick      chan struct{}
	stop      chan struct{}
	wg        sync.WaitGroup
	// errs counts failed writes.
	errs atomic.Int64
	// fenced, if set, is called when the store refuses a write because
	// another writer has written the table since (errFenced).
	fenced func()
}

type snapshot struct{ table, record []byte }

func NewSaver(write func(table, record []byte) error, retire func() error, log *slog.Logger) *Saver {
	s := &Saver{write: write, retireFn: retire, log: log, kick: make(chan struct{}, 1), stop: make(chan struct{})}
	s.wg.Add(1)
	go s.loop()
	return s
}

func (s *Saver) put(table, record []byte) {
	s.mu.Lock()
	s.next = &snapshot{table, record}
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

func (s *Saver) loop() {
	defer s.wg.Done()
	for {
		select {
		case <-s.kick:
			s.writeNext()
		case <-s.stop:
			s.writeNext()
			return
		}
	}
}

func (s *Saver) writeNext() {
	defer func() {
		if r := recover(); r != nil {
			s.errs.Add(1)
			s.log.Error("panic saving a table", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	s.mu.Lock()
	n := s.next
	s.next = nil
	s.mu.Unlock()
	if n == nil {
		return
	}
	// The table's file changes rarely (a seat taken or left); the
	// record at every move. Only what changed is written.
	table := n.table
	if bytes.Equal(table, s.lastTable) {
		table = nil
	}
	if err := s.write(table, n.record); err != nil {
		s.errs.Add(1)
		s.log.Error("saving a table", "err", err)
		if errors.Is(err, keep.ErrFenced) && s.fenced != nil {
			s.fenced()
		}
		return
	}
	if table != nil {
		s.lastTable = table
	}
}

// drop stops the saver without writing what is waiting.
func (s *Saver) drop() {
	s.mu.Lock()
	s.next = nil
	s.mu.Unlock()
	s.flush()
}

// flush writes what is waiting and stops the saver.
func (s *Saver) flush() {
	close(s.stop)
	s.wg.Wait()
}

// retire stops the saver and puts the table's files away.
func (s *Saver) retire() {
	s.mu.Lock()
	s.next = nil
	s.mu.Unlock()
	s.flush()
	if err := s.retireFn(); err != nil {
		s.log.Error("putting a table away", "err", err)
	}
}

// seatedNow is who plays each seat now: its owner, or the seat's bot
// level.
func (t *Table) seatedNow() [game.NumSeats]keep.Entrant {
	var out [game.NumSeats]keep.Entrant
	for i, s := range t.seats {
		if s.owner == "" {
			out[i] = keep.Entrant{ID: keep.BotIdentity(t.Cfg.Levels[i]), Name: t.Cfg.Levels[i]}
			continue
		}
		out[i] = keep.Entrant{ID: s.owner, Name: s.name}
	}
	return out
}

// matchKey is the identity of the table's match: the commitment to its
// seed (drawn afresh for every match, so never given twice, and the
// same on whichever node restores the table), or for a match begun
// before commitments the table's number and the match's.
func (t *Table) matchKey() string {
	if !t.seal.none {
		return t.seal.commit.String()
	}
	return fmt.Sprintf("table-%s-match-%d", t.ID, t.matchNo)
}

// rateMatch hands the finished match to the rater.
func (t *Table) rateMatch() {
	if t.Opt.Rate == nil || t.Ref == nil {
		return
	}
	places, partners, ok := t.Ref.Standings()
	if !ok {
		return
	}
	seats := t.seatedNow() // a match begun before ratings: who holds the seats
	if t.entrants != nil {
		seats = *t.entrants
	}
	t.Opt.Rate(keep.MatchEnd{Key: t.matchKey(), Game: t.Cfg.Game, Seats: seats, Places: places, Partners: partners})
}

// lobbyRow is what the lobby shows of a table: two summaries with the
// same row draw the same lines.
type lobbyRow struct {
	id, game, rules string
	started, over   bool
	hand, watchers  int
	timer           time.Duration
	players         [game.NumSeats]seatmsg.Player
	owners          [game.NumSeats]string
}

func LobbyRowOf(t *Summary) lobbyRow {
	return lobbyRow{id: t.ID, game: t.Game, rules: t.Rules, started: t.Started, over: t.Over, hand: t.Hand,
		watchers: t.Watchers, timer: t.Timer, players: t.Players, owners: t.Owners}
}

func (t *Table) TableID() string { return t.ID }

func (t *Table) GameKind() GameKind { return t.kind }

func (t *Table) Private() bool { return t.Cfg.Code != "" }

func (t *Table) Ended() <-chan struct{} { return t.Done }
