package ui

import (
	"context"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/bots/bots101"
	"okey/game"
	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
)

// Player101 is the player of a seat at the 101 table: it gets that
// seat's view (never more) and returns one action. A turn of 101 is
// several actions (draw or take; open, lay down, lay off, take okeys
// back; discard), so the table asks again for as long as it is the
// seat's turn, each time with the view as it now stands. A player
// honours ctx, and is never asked twice at once.
type Player101 interface {
	Decide(ctx context.Context, v okey101.View) (okey101.Action, error)
}

// playerSource101 is where the 101 table gets its players: the levels
// it knows, weakest first, and how to build a player of one of them
// from a seed.
type playerSource101 struct {
	Levels []string
	New    func(level string, seed uint64) (Player101, error)
}

// defaultPlayers101 seats the 101 table's bots: the levels of package
// bots/bots101 (a bots101.Bot is a Player101). The table keeps its plain
// player as the stand-in for a bot that fails.
func defaultPlayers101() playerSource101 {
	return playerSource101{Levels: bots101.Levels, New: func(l string, seed uint64) (Player101, error) {
		return bots101.New(l, bots101.Options{Seed: seed})
	}}
}

// players101 is the source of the table's players: the options' (tests
// give scripted players) or the default.
func (m *Model) players101() playerSource101 {
	src := defaultPlayers101()
	if m.opt.NewPlayer101 != nil {
		src.New = m.opt.NewPlayer101
	}
	return src
}

// level is the level of this source a seat set to want plays at: want
// itself when the source knows it, else the level of the same rank
// among the source's (a classic level such as expert becomes the
// strongest), else the middle one.
func (p playerSource101) level(want string) string {
	if len(p.Levels) == 0 || slices.Contains(p.Levels, want) {
		return want
	}
	if i := slices.Index(bots.Levels, want); i >= 0 {
		return p.Levels[min(len(p.Levels)-1, i*len(p.Levels)/len(bots.Levels))]
	}
	return p.Levels[len(p.Levels)/2]
}

// seatPlayer101 is a seat's player, built afresh for every decision
// with a seed drawn from the match's seed, the seat, the deal and the
// moves so far: a match resumed from its record plays on exactly as it
// would have without the interruption, and a cancelled question still
// running never shares a player with the next.
type seatPlayer101 struct {
	level string
	seed  uint64
	build func(level string, seed uint64) (Player101, error)
}

func (s *seatPlayer101) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	seed := game.NewSeed(s.seed ^ uint64(v.Hand)<<40 ^ uint64(v.Redeal)<<32 ^ uint64(len(v.History))<<8 ^ uint64(v.Stage))
	p, err := s.build(s.level, seed)
	if err != nil {
		return okey101.Action{}, fmt.Errorf("seat %d: %w", v.Seat, err)
	}
	return p.Decide(ctx, v)
}

// plain101 is the table's own player of 101: plain legal moves, from the
// view alone. It draws (never takes), finishes whenever the exact
// analysis finds a way this turn, opens as soon as the best opening
// reaches the threshold (or with five pairs), then lays down whatever
// melds it holds and lays tiles off, and discards the tile that leaves
// the fewest tiles unmelded, the highest among equals, never one that
// costs 101 while another does not. It is the stand-in for a bot that
// fails. It takes the previous discard only when the analysis shows
// the tile going onto the table this turn.
type plain101 struct{}

func newPlain101(string, uint64) (Player101, error) { return plain101{}, nil }

func (plain101) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	if err := ctx.Err(); err != nil {
		return okey101.Action{}, err
	}
	var sv meld.Solver
	if a, ok := plainAction(&v, &sv); ok {
		return a, nil
	}
	return okey101.Action{}, fmt.Errorf("seat %d: %w", v.Seat, okey101.ErrWrongPhase)
}

// plainAction is the plain player's action for a view.
func plainAction(v *okey101.View, sv *meld.Solver) (okey101.Action, bool) {
	seat, l := v.Seat, v.Legal
	switch {
	case l.NextHand:
		return okey101.NextHand(), true
	case !v.MyTurn():
		return okey101.Action{}, false
	case l.Take && takeFacts(v, sv).worth():
		return okey101.Take(seat), true
	case l.Draw:
		return okey101.Draw(seat), true
	case l.Take:
		return okey101.Take(seat), true
	}
	if v.Stage == okey101.StagePlay {
		if a, ok := plainTableAction(v, sv); ok {
			return a, true
		}
		if l.GiveBack {
			return okey101.GiveBack(seat), true
		}
	}
	if l.Discard && len(v.Rack) > 0 {
		return okey101.Discard(seat, discardChoice(v, sv)), true
	}
	return okey101.Action{}, false
}

// plainTableAction is the plain player's next action on the table this
// turn, if any: a finish, an opening, a lay, a lay-off.
func plainTableAction(v *okey101.View, sv *meld.Solver) (okey101.Action, bool) {
	seat, an := v.Seat, v.Analyzer
	turn := v.MeldTurn()
	if p, ok := sv.CanFinish(an, v.Counts, v.Melds(), turn); ok {
		return okey101.PlanActions(seat, p)[0], true
	}
	// A taken tile still owed must be in what goes down.
	uses := func(ms []meld.Meld) bool {
		if turn.Taken == tile.NoTile {
			return true
		}
		for _, m := range ms {
			if slices.Contains(m.Tiles, turn.Taken) {
				return true
			}
		}
		return false
	}
	switch v.Opened[seat].Status {
	case meld.NotOpened:
		if !v.Legal.Open {
			break
		}
		if o := sv.BestOpening(an, v.Counts); o.Reaches(v.Threshold) && len(o.Melds) > 0 && uses(o.Melds) {
			return okey101.Open(seat, meldTiles(o.Melds)...), true
		}
		if an.Pairs(v.Counts, v.Rules.OkeyPair) >= okey101.MinPairs {
			if pm := an.PairMelds(v.Counts, v.Rules.OkeyPair); uses(pm) {
				return okey101.OpenPairs(seat, meldTiles(pm)...), true
			}
		}
	case meld.OpenedMelds:
		if o := sv.BestOpening(an, v.Counts); len(o.Melds) > 0 && uses(o.Melds) {
			return okey101.Lay(seat, meldTiles(o.Melds)...), true
		}
	case meld.OpenedPairs:
		if pm := an.PairMelds(v.Counts, v.Rules.OkeyPair); len(pm) > 0 && uses(pm) {
			return okey101.Lay(seat, meldTiles(pm)...), true
		}
	}
	for _, a := range v.SimpleActions() {
		if a.Kind == okey101.ActLayOff && (turn.Taken == tile.NoTile || a.Tile == turn.Taken) {
			return a, true
		}
	}
	return okey101.Action{}, false
}

// meldTiles are the tiles of melds, group by group.
func meldTiles(ms []meld.Meld) [][]tile.Tile {
	out := make([][]tile.Tile, len(ms))
	for i, m := range ms {
		out[i] = slices.Clone(m.Tiles)
	}
	return out
}

// discardChoice is the discard the analysis suggests for a view: never
// one that costs 101 (an okey, an işler taş) while another does not;
// among the others the one that leaves the fewest tiles unmelded, the
// highest value among equals (it would count against the player at the
// end of the hand).
func discardChoice(v *okey101.View, sv *meld.Solver) tile.Tile {
	t, _ := discardAdvice(v, sv)
	return t
}

// discardAdvice is discardChoice, and whether it costs 101 all the same
// (every tile would).
func discardAdvice(v *okey101.View, sv *meld.Solver) (best tile.Tile, costs bool) {
	return discardAdviceOn(v.Analyzer, v.Rules.Islek, v.Counts, v.Melds(), sv)
}

// discardAdviceOn is discardAdvice for the rack counts against the
// table: the hint asks it about the rack and the table as they will
// stand after the melds and lay-offs it suggests first.
func discardAdviceOn(an meld.Analyzer, islekOn bool, counts tile.Counts, table []meld.Meld, sv *meld.Solver) (best tile.Tile, costs bool) {
	var islek tile.TileSet
	if islekOn {
		islek = an.Islek(table)
	}
	best = tile.NoTile
	bestLeft, bestLinks, bestVal := 0, 0, 0
	for f, n := range counts {
		if n == 0 {
			continue
		}
		t := tile.Tile(f)
		c := an.IsOkey(t) || islek.Has(t)
		rest := counts
		rest[t]--
		left, _ := sv.Unmelded(an, rest)
		links := links101(an, rest, t)
		val := an.TileValue(t)
		if an.IsOkey(t) {
			val, links = -1, 1<<10 // an okey is the last tile to give away
		}
		better := best == tile.NoTile || !c && costs
		if c == costs && best != tile.NoTile {
			switch {
			case left != bestLeft:
				better = left < bestLeft
			case links != bestLinks:
				better = links < bestLinks
			default:
				better = val > bestVal
			}
		}
		if better {
			best, costs, bestLeft, bestLinks, bestVal = t, c, left, links, val
		}
	}
	return best, costs
}

// links101 counts the tiles of rest that t could one day make a meld
// or a pair with: its twin, the tiles of its colour up to two away, the
// tiles of its value in other colours. A tile with fewer is the one to
// give away.
func links101(an meld.Analyzer, rest tile.Counts, t tile.Tile) int {
	p := an.PlaysAs(t)
	if !p.Valid() || p == tile.FalseJoker {
		return 0
	}
	n := 0
	for f, k := range rest {
		u := tile.Tile(f)
		if k == 0 || an.IsOkey(u) {
			continue
		}
		q := an.PlaysAs(u)
		if !q.Valid() || q == tile.FalseJoker {
			continue
		}
		d := q.Value() - p.Value()
		switch {
		case q == p:
			n += int(k)
		case q.Colour() == p.Colour() && d >= -2 && d <= 2:
			n += int(k)
		case q.Value() == p.Value():
			n += int(k)
		}
	}
	return n
}

// costs101 says why discarding t now costs 101 ("" when it does not):
// an okey, or an işler taş; the last tile of the rack finishes and costs
// nothing.
func costs101(v *okey101.View, t tile.Tile) string {
	switch {
	case v.Counts.Total() <= 1:
		return ""
	case v.Analyzer.IsOkey(t):
		return "okey"
	case v.Rules.Islek && v.Analyzer.Islek(v.Melds()).Has(t):
		return "islek"
	}
	return ""
}

// Asking the bots.

// bot101Msg is a 101 player's answer; plain marks the plain player's,
// asked in place of a bot that failed.
type bot101Msg struct {
	id    uint64
	seat  int
	act   okey101.Action
	err   error
	plain bool
}

// nextTurn101 asks the bot to move, if it is a bot's turn on the table.
func (m *Model) nextTurn101() tea.Cmd {
	v := &m.t.view
	if m.screen != scrPlay || v.Phase != okey101.Playing || m.asking >= 0 || v.Turn == 0 || m.readOnly || m.seat != nil {
		return nil
	}
	return m.ask101(v.Turn, m.t.players[v.Turn], false)
}

// ask101 asks p, the player of seat, for its action in a goroutine; the
// answer comes within the bot timeout whether p answers or not, and no
// sooner than the speed's pause (none for the plain player standing in
// for a bot that failed), so that the action before stays on screen
// for a moment.
func (m *Model) ask101(seat int, p Player101, plain bool) tea.Cmd {
	m.askID++
	m.asking = seat
	// The view is made in the command: a State is a value that Apply
	// never changes, so the goroutine may read it while the table goes on.
	id, st, parent := m.askID, m.t.g.State(), m.ctx
	delay, timeout := speedDelay(m.set.Speed), m.opt.BotTimeout
	if plain {
		delay = 0
	}
	return func() tea.Msg {
		start := time.Now()
		ctx, cancel := context.WithTimeout(parent, timeout)
		defer cancel()
		answer := make(chan bot101Msg, 1) // a late answer is left there
		go func() {
			a, err := p.Decide(ctx, st.View(seat))
			answer <- bot101Msg{id: id, seat: seat, act: a, err: err, plain: plain}
		}()
		var msg bot101Msg
		select {
		case msg = <-answer:
		case <-ctx.Done():
			msg = bot101Msg{id: id, seat: seat, err: fmt.Errorf("%w (%v)", errNoAnswer, timeout), plain: plain}
		}
		if wait := delay - time.Since(start); wait > 0 && msg.err == nil {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-parent.Done():
				t.Stop()
			}
		}
		return msg
	}
}

// onBot101 plays a player's answer and asks for the next action; a bot
// that fails or answers wrong has the plain player asked in its place
// (and after maxBotFailures in a row plays plainly for the rest of the
// match); should that fail too, the first action the game takes is
// played, so the table never stalls.
func (m *Model) onBot101(msg bot101Msg) tea.Cmd {
	if m.t == nil || msg.id != m.askID {
		return nil // stale: a new hand, a quit or a newer question
	}
	m.asking = -1
	t := m.t
	v := &t.view
	if v.Phase != okey101.Playing || v.Turn != msg.seat {
		return m.nextTurn101()
	}
	if msg.err == nil && msg.act.Seat != msg.seat {
		msg.err = fmt.Errorf("%w: an action for seat %d", okey101.ErrWrongSeat, msg.act.Seat)
	}
	if msg.err == nil {
		evs, lines, err := t.g.Apply(msg.act)
		if err == nil {
			if !msg.plain {
				t.failed[msg.seat] = 0
			}
			return m.applied101(evs, lines)
		}
		msg.err = err
	}
	name := m.seatName(msg.seat)
	if !msg.plain {
		t.failed[msg.seat]++
		if t.failed[msg.seat] >= maxBotFailures {
			t.players[msg.seat] = plain101{}
			t.failed[msg.seat] = 0
			m.tellNews(m.tr.T("status.botreplaced", name, msg.err.Error()))
		} else {
			m.tellNews(m.tr.T("status.botfail", name, msg.err.Error()))
		}
		return m.ask101(msg.seat, plain101{}, true)
	}
	a, ok := m.anyAction101(msg.seat)
	if !ok {
		m.tellNews(m.tr.T("status.botstuck", name, msg.err.Error()))
		return nil
	}
	evs, lines, err := t.g.Apply(a)
	if err != nil { // cannot happen: anyAction101 tried it
		m.tellNews(m.tr.T("status.botstuck", name, err.Error()))
		return nil
	}
	return m.applied101(evs, lines)
}

// anyAction101 is an action the game takes from seat: a draw, a give
// back, a discard that costs nothing if there is one, else any simple
// action of the seat's view. It reports false only when the game takes
// none, which the referee never allows of the seat to move.
func (m *Model) anyAction101(seat int) (okey101.Action, bool) {
	st := m.t.g.State()
	v := st.View(seat)
	var try []okey101.Action
	if v.Legal.Discard {
		for _, t := range v.Rack {
			if costs101(&v, t) == "" {
				try = append(try, okey101.Discard(seat, t))
			}
		}
	}
	simple := v.SimpleActions()
	// Draws and give-backs first: a take would owe a tile.
	slices.SortStableFunc(simple, func(a, b okey101.Action) int { return rank101(a.Kind) - rank101(b.Kind) })
	try = append(try, simple...)
	for _, a := range try {
		if _, _, err := st.Apply(a); err == nil {
			return a, true
		}
	}
	return okey101.Action{}, false
}

func rank101(k okey101.ActionKind) int {
	switch k {
	case okey101.ActDraw, okey101.ActGiveBack:
		return 0
	case okey101.ActDiscard:
		return 1
	case okey101.ActTake:
		return 3
	}
	return 2
}
