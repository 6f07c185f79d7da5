package okey101

import (
	"fmt"

	"okey/game"
	"okey/game/internal/rng"
	"okey/game/okey101/meld"
	"okey/game/record"
	"okey/game/tile"
)

// Stage is where the player to move stands within a turn.
type Stage uint8

// The stages of a turn.
const (
	// StageFirst: the dealer's first turn, a discard only.
	StageFirst Stage = iota + 1
	// StageDraw: draw from the wall or take the previous discard.
	StageDraw
	// StagePlay: open, lay down, lay off, take okeys back, then discard.
	StagePlay
)

func (s Stage) String() string {
	switch s {
	case StageFirst:
		return "first discard"
	case StageDraw:
		return "draw"
	case StagePlay:
		return "play"
	}
	return fmt.Sprintf("stage(%d)", s)
}

// MarshalText writes the stage's name.
func (s Stage) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// TableMeld is a meld on the table: public, with who laid each tile
// (Seats is parallel to Meld.Tiles), who laid the meld down, and what
// each okey in it stands for (Okeys, in the order of the tiles).
type TableMeld struct {
	Meld  meld.Meld   `json:"meld"`
	Seats []int       `json:"seats"`
	Owner int         `json:"owner"`
	Okeys []OkeyPlace `json:"okeys,omitempty"`
}

// OkeyPlace is an okey on the table: its index in the meld and the tiles
// it stands for — one in a run or a pair, every colour the set lacks in
// a set (any of them takes it back), none for two paired okeys.
type OkeyPlace struct {
	Index  int         `json:"index"`
	Stands []tile.Tile `json:"stands"`
}

// newTableMeld makes a table meld and works out its okeys.
func newTableMeld(an meld.Analyzer, m meld.Meld, seats []int, owner int) TableMeld {
	tm := TableMeld{Meld: m, Seats: seats, Owner: owner}
	for i, x := range m.Tiles {
		if an.IsOkey(x) {
			tm.Okeys = append(tm.Okeys, OkeyPlace{Index: i, Stands: m.Stands(i)})
		}
	}
	return tm
}

// Opening is how a seat opened in this hand.
type Opening struct {
	Status meld.Status `json:"status"`
	// Value is the opening's value (melds) or its number of pairs.
	Value int `json:"value"`
	// Turn is the turn of the hand it was made in, from 1; 0 if the seat
	// has not opened.
	Turn int `json:"turn"`
}

// Taken is a previous discard taken this turn: the tile, the seat it
// came from, and whether it has gone onto the table yet.
type Taken struct {
	Tile tile.Tile `json:"tile"`
	From int       `json:"from"`
	Used bool      `json:"used"`
	base uint8     // the rack's copies of the tile before the take
}

// State is a whole match of 101 at one moment. It is a value: Apply
// returns a new State and never changes the one it was given. Its fields
// are unexported because nothing outside the rules may see every rack;
// a player gets a View.
type State struct {
	rules Rules
	seed  uint64
	// derive is how the seed becomes each deal's seed: the record
	// format's version the match is played under (rng.DerivedBy…).
	derive int
	an     meld.Analyzer

	phase  game.Phase
	hand   int // the hand being played (void deals do not count), from 1
	redeal int // deals of this hand so far voided
	dealer int
	turn   int
	stage  Stage
	turnNo int // turns begun in this hand

	deal     Deal // this hand's deal (its slices are never changed)
	racks    [NumSeats]tile.Counts
	wallPos  int
	discards [NumSeats][]tile.Tile // grown by copy
	table    []TableMeld           // grown by copy; a changed meld is replaced
	open     [NumSeats]Opening
	highest  int   // the highest opening with melds so far this hand
	take     Taken // the discard taken this turn; Tile is NoTile if none
	gaveBack bool  // the discard was given back this turn

	scores  [NumSeats]int // match totals, penalties included as they happen
	handPen [NumSeats]int // penalties charged in this hand
	history []Event       // public events of this hand, grown by copy
	moves   int           // actions applied in this hand
	results []HandResult  // every hand over so far, voids included

	result *HandResult
	match  *MatchResult
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
	s := State{rules: r, seed: seed, derive: version, hand: 1}
	s.dealer = rng.New(rng.Derive(version, seed, 0x101dea1)).Intn(NumSeats)
	if err := s.dealHand(); err != nil {
		return State{}, err
	}
	return s, nil
}

// dealSeed is the seed of deal number redeal of hand h: it depends only
// on the match seed, the hand and the redeal.
func dealSeed(derive int, seed uint64, h, redeal int) uint64 {
	return rng.Derive(derive, seed, uint64(h)<<8|uint64(redeal)|0x101<<32)
}

// dealHand deals s.hand (deal s.redeal) with the current dealer.
func (s *State) dealHand() error {
	d, err := NewDeal(dealSeed(s.derive, s.seed, s.hand, s.redeal), s.dealer)
	if err != nil {
		return fmt.Errorf("hand %d: %w", s.hand, err)
	}
	return s.startHand(d)
}

// startHand lays deal d out as the start of s.hand: the dealer to make
// the first discard, nothing on the table, no penalty paid in the hand,
// the history only the deal. Everything else (rules, seed, hand,
// redeal, dealer, scores, results) is the caller's. dealHand deals with
// it and View.HandStart rebuilds a hand with it, so the two start a
// hand alike.
func (s *State) startHand(d Deal) error {
	an, err := meld.New(d.Indicator)
	if err != nil {
		return fmt.Errorf("hand %d: %w", s.hand, err)
	}
	s.an = an
	s.deal = d
	s.phase = game.Playing
	s.turn = d.Dealer
	s.stage = StageFirst
	s.turnNo = 1
	s.racks = d.Racks
	s.wallPos = 0
	s.discards = [NumSeats][]tile.Tile{}
	s.table = nil
	s.open = [NumSeats]Opening{}
	s.highest = 0
	s.take = noTake
	s.gaveBack = false
	s.handPen = [NumSeats]int{}
	s.history = []Event{s.dealEvent()}
	s.moves = 0
	s.result = nil
	return nil
}

func (s *State) dealEvent() Event {
	return Event{Kind: EvDeal, Seat: s.deal.Dealer, Tile: s.deal.Indicator, From: -1, Meld: -1}
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

// Stage is what the seat to move may do.
func (s State) Stage() Stage { return s.stage }

// Scores are the match totals so far, lower is better (penalties
// included as they happen).
func (s State) Scores() [NumSeats]int { return s.scores }

// WallLeft is the number of tiles left to draw.
func (s State) WallLeft() int { return len(s.deal.Wall) - s.wallPos }

// Indicator is the gösterge of this hand.
func (s State) Indicator() tile.Tile { return s.deal.Indicator }

// Analyzer is the meld analyser of this hand.
func (s State) Analyzer() meld.Analyzer { return s.an }

// Result is how the last hand ended; nil while a hand is played.
func (s State) Result() *HandResult {
	if s.result == nil {
		return nil
	}
	r := s.result.clone()
	return &r
}

// MatchResult is the final table; nil until the match is over.
func (s State) MatchResult() *MatchResult {
	if s.match == nil {
		return nil
	}
	m := *s.match
	return &m
}

// Moves is the number of actions applied in the current hand.
func (s State) Moves() int { return s.moves }

// TileCount is the number of tiles in seat's rack.
func (s State) TileCount(seat int) int {
	if seat < 0 || seat >= NumSeats {
		return 0
	}
	return s.racks[seat].Total()
}

// DealInfo is what the record keeps of a deal, so that a replay can
// check it dealt the same.
type DealInfo struct {
	Hand      int       `json:"deal"`
	Redeal    int       `json:"redeal,omitempty"`
	Dealer    int       `json:"dealer"`
	Indicator tile.Tile `json:"indicator"`
}

// DealInfo is the public record of how this hand was dealt.
func (s State) DealInfo() DealInfo {
	return DealInfo{Hand: s.hand, Redeal: s.redeal, Dealer: s.deal.Dealer, Indicator: s.deal.Indicator}
}

// team is the seat's team under partners (0 and 2, 1 and 3); every seat
// is its own team otherwise.
func (s *State) team(seat int) int {
	if s.rules.Partners {
		return seat % 2
	}
	return seat
}

// threshold is what an opening with melds must be worth now.
func (s *State) threshold() int {
	if s.rules.Progressive && s.highest >= s.rules.Open {
		return s.highest + 1
	}
	return s.rules.Open
}

// melds is the table as plain melds, for the analysis.
func (s *State) melds() []meld.Meld {
	out := make([]meld.Meld, len(s.table))
	for i, m := range s.table {
		out[i] = m.Meld
	}
	return out
}

// Legal says which kinds of action a seat may take now. It does not look
// at the tiles: an opening or a lay-off it allows may still be refused
// when the tiles do not make it. (The meld package lists the exact
// lay-offs, take-backs and finishes.)
type Legal struct {
	Draw, Take, GiveBack        bool
	Open, Lay, LayOff, TakeBack bool
	Discard, NextHand           bool
}

// Any reports whether any action is open.
func (l Legal) Any() bool {
	return l.Draw || l.Take || l.GiveBack || l.Open || l.Lay || l.LayOff || l.TakeBack || l.Discard || l.NextHand
}

// Legal says what seat may do now.
func (s State) Legal(seat int) Legal { return s.legalFor(seat) }

func (s *State) legalFor(seat int) Legal {
	var l Legal
	switch {
	case seat < 0 || seat >= NumSeats:
		return l
	case s.phase == game.HandOver:
		l.NextHand = true
		return l
	case s.phase != game.Playing || seat != s.turn:
		return l
	}
	switch s.stage {
	case StageFirst:
		l.Discard = true
	case StageDraw:
		l.Draw = s.WallLeft() > 0
		l.Take = !s.gaveBack && len(s.discards[prev(seat)]) > 0
	case StagePlay:
		opened := s.open[seat].Status != meld.NotOpened
		l.Open = !opened
		l.Lay = opened
		l.LayOff = opened && len(s.table) > 0
		l.TakeBack = opened && len(s.table) > 0
		l.GiveBack = s.owed()
		l.Discard = !s.owed()
	}
	return l
}

// noTake is the take of a turn with none.
var noTake = Taken{Tile: tile.NoTile, From: -1}

// owed reports whether a taken discard has yet to go onto the table.
func (s *State) owed() bool { return s.take.Tile != tile.NoTile && !s.take.Used }

// next is the seat on the right of s; prev the one on its left.
func next(s int) int { return (s + 1) % NumSeats }
func prev(s int) int { return (s + NumSeats - 1) % NumSeats }

// record appends a public event to the hand's history.
func (n *State) record(e Event) {
	h := make([]Event, len(n.history), len(n.history)+1)
	copy(h, n.history)
	n.history = append(h, e.clone())
}
