package tables

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"okey/game/classic"
)

// Seated is a tournament's table: its players are chosen by the
// tournament, not by who sits down, so the table opens with each
// player's seat held for them and its match dealt at once. A player
// comes to the seat held for them as one back to a table (joinAs);
// while one who has not yet come is awaited (Back), the table waits on
// their turn; once Back has passed, their seat is given up and a bot
// plays it, and the table's end says the seat was forfeit. Seats of
// nobody ("") are bots' from the start, and bots play on whether anyone
// watches or not: a tournament's match is played to its end. The table
// plays one match: its end (SeatedEnd) goes to Options.SeatedEnded, and
// no other match follows at it.
type Seated struct {
	// Tourney is the tournament's id.
	Tourney string `json:"tourney"`
	// Players are the identities seated, seat by seat ("": a bot).
	Players [classic.NumSeats]string `json:"players"`
	// Back is how long a player has to come to their seat.
	Back time.Duration `json:"back"`
}

// ErrSeated is a seated table's configuration that cannot be played.
var ErrSeated = errors.New("a tournament's table")

// check says what is wrong with a seated table's configuration.
func (s *Seated) check() error {
	switch {
	case s.Tourney == "":
		return fmt.Errorf("%w: of no tournament", ErrSeated)
	case s.Back < 0:
		return fmt.Errorf("%w: back %v", ErrSeated, s.Back)
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
// seats whose player was not at them at the end (not come in time, or
// gone and their seat given up).
type SeatedEnd struct {
	Table   string
	Tourney string
	Players [classic.NumSeats]string
	Places  [classic.NumSeats]int
	Forfeit [classic.NumSeats]bool
	// Results are the seats' results in their game's measure, more
	// being better (format.Outcome's): a duplicate round's tables are
	// scored against each other by them.
	Results [classic.NumSeats]int
	// Record is the match's record, over: what the tournament's pages
	// give out and okey verify checks.
	Record []byte `json:"-"`
}

// NewSeated makes a tournament's table: New, the players' seats held
// for them, the match dealt. Run starts it.
func NewSeated(id string, cfg Config, opt Options, sv *Saver) (*Table, error) {
	if cfg.Seated == nil {
		return nil, fmt.Errorf("%w: no players", ErrSeated)
	}
	t, err := New(id, cfg, opt, sv)
	if err != nil {
		return nil, err
	}
	now := opt.Now()
	for i, p := range cfg.Seated.Players {
		if p == "" {
			continue
		}
		s := &t.sit.seats[i]
		s.owner, s.keep = p, now.Add(cfg.Seated.Back)
		t.awaited[i] = true
		if t.sit.hostID == "" {
			t.sit.hostID = p
		}
	}
	if err := t.start(); err != nil {
		return nil, err
	}
	return t, nil
}

// awaits reports whether the table waits on seat: a seated table's
// player not yet come, their time to come not over.
func (t *Table) awaits(seat int) bool {
	s := &t.sit.seats[seat]
	return t.Cfg.Seated != nil && t.awaited[seat] && s.owner != "" && s.m == nil && !s.keep.IsZero()
}

// playsAlone reports whether bots play with nobody at the table: a
// seated table's match is played to its end.
func (t *Table) playsAlone() bool { return t.Cfg.Seated != nil }

// seatedEnded hands a seated table's match, over, to
// Options.SeatedEnded; each time it is called for the same match it
// says the same (the tournament takes a table's end once).
func (t *Table) seatedEnded() {
	se := t.Cfg.Seated
	if se == nil || t.Opt.SeatedEnded == nil || t.Ref == nil {
		return
	}
	places, _, ok := t.Ref.Standings()
	if !ok {
		return
	}
	end := SeatedEnd{Table: t.ID, Tourney: se.Tourney, Players: se.Players, Places: places, Record: t.Ref.Record()}
	if o, ok := t.Ref.Outcome(); ok {
		end.Results = o.Results()
	}
	for i, p := range se.Players {
		end.Forfeit[i] = p != "" && t.sit.seats[i].owner != p
	}
	t.Opt.SeatedEnded(end)
}

// seatedPlaying reports whether a seated table's match is under way:
// the table does not close while it is, even with nobody at it.
func (t *Table) seatedPlaying() bool {
	if t.Cfg.Seated == nil || t.Ref == nil {
		return false
	}
	st, _ := t.Ref.Stage()
	return st != stMatchOver
}

// ErrNotOver is a record whose match is not over.
var ErrNotOver = errors.New("the record's match is not over")

// RecordPlaces are the places a finished match's record ends with, as
// its game's referee replaying it says (1 to 4, equal for a tie): what
// a tournament's standings are recounted from.
func RecordPlaces(gameName string, record []byte) ([classic.NumSeats]int, error) {
	k, ok := FindKind(gameName)
	if !ok {
		return [classic.NumSeats]int{}, fmt.Errorf("game %q: not offered here", gameName)
	}
	ref, err := k.restore(record)
	if err != nil {
		return [classic.NumSeats]int{}, err
	}
	places, _, ok := ref.Standings()
	if !ok {
		return places, ErrNotOver
	}
	return places, nil
}
