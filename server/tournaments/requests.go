package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"okey/game/tourney"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/tables"
)

// A player's join or leave, and a table's end, come from any node: each
// is a key of the store, which the owner's watch sees, takes into the
// tournament, and deletes once the tournament is written with it. A
// request is the player's latest (a second overwrites the first); a
// table's end is made once (Create), so a node that reports it again
// (a table brought back whose match had ended) adds nothing, and the
// owner takes an end only for a table the tournament still has in play.

// request is a player's latest request of a tournament.
type request struct {
	Player string `json:"player"`
	// Name is what the pages call the player (safetext.Name's).
	Name   string `json:"name,omitempty"`
	Rating int    `json:"rating"`
	Leave  bool   `json:"leave,omitempty"`
	// With is the player asked to partner (a join with them: tourney's
	// Ask); Answer is the player's answer to the ask that waits for
	// them, "accept" or "decline" (tourney's Answer).
	With   string `json:"with,omitempty"`
	Answer string `json:"answer,omitempty"`
	// TakeBack is the player's ask to partner taken back (tourney's
	// TakeBack).
	TakeBack bool `json:"take_back,omitempty"`
	// Addr is the mark of the address a join came from, which the owner
	// keeps for the player: one entry an address (oneseat.go).
	Addr string `json:"addr,omitempty"`
	// Organiser marks the organiser's change (Organise), Player its
	// creator ("" the operator): Cancel calls it off, Edit puts new
	// settings in place.
	Organiser bool            `json:"organiser,omitempty"`
	Cancel    bool            `json:"cancel,omitempty"`
	Edit      *tourney.Config `json:"edit,omitempty"`
}

// The answers a request carries.
const (
	answerAccept  = "accept"
	answerDecline = "decline"
)

// maxPlayerID is the longest identity a request carries: a key's
// fingerprint is far shorter.
const maxPlayerID = 200

// JoinTournament asks tournament id to take player (at their rating),
// called name on its pages (cleaned and cut as a seat's name is): into
// an arena's pool at once, a Swiss before its first round. What the
// tournament refuses now is said now; the owner takes the request from
// the store. It is the server's own join (a test's, okey load's): a
// player's comes from somewhere (JoinFrom).
func (s *Service) JoinTournament(ctx context.Context, id, player, name string, rating int) error {
	return s.join(ctx, id, player, name, rating, nil)
}

// JoinFrom is JoinTournament for a player who connects from from,
// under the one-person rule (oneseat.go): one entry an address
// (ErrAddrTaken), and in duplicate rounds keys known before
// (ErrNotKnown).
func (s *Service) JoinFrom(ctx context.Context, id, player, name string, rating int, from From) error {
	return s.join(ctx, id, player, name, rating, &from)
}

// join is JoinTournament, the one-person rule applied unless from is nil.
func (s *Service) join(ctx context.Context, id, player, name string, rating int, from *From) error {
	r, err := s.known(id, player)
	if err != nil {
		return err
	}
	mark := ""
	if from != nil {
		if err := r.coded(player, *from); err != nil {
			return err
		}
		if mark, err = r.admits(player, *from, ""); err != nil {
			return err
		}
	}
	e, joined := r.T.Joined[r.T.Unit(player)]
	switch {
	case r.T.Phase == tourney.Finished || r.T.Phase == tourney.Ending:
		return tourney.ErrFinished
	case !r.T.System().Pairing.Open(&r.T) && !(joined && (e.Left || e.Paused)):
		return tourney.ErrStarted
	case !joined && !r.T.Alone(player) && r.T.Players() >= s.opt.players():
		return fmt.Errorf("%w: %d players", ErrFull, r.T.Players())
	}
	return s.ask(ctx, id, request{Player: player, Name: safetext.Name(name), Rating: rating, Addr: mark})
}

// AskPartner asks tournament id to take player (at their rating,
// called name) with partner, who waits alone in it: the partner is
// asked, and the two are a team once they accept (AnswerPartner).
// What the tournament refuses now (tourney's ErrTeamed, ErrAsked,
// ErrUnknown for one not waiting alone) is said now; the owner takes
// the request from the store, and a refusal it meets then (the
// partner teamed meanwhile) leaves the player as they were. The player
// comes from from, as a join does (JoinFrom).
func (s *Service) AskPartner(ctx context.Context, id, player, name string, rating int, partner string, from From) error {
	r, err := s.known(id, player)
	if err != nil {
		return err
	}
	if err := r.coded(player, from); err != nil {
		return err
	}
	mark, err := r.admits(player, from, partner)
	if err != nil {
		return err
	}
	if partner == "" || len(partner) > maxPlayerID {
		return fmt.Errorf("%w: a partner of %d bytes", ErrSettings, len(partner))
	}
	// The director's own checks, on a copy: what it refuses now is
	// refused as the owner would.
	c, err := copyOf(r.T)
	if err != nil {
		return err
	}
	if _, err := c.Ask(tourney.Invite{From: player, To: partner, Rating: rating}, s.opt.Now()); err != nil {
		return err
	}
	if _, joined := r.T.Joined[r.T.Unit(player)]; !joined && !r.T.Alone(player) && r.T.Players() >= s.opt.players() {
		return fmt.Errorf("%w: %d players", ErrFull, r.T.Players())
	}
	return s.ask(ctx, id, request{Player: player, Name: safetext.Name(name), Rating: rating, With: partner, Addr: mark})
}

// AnswerPartner is player's answer to the ask to partner that waits
// for them at tournament id: accepted, they are a team; declined, both
// wait alone. No ask waiting for them is tourney.ErrUnknown.
func (s *Service) AnswerPartner(ctx context.Context, id, player string, accept bool) error {
	r, err := s.known(id, player)
	if err != nil {
		return err
	}
	if inv, ok := r.T.InviteOf(player); !ok || inv.To != player {
		return fmt.Errorf("no ask to partner %s: %w", player, tourney.ErrUnknown)
	}
	a := answerDecline
	if accept {
		a = answerAccept
	}
	return s.ask(ctx, id, request{Player: player, Answer: a})
}

// TakeBackPartner takes back player's ask to partner at tournament id
// before its answer: they wait alone again. No ask of theirs waiting is
// tourney.ErrUnknown.
func (s *Service) TakeBackPartner(ctx context.Context, id, player string) error {
	r, err := s.known(id, player)
	if err != nil {
		return err
	}
	if inv, ok := r.T.InviteOf(player); !ok || inv.From != player {
		return fmt.Errorf("no ask to partner by %s: %w", player, tourney.ErrUnknown)
	}
	return s.ask(ctx, id, request{Player: player, TakeBack: true})
}

// LeaveTournament takes player out of tournament id's pairing; their
// matches stand.
func (s *Service) LeaveTournament(ctx context.Context, id, player string) error {
	r, err := s.known(id, player)
	if err != nil {
		return err
	}
	if _, ok := r.T.Joined[r.T.Unit(player)]; !ok && !r.T.Alone(player) && !s.asked(id, player) {
		return fmt.Errorf("%s: %w", player, tourney.ErrUnknown)
	}
	return s.ask(ctx, id, request{Player: player, Leave: true})
}

// ErrNotOrganiser is a change to a tournament asked by someone other
// than its creator or the operator.
var ErrNotOrganiser = errors.New("only the tournament's creator may cancel or change it")

// Organise is the organiser's change to tournament id before it
// begins, by its creator by or the operator (Operator: any
// tournament's, a player's too): cancel calls it
// off, else edit (settled and checked as a new one is) takes the place
// of its settings. What the tournament refuses now is said now
// (tourney.ErrBegun, ErrEditEntrants, the settings' errors); the owner
// takes the change from the store.
func (s *Service) Organise(ctx context.Context, id, by string, cancel bool, edit tourney.Config) error {
	s.mu.Lock()
	r, ok := s.recs[id]
	s.mu.Unlock()
	switch {
	case !ok:
		return fmt.Errorf("%q: %w", id, ErrNoTournament)
	case by != Operator && r.By != by:
		return ErrNotOrganiser
	case r.T.Phase != tourney.Starting:
		return tourney.ErrBegun
	}
	q := request{Player: by, Organiser: true, Cancel: cancel}
	if !cancel {
		c, err := s.settle(edit)
		if err != nil {
			return err
		}
		if err := playersLimits(by, c, s.opt.Now()); err != nil {
			return err
		}
		if c.Start.Before(s.opt.Now()) {
			return fmt.Errorf("%w: a start already past", ErrStart)
		}
		if err := Edit(&tourney.Tournament{Config: r.T.Config, Phase: r.T.Phase, Joined: r.T.Joined, Teams: r.T.Teams, Lone: r.T.Lone}, c); err != nil {
			return err
		}
		q.Edit = &c
	}
	b, err := json.Marshal(q)
	if err != nil {
		return err
	}
	ctx, cancelCtx := context.WithTimeout(ctx, storeWait)
	defer cancelCtx()
	if err := s.opt.Book.PutNewer(ctx, orgKey(id), b); err != nil {
		return fmt.Errorf("tournament %s: %w", id, err)
	}
	s.poke()
	return nil
}

// IsOrganiser says whether player created tournament id: their page
// offers to change it or call it off before it begins.
func (s *Service) IsOrganiser(id, player string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.recs[id]
	return ok && player != Operator && r.By == player
}

// Cancel calls tournament t off before its start: it is finished, with
// no match, and says it was cancelled (tourney.ErrBegun once begun).
func Cancel(t *tourney.Tournament) error {
	if t.Phase != tourney.Starting {
		return tourney.ErrBegun
	}
	t.Phase, t.Cancelled = tourney.Finished, true
	t.Pool, t.Invites = nil, nil
	return nil
}

// Edit puts c in place of tournament t's settings before its start.
// With players joined, the game and the kind with its options stay
// (tourney.ErrEditEntrants): the entrants joined a game and a seating,
// and a team stays a team.
func Edit(t *tourney.Tournament, c tourney.Config) error {
	if t.Phase != tourney.Starting {
		return tourney.ErrBegun
	}
	if err := c.Check(); err != nil {
		return err
	}
	if t.Players() > 0 && (c.Game != t.Config.Game || !slices.Equal(c.System().Names(), t.Config.System().Names())) {
		return tourney.ErrEditEntrants
	}
	t.Config = c
	return nil
}

// ErrCode is a join to a private tournament without its join code, or
// with another.
var ErrCode = errors.New("a private tournament: its join code is asked")

// coded lets player in to r if it is public, theirs, joined already, or
// they give its code.
func (r *record) coded(player string, from From) error {
	_, joined := r.T.Joined[r.T.Unit(player)]
	if r.Code == "" || player == r.By || joined || r.T.Alone(player) || strings.EqualFold(strings.TrimSpace(from.Code), r.Code) {
		return nil
	}
	return ErrCode
}

// JoinCode is tournament id's join code as its creator player may be
// shown it ("": not theirs, or public).
func (s *Service) JoinCode(id, player string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.recs[id]; ok && player != Operator && r.By == player {
		return r.Code
	}
	return ""
}

// orgKey is the key of tournament id's organiser's latest change: apart
// from every player's (a digest is never three letters).
func orgKey(id string) string { return prefixReq + id + ".org" }

// organised applies the organiser's change q to r as its owner takes
// it (at now, by the server's clock), and says whether it changed anything.
func organised(now func() time.Time, log *slog.Logger, id string, r *record, q request) bool {
	t := &r.T
	var err error
	switch {
	case q.Player != Operator && q.Player != r.By:
		err = ErrNotOrganiser
	case q.Cancel:
		err = Cancel(t)
		t.ByOperator = err == nil && q.Player == Operator && r.By != Operator
	case q.Edit != nil:
		was := t.Config
		if err = Edit(t, *q.Edit); err == nil {
			if what := was.Changed(t.Config); len(what) > 0 {
				// Said to its entrants on its page: what changed, and by whom.
				t.Changed = &tourney.Change{At: now().UTC(), ByOperator: q.Player == Operator && r.By != Operator, What: what}
			}
		}
	}
	if err != nil {
		log.Info("tournament: the organiser's change refused", "tournament", id, "err", err)
		return false
	}
	log.Info("tournament: changed by its organiser", "tournament", id, "cancelled", q.Cancel, "by", keep.LogID(q.Player))
	return true
}

// known is tournament id as last seen, for a request of player.
func (s *Service) known(id, player string) (record, error) {
	if player == "" || len(player) > maxPlayerID {
		return record{}, fmt.Errorf("%w: a player of %d bytes", ErrSettings, len(player))
	}
	s.mu.Lock()
	r, ok := s.recs[id]
	s.mu.Unlock()
	if !ok {
		return record{}, fmt.Errorf("%q: %w", id, ErrNoTournament)
	}
	return r, nil
}

// asked reports whether player has a request waiting at tournament id.
func (s *Service) asked(id, player string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.other[s.reqKey(id, player)]
	return ok
}

// ask writes a player's request for the owner.
func (s *Service) ask(ctx context.Context, id string, q request) error {
	b, err := json.Marshal(q)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	if err := s.opt.Book.PutNewer(ctx, s.reqKey(id, q.Player), b); err != nil {
		return fmt.Errorf("tournament %s: %w", id, err)
	}
	s.poke()
	return nil
}

// storeWait is the longest one write of the store is waited for.
const storeWait = 10 * time.Second

// reqKey is player's request's key at tournament id: the store's name
// of the player there (a MAC under its salt: neither the identity,
// whose characters a key may not hold, nor a digest anyone can compute
// from it — an unsalted digest told a reader of the store which known
// key asked to join).
func (s *Service) reqKey(id, player string) string {
	return prefixReq + id + "." + s.opt.Book.PlayerName(id, player)
}

// endKey is table's end's key at tournament id.
func endKey(id, table string) string { return prefixEnd + id + "." + table }

// ErrNotYet is a match's record asked for before it may be given: its
// match not counted yet, or its duplicate round still played.
var ErrNotYet = errors.New("the match's record is not given out yet")

// recKey is the key of the record of the match table played for
// tournament id.
func recKey(id, table string) string { return prefixRec + id + "." + table }

// Record is the record of the match table played for tournament id, as
// its table ended it: kept in the store for as long as the tournament,
// whichever node ran the table.
func (s *Service) Record(ctx context.Context, id string, table int) ([]byte, error) {
	s.mu.Lock()
	r, ok := s.recs[id]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%q: %w", id, ErrNoTournament)
	}
	i := slices.IndexFunc(r.T.Matches, func(m tourney.Match) bool { return m.Table == table })
	switch {
	case i < 0:
		return nil, fmt.Errorf("tournament %s's table %d: %w", id, table, ErrNotYet)
	case r.T.System().Scoring.Sealed() && !roundOver(&r.T, r.T.Matches[i].Round):
		// Other tables of the round may still be dealing it.
		return nil, fmt.Errorf("tournament %s's table %d, round %d: %w", id, table, r.T.Matches[i].Round, ErrNotYet)
	}
	b, _, err := s.opt.Book.Read(ctx, recKey(id, strconv.Itoa(table)))
	if errors.Is(err, keep.ErrTourneyNone) {
		return nil, fmt.Errorf("tournament %s's table %d: %w", id, table, ErrNoTournament)
	}
	return b, err
}

// TableRecord is the record of the match table played for whichever
// tournament opened it (a table's number is never given twice), under
// Record's terms: so "record TABLE" finds a tournament's match once its
// table has closed, and a duplicate round's once the round is over. A
// table no tournament counted a match at is ErrNoTournament.
func (s *Service) TableRecord(ctx context.Context, table int) ([]byte, error) {
	s.mu.Lock()
	id := ""
	for rid, r := range s.recs {
		if slices.ContainsFunc(r.T.Matches, func(m tourney.Match) bool { return m.Table == table }) {
			id = rid
		}
	}
	s.mu.Unlock()
	if id == "" {
		return nil, fmt.Errorf("table %d: %w", table, ErrNoTournament)
	}
	return s.Record(ctx, id, table)
}

// TableEnded takes a tournament's table's end (tables.Options'
// SeatedEnded): queued, written by another goroutine. It never blocks;
// an end that finds the queue full is dropped with a log line (the
// table reports it again when it is brought back).
func (s *Service) TableEnded(e tables.SeatedEnd) {
	if _, err := strconv.Atoi(e.TableID); err != nil || e.Tourney == "" {
		s.opt.Log.Error("a tournament's table of no number", "table", e.TableID, "tournament", e.Tourney)
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		return
	}
	select {
	case s.ended <- endNote{key: endKey(e.Tourney, e.TableID), v: b, rec: e.Record}:
	default:
		s.opt.Log.Error("a tournament's table's end not written: too many waiting", "table", e.TableID, "tournament", e.Tourney)
	}
}

// writeEnds writes the tables' ends, each made once: one made already
// is the same end reported again.
//
// Several tables' ends are written at once (at most endsAtOnce): one
// after the other, the ends of an arena's tables that finished together
// would wait in line for the store, each two round trips, and on a
// loaded store their players would wait seconds for their next table.
func (s *Service) writeEnds(ctx context.Context) {
	slots := make(chan struct{}, endsAtOnce)
	for {
		select {
		case <-ctx.Done():
			return
		case n := <-s.ended:
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			go func() {
				defer func() { <-slots }()
				// The record first: an end the owner takes has its
				// record kept.
				if len(n.rec) > 0 {
					s.makeOnce(ctx, prefixRec+strings.TrimPrefix(n.key, prefixEnd), n.rec)
				}
				s.makeOnce(ctx, n.key, n.v)
			}()
		}
	}
}

// endsAtOnce is how many tables' ends a node writes at once.
const endsAtOnce = 8

// makeOnce makes key's value unless it is made already, trying again a
// few times while the store does not answer.
func (s *Service) makeOnce(ctx context.Context, key string, v []byte) {
	for try := 0; ; try++ {
		wctx, cancel := context.WithTimeout(ctx, storeWait)
		_, err := s.opt.Book.Write(wctx, key, v, 0)
		cancel()
		if err == nil || errors.Is(err, keep.ErrTourneyMoved) || ctx.Err() != nil {
			return
		}
		if try == 5 {
			s.opt.Log.Error("a tournament's table's end not written", "key", key, "err", err)
			return
		}
		time.Sleep(time.Duration(try+1) * 200 * time.Millisecond)
	}
}

// Recount is tournament id's standings recounted from its matches'
// records in the store: each match's places as its record, replayed,
// ends it (the forfeits are the tables' word, as the tournament kept
// them). Standings that differ from the tournament's own say a match
// was counted wrong.
func (s *Service) Recount(ctx context.Context, id string) ([]tourney.Standing, error) {
	_, tr, err := s.tournament(id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	abandoned := slices.Clone(s.recs[id].Abandoned)
	s.mu.Unlock()
	ms := make([]tourney.Match, len(tr.Matches))
	for i, m := range tr.Matches {
		if slices.Contains(abandoned, m.Table) {
			ms[i] = m // no record: nobody's win
			continue
		}
		rec, err := s.Record(ctx, id, m.Table)
		if err != nil {
			return nil, err
		}
		if m.Places, err = tables.RecordPlaces(tr.Config.Game, rec); err != nil {
			return nil, fmt.Errorf("table %d's record: %w", m.Table, err)
		}
		m.Places = tr.System().Seating.Places(m.Places) // as Ended takes them
		ms[i] = m
	}
	joined := make(map[string]int, len(tr.Joined))
	for p, e := range tr.Joined {
		joined[p] = e.Rating
	}
	return tourney.Standings(tr.System().Scoring.Rules(), joined, ms)
}

// RecountField is tournament id's duplicate scores (FieldScores)
// recounted from its matches' records in the store: each table's
// seats' results as its record, replayed, ends with, where FieldScores
// takes the tables' word. Scores that differ say a table's result was
// kept wrong. A tournament of fresh deals has none.
func (s *Service) RecountField(ctx context.Context, id string) (map[string]*big.Rat, error) {
	s.mu.Lock()
	r, ok := s.recs[id]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%q: %w", id, ErrNoTournament)
	}
	ms := overMatches(&r.T)
	results := make(map[int][4]int, len(ms))
	for _, m := range ms {
		if slices.Contains(r.Abandoned, m.Table) {
			continue // no record: not scored
		}
		rec, err := s.Record(ctx, id, m.Table)
		if err != nil {
			return nil, err
		}
		if results[m.Table], err = tables.RecordResults(r.T.Config.Game, rec); err != nil {
			return nil, fmt.Errorf("table %d's record: %w", m.Table, err)
		}
	}
	return tourney.FieldTotals(r.T.System().Seating, ms, results)
}
