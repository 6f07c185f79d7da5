package play101

import (
	"context"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The hint (h) is the judge's plan for the whole turn from the
// player's view (decide101.HintCtx, bots/coach.Advise101: at each step the
// hard bot's move, played out against the strong alternatives over
// worlds drawn from the view, the best found kept), put into words a
// step at a time, each step naming its tiles, with why (the best
// opening and how far it is from the threshold, the pairs, what the
// previous discard would do). The cursor goes onto the first tile to
// play (e, k or x plays it); melds to lay down first become the groups
// on the rack (l lays them). It is worked out in a command (a few
// tenths of a second) while the table goes on; esc cancels it, and it
// is dropped if the table has moved on meanwhile. Each step is judged
// from the view the steps before it leave, with worlds seeded by that
// view alone, so asked again after one of its own steps the hint is the
// rest of the same plan.

// HintMsg is the hint for the position numbered moves, asked as hint id.
type HintMsg struct {
	id    uint64
	moves int
	facts decide101.Facts
	err   error
}

// AskHint asks for the hint on state st (the match's, or a served
// seat's world), nil when no hand is being played.
func (t *Table) AskHint(st okey101.State) tea.Cmd {
	if t.View.Phase != game.Playing {
		t.said.Flash(true, t.tr().T("status.hint.none"))
		return nil
	}
	t.StopHint()
	t.HintID++
	id, moves := t.HintID, st.Moves()
	t.said.Flash(false, t.tr().T("status.hint.thinking"))
	ctx, cancel := context.WithTimeout(context.Background(), HintBudget)
	t.hintStop = cancel
	hint := t.Hinter
	if hint == nil {
		hint = decide101.HintCtx
	}
	return func() tea.Msg {
		defer cancel()
		var sv meld.Solver
		view := st.View(0) // a State is a value Apply never changes
		f, err := hint(ctx, &view, &sv)
		return HintMsg{id: id, moves: moves, facts: f, err: err}
	}
}

// HintBudget bounds the judge's plan: past it the hint is the hard
// bot's plan, said to be cut short. The judge usually needs a few tenths
// of a second but can take seconds on a busy machine, and a hint must
// answer within 2 s.
const HintBudget = 1200 * time.Millisecond

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

// CancelHint stops the hint being worked out and says so (esc).
func (t *Table) CancelHint() {
	t.StopHint()
	t.said.Flash(false, t.tr().T("status.hint.cancelled"))
}

// OnHint tells the hint, if the table is still where it was asked: the
// latest hint asked, and st (as AskHint's) as many moves on. When the
// table has moved on, the hint is asked again for st (the command
// returned): a hint asked never ends
// on "Weighing the moves…" alone.
func (t *Table) OnHint(msg HintMsg, st okey101.State) tea.Cmd {
	if msg.id != t.HintID || t.hintStop == nil {
		return nil // a newer hint, or esc, came first, or it was told
	}
	t.hintStop = nil
	if st.Moves() != msg.moves {
		// Asked again where the table is now (off the turn it is the
		// facts alone, at once; after the hand, "no hint").
		return t.AskHint(st)
	}
	f := &msg.facts
	// The cursor goes onto the first tile the plan plays with a key of
	// its own (a lay-off, a take-back or the discard), so e, k or x
	// plays it.
	if x := f.CursorTile(); x != tile.NoTile && t.Rack.Slots[t.Cursor] != x {
		if i := slices.Index(t.Rack.Slots[:], x); i >= 0 {
			t.Cursor = i
		}
	}
	t.advise(f.Plan)
	txt := t.HintText(f)
	// When the plan starts by laying melds down (an opening, or more
	// melds), they become the groups on the rack, so that l lays down
	// exactly those (s and p lay out their own, which may differ).
	if f.Mine && f.Stage == okey101.StagePlay && len(f.Plan) > 0 {
		a := f.Plan[0]
		if (a.Kind == okey101.ActOpen || a.Kind == okey101.ActLay) && !decide101.Finishes(&t.View, f.Plan) &&
			t.GroupsOnRack(a.Melds, "status.hint.thinking", true) {
			name := "t101.hint.grouped"
			if len(a.Melds) == 1 {
				name += ".one"
			}
			if t.look.Touch { // the bar's word that lays them down
				word := t.tr().T("key.lay")
				if a.Kind == okey101.ActOpen {
					word = t.tr().T("key.open")
				}
				txt += " " + t.tr().T(name+".tap", word)
			} else {
				txt += " " + t.tr().T(name)
			}
		}
	}
	t.showTall(txt, f.Plan)
	return nil
}

// advise keeps the discard plan ends with, if it ends with one, and
// the position the steps before it leave: x on that tile there is the
// hint followed, so it is not asked again (a discard that costs 101
// when every tile does: "x again" after the hint's own x, and h again
// giving the same x, was a loop).
func (t *Table) advise(plan []okey101.Action) {
	t.advised = advisedDiscard{}
	last := len(plan) - 1
	if last < 0 || plan[last].Kind != okey101.ActDiscard {
		return
	}
	v := &t.View
	at := decide101.AfterSteps(v, plan)[last]
	t.advised = advisedDiscard{tile: plan[last].Tile, hand: v.Hand, redeal: v.Redeal, wall: v.WallLeft, counts: at.Counts, ok: true}
}

// Advised reports whether the last hint told advised discarding x at
// the view as it stands (its plan followed up to the discard).
func (t *Table) Advised(x tile.Tile) bool {
	a, v := &t.advised, &t.View
	return a.ok && a.tile == x && a.hand == v.Hand && a.redeal == v.Redeal && a.wall == v.WallLeft && a.counts == v.Counts
}
