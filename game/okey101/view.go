package okey101

import (
	"slices"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// View is what one seat may know: its own rack, the indicator and the
// okey, the table (public, with who laid each tile and what each okey
// stands for), who opened with what, the discard stacks as the rules let
// it see them, the public history of the hand, tile counts, scores and
// the score sheet, whose turn it is and what it may do. Bots and screens
// only ever get a View; it holds no other seat's tile and no wall tile.
// A View owns its slices: changing them changes nothing else.
type View struct {
	Seat  int
	Rules Rules
	Phase game.Phase
	// Hand is the number of the hand, from 1; Redeal counts the deals of
	// it voided so far.
	Hand   int
	Redeal int
	Dealer int
	Turn   int
	Stage  Stage

	// Rack is the seat's own tiles in face order; Counts the same counted.
	Rack   []tile.Tile
	Counts tile.Counts

	Indicator, Okey tile.Tile
	// WallLeft is the number of tiles left to draw.
	WallLeft int

	// Table is the melds on the table in the order they were laid.
	Table []TableMeld
	// Opened is how each seat opened (Status NotOpened if not yet).
	Opened [NumSeats]Opening
	// Threshold is what an opening with melds must be worth now (above
	// the rules' open=N under progressive).
	Threshold int
	// Taken is the discard the seat to move took this turn (public, as
	// the take was) and whether it has gone onto the table; Taken.Tile is
	// NoTile when there is none. GaveBack is set once it was given back
	// (the seat to move must draw).
	Taken    Taken
	GaveBack bool

	// Discards are the four discard stacks, bottom first: the seat's own
	// and the previous player's whole, of the other two only the top
	// (DiscardCounts has their sizes).
	Discards      [NumSeats][]tile.Tile
	DiscardCounts [NumSeats]int
	// Previous is the seat whose discard this seat may take.
	Previous int

	// TileCounts is how many tiles each rack holds.
	TileCounts [NumSeats]int
	// Scores are the match totals so far (penalties included), Totals
	// those that decide (a team's under partners); HandPenalties what
	// each seat has paid in this hand.
	Scores        [NumSeats]int
	Totals        [NumSeats]int
	HandPenalties [NumSeats]int

	// History is the public record of this hand, in order. A draw shows
	// its tile only to the seat that drew it.
	History []Event

	// Legal is what this seat may do now.
	Legal Legal

	// Result is how the hand ended (nil while it is played): every rack
	// is public then. Results is the score sheet: every hand over so far.
	// Match is the final table once the match is over.
	Result  *HandResult
	Results []HandResult
	Match   *MatchResult

	// Analyzer analyses melds of this hand (it knows only the indicator).
	Analyzer meld.Analyzer
}

// View projects the state onto what seat may know. A seat outside
// 0..NumSeats-1 (-1, say) gets what a spectator may know: the public
// part, with no rack, only the top tile of each discard stack, and
// nothing it may do (Legal is empty; Previous means nothing).
func (s State) View(seat int) View {
	v := View{
		Seat: seat, Rules: s.rules, Phase: s.phase, Hand: s.hand, Redeal: s.redeal,
		Dealer: s.deal.Dealer, Turn: s.turn, Stage: s.stage,
		Indicator: s.deal.Indicator, Okey: s.an.Okey(), WallLeft: s.WallLeft(),
		Opened: s.open, Threshold: s.threshold(), Taken: s.take, GaveBack: s.gaveBack,
		Scores: s.scores, Totals: s.totals(), HandPenalties: s.handPen,
		Analyzer: s.an, Results: s.Results(),
	}
	v.Taken.base = 0 // the rack's copies: private
	cp := newCopies(s.table, s.history)
	v.Table = make([]TableMeld, len(s.table))
	for i := range s.table {
		v.Table[i] = cp.tableMeld(&s.table[i])
	}
	v.History = make([]Event, len(s.history))
	for i, e := range s.history {
		v.History[i] = cp.event(e.Redact(seat))
	}
	for t := range NumSeats {
		v.TileCounts[t] = s.racks[t].Total()
		v.DiscardCounts[t] = len(s.discards[t])
	}
	if s.result != nil {
		r := s.result.clone()
		v.Result = &r
	}
	if s.match != nil {
		m := *s.match
		v.Match = &m
	}
	if seat < 0 || seat >= NumSeats {
		// A spectator: no rack, nothing it may do, the top of each
		// stack (as the seats see the stacks they may not take from).
		for t := range NumSeats {
			if st := s.discards[t]; len(st) > 0 {
				v.Discards[t] = []tile.Tile{st[len(st)-1]}
			}
		}
		return v
	}
	v.Counts = s.racks[seat]
	v.Rack = v.Counts.Tiles()
	v.Previous = prev(seat)
	for t := range NumSeats {
		st := s.discards[t]
		switch {
		case t == seat || t == v.Previous:
			v.Discards[t] = slices.Clone(st)
		case len(st) > 0:
			v.Discards[t] = []tile.Tile{st[len(st)-1]}
		}
	}
	v.Legal = s.legalFor(seat)
	return v
}

// Top is the top tile of seat's discard stack as this view sees it, or
// NoTile.
func (v *View) Top(seat int) tile.Tile { return game.Top(&v.Discards, seat) }

// MyTurn reports whether the view's seat is to move in a hand.
func (v *View) MyTurn() bool { return v.Phase == game.Playing && v.Turn == v.Seat }

// Melds is the table as plain melds, for the meld package's analysis.
func (v *View) Melds() []meld.Meld {
	out := make([]meld.Meld, len(v.Table))
	for i, m := range v.Table {
		out[i] = m.Meld
	}
	return out
}

// MeldTurn is what the meld package's turn analysis needs of this view:
// how the seat stands, the threshold, okey_pair and the discard it owes.
func (v *View) MeldTurn() meld.Turn {
	t := meld.Turn{Status: meld.NotOpened, Threshold: v.Threshold, OkeyPair: v.Rules.OkeyPair, Taken: tile.NoTile}
	if v.Seat >= 0 && v.Seat < NumSeats {
		t.Status = v.Opened[v.Seat].Status
	}
	if v.Taken.Tile.Valid() && !v.Taken.Used {
		t.Taken = v.Taken.Tile
	}
	return t
}

// DiscardPenalty is what discarding t would cost the view's seat now
// (see the function DiscardPenalty), 0 when it is free.
func (v *View) DiscardPenalty(t tile.Tile) PenaltyReason {
	return DiscardPenalty(v.Analyzer, v.Rules, v.Melds(), t, OkeyPaid(v.History, v.Seat))
}

// PlanActions turns a finishing plan of the meld package into the
// actions that play it, the discard last.
func PlanActions(seat int, p meld.Plan) []Action {
	var out []Action
	groups := func(ms []meld.Meld) [][]tile.Tile {
		gs := make([][]tile.Tile, len(ms))
		for i, m := range ms {
			gs[i] = slices.Clone(m.Tiles)
		}
		return gs
	}
	for _, st := range p.Steps {
		switch st.Kind {
		case meld.StepOpen:
			a := Open(seat, groups(st.Melds)...)
			a.Pairs = p.Pairs
			out = append(out, a)
		case meld.StepLay:
			out = append(out, Lay(seat, groups(st.Melds)...))
		case meld.StepLayOff:
			out = append(out, LayOff(seat, st.Tile, st.Meld, st.End))
		case meld.StepTakeBack:
			out = append(out, TakeBack(seat, st.Tile, st.Meld))
		}
	}
	return append(out, Discard(seat, p.Discard))
}

// SimpleActions lists the actions of one tile or none open to the view's
// seat now, every one of them legal: drawing, taking the previous
// discard, giving it back, each distinct discard, each lay-off and each
// okey take-back (NextHand too once a hand is over). Openings and lays,
// which choose among many groups of tiles, are left to the meld
// package's analysis (BestOpening, PairMelds, CanFinish and PlanActions).
func (v *View) SimpleActions() []Action {
	var out []Action
	l := v.Legal
	seat := v.Seat
	if l.NextHand {
		out = append(out, NextHand())
	}
	if l.Draw {
		out = append(out, Draw(seat))
	}
	if l.Take {
		out = append(out, Take(seat))
	}
	if l.GiveBack {
		out = append(out, GiveBack(seat))
	}
	if l.Discard {
		for f, n := range v.Counts {
			if n > 0 {
				out = append(out, Discard(seat, tile.Tile(f)))
			}
		}
	}
	owed := v.Taken.Tile.Valid() && !v.Taken.Used
	if l.LayOff {
		left := v.Counts.Total() - 1
		for _, lo := range v.Analyzer.LayOffs(v.Counts, v.Melds()) {
			// Keep a tile to discard, and one besides a taken tile owed.
			stillOwed := owed && lo.Tile != v.Taken.Tile
			if left >= 1 && (!stillOwed || left >= 2) {
				out = append(out, LayOff(seat, lo.Tile, lo.Meld, lo.End))
			}
		}
	}
	if l.TakeBack {
		for _, tb := range v.Analyzer.TakeBacks(v.Counts, v.Melds()) {
			out = append(out, TakeBack(seat, tb.Tile, tb.Meld))
		}
	}
	return out
}

// Rotate is the view turned so that seat rot sits at seat 0: every seat
// number and every array by seat (game.TurnSeat, game.TurnSeats). Play
// still runs seat+1 and partners still sit opposite, so the turned view
// is a view of the same match from another chair (SampleWorld takes it
// as one): a served seat's screen draws its own seat at the bottom. The
// view's slices are not changed: what holds seats is copied.
func (v View) Rotate(rot int) View {
	if rot == 0 {
		return v
	}
	turn := func(s int) int { return game.TurnSeat(s, rot) }
	v.Seat, v.Dealer, v.Turn, v.Previous = turn(v.Seat), turn(v.Dealer), turn(v.Turn), turn(v.Previous)
	if v.Taken.Tile != tile.NoTile {
		v.Taken.From = turn(v.Taken.From)
	}
	v.Opened = game.TurnSeats(v.Opened, rot)
	v.Discards = game.TurnSeats(v.Discards, rot)
	v.DiscardCounts = game.TurnSeats(v.DiscardCounts, rot)
	v.TileCounts = game.TurnSeats(v.TileCounts, rot)
	v.Scores = game.TurnSeats(v.Scores, rot)
	v.Totals = game.TurnSeats(v.Totals, rot)
	v.HandPenalties = game.TurnSeats(v.HandPenalties, rot)
	tbl := make([]TableMeld, len(v.Table))
	for i, tm := range v.Table {
		tm.Seats = slices.Clone(tm.Seats)
		for j := range tm.Seats {
			tm.Seats[j] = turn(tm.Seats[j])
		}
		tm.Owner = turn(tm.Owner)
		tbl[i] = tm
	}
	v.Table = tbl
	h := slices.Clone(v.History)
	for i := range h {
		h[i].Seat, h[i].From = turn(h[i].Seat), turn(h[i].From)
	}
	v.History = h
	if v.Result != nil {
		r := v.Result.Rotate(rot)
		v.Result = &r
	}
	if v.Results != nil {
		rs := make([]HandResult, len(v.Results))
		for i, r := range v.Results {
			rs[i] = r.Rotate(rot)
		}
		v.Results = rs
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
	r.Finisher = game.TurnSeat(r.Finisher, rot)
	r.Lines = game.TurnSeats(r.Lines, rot)
	r.Scores = game.TurnSeats(r.Scores, rot)
	return r
}

// Rotate is the final table turned so that seat rot sits at seat 0
// (View.Rotate).
func (m MatchResult) Rotate(rot int) MatchResult {
	m.Scores = game.TurnSeats(m.Scores, rot)
	m.Totals = game.TurnSeats(m.Totals, rot)
	m.Place = game.TurnSeats(m.Place, rot)
	m.Outcome = game.TurnSeats(m.Outcome, rot)
	return m
}
