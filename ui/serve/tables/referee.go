package tables

import (
	"context"
	"errors"
	"fmt"
	"okey/game/classic"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/ui"
	"okey/ui/seatmsg"
)

// A table referees "a game" through the referee interface, and its
// sessions draw it with the game's own screen: classic Okey (package
// game, the ui.Model of a seat, here) and Okey 101 (game/okey101, the
// 101 table's screen of a seat, referee101.go). Each is a GameKind; the
// table, the lobby and the server know no game.

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
	players    [classic.NumSeats]seatmsg.Player
	chat       []seatmsg.ChatLine
	deadline   time.Time
	ready      [classic.NumSeats]bool
	host       bool
	refused    string
	refusedSeq uint64
	// fair is the match's commitment, and after it its seed and salt.
	fair seatmsg.Fairness
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
	Update(seat int, info *seatInfo) tea.Msg
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
}

// GameKind is a game the server offers.
type GameKind struct {
	Name string
	// newReferee starts a match; restore replays a saved record.
	newReferee func(rules string, seed uint64, meta map[string]string) (referee, error)
	restore    func(record []byte) (referee, error)
	// checkRules reports whether rules are valid for the game.
	checkRules func(rules string) error
	// rules are the presets the lobby offers.
	Rules []string
	// NewScreen is a seat's screen.
	NewScreen func(opt ui.SeatOptions) (Screen, error)
}

// Screen is a game's screen for one seat at a table.
type Screen interface {
	Init() tea.Cmd
	Update(tea.Msg) (tea.Model, tea.Cmd)
	View() tea.View
	Close() error
}

// GameKinds are the games on offer, the first the default.
func GameKinds() []GameKind {
	return []GameKind{classicKind(), okey101Kind()}
}

// FindKind is the game named name.
func FindKind(name string) (GameKind, bool) {
	for _, k := range GameKinds() {
		if k.Name == name {
			return k, true
		}
	}
	return GameKind{}, false
}

func classicKind() GameKind {
	return GameKind{
		Name: "classic",
		newReferee: func(rules string, seed uint64, meta map[string]string) (referee, error) {
			r, err := classic.ParseRules(rules)
			if err != nil {
				return nil, err
			}
			g, err := classic.NewGame(r, seed, meta)
			if err != nil {
				return nil, err
			}
			return newRefereeClassic(g), nil
		},
		restore: func(b []byte) (referee, error) {
			rec, err := classic.ParseRecord(b)
			if err != nil {
				return nil, err
			}
			g, err := classic.Replay(rec)
			if err != nil {
				return nil, err
			}
			return newRefereeClassic(g), nil
		},
		checkRules: func(rules string) error { _, err := classic.ParseRules(rules); return err },
		Rules:      []string{"default", "simple", "points=10", "one_colour_double", "partners", "leave_at_zero", "simple104"},
		NewScreen: func(opt ui.SeatOptions) (Screen, error) {
			return ui.NewSeat(opt)
		},
	}
}

// classic referees classic Okey with game.Game.
type refereeClassic struct {
	g     *classic.Game
	rec   []byte
	hands []seatmsg.HandEnd
}

func newRefereeClassic(g *classic.Game) *refereeClassic {
	c := &refereeClassic{g: g}
	full := g.Record()
	c.rec = full.Marshal()
	c.hands = handsOf(full)
	return c
}

// handsOf replays a record for how each of its hands ended.
func handsOf(rec classic.Record) []seatmsg.HandEnd {
	g, err := classic.StartGame(rec)
	if err != nil {
		return nil
	}
	var out []seatmsg.HandEnd
	for _, a := range rec.Actions {
		was := g.State().Phase()
		if _, _, err := g.Apply(a); err != nil {
			return out
		}
		out = appendHand(out, g.State(), was)
	}
	return out
}

func appendHand(h []seatmsg.HandEnd, st classic.State, was classic.Phase) []seatmsg.HandEnd {
	if was != classic.Playing || st.Phase() == classic.Playing || st.Result() == nil {
		return h
	}
	return append(h, seatmsg.HandEnd{Result: *st.Result(), Scores: st.Scores()})
}

func (c *refereeClassic) Stage() (stage, int) {
	st := c.g.State()
	switch st.Phase() {
	case classic.Playing:
		return stPlaying, st.Turn()
	case classic.HandOver:
		return stHandOver, -1
	}
	return stMatchOver, -1
}

func (c *refereeClassic) Hand() int { return c.g.State().HandNumber() }

func (c *refereeClassic) Deal() (int, int) { return c.g.State().HandNumber(), 0 }

func (c *refereeClassic) Events() int { return len(c.g.State().View(-1).History) }

func (c *refereeClassic) Record() []byte { return c.rec }

func (c *refereeClassic) Standings() ([classic.NumSeats]int, bool, bool) {
	st := c.g.State()
	m := st.MatchResult()
	if m == nil {
		return [classic.NumSeats]int{}, false, false
	}
	return m.Place, st.Rules().Partners, true
}

// errNotAMove is a move of another game's kind.
var errNotAMove = errors.New("not a move of this game")

func (c *refereeClassic) Apply(seat int, move any) (bool, error) {
	var a classic.Action
	switch mv := move.(type) {
	case seatmsg.Intent:
		if mv.Kind != seatmsg.IntentAct {
			return false, errNotAMove
		}
		a = mv.Action
	case classic.Action:
		a = mv
	default:
		return false, errNotAMove
	}
	if a.Kind == classic.ActNextHand {
		return false, fmt.Errorf("%w: the table deals", game.ErrWrongPhase)
	}
	a.Seat = seat // a seat moves for itself only
	if err := c.apply(a); err != nil {
		return false, err
	}
	switch a.Kind {
	case classic.ActDiscard, classic.ActFinish, classic.ActEndHand:
		return true, nil
	}
	return false, nil
}

func (c *refereeClassic) apply(a classic.Action) error {
	was := c.g.State().Phase()
	_, lines, err := c.g.Apply(a)
	if err != nil {
		return err
	}
	// Appending may move the bytes, never change those written: a
	// snapshot handed to the saver stays whole.
	c.rec = append(c.rec, lines...)
	c.hands = appendHand(c.hands, c.g.State(), was)
	return nil
}

func (c *refereeClassic) NextHand() error { return c.apply(classic.NextHandAction()) }

func (c *refereeClassic) AskBot(seat int, level string, key uint64) func(context.Context) (any, error) {
	st := c.g.State()
	v := st.View(seat)
	seed := botSeed(key, seat, v.Hand, 0, len(v.History), int(v.Stage))
	return func(ctx context.Context) (any, error) {
		b, err := botsclassic.New(level, botsclassic.Options{Seed: seed})
		if err != nil {
			return nil, err
		}
		return b.Decide(ctx, v)
	}
}

func (c *refereeClassic) PlainMove(seat int) (any, bool) {
	st := c.g.State()
	v := st.View(seat)
	try := []classic.Action{classic.DrawAction(seat), classic.TakeAction(seat), classic.EndHandAction(seat)}
	for i := len(v.Rack) - 1; i >= 0; i-- {
		try = append(try, classic.DiscardAction(seat, v.Rack[i]))
	}
	for _, a := range try {
		if _, _, err := st.Apply(a); err == nil {
			return a, true
		}
	}
	return nil, false
}

func (c *refereeClassic) Update(seat int, info *seatInfo) tea.Msg {
	return updateClassic(c.g.State(), c.hands, seat, info)
}

// updateClassic is what a classic table hands seat (-1: a spectator):
// the seat's view of st, the public ends of the hands so far, and the
// table around it — nothing else of st, so that a session never holds
// another seat's tiles (TestSeatUpdateIsTheSeatsViewAlone).
func updateClassic(st classic.State, hands []seatmsg.HandEnd, seat int, info *seatInfo) seatmsg.Update {
	v := st.View(seat)
	u := seatmsg.Update{
		View: &v, Players: info.players, Hands: hands, Chat: info.chat,
		Ready: info.ready, Host: info.host, Refused: info.refused, RefusedSeq: info.refusedSeq, Fair: info.fair,
	}
	if st.Phase() == classic.Playing {
		u.Deadline = info.deadline
	}
	return u
}

// botSeed is the seed of a bot's random source for one decision: from
// the match's bot key (drawn beside the seed, never from it), the seat,
// the deal and the moves so far, so that a table restored from its
// record and entry plays on as it would have, and nothing a bot does is
// a function of the seed that decides the deals.
func botSeed(key uint64, seat, hand, redeal, moves, stage int) uint64 {
	return game.NewSeed(key + uint64(seat) ^ uint64(hand)<<40 ^ uint64(redeal)<<32 ^ uint64(moves)<<8 ^ uint64(stage))
}
