package tables

import (
	"encoding/json"
	"fmt"
	"time"

	"okey/game/classic"
	"okey/game/format"
	"okey/kit/seatmsg"
	"okey/server/keep"
)

// SavedTable is a table's file: everything but the match, which is its
// record beside it.
type SavedTable struct {
	ID      string                      `json:"id"`
	Config  Config                      `json:"config"`
	Host    string                      `json:"host,omitempty"`
	Started bool                        `json:"started"`
	MatchNo uint64                      `json:"match_no"`
	Seats   [classic.NumSeats]savedSeat `json:"seats"`
	Created time.Time                   `json:"created"`
	Chat    []seatmsg.ChatLine          `json:"chat,omitempty"`
	// Entrants are who sat down to the match (for its rating); a table
	// saved before ratings has none.
	Entrants *[classic.NumSeats]keep.Entrant `json:"entrants,omitempty"`
	// Deadline is when the turn clock runs out, as last set (zero: no
	// clock running): a node taking the table over gives the player the
	// time that was left.
	Deadline time.Time `json:"deadline,omitzero"`
	// BotKey keys the match's bots' random sources (fair.go): kept so a
	// table taken over plays on as it would have. The entry is sealed in
	// the store.
	BotKey uint64 `json:"bot_key,omitempty"`
	// DupHand is a duplicate table's hand of the plan (from 0) its
	// seats are arranged for: the record, written first, may be a hand
	// further on.
	DupHand int `json:"dup_hand,omitempty"`
	// Commit is the commitment of the record's match, as the table
	// showed it to its players (none for a daily's hand, whose day's
	// commitment is its plan's). Kept in the entry, sealed: a record
	// restored or taken over must carry it (RestoreTable), so that a
	// sealed record of another match replayed into the store is not
	// dealt in its place.
	Commit string `json:"commit,omitempty"`
	// Awaited are a tournament's seats whose player has not come yet:
	// restored, the table awaits them again (RestoreTable), rather than
	// have their bots play the seats they were never at.
	Awaited [classic.NumSeats]bool `json:"awaited,omitzero"`
	// Absent are the seats whose match was lost for their player, away
	// from it too long (Table.noteAbsence): lost still once restored.
	Absent [classic.NumSeats]bool `json:"absent,omitzero"`
	// Pressed are the seats whose player pressed a key at the table
	// this match (Table.pressed): restored, a player present before is
	// not taken for one who never was.
	Pressed [classic.NumSeats]bool `json:"pressed,omitzero"`
	// Banked is how much of its bank each seat has drawn on this match
	// (Config.Bank): kept, as the turn's clock is.
	Banked [classic.NumSeats]time.Duration `json:"banked,omitzero"`
}

type savedSeat struct {
	Owner string `json:"owner,omitempty"`
	Name  string `json:"name,omitempty"`
	Addr  string `json:"addr,omitempty"`
}

// save hands the table's files to its saver, which writes them in the
// background (the newest snapshot wins); the table shows nothing more,
// and takes nothing, until the store holds them (Run). While the
// requests queued together are taken (batching), it is made once,
// after the last.
func (t *Table) save() { t.handOver(true) }

// saveUnwaited hands the table's files to its saver as save does, but
// the table shows the change and goes on without waiting for the store:
// for a change whose loss with the node undoes nothing a player saw
// happen at the table — a player back at the seat they hold, the turn's
// clock started. Lost, the next node shows the seat away until its
// player is back (they are: their node is gone, and they come back),
// and the clock as last written, stood still meanwhile. Waited for, a
// table taken over while the store's streams elect their leaders would
// seat its players back a slow write apart. A save the table waits
// for, made before this one is written, carries it (the newest
// snapshot is whole).
func (t *Table) saveUnwaited() { t.handOver(false) }

// handOver is save (wait) and saveUnwaited.
func (t *Table) handOver(wait bool) {
	if t.saving.hold(wait) {
		return
	}
	st := SavedTable{ID: t.ID, Config: t.Cfg, Host: t.sit.hostID, Started: t.Ref != nil, MatchNo: t.matchNo, Created: t.created, Chat: t.chat.lines,
		Deadline: t.clock.deadline.Round(0), BotKey: t.seal.BotKey, DupHand: t.f.Arranged(), Awaited: t.awaited, Absent: t.absent, Pressed: t.pressed, Banked: t.clock.banked}
	t.clock.saved = t.clock.deadline
	if t.Ref != nil {
		st.Entrants = t.entrants
		if !t.seal.None {
			st.Commit = t.seal.Commit.String()
		}
	}
	for i, s := range t.sit.seats {
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
	t.saving.put(b, rec, wait)
}

// levelsOf is each seat's bot's level at a table of cfg playing f: its
// player's (at a duplicate the levels move with the players), as the
// table's game plays it (LevelPlays: a classic table's expert is hard),
// so that the seats show, the record keeps and the ratings count the
// level that plays.
func levelsOf(cfg *Config, f format.Format) func(seat int) string {
	return func(seat int) string { return LevelPlays(cfg.Game, cfg.Levels[f.Player(seat)]) }
}

// rateMatch hands the finished match to the rater, unless its
// tournament rates it (heldRating).
func (t *Table) rateMatch() {
	if m, ok := t.matchRated(); ok && !t.heldRating() {
		t.Opt.Rate(m)
	}
}

// heldRating says whether the table's match is rated by the tournament
// that chose its players once the round is over rather than by the
// table as it ends: a duplicate round's (its seal shared by the
// round's tables), whose ratings moving table by table would tell the
// tables still playing which racks did well.
func (t *Table) heldRating() bool {
	return t.policy.SharedSeal && t.policy.Chosen && t.Opt.SeatedEnded != nil
}

// matchRated is the finished match as the rater takes it (ok false:
// none, not over, or not rated by the format).
func (t *Table) matchRated() (keep.MatchEnd, bool) {
	if t.Opt.Rate == nil || t.Ref == nil || !t.policy.Rated {
		// The format says (a daily's hands are ranked on the day's
		// board, a duplicate table's scored at its end).
		return keep.MatchEnd{}, false
	}
	places, partners, ok := t.Ref.Standings()
	if !ok {
		return keep.MatchEnd{}, false
	}
	seats := t.sit.entrants(levelsOf(&t.Cfg, t.f)) // a match begun before ratings: who holds the seats
	if t.entrants != nil {
		seats = *t.entrants
	}
	// The match's identity: the commitment to its seed (drawn afresh
	// for every match, so never given twice, and the same on whichever
	// node restores the table), with the table's number where the
	// format shares the seal between tables; for a match begun before
	// commitments the table's number and the match's.
	key := fmt.Sprintf("table-%s-match-%d", t.ID, t.matchNo)
	switch {
	case t.seal.None:
	case t.policy.SharedSeal:
		// Every table of a duplicate round deals from the round's seal:
		// the commitment alone would rate the first table's match and
		// take every other table's for it, already rated.
		key = t.seal.Commit.String() + ".table-" + t.ID
	default:
		key = t.seal.Commit.String()
	}
	var out [classic.NumSeats]bool
	if end, ok := t.Cfg.chosenEnd(t.ID, t.Ref, t.sit.owners(), t.absent); ok {
		out = end.Forfeit // a bot's play rates nobody (keep.MatchEnd's Out)
	}
	return keep.MatchEnd{Key: key, Game: t.Cfg.Game, Seats: seats, Places: places, Partners: partners, Out: out}, true
}

// noteFinished keeps the record of a match that has just ended, for
// "record TABLE": the table's last finished match, kept until the next
// one ends.
func (t *Table) noteFinished() {
	if t.Ref == nil {
		return
	}
	if st, _ := t.Ref.Stage(); st == stMatchOver {
		if t.policy.RecordAtEnd {
			// Otherwise the format lets it out later (a duplicate's
			// once its deal is over: scored; a tournament's round's by
			// the tournament).
			rec := t.Ref.Record() // never changed after: the referee only appends
			t.Finished.Store(&rec)
		}
		t.rateMatch() // as the format's policy says
		if !t.policy.Chosen || t.Opt.SeatedEnded == nil {
			return // nobody chose the players: nobody is handed the end
		}
		if end, ok := t.Cfg.chosenEnd(t.ID, t.Ref, t.sit.owners(), t.absent); ok {
			if m, ok := t.matchRated(); ok && t.heldRating() {
				end.Rating = &m // the tournament's to rate once the round is over
			}
			t.Opt.SeatedEnded(end)
		}
	}
}
