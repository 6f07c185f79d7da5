package format

import (
	"errors"
	"time"
)

// Seats is the number of seats at a table of either game.
const Seats = 4

// Kind names a format of play.
type Kind string

// The formats of play.
const (
	// KindMatch is an ordinary match, and after it another at the
	// host's word: the game's own hands, no set around them.
	KindMatch Kind = "match"
	// KindDaily is the daily's set: the day's hands in seat 0 against
	// three hard bots, each hand a match of its own.
	KindDaily Kind = "daily"
	// KindDuplicate is a duplicate rotation: each deal played four
	// times, the players one seat on each time.
	KindDuplicate Kind = "duplicate"
	// KindRound is one table of a tournament's duplicate round: one
	// match dealt from the round's seal, which every table of the
	// round shares.
	KindRound Kind = "round"
)

// Format is how a session of play is laid out around the game: which
// hand is dealt next and from what seed, who sits where, which secrets
// are kept and when they are shown, how a hand's outcome is scored, and
// what is said between hands and at the end. The served table and the
// local app drive a session through it and never ask which format it
// is: a new format is a new implementation.
//
// A Format holds the session's place (the hand under way, the results
// scored); its methods never read a clock, draw randomness or do I/O —
// a fresh seal is drawn by the caller (SealFrom) and handed to Deal.
// It is not safe for concurrent use: one goroutine (the table's, the
// app's Update) drives it.
type Format interface {
	// Kind names the format.
	Kind() Kind
	// Policy is what the format decides once for the whole session:
	// who may sit and watch, whether a match is rated, when the
	// session closes by itself, and the words said at its end.
	Policy() Policy
	// Hands is the number of hands the format plays, 0 for no end (a
	// match table plays match after match at the host's word).
	Hands() int
	// Index is the hand of the format under way, from 0.
	Index() int
	// NeedsSeal reports whether the next hand is dealt from a seal
	// drawn afresh: the caller then draws SealBytes from its source of
	// randomness (crypto/rand at a served table) and hands SealFrom's
	// seal to Deal; otherwise Deal ignores what it is handed.
	NeedsSeal() bool
	// Deal is the hand about to be dealt: its seal and what its record's
	// meta says of its place in the format.
	Deal(fresh Seal) Hand
	// Player is the player sitting in seat in the hand under way (a
	// player is numbered by the seat they held at the first hand).
	Player(seat int) int
	// Arranged is how many seats the players have moved on since the
	// first hand, for the hand under way: a table keeps it with its
	// seats, and turns them on by the difference when it is restored
	// from a record a hand further on.
	Arranged() int
	// Score takes the outcome of the hand under way, once: ok is false
	// when the format does not score hands (a match) or the hand was
	// scored already.
	Score(o Outcome) (s Scored, ok bool)
	// HandOver reports whether the hand under way has been scored: the
	// format, not the game, moves on from it (Next).
	HandOver() bool
	// Next moves the format on from the hand under way: ok is false
	// while that hand is not over for the format; more is false after
	// its last hand (the session is done: Policy's DoneWord); turn is
	// how many seats the players move on before the next hand.
	Next() (turn int, more, ok bool)
	// Show is what the seats are shown of seal, the hand under way's,
	// while its match is played and once it is over.
	Show(s Seal, matchOver bool) Shown
	// Standing is where the session stands, for every seat's update
	// and the pages between hands.
	Standing() Standing
	// Lobby is the hand and whether the session is over as a list of
	// tables shows them, from the match's own.
	Lobby(matchHand int, matchOver bool) (hand int, over bool)
	// Restore puts the format at the hand a saved record is of, from
	// the record header's seed and meta; saved is the seal the record
	// and the table's entry carry. It returns the seal the hand is
	// played under.
	Restore(seed uint64, meta map[string]string, saved Seal) (Seal, error)
	// LogAttrs are the key-value pairs a log line about the hand under
	// way carries (log/slog's args).
	LogAttrs() []any
}

// Policy is what a format decides for a whole session.
type Policy struct {
	// Only is the one identity who may sit ("" for anyone).
	Only string
	// Watch: spectators may watch (a daily's would see its deals).
	Watch bool
	// Rated: a finished match is rated.
	Rated bool
	// RecordAtEnd: a match's record may be given out once the match is
	// over; otherwise only as Scored.Share says.
	RecordAtEnd bool
	// Closes is when the session may no longer be played (the daily's
	// day), zero for never; a player who leaves keeps their seat until
	// then.
	Closes time.Time
	// DoneWord is the key of the words said when the last hand is over;
	// ClosedWord when the session closes (Closes) before it.
	DoneWord, ClosedWord string
	// Awaits: a seat held for a player who has not come yet is waited
	// for on its turn (until its seat is given up), not played by its
	// bot: a tournament's player comes to a table opened for them.
	Awaits bool
	// PlaysOut: the bots play the match to its end, hands dealt and all,
	// whether anyone is at the table or not (a tournament's match counts
	// whoever watches); otherwise bots play only while someone is there.
	PlaysOut bool
	// OneMatch: the table plays one match; no other follows it at the
	// host's word.
	OneMatch bool
	// Chosen: the players were chosen by whoever opened the table (a
	// tournament), not by who sits down: only a seat's own player sits
	// (a newcomer is refused), and the match's end is handed back to
	// whoever chose them.
	Chosen bool
	// AwayLoses: a player's bot earns nothing for them. A seat whose
	// player is away from it (their bot playing: gone, or no key
	// pressed) for longer than their time to come to it loses the
	// match for them, whatever the bot makes of it (a tournament's
	// table: its end says the seat's match was lost so).
	AwayLoses bool
	// SharedSeal: the seal deals the matches of several tables at once
	// (a duplicate round's), so a match is known by its seal and its
	// table, not by its seal alone (its rating's key).
	SharedSeal bool
}

// Hand is a hand about to be dealt, as the format says.
type Hand struct {
	// Seal is the hand's seed, its bots' key, and its commitment.
	Seal Seal
	// Bots are each seat's bot seed when the format fixes them (the
	// local daily's), zero otherwise (a table keys its bots with
	// Seal.BotKey).
	Bots [Seats]uint64
	// Meta is what the hand's record says of its place in the format,
	// to merge into the record's meta.
	Meta map[string]string
}

// Outcome is a hand's result as its game measures it, seat by seat: a
// classic hand's score in par's measure (more is better), a 101 hand's
// total (less is better). The referee says it; the format scores it.
type Outcome struct {
	Scores       [Seats]int
	LessIsBetter bool
}

// Results are the outcome's scores with more being better: a 101
// total's sign turned, as game/duplicate takes them.
func (o Outcome) Results() [Seats]int {
	r := o.Scores
	if o.LessIsBetter {
		for s := range r {
			r[s] = -r[s]
		}
	}
	return r
}

// Scored is a hand as the format scored it.
type Scored struct {
	// Hand is the hand's number in the format, from 1.
	Hand int
	// Score is seat 0's score in its game's measure (the daily's
	// score, compared with par).
	Score int
	// Results are every seat's results, more being better.
	Results [Seats]int
	// Board: the score goes to a board of the day (Date, Player).
	Board        bool
	Date, Player string
	// Share: the hand's record may now be given out (a duplicate deal
	// played all four times: nothing left to hide).
	Share bool
}

// Standing is where a session stands; the part of its format is set,
// the others nil.
type Standing struct {
	Daily     *DailyStanding
	Duplicate *DuplicateStanding
}

// DailyStanding is where a daily's set stands.
type DailyStanding struct {
	// Date is the day, YYYY-MM-DD.
	Date string
	// Hand is the hand under way (from 1), Of the day's hands.
	Hand, Of int
	// Practice is why the day is not ranked, "" when it is.
	Practice string
	// Scores are the scores of the hands scored so far, in order.
	Scores []int
}

// DuplicateStanding is where a duplicate rotation stands.
type DuplicateStanding struct {
	// Hand is the hand under way (from 1) of Hands; Deal (from 1) of
	// Deals and Rotation (1 to 4) which deal and which of its four
	// times.
	Hand, Hands int
	Deal, Deals int
	Rotation    int
	// Seats are where each player sits in the hand under way.
	Seats [Seats]int
	// Played is the number of hands scored.
	Played int
	// Score is each player's duplicate score in quarters of a point,
	// over the deals played all four times.
	Score [Seats]int
	// Totals is each player's usual total over the hands scored, in the
	// game's measure (a 101 total: less is better).
	Totals [Seats]int
	// Over: every hand has been scored.
	Over bool
}

// ErrDuplicate is a duplicate plan, or a duplicate hand's record, that
// cannot be played.
var ErrDuplicate = errors.New("duplicate table")

// ErrDaily is a daily plan, or a record, that is none of its day's.
var ErrDaily = errors.New("daily table")
