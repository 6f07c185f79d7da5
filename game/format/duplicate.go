package format

import (
	"encoding/json"
	"fmt"

	dup "okey/game/duplicate"
	"okey/game/okey101"
)

// Duplicate is a duplicate rotation (game/duplicate): each deal played
// four times, the players one seat on each time (in rotation r player p
// sits in seat (p+r) mod 4), each hand the first hand of a match of its
// own. A player is numbered by the seat they held at the first hand.
//
// Each deal's seal is drawn afresh at its first rotation and used again
// for the three others, so the commitment repeats within a deal; its
// secret is shown, and its record given out, only once the deal's
// fourth rotation is scored: before, they would show the racks of hands
// still to play. Each hand's results are scored against the others'
// with the same cards (game/duplicate's quarters against the mean).
type Duplicate struct {
	deals   int
	game    string
	idx     int
	results [][Seats]int
	seal    Seal
}

// DuplicatePlan makes a table a duplicate table (kept in its config).
type DuplicatePlan struct {
	// Deals is the number of deals, 1 to MaxDuplicateDeals; the table
	// plays four times as many hands.
	Deals int `json:"deals"`
}

// MaxDuplicateDeals is the most deals a table of friends may plan.
const MaxDuplicateDeals = 4

// Check reports what is wrong with a plan for a table of game and
// rules: a hand of 101 must be a one-hand match.
func (p *DuplicatePlan) Check(game, rules string) error {
	if p.Deals < 1 || p.Deals > MaxDuplicateDeals {
		return fmt.Errorf("%w: %d deals, want 1 to %d", ErrDuplicate, p.Deals, MaxDuplicateDeals)
	}
	if game == okey101.GameName {
		r, err := okey101.ParseRules(rules)
		if err != nil {
			return err
		}
		if r.Hands != 1 {
			return fmt.Errorf("%w: a hand of 101 is a one-hand match (hands=1), not %d", ErrDuplicate, r.Hands)
		}
	}
	return nil
}

// DuplicateRules are rules made fit for a duplicate table of game: a
// 101 hand is a match of one hand (its result the match's), classic's
// rules stay (its hand is the first of a match, which the table ends).
func DuplicateRules(game, rules string) (string, error) {
	if game != okey101.GameName {
		return rules, nil
	}
	r, err := okey101.ParseRules(rules)
	if err != nil {
		return "", err
	}
	r.Hands = 1
	return r.String(), nil
}

// NewDuplicate is the rotation of plan for game (classic, 101), at its
// first hand.
func NewDuplicate(game string, plan DuplicatePlan) *Duplicate {
	return &Duplicate{deals: plan.Deals, game: game, seal: Seal{None: true}}
}

// Kind is KindDuplicate.
func (*Duplicate) Kind() Kind { return KindDuplicate }

// Policy: anyone sits and watches; hands are scored at the table's end,
// not rated; a record is given out once its deal is over (Scored.Share).
func (*Duplicate) Policy() Policy { return Policy{Watch: true, DoneWord: "dup.over"} }

// Hands is four hands a deal.
func (d *Duplicate) Hands() int { return dup.Seats * d.deals }

// Index is the hand under way, from 0.
func (d *Duplicate) Index() int { return d.idx }

// hand is the hand under way as game/duplicate names it.
func (d *Duplicate) hand() dup.Hand {
	return dup.Hand{N: d.idx, Deal: d.idx / dup.Seats, Rotation: d.idx % dup.Seats, Seed: d.seal.Seed}
}

// NeedsSeal: a deal's first rotation is dealt from a seal drawn afresh,
// the three after it from the same.
func (d *Duplicate) NeedsSeal() bool {
	return d.idx%dup.Seats == 0 || d.seal.None || d.seal.Salt == nil
}

// Deal is the hand under way: the deal's seal (fresh when NeedsSeal),
// the record's meta its commitment, its place in the plan and the
// results of the hands before it (so that a table restored from the
// record alone knows both).
func (d *Duplicate) Deal(fresh Seal) Hand {
	if d.NeedsSeal() {
		d.seal = fresh
	}
	meta := d.seal.Meta()
	if meta == nil {
		meta = map[string]string{}
	}
	meta[dup.MetaHand] = dup.HandMeta(d.idx, d.Hands())
	b, err := json.Marshal(d.results)
	if err != nil { // [][4]int always marshals
		panic(err)
	}
	meta[dup.MetaResults] = string(b)
	return Hand{Seal: d.seal, Meta: meta}
}

// Player is the player sitting in seat in the hand under way.
func (d *Duplicate) Player(seat int) int { return d.hand().Player(seat) }

// Arranged is the hand under way: the players move one seat a hand.
func (d *Duplicate) Arranged() int { return d.idx }

// Score keeps the hand's results, once; the deal's fourth rotation
// lets its record out.
func (d *Duplicate) Score(o Outcome) (Scored, bool) {
	if d.HandOver() {
		return Scored{}, false
	}
	res := o.Results()
	d.results = append(d.results, res)
	return Scored{Hand: d.idx + 1, Score: res[0], Results: res, Share: d.dealOver()}, true
}

// HandOver reports whether the hand under way has been scored.
func (d *Duplicate) HandOver() bool { return len(d.results) > d.idx }

// dealOver reports whether the deal under way has been played all four
// times: its seed may be shown.
func (d *Duplicate) dealOver() bool { return d.HandOver() && d.idx%dup.Seats == dup.Seats-1 }

// Next is the plan's next hand, the players one seat on, once the hand
// under way is scored; after the last the table is over.
func (d *Duplicate) Next() (turn int, more, ok bool) {
	if !d.HandOver() {
		return 0, false, false
	}
	if d.idx+1 < d.Hands() {
		d.idx++
		return 1, true, true
	}
	return 0, false, true
}

// Show is the deal's commitment, and its secret once the deal's fourth
// rotation is over, never before.
func (d *Duplicate) Show(s Seal, _ bool) Shown { return s.Reveal(d.dealOver()) }

// played is the plan's hands scored so far, as game/duplicate takes
// them.
func (d *Duplicate) played() []dup.Played {
	out := make([]dup.Played, len(d.results))
	for i, r := range d.results {
		out[i] = dup.Played{Hand: dup.Hand{N: i, Deal: i / dup.Seats, Rotation: i % dup.Seats}, Result: r}
	}
	return out
}

// Scores are the scores over played of a duplicate of game: each
// player's duplicate score (the deals played all four times) and usual
// total (a 101 total's sign turned back: less is better).
func Scores(game string, played []dup.Played) ([dup.Seats]dup.Quarters, [dup.Seats]int, error) {
	score, err := dup.Score(played, false)
	if err != nil {
		return score, [dup.Seats]int{}, err
	}
	totals := dup.Totals(played)
	if game == okey101.GameName {
		for p := range totals {
			totals[p] = -totals[p]
		}
	}
	return score, totals, nil
}

// Standing is the hand under way, its deal and rotation, where each
// player sits, and the scores so far.
func (d *Duplicate) Standing() Standing {
	h := d.hand()
	s := &DuplicateStanding{Hand: h.N + 1, Hands: d.Hands(), Deal: h.Deal + 1, Deals: d.deals,
		Rotation: h.Rotation + 1, Played: len(d.results), Over: len(d.results) == d.Hands()}
	for seat := range Seats {
		s.Seats[h.Player(seat)] = seat
	}
	// The results are the format's own, one a hand in order: they
	// always score.
	score, totals, _ := Scores(d.game, d.played())
	for p := range score {
		s.Score[p] = int(score[p])
	}
	s.Totals = totals
	return Standing{Duplicate: s}
}

// Lobby is the plan's hand (its deal and rotation), not its one-hand
// match's, and over once every hand is scored.
func (d *Duplicate) Lobby(int, bool) (int, bool) { return d.idx + 1, len(d.results) == d.Hands() }

// Restore puts the plan at the hand the record's meta names, with the
// results of the hands before it as the record keeps them; the hand
// must be sealed (its deal's later rotations are dealt from its seal).
func (d *Duplicate) Restore(_ uint64, meta map[string]string, saved Seal) (Seal, error) {
	hand, _, err := dup.ParseHandMeta(meta[dup.MetaHand])
	if err != nil {
		return Seal{}, fmt.Errorf("%w: its record says %q, not a hand of a plan", ErrDuplicate, meta[dup.MetaHand])
	}
	n := hand.N + 1
	var res [][Seats]int
	if err := json.Unmarshal([]byte(meta[dup.MetaResults]), &res); err != nil || len(res) != n-1 {
		return Seal{}, fmt.Errorf("%w: hand %d's record holds %d results before it", ErrDuplicate, n, len(res))
	}
	if n-1 >= d.Hands() || saved.None {
		return Seal{}, fmt.Errorf("%w: hand %d of a plan of %d, sealed %v", ErrDuplicate, n, d.Hands(), !saved.None)
	}
	d.idx, d.results, d.seal = n-1, res, saved
	return saved, nil
}

// LogAttrs name the hand of the plan and the deal's commitment.
func (d *Duplicate) LogAttrs() []any {
	return []any{"duplicate hand", d.idx + 1, "of", d.Hands(), "commit", d.seal.Commit.Short()}
}
