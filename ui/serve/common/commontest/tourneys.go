package commontest

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/tables"
	"okey/server/tournaments"
	"okey/ui/serve/tourneyview"
)

// Tourneys is a server's tournaments (common.TourneySide) for the tests
// of the pages and the command: the director's values in memory, driven
// as a server drives them (each table it asks for opened, numbered from
// 21), with no table behind them: a test ends the matches itself (End).
type Tourneys struct {
	mu  sync.Mutex
	now func() time.Time
	t   map[string]*tourney.Tournament
	ids []string
	// by are the tournaments' creators, by id.
	by map[string]string
	// Operator is the server's operator's key (a test sets it): they
	// change any tournament, as the operator, one not theirs.
	Operator string
	// Table is the number of the last table opened (the next is one
	// more).
	Table int
	// Seals, Field and Records are what a test sets for the duplicate
	// rounds and the matches' records.
	Seals   map[string][]tourneyview.Seal
	Field   map[string]map[string]*big.Rat
	Records map[int][]byte
	// chat are the tournaments' chats, by id.
	chat map[string][]tournaments.ChatLine
	// Mutes are the players muted, by id.
	Mutes map[string]tournaments.MutedError
}

// NewTourneys is a server's tournaments on the clock now, none yet.
func NewTourneys(now func() time.Time) *Tourneys {
	return &Tourneys{now: now, t: map[string]*tourney.Tournament{}, by: map[string]string{}, Table: 20}
}

// Tournaments are the tournaments' lobby lines.
func (f *Tourneys) Tournaments() []tourney.Listed {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]tourney.Listed, 0, len(f.ids))
	for _, id := range f.ids {
		out = append(out, f.t[id].Listed(id))
	}
	return out
}

// Tournament is one tournament, a copy as a read from the store would be.
func (f *Tourneys) Tournament(id string) (tourney.Listed, tourney.Tournament, error) {
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

// CreateTournament creates a tournament of c, its tables opened as the director asks.
func (f *Tourneys) CreateTournament(by string, c tourney.Config) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := tourney.New(c)
	if err != nil {
		return "", err
	}
	id := fmt.Sprintf("t%d", len(f.ids)+1)
	f.t[id], f.ids, f.by[id] = t, append(f.ids, id), by
	f.open(t, t.Tick(f.now()))
	return id, nil
}

// Organise is the creator's change before the start, as the owner
// takes it.
func (f *Tourneys) Organise(id, by string, cancel bool, c tourney.Config) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	switch {
	case !ok:
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	case f.by[id] != by && (f.Operator == "" || by != f.Operator):
		return tournaments.ErrNotOrganiser
	case cancel:
		return tournaments.Cancel(t)
	}
	return tournaments.Edit(t, c)
}

// Organiser says whether player created tournament id, or is the
// operator.
func (f *Tourneys) Organiser(id, player string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return player != "" && (f.by[id] == player || player == f.Operator)
}

// AsOperator says whether player is the operator at a tournament not
// theirs.
func (f *Tourneys) AsOperator(id, player string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return player != "" && player == f.Operator && f.by[id] != player
}

// JoinCode is the code "SECRET1" of a private tournament, for its
// creator.
func (f *Tourneys) JoinCode(id, player string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if t, ok := f.t[id]; ok && t.Config.Private && player != "" && f.by[id] == player {
		return "SECRET1"
	}
	return ""
}

// JoinPrivate joins player with code: "SECRET1" for a private one.
func (f *Tourneys) JoinPrivate(id, player, name string, rating int, code string) error {
	f.mu.Lock()
	t, ok := f.t[id]
	private := ok && t.Config.Private
	f.mu.Unlock()
	if private && code != "SECRET1" {
		return tournaments.ErrCode
	}
	return f.JoinTournament(id, player, name, rating)
}

// JoinTournament joins player, named, to tournament id.
func (f *Tourneys) JoinTournament(id, player, name string, rating int) error {
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

// LeaveTournament takes player out of tournament id.
func (f *Tourneys) LeaveTournament(id, player string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	return t.Leave(player)
}

// AskPartner joins player asking partner, as the owner would.
func (f *Tourneys) AskPartner(id, player, name string, rating int, partner string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	if !ok {
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	starts, err := t.Ask(tourney.Invite{From: player, To: partner, Rating: rating}, f.now())
	if err == nil {
		t.Named(player, name)
	}
	f.open(t, starts)
	return err
}

// AnswerPartner is the answer of the player asked.
func (f *Tourneys) AnswerPartner(id, player string, accept bool) error {
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
func (f *Tourneys) TakeBackPartner(id, player string) error {
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
func (f *Tourneys) Duplicate(id string) ([]tourneyview.Seal, map[string]*big.Rat, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.t[id]; !ok {
		return nil, nil, fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	}
	return slices.Clone(f.Seals[id]), maps.Clone(f.Field[id]), nil
}

// MatchRecord is the record a test kept for table n (nil kept: a
// duplicate round's, not given yet).
func (f *Tourneys) MatchRecord(n int) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rec, ok := f.Records[n]
	switch {
	case !ok:
		return nil, fmt.Errorf("table %d: %w", n, tourney.ErrUnknown)
	case rec == nil:
		return nil, fmt.Errorf("table %d: %w", n, tournaments.ErrNotYet)
	}
	return rec, nil
}

// open opens the tables the director asked for.
func (f *Tourneys) open(t *tourney.Tournament, starts []tourney.Start) {
	for _, s := range starts {
		f.Table++
		t.Opened(s, f.Table, f.now())
	}
}

// Change changes tournament id as its owner would (a refusal said, the
// clock's tick), under the fake's lock, and opens the tables the change
// asks for.
func (f *Tourneys) Change(id string, change func(t *tourney.Tournament) []tourney.Start) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.t[id]
	f.open(t, change(t))
}

// End ends every match of tournament id in play, seat 0 first, and moves
// it on to the fake's time.
func (f *Tourneys) End(id string) {
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

// ArenaOfFive is a fake with an arena under way: five players, one
// match played, one table in play.
func ArenaOfFive(t testing.TB, now func() time.Time) *Tourneys {
	t.Helper()
	f := NewTourneys(now)
	id, err := f.CreateTournament("key:p1", tourney.Config{Kind: tourney.Arena, Name: "Friday arena", Game: "classic", Rules: "default",
		Hands: 1, Start: now().Add(-5 * time.Minute), Length: time.Hour, BotWait: time.Minute, BotLevel: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := f.JoinTournament(id, fmt.Sprintf("key:p%d", i), "", 1500+i); err != nil {
			t.Fatal(err)
		}
	}
	f.End(id)
	return f
}

// HasMarked says whether the screen has a line marked as the player's
// own with name on it.
func HasMarked(scr, name string) bool {
	for _, l := range strings.Split(scr, "\n") {
		if strings.HasPrefix(l, "  > ") && strings.Contains(l, " "+name+" ") {
			return true
		}
	}
	return false
}

// TourneyChat is tournament id's chat, to anyone.
func (f *Tourneys) TourneyChat(id, _ string) []tournaments.ChatLine {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.chat[id])
}

// SayTourney adds a line to tournament id's chat, by one of its people
// or its creator (tournaments.ErrChatNotIn else), cleaned as the
// tables' chat cleans it.
func (f *Tourneys) SayTourney(id, player, name, text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.t[id]
	switch {
	case !ok:
		return fmt.Errorf("tournament %s: %w", id, tourney.ErrUnknown)
	case f.by[id] != player && !slices.Contains(t.People(), player):
		return tournaments.ErrChatNotIn
	}
	if m, ok := f.Mutes[player]; ok {
		return &m
	}
	if f.chat == nil {
		f.chat = map[string][]tournaments.ChatLine{}
	}
	f.chat[id] = append(f.chat[id], tournaments.ChatLine{Seq: uint64(len(f.chat[id]) + 1), Name: name, Text: tables.CleanChat(text), At: f.now()})
	return nil
}

// Muted says whether player is among Mutes.
func (f *Tourneys) Muted(player string) (tournaments.MutedError, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.Mutes[player]
	return m, ok
}

// TourneyTable opens on s's hall a classic table of tournament id,
// its seats held for key:test, key:p0, key:p1 and key:p2, with the
// times to come back and away, and waits until the hall lists it as
// the tournament's (what a session reads of it).
func (s *Side) TourneyTable(t *testing.T, id string, back, away time.Duration) *tables.Table {
	t.Helper()
	tb, err := s.H.OpenSeated(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: id, Players: [4]string{"key:test", "key:p0", "key:p1", "key:p2"}, Back: back, Away: away}})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Common(context.Background(), "key:test", "", "ann", "en")
	for end := time.Now().Add(time.Minute); c.TourneyOf(tb.ID) != id; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the hall never listed the tournament's table")
		}
	}
	return tb
}
