// Package seatmsg holds what a table of either game and a seat at it
// say to each other, the seat plumbing both games share, written once:
// the update a table hands a seat after every change (Update: the
// seat's view, the players, the chat, the clock, a refusal, the
// match's commitment), the seat's intents (Intent), who holds a seat
// (Player, Kind), and where a chat line goes among the moves of a log
// (ChatAt). okey serve's tables make them; package ui's seat screens
// read them.
//
// It imports the two referees (game, game/classic, game/okey101) and
// nothing of ui.
package seatmsg

import (
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// Kind is who holds a seat, as the players at the table see it.
type Kind uint8

// The kinds of seat.
const (
	// Bot is a bot, in a seat nobody holds.
	Bot Kind = iota
	// Human is a player at the table.
	Human
	// Away is a player whose bot plays for now: disconnected, or out
	// of time until they press a key.
	Away
	// Awaited is a tournament's player whose seat is held for them and
	// who has not come to the table yet (their turn waits for them): not
	// "away", they were never here, and the seat is theirs by name.
	Awaited
)

// Player is one seat as the table shows it.
type Player struct {
	Name string
	Kind Kind
	// Level is the level of the seat's bot.
	Level string
	// Rating is the rating of the player holding the seat in this game
	// (okey serve's, shown beside "player"); 0 with Rated false: none
	// (a guest, or not known yet).
	Rating float64
	Rated  bool
}

// HandEnd is how a hand of the match ended, and the scores after it.
type HandEnd struct {
	Result classic.HandResult
	Scores [game.NumSeats]int
}

// ChatLine is one line of the table's chat; Seq numbers the lines of a
// table from 1.
type ChatLine struct {
	Seq        uint64
	Name, Text string
	// Hand, Redeal and At are where in the match the line was said: in
	// which deal (a hand, and a 101 hand's deals after void ones; hand 0
	// is before the match), after how many events of its history. A
	// screen that takes a table in whole (a join, a restart) puts each
	// line back among the moves where it was said, not after them all.
	// Kept with the table's file.
	Hand   int `json:"hand,omitempty"`
	Redeal int `json:"redeal,omitempty"`
	At     int `json:"at,omitempty"`
}

// SaidBefore reports whether chat line c was said before the event at
// place at of the deal game.DealKey(hand, redeal) (at -1: a place not known,
// which no chat line of its deal goes before).
func (c ChatLine) SaidBefore(deal, at int) bool {
	if cd := game.DealKey(c.Hand, c.Redeal); cd != deal {
		return cd < deal
	}
	return at >= 0 && c.At <= at
}

// Update is what a table of either game hands one seat after every
// change: the seat's view of the game (a spectator's: the view of seat
// -1) and the table around it, which is the same in both games.
// Sessions keep only the latest, so it holds everything the screen
// needs whole, never a difference.
type Update struct {
	// View is a classic table's view, View101 a table of Okey 101's (its
	// score sheet inside): exactly one is set, and it says the game.
	View    *classic.View
	View101 *okey101.View
	// Hands are the hands of a classic match so far (shared with the
	// table, which only ever appends: read them, never write).
	Hands []HandEnd
	// Duplicate is where a duplicate table stands (nil at any other
	// table): okey serve's session says it, the seat's screen does not.
	Duplicate *Duplicate `json:"duplicate,omitempty"`
	Players   [game.NumSeats]Player
	// Chat is the table's last lines.
	Chat []ChatLine
	// Deadline is when the seat to move runs out of time (zero: no
	// timer); its bot plays the move then.
	Deadline time.Time
	// Refused says why this seat's last move was refused (RefusedSeq
	// numbers the refusals, so that each is told once).
	Refused    string
	RefusedSeq uint64
	// Ready marks the seats that asked for the next hand; the table
	// deals when every player at it has.
	Ready [game.NumSeats]bool
	// Host is set when this seat may start a new match.
	Host bool
	// OneMatch: the table plays one match and no other follows it (a
	// tournament's: the next table is the pairing's), so its end offers
	// no new match.
	OneMatch bool `json:"oneMatch,omitempty"`
	// Fair is the match's commitment (Fairness).
	Fair Fairness
	// AwayLost: this seat's player was away from it (their bot
	// playing) longer than a tournament allows, and the match counts as
	// lost for them whatever the bot makes of it; the session says so,
	// and what comes next.
	AwayLost bool `json:"awayLost,omitempty"`
	// BotPlayed is how many moves this seat's bot played for its player
	// since they last moved themselves (away, or not at the table: their
	// node gone or frozen, the table taken over elsewhere). A player back
	// at a table that moved with a move of theirs on its way is told
	// from it that the move was not played.
	BotPlayed int `json:"botPlayed,omitempty"`
	// Daily is set at a served daily's table: which hand of the day the
	// match on it is (each of the day's hands is a match of its own).
	Daily *Daily `json:"daily,omitempty"`
	// HeldHand is set, in place of the views, between the hands of a
	// match whose deal other tables may still be dealing (a
	// tournament's duplicate round): the seat's own place and score
	// only, for the hand's end shows every rack; the deal is the
	// tournament page's once the round is over.
	HeldHand *HeldHand `json:"heldHand,omitempty"`
	// ServerBusy is set once, in the deal under way, a seat's expert
	// bot played a move at hard's level because the server had no
	// search slot free in time (okey serve's Okey 101 tables): the
	// first such move of the deal, which the screen tells once. It
	// says which seat and which deal, nothing of any rack.
	ServerBusy *ServerBusy `json:"serverBusy,omitempty"`
}

// ServerBusy is the first move of a deal that a seat's expert bot
// played at hard's level, the server busy (Update's ServerBusy).
type ServerBusy struct {
	// Seat is the table's seat whose bot played (a screen turns it as
	// it turns the players); Hand and Redeal are the deal, as an
	// intent names it.
	Seat   int `json:"seat"`
	Hand   int `json:"hand"`
	Redeal int `json:"redeal,omitempty"`
}

// HeldHand is a seat's end of a hand held back (Update's HeldHand).
type HeldHand struct {
	// Game is the game played (its records' name); Hand the hand just
	// over, from 1, and Redeal its deals after void ones (the ready the
	// seat sends names them); Hands the match's hands (0: as many as
	// its points last, classic's).
	Game   string `json:"game"`
	Hand   int    `json:"hand"`
	Redeal int    `json:"redeal,omitempty"`
	Hands  int    `json:"hands,omitempty"`
	// Place is the seat's place at the table so far, from 1 (equal for
	// a tie); Score its match score so far in the game's measure
	// (classic's points left, 101's total).
	Place int `json:"place"`
	Score int `json:"score"`
	// Ready: the seat has said it is ready for the next hand.
	Ready bool `json:"ready,omitempty"`
}

// Daily is the hand of a served daily a table plays: its screen says
// the day's hand, not the match's, and offers only what follows it.
type Daily struct {
	// Date is the day, YYYY-MM-DD (UTC).
	Date string `json:"date"`
	// Hand is the hand played (from 1), Of the day's hands.
	Hand int `json:"hand"`
	Of   int `json:"of"`
	// Practice is why the day is not ranked ("guest", "new", "addr"),
	// "" when it is: the header and the page after each hand say so.
	Practice string `json:"practice,omitempty"`
}

// Game is the game the update's view is of, as its records name it
// (string(game.Classic), string(game.Okey101); "" for an update without a
// view), so that the seat hands it to that game's side.
func (u Update) Game() string {
	switch {
	case u.View != nil:
		return string(game.Classic)
	case u.View101 != nil:
		return string(game.Okey101)
	}
	return ""
}

// InPlay reports whether the update's match is still being played.
func (u Update) InPlay() bool {
	switch {
	case u.HeldHand != nil:
		return true // between two hands of the match
	case u.View != nil:
		return u.View.Phase != game.MatchOver
	case u.View101 != nil:
		return u.View101.Phase != game.MatchOver
	}
	return false
}

// IntentKind is what a seat asks of its table.
type IntentKind uint8

// The intents.
const (
	// IntentAct plays Action (the next hand included).
	IntentAct IntentKind = iota + 1
	// IntentNewMatch asks for a new match after the last one ended.
	IntentNewMatch
	// IntentPlay101 plays Plays, actions of a turn of Okey 101 in
	// order (a finish is several); the table stops at the first it
	// refuses.
	IntentPlay101
	// IntentReady says the seat is ready for the next hand (101's; a
	// classic seat plays classic.NextHandAction).
	IntentReady
)

// Intent is a seat's move, sent to the table; the seat of Action and of
// Plays is the table's (the screen's turned back).
type Intent struct {
	Kind   IntentKind
	Action classic.Action
	Plays  []okey101.Action
	// Hand and Redeal are the deal on the screen when the intent was
	// made (Redeal counts a 101 hand's deals after void ones): the
	// table drops an intent made for another deal, so that a key
	// pressed for one hand never plays on the next.
	Hand, Redeal int
}

// LeaveMsg is the table screen's message when the player leaves the
// table (q): the program holding the screen decides what comes next.
type LeaveMsg struct{}

// Fairness is what a table tells a seat of its match's commitment.
type Fairness struct {
	// Commit is the commitment's short form ("3f9a 21c0 88d1 7b2e"); ""
	// when the match has none (one begun before the server made them).
	Commit string
	// Seed and Salt are the secret the commitment hides: given only once
	// the match is over, "" before.
	Seed, Salt string
}

// ChatAt is where chat line c goes in a log of n entries (entry says
// what entry i is: a chat line, an event, and an event's deal and place
// in its history): before the events of its deal said after it, never
// before a chat line said earlier. Other notes (the match's commitment)
// stay where they are among the events around them.
func ChatAt(c ChatLine, n int, entry func(i int) (chat, event bool, deal, at int)) int {
	p := n
	for i := n - 1; i >= 0; i-- {
		chat, event, deal, at := entry(i)
		if chat || event && !c.SaidBefore(deal, at) {
			break
		}
		if event {
			p = i
		}
	}
	return p
}

// Duplicate is a duplicate table's standing (okey serve): the same
// deals played four times, the players moving one seat on each time, so
// that everyone holds every rack of every deal once. A player is
// numbered by the seat they held at the first hand.
type Duplicate struct {
	// Hand is the hand under way (from 1) of Hands; Deal (from 1) of
	// Deals and Rotation (1 to 4) are which deal it is and which of its
	// four times.
	Hand, Hands int
	Deal, Deals int
	Rotation    int
	// Names are the players, player by player; Seats where each sits in
	// this hand.
	Names [game.NumSeats]string
	Seats [game.NumSeats]int
	// Played is the number of hands over, scored.
	Played int
	// Score is each player's duplicate score in quarters of a point,
	// over the deals played all four times (game/duplicate's Score).
	Score [game.NumSeats]int
	// Totals is each player's usual score over the hands played: classic
	// hands in par's measure, more being better; 101 the hands' totals,
	// less being better.
	Totals [game.NumSeats]int
	// Over: every hand of the plan has been played.
	Over bool
}

// Held is a seat's end of a match whose deal other tables may still be
// playing (a tournament's duplicate round): the player's own place and
// score, and nothing of the deal or the others', which the tournament
// shows once every table of the round has finished.
type Held struct {
	// Table is the table's number, Tourney the tournament's id.
	Table   string `json:"table"`
	Tourney string `json:"tourney,omitempty"`
	// Game is the game played (its records' name); Place the seat's
	// place from 1 (equal for a tie); Score its match score in the
	// game's measure (classic's points left, 101's total).
	Game  string `json:"game"`
	Place int    `json:"place"`
	Score int    `json:"score"`
}

// PlayerAt is the player sitting in seat s, -1 for none.
func (d *Duplicate) PlayerAt(s int) int {
	for p, at := range d.Seats {
		if at == s {
			return p
		}
	}
	return -1
}
