package classic

import (
	"fmt"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/internal/rng"
	"okey/game/record"
	"okey/game/tile"
)

// Stage is where the player to move stands within a turn.
type Stage uint8

// The two stages of a turn.
const (
	// MustDraw: draw from the wall or take the previous discard (or end
	// the hand when the wall is out).
	MustDraw Stage = iota + 1
	// MustDiscard: holding 15 tiles; discard or finish.
	MustDiscard
)

func (s Stage) String() string {
	if s == MustDraw {
		return "draw"
	}
	return "discard"
}

// HandResult is how a hand ended and what it cost each seat.
type HandResult struct {
	// Hand is the number of the hand, from 1.
	Hand int
	// WallOut is set when the wall ran out with no winner.
	WallOut bool
	// Winner is the seat that finished, -1 when the wall ran out.
	Winner int
	// Discard is the finishing discard, laid on the centre.
	Discard tile.Tile
	// Win is the laid-down hand in its groups.
	Win hand.Win
	// OkeyFinish is set when the finishing discard was an okey.
	OkeyFinish bool
	// Points is what each loser lost for the win (before gösterme).
	Points int
	// Lost is what each seat lost in this hand, gösterme included.
	Lost [NumSeats]int
	// ShowLost is the part of Lost that others' gösterme cost each
	// seat, so that a measure can tell points won by play from points
	// won by showing the indicator (okey sim's split).
	ShowLost [NumSeats]int
	// Shown lists the seats that showed the indicator in this hand.
	Shown [NumSeats]bool
	// Left lists the seats that left the match after this hand
	// (leave_at_zero).
	Left [NumSeats]bool
}

// MatchResult is the final table.
type MatchResult struct {
	// Hands is the number of hands played.
	Hands int
	// Scores are the final scores (a team's score on both its seats).
	Scores [NumSeats]int
	// Place is each seat's rank from 1, equal places for ties.
	Place [NumSeats]int
	// Outcome is won, lost or tied for each seat.
	Outcome [NumSeats]game.Outcome
}

// State is a whole match at one moment: the rules, the seed, the scores
// and the hand being played. It is a value: Apply returns a new State and
// never changes the one it was given, so callers may keep old states. Its
// fields are unexported because nothing outside the rules may see every
// rack; a player gets a View.
type State struct {
	rules Rules
	seed  uint64
	// derive is how the seed becomes each hand's deal seed: the record
	// format's version the match is played under (rng.DerivedBy…).
	derive int
	an     hand.Analyzer

	phase  game.Phase
	hand   int // number of the current (or last) hand, from 1
	dealer int
	turn   int
	stage  Stage

	active [NumSeats]bool
	left   [NumSeats]int // the hand after which a seat left, 0 if it plays on
	scores [NumSeats]int

	deal     Deal // the deal of this hand (its slices are never changed)
	racks    [NumSeats]tile.Counts
	wallPos  int
	discards [NumSeats][]tile.Tile // grown by copy: never shared with an older state
	acted    [NumSeats]bool        // has drawn, taken or (the starter) discarded
	shown    [NumSeats]bool
	history  []Event // public events of this hand, grown by copy
	moves    int     // actions applied in this hand

	result *HandResult  // set when the hand is over; never changed after
	match  *MatchResult // set when the match is over
}

// NewMatch starts a match: validates the rules, picks the first dealer
// from the seed and deals the first hand.
func NewMatch(r Rules, seed uint64) (State, error) {
	return newMatch(r, seed, record.Version)
}

// newMatch is NewMatch with the seed's deals derived as the record
// format's version says, so that a record of an older version replays.
func newMatch(r Rules, seed uint64, version int) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	s := State{rules: r, seed: seed, derive: version}
	for i := range s.active {
		s.active[i] = true
		s.scores[i] = r.Points
	}
	if r.Simple104 {
		s.dealer = NumSeats - 1 // so that seat 0 starts
	} else {
		s.dealer = rng.New(rng.Derive(version, seed, 0xdea1e5)).Intn(NumSeats)
	}
	if err := s.dealHand(1); err != nil {
		return State{}, err
	}
	return s, nil
}

// dealHand deals hand number h with the current dealer, in place.
func (s *State) dealHand(h int) error {
	d, err := NewDeal(s.rules, rng.Derive(s.derive, s.seed, uint64(h)), s.dealer, s.active)
	if err != nil {
		return fmt.Errorf("hand %d: %w", h, err)
	}
	an, err := hand.NewAnalyzer(s.rules.HandConfig(), d.Indicator)
	if err != nil {
		return fmt.Errorf("hand %d: %w", h, err)
	}
	s.an = an
	s.deal = d
	s.hand = h
	s.phase = game.Playing
	s.turn = d.Starter
	s.stage = MustDiscard
	s.racks = d.Racks
	s.wallPos = 0
	s.discards = [NumSeats][]tile.Tile{}
	s.acted = [NumSeats]bool{}
	s.shown = [NumSeats]bool{}
	s.history = []Event{{Kind: EvDeal, Seat: d.Dealer, Tile: d.Indicator, From: -1}}
	s.moves = 0
	s.result = nil
	return nil
}

// Rules are the rules of the match.
func (s State) Rules() Rules { return s.rules }

// Seed is the seed the match was started with.
func (s State) Seed() uint64 { return s.seed }

// Phase is where the match stands.
func (s State) Phase() game.Phase { return s.phase }

// HandNumber is the number of the current (or last) hand, from 1.
func (s State) HandNumber() int { return s.hand }

// Dealer is the seat that dealt this hand.
func (s State) Dealer() int { return s.dealer }

// Turn is the seat to move.
func (s State) Turn() int { return s.turn }

// Stage is what the seat to move must do.
func (s State) Stage() Stage { return s.stage }

// Scores are the current scores (a team's score on both its seats).
func (s State) Scores() [NumSeats]int { return s.scores }

// Active reports which seats still play (all four unless leave_at_zero).
func (s State) Active() [NumSeats]bool { return s.active }

// TileCount is the number of tiles in seat's rack.
func (s State) TileCount(seat int) int {
	if seat < 0 || seat >= NumSeats {
		return 0
	}
	return s.racks[seat].Total()
}

// WallLeft is the number of tiles left to draw.
func (s State) WallLeft() int { return len(s.deal.Wall) - s.wallPos }

// Indicator is the gösterge of this hand (NoTile under simple104).
func (s State) Indicator() tile.Tile { return s.deal.Indicator }

// Analyzer is the hand analyser of this hand's deal.
func (s State) Analyzer() hand.Analyzer { return s.an }

// DealInfo is the public record of how this hand was dealt.
func (s State) DealInfo() DealInfo {
	return DealInfo{Hand: s.hand, Dealer: s.deal.Dealer, Dice: append([]int(nil), s.deal.Dice...), Indicator: s.deal.Indicator}
}

// Result is how the last hand ended; nil while a hand is played.
func (s State) Result() *HandResult { return s.result }

// MatchResult is the final table; nil until the match is over.
func (s State) MatchResult() *MatchResult { return s.match }

// Moves is the number of actions applied in the current hand.
func (s State) Moves() int { return s.moves }

// DealInfo is what the record keeps of a deal, so that a replay can check
// it dealt the same.
type DealInfo struct {
	Hand      int       `json:"deal"`
	Dealer    int       `json:"dealer"`
	Dice      []int     `json:"dice,omitempty"`
	Indicator tile.Tile `json:"indicator"`
}

// team is the seat's team under partners (0 and 2, 1 and 3); every seat
// is its own team otherwise.
func (s *State) team(seat int) int {
	if s.rules.Partners {
		return seat % 2
	}
	return seat
}

// charge takes points from every active seat outside the team of seat and
// records the loss in lost. Under partners a team loses the points once,
// on the shared score.
func (s *State) charge(seat, points int, lost *[NumSeats]int) {
	if !s.rules.Scoring() || points == 0 {
		return
	}
	for t := range NumSeats {
		if !s.active[t] || s.team(t) == s.team(seat) {
			continue
		}
		s.scores[t] -= points
		lost[t] += points
	}
}

// legalFor says what seat may do now, without analysing its hand: Finish
// is offered whenever a discard is, and refused by Apply if the hand does
// not win.
func (s *State) legalFor(seat int) Legal {
	var l Legal
	if seat < 0 || seat >= NumSeats {
		return l
	}
	switch s.phase {
	case game.HandOver:
		l.NextHand = true
		return l
	case game.MatchOver:
		return l
	}
	if !s.active[seat] {
		return l
	}
	l.Show = s.canShow(seat) == nil
	if seat != s.turn {
		return l
	}
	switch s.stage {
	case MustDraw:
		l.Draw = s.WallLeft() > 0
		l.Take = len(s.discards[prevActive(seat, s.active)]) > 0
		l.EndHand = s.WallLeft() == 0
	case MustDiscard:
		l.Discard = true
		l.Finish = true
	}
	return l
}

// canShow reports why seat may not show the indicator now, or nil.
func (s *State) canShow(seat int) error {
	switch {
	case !s.rules.HasOkey():
		return ErrNoIndicator
	case s.phase != game.Playing:
		return game.ErrWrongPhase
	case s.shown[seat]:
		return ErrShown
	case s.acted[seat]:
		return ErrShowLate
	case s.racks[seat][s.deal.Indicator] == 0:
		return ErrShowNoTile
	}
	return nil
}

// Legal says which actions a seat may take now. Finish is offered
// whenever a discard is; Apply refuses it if the hand does not win.
type Legal struct {
	Show, Draw, Take, Discard, Finish, EndHand, NextHand bool
}

// Any reports whether any action is open.
func (l Legal) Any() bool {
	return l.Show || l.Draw || l.Take || l.Discard || l.Finish || l.EndHand || l.NextHand
}

// Legal says what seat may do now.
func (s State) Legal(seat int) Legal { return s.legalFor(seat) }
