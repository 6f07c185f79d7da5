package tournaments

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"time"

	"okey/game/format"
	"okey/game/tourney"
	"okey/server/hall"
	"okey/server/keep"
	"okey/server/tables"
)

// ErrNoTournament is a tournament id the server does not know: one of
// the director's unknowns (tourney.ErrUnknown), which the pages and the
// command say as such, where any other error is said to be passing.
var ErrNoTournament = fmt.Errorf("no such tournament: %w", tourney.ErrUnknown)

// Options are what a Service is made of.
type Options struct {
	// Book is where the tournaments are kept.
	Book *keep.TourneyBook
	// Leases, when other nodes share the store, are the tournaments'
	// leases (nil: the node is alone and owns every tournament).
	Leases *keep.Leases
	// Hall opens the tournaments' tables.
	Hall *hall.Hall
	// Now is the server's clock: a tournament starts, pairs and ends by
	// it.
	Now func() time.Time
	Log *slog.Logger
	// Random is where ids come from (nil: crypto/rand's reader).
	Random io.Reader
	// Every is how often the owner's round runs (0: a second; negative:
	// never by itself, a test calls Round).
	Every time.Duration
	// Timer is the turn's timer at the tournaments' tables.
	Timer time.Duration
	// Rate hands a match to the rater: a duplicate round's, whose
	// tables leave it to the tournament, once the round is over (nil:
	// no ratings).
	Rate func(keep.MatchEnd)
	// Abandon is how long a table the tournament has in play may be
	// unknown to the hall (on every node) before its match is counted
	// abandoned: nobody's win (0: two minutes). One lost for good with
	// the node it was opened on (hall.Lost) is counted so at once.
	Abandon time.Duration
	Limits
}

// Limits are what one player, one address, and the server, may run.
type Limits struct {
	// PerPlayer is how many tournaments not finished one player may
	// have created (0: 2); PerAddr how many the players of one address
	// may have (0: 2): every guest is a new identity.
	PerPlayer, PerAddr int
	// Total is how many tournaments not finished the server keeps (0:
	// 20): the operator's count too. Reserved of them are kept for the
	// operator's (0: a quarter of Total): players' tournaments never
	// crowd them out.
	Total, Reserved int
	// Players is how many players one tournament takes (0: 256).
	Players int
}

func (l Limits) perPlayer() int { return cmp.Or(l.PerPlayer, 2) }
func (l Limits) perAddr() int   { return cmp.Or(l.PerAddr, 2) }
func (l Limits) total() int     { return cmp.Or(l.Total, 20) }
func (l Limits) players() int   { return cmp.Or(l.Players, 256) }

// playersShare is how many tournaments not finished the players may
// have created between them: the total less the operator's share.
func (l Limits) playersShare() int { return max(0, l.total()-cmp.Or(l.Reserved, l.total()/4)) }

// record is a tournament as the store keeps it, under "t.ID".
type record struct {
	ID string `json:"id"`
	// By is who created it ("" the operator); ByAddr the mark of the
	// address they created it from ("": none counted), under Salt.
	By      string    `json:"by,omitempty"`
	ByAddr  string    `json:"by_addr,omitempty"`
	Created time.Time `json:"created"`
	// Done is when it finished (zero while it runs).
	Done time.Time          `json:"done,omitzero"`
	T    tourney.Tournament `json:"t"`
	// Abandoned are the tables whose match was counted abandoned: lost
	// with no end (they have no record).
	Abandoned []int `json:"abandoned,omitempty"`
	// OpenedOn is the node each table in play was opened on ("": a node
	// alone), by its number: a table lost with that node is known lost
	// as soon as the store says so (hall.Lost), not only after Abandon.
	OpenedOn map[int]string `json:"opened_on,omitempty"`
	// Opening are the tables written in play before they open (the
	// owner's round writes a round's tables, then opens them): until the
	// next round finds each opened, or takes it back (NotOpened), no
	// table runs that the tournament does not know, whichever node
	// opens it (owner.go's settleOpening).
	Opening []int `json:"opening,omitempty"`
	// Seals are a duplicate tournament's rounds' seals, by round: the
	// secret stays in the store (sealed) and out of every copy a page
	// is given (duplicate.go).
	Seals map[int]format.RoundPlan `json:"seals,omitempty"`
	// Results are each table's seats' results, more being better: what
	// a duplicate round is scored from.
	Results map[int][4]int `json:"results,omitempty"`
	// Rates are the ratings of a duplicate round's matches, by table,
	// held until the round is over (duplicate.go's heldRates).
	Rates map[int]keep.MatchEnd `json:"rates,omitempty"`
	// Salt keys the marks of its players' addresses; Addrs are the
	// marks of the addresses its players entered from, and whose
	// (oneseat.go).
	Salt  []byte            `json:"salt,omitempty"`
	Addrs map[string]string `json:"addrs,omitempty"`
	// Code is a private tournament's join code: its creator's to give,
	// asked of every other player who joins (never in a page's copy).
	Code string `json:"code,omitempty"`
	// Archive names the pages its first matches are kept in, in order
	// (store.go): as the store keeps it, T.Matches holds only the
	// matches after them; as read, every match.
	Archive []string `json:"archive,omitempty"`
	// Gen is the value's generation as the store stamped it (keep's
	// WriteNewer): carried into the next write, which is one more.
	Gen uint64 `json:"gen,omitempty"`
	// rev is the store's revision the value was read at (not kept).
	rev uint64
}

// The keys of the store (keep.TourneyBook): a tournament, a table's end
// (its table's number), a player's latest request (a digest of their
// identity: keys take few characters), a match's record (kept, never
// held in memory).
const (
	prefixT   = "t."
	prefixEnd = "end."
	prefixReq = "req."
	prefixRec = "rec."
)

// seen is a value of the store as the watch last saw it.
type seen struct {
	v   []byte
	rev uint64
}

// endNote is a table's end waiting to be written.
type endNote struct {
	key string
	v   []byte
	// rec is the match's record, kept under recKey.
	rec []byte
}

// endQueue is how many tables' ends may wait to be written: a table
// that hands one over never waits for the store.
const endQueue = 256

// Service is a node's side of the tournaments: what every node sees of
// them, and the owner's round for those this node owns.
type Service struct {
	opt  Options
	wake chan struct{}
	// ended are tables' ends waiting to be written (requests.go).
	ended chan endNote

	// chat is the tournaments' chat (chat.go), mutes the operator's
	// mutes (mute.go): parts a caller reaches through Chats and
	// Muting.
	chat  ChatRoom
	mutes Mutes

	mu sync.Mutex
	// recs are the tournaments, by id; other are the requests' and ends'
	// keys, as the watch last saw them.
	recs  map[string]record
	other map[string]seen
	// pages are the pages of the tournaments' matches this node made
	// or read, by their keys (store.go).
	pages map[string][]tourney.Match
	// pageLen, when set (a test), is how many matches a page holds.
	pageLen int
	// shown are the copies of recs' tournaments given to readers, by
	// id, each at the revision it was made from: every page of an
	// arena reads the tournament every two seconds, and a copy made
	// for each read cost more than the tables it pairs.
	shown map[string]shownCopy
	// lines are recs' lobby lines, by id, each at the revision it was
	// made from: every list and page of an arena's 200 players asked
	// for them, each a recount of the standings (2% of a node's CPU
	// in a 200-entrant arena).
	lines map[string]shownLine
	// watchMisses, when set (a test), is asked of each key the watch
	// brings: true drops it, as a watch stalled after a node's loss
	// brings nothing.
	watchMisses func(key string) bool

	// owner is the owner's round for the tournaments this node owns
	// (owner.go), reached through Owner: its fields are guarded by mu.
	owner OwnerRound
}

// ChatRoom is the tournaments' chat (chat.go): its lines are the
// store's, read by the watch; what it keeps itself is each speaker's
// pace on this node.
type ChatRoom struct {
	svc *Service
	// mu guards rates: each speaker's pace.
	mu    sync.Mutex
	rates map[string]*tables.ChatRate
}

// Mutes are the operator's mutes (mute.go), kept in the store and read
// from the watch's copy of it.
type Mutes struct {
	svc *Service
}

// OwnerRound is the owner's round (owner.go): the leases this node
// holds and what it remembers of the tournaments it drives. It is a
// part of its Service (svc), whose mu guards its fields.
type OwnerRound struct {
	svc *Service
	// hold is this node's hold on its tournaments' leases (nil: alone).
	hold *keep.Holding
	// owned are the tournaments whose lease this node holds (alone:
	// every one not finished).
	owned map[string]bool
	// heldElsewhere are the tournaments whose lease another node was
	// found holding, by when: asked for again only claimAgain later.
	heldElsewhere map[string]time.Time
	// goneNode is the node last heard gone from the cluster, at goneAt
	// (NodeGone): the leases it held are taken at their revision.
	goneNode string
	goneAt   time.Time
	// missing are the tables in play the hall did not know, by
	// "tournament/table", since when (the owner's round's own).
	missing map[string]time.Time
	// peeked are the ends read from the store past the watch
	// (unseenEnds), by key, when last asked.
	peeked map[string]time.Time
	// answerLost, when set (a test), is asked after each write of a
	// tournament that the store took: true makes the writer hear it
	// refused as written since it was read, as when the store's answer
	// to an attempt that applied was lost and the client's next attempt
	// found the first's revision (movedUnder).
	answerLost func(id string) bool
	// writeFault, when set (a test), is asked before each write of a
	// tournament: an error makes the write fail with it, after landing
	// in the store if land (an answer lost to a timeout) or without.
	writeFault func(id string) (land bool, err error)
	// tried are the tables this node opened after writing them in play
	// (Opening), by "tournament/table": nil opened, or why not.
	tried map[string]error
	// wrote is the revision of this node's last write of each
	// tournament: a read below it is a copy behind the store's (drive).
	wrote map[string]uint64
	// own is this node's last write of each tournament it drives
	// (ownLast).
	own map[string]ownWrite
	// read is how the owner reads a tournament before it drives it:
	// the store's leader (Book.ReadLatest); a test makes it answer as a
	// replica behind would.
	read func(ctx context.Context, key string) ([]byte, uint64, error)
}

// New makes a node's tournament service, not yet started: its tables'
// ends (TableEnded) are taken from now on, and written once it starts.
func New(opt Options) (*Service, error) {
	if opt.Book == nil || opt.Hall == nil {
		return nil, errors.New("tournaments: no store or no hall")
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Random == nil {
		opt.Random = rand.Reader
	}
	s := &Service{opt: opt, wake: make(chan struct{}, 1), ended: make(chan endNote, endQueue),
		recs: map[string]record{}, other: map[string]seen{}, pages: map[string][]tourney.Match{}, shown: map[string]shownCopy{}, lines: map[string]shownLine{}}
	s.chat = ChatRoom{svc: s, rates: map[string]*tables.ChatRate{}}
	s.mutes = Mutes{svc: s}
	s.owner = OwnerRound{svc: s, owned: map[string]bool{}, heldElsewhere: map[string]time.Time{},
		missing: map[string]time.Time{}, peeked: map[string]time.Time{}, tried: map[string]error{}, wrote: map[string]uint64{}, own: map[string]ownWrite{}, read: opt.Book.ReadLatest}
	return s, nil
}

// Chats is the tournaments' chat, a part of the service: its lines
// read, a player's line said.
func (s *Service) Chats() *ChatRoom { return &s.chat }

// Muting is the operator's mutes, a part of the service: muted,
// unmuted, listed, asked.
func (s *Service) Muting() *Mutes { return &s.mutes }

// Owner is the owner's round of the tournaments this node owns, a part
// of the service: run, asked what it owns and drives, told of a node
// gone.
func (s *Service) Owner() *OwnerRound { return &s.owner }

// poke wakes the owner's round.
func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Tournaments are what the lobby lists: those starting and running,
// and those finished in the last day (ListedFor) with their podium and
// when they leave the list, newest first.
func (s *Service) Tournaments() []tourney.Listed {
	now := s.opt.Now()
	s.mu.Lock()
	out := make([]tourney.Listed, 0, len(s.recs))
	for id, r := range s.recs {
		if r.T.Phase == tourney.Finished && now.Sub(r.Done) > ListedFor {
			continue
		}
		out = append(out, s.listedLocked(id, &r))
	}
	s.mu.Unlock()
	slices.SortFunc(out, func(a, b tourney.Listed) int {
		return cmp.Or(b.Start.Compare(a.Start), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// ListedFor is how long the lists keep a finished tournament, its
// results said.
const ListedFor = 24 * time.Hour

// listedLocked is r's lobby line (listed), made once a revision; s.mu
// is held.
func (s *Service) listedLocked(id string, r *record) tourney.Listed {
	if l, ok := s.lines[id]; ok && l.rev == r.rev {
		return l.l
	}
	l := r.listed()
	s.lines[id] = shownLine{rev: r.rev, l: l}
	return l
}

// shownLine is a tournament's lobby line at a revision (Service.lines).
type shownLine struct {
	rev uint64
	l   tourney.Listed
}

// listed is r's lobby line: a finished one's with when it leaves the
// lists.
func (r *record) listed() tourney.Listed {
	l := r.T.Listed(r.ID)
	if r.T.Phase == tourney.Finished && !r.Done.IsZero() {
		l.Until = r.Done.Add(ListedFor)
	}
	return l
}

// Tournament is tournament id's lobby line and a copy of its state as
// anyone may be shown it (tourney.Shown: a duplicate round's results
// held back until its last table ends): a value the page keeps,
// sharing no map or slice with the owner. Readers of the same revision
// share one copy, so none may change it.
func (s *Service) Tournament(id string) (tourney.Listed, tourney.Tournament, error) {
	l, c, err := s.tournament(id)
	if err != nil {
		return l, c, err
	}
	return l, tourney.Shown(c), nil
}

// tournament is Tournament with nothing held back: the service's own.
func (s *Service) tournament(id string) (tourney.Listed, tourney.Tournament, error) {
	s.mu.Lock()
	r, ok := s.recs[id]
	made, have := s.shown[id]
	s.mu.Unlock()
	if !ok {
		return tourney.Listed{}, tourney.Tournament{}, fmt.Errorf("%q: %w", id, ErrNoTournament)
	}
	if have && made.rev == r.rev {
		s.mu.Lock()
		l := s.listedLocked(id, &r)
		s.mu.Unlock()
		return l, made.t, nil
	}
	c, err := copyOf(r.T)
	if err != nil {
		return tourney.Listed{}, tourney.Tournament{}, err
	}
	s.mu.Lock()
	if now, ok := s.recs[id]; ok && now.rev == r.rev {
		s.shown[id] = shownCopy{rev: r.rev, t: c}
	}
	l := s.listedLocked(id, &r)
	s.mu.Unlock()
	return l, c, nil
}

// ownWrite is this node's last write of a tournament it drives: the
// value as written, at revision rev, generation gen as the store
// stamped it (keep's WriteNewer: one more than the value carried).
type ownWrite struct {
	v        []byte
	rev, gen uint64
}

// shownCopy is a tournament copied for its readers (Service.shown).
type shownCopy struct {
	rev uint64
	t   tourney.Tournament
}

// copyOf is t deep copied: through its JSON, the form the store keeps
// it in, so nothing it holds is shared.
func copyOf(t tourney.Tournament) (tourney.Tournament, error) {
	// The matches, most of it, are values (arrays and strings): a
	// slice's copy is a deep one, and the JSON's round trip of them
	// was most of a copy's cost.
	matches := t.Matches
	t.Matches = nil
	b, err := json.Marshal(t)
	if err != nil {
		return tourney.Tournament{}, fmt.Errorf("copying a tournament: %w", err)
	}
	var c tourney.Tournament
	if err := json.Unmarshal(b, &c); err != nil {
		return tourney.Tournament{}, fmt.Errorf("copying a tournament: %w", err)
	}
	c.Matches = slices.Clone(matches)
	return c, nil
}

// prefixMute is the keys of the operator's mutes (mute.go), which the
// service's watch hands to the tables as they change.
const prefixMute = "mute."
