package tables

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	bdup "okey/bots/duplicate"
	"okey/game"
	dup "okey/game/duplicate"
	"okey/game/okey101"
	"okey/ui/seatmsg"
)

// A duplicate table (issue 44, point 5): four friends play the same
// deals, each deal four times, the players moving one seat on each time
// (game/duplicate: in rotation r player p sits in seat (p+r) mod 4), so
// that everyone holds every rack of every deal once; each hand is the
// first hand of a match of its own, as a daily's. A player is numbered
// by the seat they held at the first hand, and a bot seat's level is
// its player's (Config.Levels are by player): it moves with them.
//
// The seats move physically: between hands the table turns its seats
// one place on, owners, sessions and all, and never writes a Member's
// Seat (its session reads it): a session learns the seat it holds now
// from the view each update brings.
//
// Fairness: each deal's seed, salt and bots' key are drawn from the
// table's source of randomness (crypto/rand) at its first rotation and
// used again for the three others, so the commitment repeats within a
// deal — intended. The seed and salt are shown, and the record given to
// "record TABLE", only once the deal's fourth rotation is over: before,
// they would show the racks of hands still to play.
//
// What the table keeps: the record's meta names its hand of the plan
// and the results of the hands before (so a table restored after a
// restart knows both from its record alone, even if the entry written
// after the record was lost), and the entry the hand its seats are
// arranged for.

// DuplicatePlan makes a table a duplicate table; in Config.
type DuplicatePlan struct {
	// Deals is the number of deals, 1 to MaxDuplicateDeals; the table
	// plays four times as many hands.
	Deals int `json:"deals"`
}

// MaxDuplicateDeals is the most deals a table of friends may plan.
const MaxDuplicateDeals = 4

// Record meta of a duplicate table's hand (game/duplicate, which okey
// verify reads too).
const (
	// metaDup is "v1 hand N of M": the hand's place in the plan.
	metaDup = dup.MetaHand
	// metaDupResults is the results of the hands before it, seat by
	// seat, as JSON.
	metaDupResults = dup.MetaResults
)

// ErrDuplicate is a duplicate plan the table cannot play.
var ErrDuplicate = errors.New("duplicate table")

// check reports what is wrong with a plan for a table of game and
// rules.
func (p *DuplicatePlan) check(name, rules string) error {
	if p.Deals < 1 || p.Deals > MaxDuplicateDeals {
		return fmt.Errorf("%w: %d deals, want 1 to %d", ErrDuplicate, p.Deals, MaxDuplicateDeals)
	}
	if name == string(game.Okey101) {
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
func DuplicateRules(name, rules string) (string, error) {
	if name != string(game.Okey101) {
		return rules, nil
	}
	r, err := okey101.ParseRules(rules)
	if err != nil {
		return "", err
	}
	r.Hands = 1
	return r.String(), nil
}

// hands is the number of hands of the table's plan (0: not duplicate).
func (t *Table) dupHands() int {
	if t.Cfg.Duplicate == nil {
		return 0
	}
	return dup.Seats * t.Cfg.Duplicate.Deals
}

// dupHand is the hand of the plan under way.
func (t *Table) dupHand() dup.Hand {
	i := t.dupIdx
	return dup.Hand{N: i, Deal: i / dup.Seats, Rotation: i % dup.Seats, Seed: t.seal.seed}
}

// player is the player sitting in seat: the seat itself but at a
// duplicate table.
func (t *Table) player(seat int) int {
	if t.Cfg.Duplicate == nil {
		return seat
	}
	return t.dupHand().Player(seat)
}

// level is the bot's level of seat: its player's.
func (t *Table) level(seat int) string { return t.Cfg.Levels[t.player(seat)] }

// turnSeats moves every player one seat on (from a hand of the plan to
// the next: rotation r to r+1, and the last rotation to the next deal's
// first, are both one seat on), owners, sessions and all.
func (t *Table) turnSeats(steps int) {
	steps = ((steps % dup.Seats) + dup.Seats) % dup.Seats
	if steps == 0 {
		return
	}
	var s [dup.Seats]seatState
	for i := range t.seats {
		s[(i+steps)%dup.Seats] = t.seats[i]
	}
	t.seats = s
}

// dupSeal is the seal of the hand under way: a new deal's drawn afresh,
// a deal's later rotations the same as its first (the seal in hand).
func (t *Table) dupSeal() (seal, error) {
	if t.dupIdx%dup.Seats != 0 && !t.seal.none && t.seal.salt != nil {
		return t.seal, nil
	}
	return drawSeal(t.Opt.Random)
}

// dupMeta is what the hand's record says of its place in the plan.
func (t *Table) dupMeta(meta map[string]string) {
	meta[metaDup] = dup.HandMeta(t.dupIdx, t.dupHands())
	b, err := json.Marshal(t.dupResults)
	if err != nil { // [][4]int always marshals
		panic(err)
	}
	meta[metaDupResults] = string(b)
}

// dupOf reads a duplicate hand's record: its place in the plan (from
// 0) and the results of the hands before it.
func dupOf(record []byte) (int, [][dup.Seats]int, error) {
	head, _, _ := bytes.Cut(record, []byte{'\n'})
	var h struct {
		Meta map[string]string `json:"meta"`
	}
	if err := json.Unmarshal(head, &h); err != nil {
		return 0, nil, fmt.Errorf("%w: its record's header: %v", ErrDuplicate, err)
	}
	hand, _, err := dup.ParseHandMeta(h.Meta[metaDup])
	if err != nil {
		return 0, nil, fmt.Errorf("%w: its record says %q, not a hand of a plan", ErrDuplicate, h.Meta[metaDup])
	}
	n := hand.N + 1
	var res [][dup.Seats]int
	if err := json.Unmarshal([]byte(h.Meta[metaDupResults]), &res); err != nil || len(res) != n-1 {
		return 0, nil, fmt.Errorf("%w: hand %d's record holds %d results before it", ErrDuplicate, n, len(res))
	}
	return n - 1, res, nil
}

// dupScored keeps the results of the hand under way, once, as it ends;
// at a deal's fourth rotation its record may be given out (the deal has
// nothing left to hide).
func (t *Table) dupScored() {
	if t.Cfg.Duplicate == nil || t.Ref == nil || len(t.dupResults) != t.dupIdx {
		return
	}
	res, ok := t.Ref.SeatResults()
	if !ok {
		return
	}
	t.dupResults = append(t.dupResults, res)
	t.Opt.Log.Info("duplicate hand", "table", t.ID, "hand", t.dupIdx+1, "of", t.dupHands(), "results", res)
	if t.dealOver() {
		rec := t.Ref.Record() // never changed after: the referee only appends
		t.Finished.Store(&rec)
	}
}

// dupMatchOver reports whether a duplicate's hand has ended its match
// (101's always, classic's rarely) and been scored: the players move on
// with n, each ready in turn, not the host alone.
func (t *Table) dupMatchOver() bool {
	if t.Cfg.Duplicate == nil || t.Ref == nil || !t.dupOver() {
		return false
	}
	st, _ := t.Ref.Stage()
	return st == stMatchOver
}

// dupOver reports whether the hand under way has been scored.
func (t *Table) dupOver() bool { return len(t.dupResults) > t.dupIdx }

// dealOver reports whether the deal under way has been played all four
// times: its seed may be shown.
func (t *Table) dealOver() bool { return t.dupOver() && t.dupIdx%dup.Seats == dup.Seats-1 }

// nextDup deals the plan's next hand, the players one seat on, once the
// hand before has been scored; after the last, everyone is told the
// table is over (the scores came with the last update) and the table
// closes.
func (t *Table) nextDup() error {
	if !t.dupOver() {
		return nil
	}
	if t.dupIdx+1 < t.dupHands() {
		t.dupIdx++
		t.turnSeats(1)
		for i := range t.seats {
			t.seats[i].ready = false
		}
		return t.start()
	}
	t.Opt.Log.Info("duplicate over", "table", t.ID, "hands", t.dupHands())
	end := Msg{Closed: "dup.over", Dup: t.dupInfo()}
	for i := range t.seats {
		if m := t.seats[i].m; m != nil {
			t.put(m, end)
		}
		t.seats[i] = seatState{}
	}
	for m := range t.watchers {
		t.put(m, end)
		delete(t.watchers, m)
	}
	return nil
}

// played is the plan's hands scored so far, as game/duplicate takes them.
func (t *Table) played() []dup.Played {
	out := make([]dup.Played, len(t.dupResults))
	for i, r := range t.dupResults {
		out[i] = dup.Played{Hand: dup.Hand{N: i, Deal: i / dup.Seats, Rotation: i % dup.Seats}, Result: r}
	}
	return out
}

// DuplicateScores are a duplicate table's scores over played: each
// player's duplicate score (the deals played all four times) and usual
// total (a 101 total's sign turned back: less is better).
func DuplicateScores(name string, played []dup.Played) ([dup.Seats]dup.Quarters, [dup.Seats]int, error) {
	score, err := dup.Score(played, false)
	if err != nil {
		return score, [dup.Seats]int{}, err
	}
	totals := dup.Totals(played)
	if name == string(game.Okey101) {
		for p := range totals {
			totals[p] = -totals[p]
		}
	}
	return score, totals, nil
}

// dupInfo is where the table stands, for every seat's update.
func (t *Table) dupInfo() *seatmsg.Duplicate {
	if t.Cfg.Duplicate == nil {
		return nil
	}
	h := t.dupHand()
	d := &seatmsg.Duplicate{Hand: h.N + 1, Hands: t.dupHands(), Deal: h.Deal + 1, Deals: t.Cfg.Duplicate.Deals,
		Rotation: h.Rotation + 1, Played: len(t.dupResults)}
	for s := range t.seats {
		p := h.Player(s)
		d.Seats[p] = s
		d.Names[p] = t.seats[s].name
		if t.seats[s].owner == "" {
			d.Names[p] = botName(p)
		}
	}
	score, totals, err := DuplicateScores(t.Cfg.Game, t.played())
	if err != nil {
		t.Opt.Log.Error("duplicate score", "table", t.ID, "err", err)
	}
	for p := range score {
		d.Score[p] = int(score[p])
	}
	d.Totals = totals
	d.Over = len(t.dupResults) == t.dupHands()
	return d
}

// SeatResults are the four seats' results of a classic match's first
// hand once over, more being better (par's measure: bots/duplicate).
func (c *refereeClassic) SeatResults() ([dup.Seats]int, bool) {
	if len(c.hands) == 0 {
		return [dup.Seats]int{}, false
	}
	r := c.hands[0].Result
	return bdup.ClassicResults(&r), true
}

// SeatResults are the four seats' results of a one-hand match of 101
// once over: each total with its sign turned (bots/duplicate).
func (r *referee101) SeatResults() ([dup.Seats]int, bool) {
	st := r.g.State()
	if st.Phase() != game.MatchOver || st.Result() == nil {
		return [dup.Seats]int{}, false
	}
	return bdup.Results101(st.Result()), true
}

// dupDeals is the plan's number of deals, 0 at any other table.
func (t *Table) dupDeals() int {
	if t.Cfg.Duplicate == nil {
		return 0
	}
	return t.Cfg.Duplicate.Deals
}
