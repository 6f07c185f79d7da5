package tables

import (
	"context"
	"errors"
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/format"
	"okey/kit/seatmsg"
)

// A table referees "a game" through the referee interface, and its
// sessions draw it with the game's own screen: classic Okey
// (game/classic: referee_classic.go) and Okey 101 (game/okey101:
// referee101.go). Each is a GameKind (games.go); the table, the lobby
// and the server know no game. What both referees do alike is written
// here once: where a match stands (stageOf), a seat's update around its
// view (seatUpdate), the first legal move of a list (firstLegal), a
// bot's seed (botSeed). A referee says only game things: what a hand's
// outcome means for a daily or a duplicate is the format's (game/format).

// stage is where a match stands, as the table needs to know it.
type stage uint8

const (
	stPlaying   stage = iota + 1 // a hand is under way
	stHandOver                   // between hands
	stMatchOver                  // nothing more to play
)

// seatInfo is what the table tells every screen besides the game: the
// seats, the chat, the clock, who is ready, and this seat's refusals.
type seatInfo struct {
	// dup is a duplicate table's standing, nil at any other table.
	dup        *seatmsg.Duplicate
	players    [classic.NumSeats]seatmsg.Player
	chat       []seatmsg.ChatLine
	deadline   time.Time
	ready      [classic.NumSeats]bool
	host       bool
	oneMatch   bool
	refused    string
	refusedSeq uint64
	// fair is the match's commitment, and after it its seed and salt.
	fair seatmsg.Fairness
	// daily is a served daily's hand (daily.go), nil at other tables.
	daily *seatmsg.Daily
	// awayLost: the seat's match is lost for its player, away from it
	// too long (Table.noteAbsence).
	awayLost bool
	// botPlayed is how many moves the seat's bot played for its player
	// since they last moved (Table.botFor).
	botPlayed int
	// serverBusy is the deal's first move an expert bot played at
	// hard's level, no search slot free (Table.busy), nil for none.
	serverBusy *seatmsg.ServerBusy
}

// referee is the game a table plays. Its methods run on the table's
// goroutine only, except the function AskBot returns, which runs in a
// goroutine of its own on what it captured.
type referee interface {
	// Stage is where the match stands and whose turn it is.
	Stage() (stage, int)
	// Apply plays seat's move (an seatmsg.Intent for classic); turnOver
	// reports that the seat's turn ended with it (the clock restarts).
	Apply(seat int, move any) (turnOver bool, err error)
	// NextHand deals the next hand.
	NextHand() error
	// AskBot returns the question to put to seat's bot of level, to run
	// in a goroutine: it answers a move for Apply.
	AskBot(seat int, level string, key uint64) func(context.Context) (any, error)
	// PlainMove is a legal move for seat when its bot fails.
	PlainMove(seat int) (any, bool)
	// Update is the message of seat's screen (-1: a spectator's).
	Update(seat int, info *seatInfo) seatmsg.Update
	// Record is the match's record as written so far; the bytes are
	// never changed after (an append-only log).
	Record() []byte
	// Hand is the number of the hand.
	Hand() int
	// Deal is the deal under way, as a seat's intent names the one it
	// was made for (seatmsg.Intent's Hand and Redeal): the hand, and for
	// Okey 101 its deals after void ones.
	Deal() (hand, redeal int)
	// Events is the number of events of the deal's history so far: a
	// chat line said now comes after them (seatmsg.ChatLine.At).
	Events() int
	// Standings are a finished match's places, each seat's from 1 (equal
	// for a tie), and whether opposite seats were partners; ok is false
	// while the match is played.
	Standings() (places [classic.NumSeats]int, partners bool, ok bool)
	// Scores are a finished match's scores as its final table shows
	// them, seat by seat in the game's own measure (classic's points
	// left, more being better; 101's totals, a team's under partners,
	// less being better); ok is false while the match is played.
	Scores() (scores [classic.NumSeats]int, ok bool)
	// Outcome is the match's first hand's result, seat by seat in the
	// game's own measure, once that hand is over: what a format scores
	// (the daily's hand, a duplicate's).
	Outcome() (format.Outcome, bool)
}

// recordLog is a referee's match record as written so far: the lines
// of each move are appended, and the bytes written never change, so a
// snapshot handed to the saver stays whole (appending may move them).
type recordLog struct{ rec []byte }

// Record is the record so far (referee's Record).
func (l *recordLog) Record() []byte { return l.rec }

// add appends a move's lines.
func (l *recordLog) add(lines []byte) { l.rec = append(l.rec, lines...) }

// errNotAMove is a move of another game's kind.
var errNotAMove = errors.New("not a move of this game")

// stageOf is where a match stands: a hand played (turn's seat to move),
// a hand over, or else the match over.
func stageOf(playing, handOver bool, turn int) (stage, int) {
	switch {
	case playing:
		return stPlaying, turn
	case handOver:
		return stHandOver, -1
	}
	return stMatchOver, -1
}

// seatUpdate is what a table hands a seat around the game's view: the
// players, the chat, who is ready, the refusals, the seal, and while a
// hand is played the clock.
func seatUpdate(info *seatInfo, playing bool) seatmsg.Update {
	u := seatmsg.Update{
		Players: info.players, Chat: info.chat,
		Ready: info.ready, Host: info.host, OneMatch: info.oneMatch, Refused: info.refused, RefusedSeq: info.refusedSeq, Fair: info.fair, Daily: info.daily,
		AwayLost: info.awayLost, BotPlayed: info.botPlayed, ServerBusy: info.serverBusy,
	}
	if playing {
		u.Deadline = info.deadline
	}
	u.Duplicate = info.dup
	return u
}

// firstLegal is the first of moves that legal accepts.
func firstLegal[A any](moves []A, legal func(A) bool) (any, bool) {
	for _, a := range moves {
		if legal(a) {
			return a, true
		}
	}
	return nil, false
}

// botSeed is the seed of a bot's random source for one decision: from
// the match's bot key (drawn beside the seed, never from it), the seat,
// the deal and the moves so far, so that a table restored from its
// record and entry plays on as it would have, and nothing a bot does is
// a function of the seed that decides the deals.
func botSeed(key uint64, seat, hand, redeal, moves, stage int) uint64 {
	return game.NewSeed(key + uint64(seat) ^ uint64(hand)<<40 ^ uint64(redeal)<<32 ^ uint64(moves)<<8 ^ uint64(stage))
}
