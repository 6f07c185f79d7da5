package playclassic

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/bots/expertclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// The hint (h) is the judge's plan for the turn (bots/coach.PlanClassic):
// the analyser's move (the expert's, coach.Analyse), played out by the
// coach's judge against the strong alternatives over worlds drawn from
// the player's view, and the best move found — so the review afterwards finds a move the hint gave
// best or as good. At the draw it plans the whole turn: a take with
// what it then does with the tile, or a draw and, with a rack that
// already wins, whether it will finish or keep the win for an okey
// finish; asked again after that first step it goes on as it said
// (the plan kept, TurnPlan.Next) and says so when the tile drawn
// changed the position. It says what to discard, when to finish and,
// with a winning rack that holds an okey, whether to win now or hold
// for an okey finish (a hold only when the judge shows it ahead). It is worked out in a command (a few tenths of a
// second, a second at most on a busy machine) while the table goes on;
// esc cancels it, and its answer is dropped if the table has moved on
// meanwhile. On a table standing up (a phone held upright: Look.Touch)
// it names the taps that make the move, not the keys, as 101's does.

// HintLevel is the bot whose move the judge weighs: the strongest,
// the expert (coach.Analyse).
var HintLevel = expertclassic.LevelExpert

// HintMsg is the hint's answer for the position numbered Moves
// (Table.HandMoves), to the hint numbered ID (Table.HintID). Dec, when
// the judge was asked, is its verdict on the analyser's move: each
// candidate's value and how often it came out ahead. Short says the
// judge ran out of its time (HintBudget) before it had weighed the
// moves: Act is then the analyser's move, unweighed, and the hint says
// so.
type HintMsg struct {
	ID    uint64
	Moves int
	Act   classic.Action
	Dec   *coach.Decision
	// Plan is the judge's plan for the turn, Act its first step (nil:
	// no judge, or cut short).
	Plan  *coach.TurnPlan
	Short bool
	Err   error
}

// HintBudget is how long the judge may weigh the moves for a hint
// before the hint is cut short and gives the analyser's move (which the
// judge would keep unless it showed it loses), said to be unweighed.
// The judge usually answers in a few tenths of a second but can take
// seconds on a busy machine, and a hint must answer within 2 s.
const HintBudget = 1200 * time.Millisecond

// Hint asks for a hint on the player's turn, in a command under ctx
// that gives the judge budget (HintBudget when 0, never more than
// timeout) to weigh the moves before the hint is cut short (the match's
// seed seeds it); off the player's turn it says at once to show the
// indicator when the player may, else how far the rack is from a win.
// The level's bot built by build is the judge's first candidate: the
// real expert goes through the judge, a test's scripted bot answers
// as it is.
func (t *Table) Hint(ctx context.Context, seed uint64, build BuildBot, timeout, budget time.Duration) tea.Cmd {
	v := &t.View
	if v.Phase != game.Playing {
		t.said.Flash(true, t.tr().T("status.hint.none"))
		return nil
	}
	if !v.MyTurn() {
		t.StopHint()
		if v.Legal.Show {
			// Every bot that may show does (the hard one too): asked
			// off the turn, the judge's answer would come after the
			// bots had moved on and be dropped.
			t.said.Flash(false, t.tr().T(t.look.Tap("status.hint.show"), t.TileName(v.Indicator)))
			return nil
		}
		t.distanceHint()
		return nil
	}
	t.StopHint()
	if t.followPlan() {
		return nil
	}
	t.HintID++
	t.hintAgain = &hintAsk{ctx: ctx, seed: seed, build: build, timeout: timeout, budget: budget}
	id, moves, view := t.HintID, t.HandMoves(), t.OwnView()
	seed = coach.HintSeed(seed, *v)
	t.said.Flash(false, t.tr().T(t.look.Tap("status.hint.thinking")))
	ctx, cancel := context.WithTimeout(ctx, timeout)
	t.hintStop = cancel
	if budget <= 0 {
		budget = HintBudget
	}
	o := coach.HintOptions(seed)
	o.Playouts = t.hintWork
	return func() tea.Msg {
		defer cancel()
		b, err := build(HintLevel, botsclassic.Options{Seed: seed})
		if err != nil {
			return HintMsg{ID: id, Moves: moves, Err: err}
		}
		if _, real := b.(*expertclassic.Expert); real {
			jctx, stop := context.WithTimeout(ctx, budget)
			p, err := coach.PlanClassic(jctx, view, o)
			stop()
			if err == nil && len(p.Steps) > 0 {
				var d *coach.Decision
				if len(p.Decs) > 0 {
					d = &p.Decs[0]
				}
				return HintMsg{ID: id, Moves: moves, Act: p.Steps[0], Dec: d, Plan: &p}
			}
			if ctx.Err() != nil || jctx.Err() == nil && !errors.Is(err, coach.ErrOutOfWork) {
				if err == nil {
					err = errors.New("the judge planned no move")
				}
				return HintMsg{ID: id, Moves: moves, Err: err}
			}
			// The judge ran out of its time (or its work budget): the
			// analyser's move, seeded as the judge seeds it, which the
			// judge weighs first and keeps unless it shows it loses.
			a, err := coach.Analyse(ctx, view, o)
			return HintMsg{ID: id, Moves: moves, Act: a, Short: true, Err: err}
		}
		a, err := b.Decide(ctx, view)
		return HintMsg{ID: id, Moves: moves, Act: a, Err: err}
	}
}

// CancelHint stops the hint being worked out and says so (esc).
func (t *Table) CancelHint() {
	t.StopHint()
	t.said.Flash(false, t.tr().T("status.hint.cancelled"))
}

// HintPending reports whether a hint is being worked out.
func (t *Table) HintPending() bool { return t.hintStop != nil }

// StopHint cancels the hint being worked out, if any; its answer, if it
// comes, is dropped.
func (t *Table) StopHint() {
	if t.hintStop != nil {
		t.hintStop()
		t.hintStop = nil
		t.HintID++
	}
}

// HandMoves numbers the positions of a hand, for dropping an answer the
// table has moved past: the match's moves, or at a served seat (which
// holds no match) the hand and its history's length.
func (t *Table) HandMoves() int {
	if t.G == nil {
		return t.View.Hand<<16 | len(t.View.History)
	}
	return t.G.State().Moves()
}

// OwnView is the player's view, for the hint: the match's own, or at a
// served seat the latest the table sent.
func (t *Table) OwnView() classic.View {
	if t.G == nil {
		return t.View
	}
	return t.G.State().View(0)
}

// HandNo is the number of the hand being played.
func (t *Table) HandNo() int {
	if t.G == nil {
		return t.View.Hand
	}
	return t.G.State().HandNumber()
}

// OnHint tells the hint, if the table is still where it was asked
// (onTable: the table is on screen). An answer the table has moved past
// is dropped; if the player is still to move, the hint is asked again
// for where the table is now (the command returned), so a hint asked
// never ends on "Weighing the moves…" alone.
func (t *Table) OnHint(msg HintMsg, onTable bool) tea.Cmd {
	if msg.ID != t.HintID || t.hintStop == nil {
		return nil // stale: a newer hint, or esc, came first, or it was told
	}
	t.hintStop = nil
	again := t.hintAgain
	t.hintAgain = nil
	if msg.Moves != t.HandMoves() && again != nil && onTable && t.View.Phase == game.Playing && t.View.MyTurn() {
		// A move or a new hand came first, and the player is still to
		// move: the hint is asked again for where the table is now.
		return t.Hint(again.ctx, again.seed, again.build, again.timeout, again.budget)
	}
	if !onTable {
		return nil
	}
	if t.HandMoves() != msg.Moves {
		// A move or a new hand came first, and it is not the player's
		// move: how far the rack is from a win.
		t.distanceHint()
		return nil
	}
	if msg.Err != nil || msg.Act.Seat != 0 {
		t.fallbackHint()
		return nil
	}
	t.tellHint(msg)
	return nil
}

// closeKey is key, or key.close when the judge's verdict d on the
// hint's move could not tell it from another move (finishing now and
// holding for an okey finish weighed as about the same): the hint then
// says so rather than call the other too risky.
func closeKey(key string, d *coach.Decision) string {
	if d != nil && d.Label == coach.Best && d.Certainty == coach.TooClose {
		return key + ".close"
	}
	return key
}

// tellHint says the hint's move, the cursor on its tile, and keeps
// what it advised: the plan for the rest of the turn (followPlan) and
// the move, which the guard against discarding a win does not question
// (Advised).
func (t *Table) tellHint(msg HintMsg) {
	v := &t.View
	t.advised = advice{act: msg.Act, hand: v.Hand, at: len(v.History), ok: true}
	t.plan = nil
	if msg.Plan != nil && !msg.Short && v.Stage == classic.MustDraw {
		t.plan = &keptPlan{plan: *msg.Plan, hand: v.Hand, at: len(v.History)}
	}
	label, short := t.tr().T("status.hint.label"), t.tr().T("status.hint.label.short")
	put := func(s string) {
		if msg.Short {
			// The judge ran out of time: the move is the analyser's,
			// unweighed, and the hint says it was cut short.
			s = strings.Replace(s, label, short, 1)
		}
		t.said.Flash(false, s)
	}
	say := func(key string, args ...any) { put(t.tr().T(t.look.Tap(key), args...)) }
	acc := func(x tile.Tile) string { return t.TileCase(x, i18n.Accusative) }
	top := v.Top(v.Previous)
	switch a := msg.Act; a.Kind {
	case classic.ActShow:
		say("status.hint.show", t.TileName(v.Indicator))
	case classic.ActTake, classic.ActDraw, classic.ActEndHand:
		// The plan's words: a take with what follows it, a draw with
		// what it does with a rack that already wins. A take that wins
		// is said in place of ending the hand at the empty wall (or a
		// draw there, from a bot that cannot draw); where the plan
		// draws, a take that would win is not said.
		var then classic.Action
		if p := msg.Plan; p != nil && len(p.Steps) > 1 {
			then = p.Steps[1]
		}
		switch {
		case a.Kind == classic.ActTake && then.Kind == classic.ActFinish:
			say("status.hint.take.finish", acc(top), acc(then.Tile))
		case a.Kind == classic.ActTake && then.Kind == classic.ActDiscard && t.TakeWins(top):
			say("status.hint.take.hold", acc(top), acc(then.Tile))
		case a.Kind == classic.ActTake && then.Kind == classic.ActDiscard:
			say("status.hint.take.then", acc(top), acc(then.Tile))
		case a.Kind == classic.ActTake && t.TakeWins(top) || (a.Kind == classic.ActEndHand || !v.Legal.Draw) && v.Legal.Take && t.TakeWins(top):
			say("status.hint.take.wins", acc(top))
		case a.Kind == classic.ActTake:
			say("status.hint.take", acc(top))
		case a.Kind == classic.ActEndHand:
			say("status.hint.end")
		case msg.Plan != nil && msg.Plan.After == coach.DrawHold:
			say("status.hint.draw.hold")
		case msg.Plan != nil && msg.Plan.After == coach.DrawFinish:
			say("status.hint.draw.finish")
		default:
			put(t.drawHint())
		}
	case classic.ActFinish:
		t.CursorOn(a.Tile)
		if okey := v.Analyzer.Okey(); v.Counts[okey] > 0 && !v.Analyzer.IsOkey(a.Tile) {
			// The rack could hold for an okey finish: the hint says why
			// it does not, or that holding is worth about as much (the
			// judge could not tell the two apart: the review calls
			// either the best).
			say(closeKey("status.hint.winnow", msg.Dec), acc(a.Tile))
			return
		}
		say("status.hint.wins", acc(a.Tile))
	case classic.ActDiscard:
		t.CursorOn(a.Tile)
		if win := t.WinningDiscard(); win != tile.NoTile {
			// Hold the win back for an okey finish: the hint chooses it,
			// and says why (or that finishing is worth about as much).
			say(closeKey("status.hint.hold", msg.Dec), acc(a.Tile))
			return
		}
		if key, args, ok := readHint(t.look.Words, v.Okey, msg.Dec, msg.Short, a.Tile); ok {
			// The judge's worlds read the next player's rack, and that
			// reading is what made the other discard lose: said in words.
			say(key, args...)
			return
		}
		rest := v.Counts
		rest[a.Tile]--
		d := -1
		if h, err := v.Analyzer.HandOf(rest); err == nil {
			d = v.Analyzer.Distance(h)
		}
		switch d {
		case 1:
			say("status.hint.discard1", acc(a.Tile))
		case -1:
			say("status.hint.discard0", acc(a.Tile))
		default:
			say("status.hint.discard", acc(a.Tile), d)
		}
	default:
		t.distanceHint()
	}
}

// followPlan tells the rest of the plan the hint gave at this turn's
// draw, when the player followed its first step (the view holds one
// event more, the player's own draw or take) and the plan says what
// comes next: the move after a take, or the finish or the hold it
// said after a draw, without weighing the moves again, so the hint
// never contradicts itself; a tile drawn that frees the okey is said
// to have changed the position. It reports whether it told one.
func (t *Table) followPlan() bool {
	v := &t.View
	k := t.plan
	if k == nil || k.hand != v.Hand || len(v.History) != k.at+1 || len(k.plan.Steps) == 0 {
		return false
	}
	e := v.History[k.at]
	first := k.plan.Steps[0]
	if e.Seat != v.Seat || !(e.Kind == classic.EvDraw && first.Kind == classic.ActDraw || e.Kind == classic.EvTake && first.Kind == classic.ActTake) {
		return false
	}
	a, freed, ok := k.plan.Next(*v)
	if !ok {
		return false
	}
	plan := k.plan
	if len(plan.Steps) > 1 {
		var d *coach.Decision
		if len(plan.Decs) > 1 {
			d = &plan.Decs[1]
		}
		t.tellHint(HintMsg{Act: a, Dec: d})
		return true
	}
	t.advised = advice{act: a, hand: v.Hand, at: len(v.History), ok: true}
	t.CursorOn(a.Tile)
	acc := t.TileCase(a.Tile, i18n.Accusative)
	switch {
	case freed:
		t.said.Flash(false, t.tr().T(t.look.Tap("status.hint.plan.freed"), acc))
	case a.Kind == classic.ActFinish:
		t.said.Flash(false, t.tr().T(t.look.Tap("status.hint.plan.finish"), acc))
	default:
		t.said.Flash(false, t.tr().T(t.look.Tap("status.hint.plan.hold"), acc))
	}
	return true
}

// Advised reports whether the last hint told advised a at the view as
// it is now: the guard against discarding a win then stands down, so
// the keys the hint names do what it says.
func (t *Table) Advised(a classic.Action) bool {
	v := &t.View
	return t.advised.ok && t.advised.act == a && t.advised.hand == v.Hand && t.advised.at == len(v.History)
}

// CursorOn puts the cursor on a copy of x, so x (or f) acts on the hint.
func (t *Table) CursorOn(x tile.Tile) {
	if t.Rack.Slots[t.Cursor] == x {
		return
	}
	if i := slices.Index(t.Rack.Slots[:], x); i >= 0 {
		t.Cursor = i
	}
}

// TakeWins reports whether taking x gives a rack that finishes.
func (t *Table) TakeWins(x tile.Tile) bool {
	v := &t.View
	if x == tile.NoTile {
		return false
	}
	c := v.Counts
	c[x]++
	h, err := v.Analyzer.HandOf(c)
	return err == nil && v.Analyzer.BestDiscard(h).Wins
}

// WinningDiscard is a tile the player may finish with now, or NoTile.
func (t *Table) WinningDiscard() tile.Tile {
	v := &t.View
	if !v.Legal.Finish {
		return tile.NoTile
	}
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return tile.NoTile
	}
	if d := v.Analyzer.BestDiscard(h); d.Wins {
		return d.Tile
	}
	return tile.NoTile
}

// fallbackHint is the hint when no bot answered (it failed): the
// analyser's move — draw, or its best discard — so that a hint on the
// player's turn always names a move; off the turn, the distance.
func (t *Table) fallbackHint() {
	v := &t.View
	if !v.MyTurn() {
		t.distanceHint()
		return
	}
	switch {
	case v.Legal.Draw:
		t.tellHint(HintMsg{Act: classic.DrawAction(v.Seat), Short: true})
		return
	case v.Legal.Discard:
		if h, err := v.Analyzer.HandOf(v.Counts); err == nil {
			a := classic.DiscardAction(v.Seat, v.Analyzer.BestDiscard(h).Tile)
			if v.Analyzer.BestDiscard(h).Wins && v.Legal.Finish {
				a = classic.FinishAction(v.Seat, a.Tile)
			}
			t.tellHint(HintMsg{Act: a, Short: true})
			return
		}
	}
	t.distanceHint()
}

// drawHint says to draw, and how far the rack is from a win.
func (t *Table) drawHint() string {
	v := &t.View
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		return t.tr().T(t.look.Tap("status.hint.draw0"))
	}
	if d := v.Analyzer.Distance(h); d > 1 {
		return t.tr().T(t.look.Tap("status.hint.draw"), d)
	}
	return t.tr().T(t.look.Tap("status.hint.draw1"))
}

// distanceHint says how far the rack is from a win, off the player's
// turn (or when the hint bot failed).
func (t *Table) distanceHint() {
	v := &t.View
	h, err := v.Analyzer.HandOf(v.Counts)
	if err != nil {
		t.said.Flash(true, t.tr().T("status.hint.none"))
		return
	}
	switch d := v.Analyzer.Distance(h); {
	case d <= 0:
		t.said.Flash(false, t.tr().T(t.look.Tap("status.hint.won")))
	case d == 1:
		t.said.Flash(false, t.tr().T("status.hint.one"))
	default:
		t.said.Flash(false, t.tr().T("status.hint.dist", d))
	}
}

// readHint is the hint that says what the judge read of the next
// player's rack, when that reading is what made the analyser's discard
// lose to the hint's x (d.Read, coach.TableRead): the next player took
// tiles the analyser's discard goes with, or threw tiles around x. It
// is said in w's words with the hand's okey; ok is false when the
// verdict holds no such reading (or the hint was cut short).
func readHint(w table.Words, okey tile.Tile, d *coach.Decision, short bool, x tile.Tile) (key string, args []any, ok bool) {
	if d == nil || short {
		return "", nil, false
	}
	s, ok := d.Read.Said(x)
	if !ok {
		return "", nil, false
	}
	tr := w.Tr
	acc := func(y tile.Tile) string { return tr.Tile(y, okey, i18n.Accusative) }
	// The status line holds one line of 80 columns: the hint's discard,
	// the player and what it was seen to take or throw; the review says
	// the rest (the tile read, the chances). Classic lays nothing down.
	switch s.Form {
	case coach.SaidTook, coach.SaidThrew:
		return "status.hint.read." + s.Form, []any{acc(x), w.SeatName(d.Read.Seat), tr.TilesIn(s.Seen, okey, i18n.Accusative)}, true
	case coach.SaidSafer:
		return "status.hint.read.safer", []any{acc(x), w.NameIn(d.Read.Seat, i18n.Genitive)}, true
	}
	return "", nil, false
}
