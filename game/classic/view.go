package classic

import (
	"slices"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// View is what one seat may know: its own rack, the indicator, the
// discard stacks as the rules let it see them, the public history of the
// hand, tile counts, scores, whose turn it is and what it may do. Bots and
// screens only ever get a View; it holds no other seat's tile and no
// wall tile. A View owns its slices: changing them changes nothing else.
type View struct {
	Seat  int
	Rules Rules
	Phase game.Phase
	// Hand is the number of the hand, from 1.
	Hand   int
	Dealer int
	Turn   int
	Stage  Stage

	// Rack is the seat's own tiles in face order; Counts the same counted.
	Rack   []tile.Tile
	Counts tile.Counts

	// Indicator and Okey of this hand (NoTile under simple104).
	Indicator, Okey tile.Tile
	// WallLeft is the number of tiles left to draw.
	WallLeft int

	// Discards are the four discard stacks, bottom first. The seat's own
	// stack and the previous player's (the one it may take from) are
	// whole; of the other two only the top tile is given (DiscardCounts
	// has their sizes).
	Discards      [NumSeats][]tile.Tile
	DiscardCounts [NumSeats]int
	// Previous is the seat whose discard this seat may take.
	Previous int

	// TileCounts is how many tiles each rack holds.
	TileCounts [NumSeats]int
	Scores     [NumSeats]int
	Active     [NumSeats]bool
	// Shown marks the seats that showed the indicator this hand.
	Shown [NumSeats]bool
	// Acted marks the seats that have drawn (the starter: discarded), after
	// which gösterme is no longer possible.
	Acted [NumSeats]bool

	// History is the public record of this hand: the deal, every show,
	// draw, take and discard, in order. A draw shows its tile only to the
	// seat that drew it.
	History []Event

	// Legal is what this seat may do now.
	Legal Legal

	// Result is how the hand ended (nil while it is played); the
	// winner's hand is public then. Match is the final table once the
	// match is over.
	Result *HandResult
	Match  *MatchResult

	// Analyzer analyses hands of this deal (it knows only the rules and
	// the indicator).
	Analyzer hand.Analyzer
}

// View projects the state onto what seat may know. A seat outside
// 0..NumSeats-1 (-1, say) gets what a spectator may know: the public
// part, with no rack and only the top tile of each discard stack.
func (s State) View(seat int) View {
	v := View{
		Seat: seat, Rules: s.rules, Phase: s.phase, Hand: s.hand,
		Dealer: s.deal.Dealer, Turn: s.turn, Stage: s.stage,
		Indicator: s.deal.Indicator, Okey: s.an.Okey(),
		WallLeft: s.WallLeft(), Scores: s.scores, Active: s.active,
		Shown: s.shown, Acted: s.acted, Analyzer: s.an,
	}
	// A seat outside the table is a spectator: no rack, only the top of
	// each stack, nothing it may do.
	spectator := seat < 0 || seat >= NumSeats
	if !spectator {
		v.Counts = s.racks[seat]
		v.Rack = v.Counts.Tiles()
		v.Previous = prevActive(seat, s.active)
	}
	for t := range NumSeats {
		st := s.discards[t]
		v.DiscardCounts[t] = len(st)
		v.TileCounts[t] = s.racks[t].Total()
		switch {
		case !spectator && (t == seat || t == v.Previous):
			v.Discards[t] = append([]tile.Tile(nil), st...)
		case len(st) > 0:
			v.Discards[t] = []tile.Tile{st[len(st)-1]}
		}
	}
	v.History = make([]Event, len(s.history))
	for i, e := range s.history {
		v.History[i] = e.Redact(seat)
	}
	if !spectator {
		v.Legal = s.legalFor(seat)
	}
	if s.result != nil {
		v.Result = s.result.clone()
	}
	if s.match != nil {
		m := *s.match
		v.Match = &m
	}
	return v
}

// Top is the top tile of seat's discard stack as this view sees it, or
// NoTile.
func (v *View) Top(seat int) tile.Tile { return game.Top(&v.Discards, seat) }

// MyTurn reports whether the view's seat is to move in a hand.
func (v *View) MyTurn() bool { return v.Phase == game.Playing && v.Turn == v.Seat }

// clone copies the result deeply, so a view's holder cannot reach the
// state's copy.
func (r *HandResult) clone() *HandResult {
	c := *r
	c.Win.Melds = make([]hand.Meld, len(r.Win.Melds))
	for i, m := range r.Win.Melds {
		c.Win.Melds[i] = hand.Meld{Kind: m.Kind, Tiles: append([]tile.Tile(nil), m.Tiles...), As: append([]tile.Tile(nil), m.As...)}
	}
	return &c
}

// Rotate is the view turned so that seat rot sits at seat 0: every seat
// number and every array by seat (game.TurnSeat, game.TurnSeats). Play
// still runs seat+1 and partners still sit opposite, so the turned view
// is a view of the same match from another chair: a served seat's
// screen draws its own seat at the bottom. The view's slices are not
// changed (History is copied).
func (v View) Rotate(rot int) View {
	if rot == 0 {
		return v
	}
	turn := func(s int) int { return game.TurnSeat(s, rot) }
	v.Seat, v.Dealer, v.Turn, v.Previous = turn(v.Seat), turn(v.Dealer), turn(v.Turn), turn(v.Previous)
	v.Discards = game.TurnSeats(v.Discards, rot)
	v.DiscardCounts = game.TurnSeats(v.DiscardCounts, rot)
	v.TileCounts = game.TurnSeats(v.TileCounts, rot)
	v.Scores = game.TurnSeats(v.Scores, rot)
	v.Active = game.TurnSeats(v.Active, rot)
	v.Shown = game.TurnSeats(v.Shown, rot)
	v.Acted = game.TurnSeats(v.Acted, rot)
	h := slices.Clone(v.History)
	for i := range h {
		h[i].Seat, h[i].From = turn(h[i].Seat), turn(h[i].From)
	}
	v.History = h
	if v.Result != nil {
		r := v.Result.Rotate(rot)
		v.Result = &r
	}
	if v.Match != nil {
		m := v.Match.Rotate(rot)
		v.Match = &m
	}
	return v
}

// Rotate is the hand's result turned so that seat rot sits at seat 0
// (View.Rotate).
func (r HandResult) Rotate(rot int) HandResult {
	r.Winner = game.TurnSeat(r.Winner, rot)
	r.Lost = game.TurnSeats(r.Lost, rot)
	r.ShowLost = game.TurnSeats(r.ShowLost, rot)
	r.Shown = game.TurnSeats(r.Shown, rot)
	r.Left = game.TurnSeats(r.Left, rot)
	return r
}

// Rotate is the final table turned so that seat rot sits at seat 0
// (View.Rotate).
func (m MatchResult) Rotate(rot int) MatchResult {
	m.Scores = game.TurnSeats(m.Scores, rot)
	m.Place = game.TurnSeats(m.Place, rot)
	m.Outcome = game.TurnSeats(m.Outcome, rot)
	return m
}
