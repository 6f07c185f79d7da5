package decide101

import (
	"context"
	"errors"
	"slices"

	"okey/bots/bots101"
	"okey/bots/coach"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Facts are what the analysis found; the words are put to them in
// Update (the catalog and the table's view are the Model's).
type Facts struct {
	Mine bool
	// Short: the judge ran out of its time before it had weighed the
	// plan (the hint's context ended), so Plan is the hard bot's,
	// unweighed, and the hint says it was cut short.
	Short bool
	Stage okey101.Stage
	// In the draw stage: what the previous discard top would do.
	Top                  tile.Tile
	TakeFinish, TakeOpen bool
	TakeOpenValue        int
	TakeMeld             []tile.Tile // a new meld it would go in
	TakeLayOff           bool
	// finish is a way to finish this turn, nil if none.
	Finish *meld.Plan
	// Before opening: the best opening and the pairs.
	Opened  meld.Status
	Opening meld.Opening
	Pairs   int
	// After opening: melds to lay down, tiles to lay off, tiles that
	// free an okey.
	Lay            []meld.Meld
	LayOffs, Backs []tile.Tile
	// AfterOpen are the tiles that lay off once the opening suggested
	// is down (before it, no one may lay off).
	AfterOpen []tile.Tile
	// Voids: the plan opens with pairs after the three others did, which
	// voids the hand (it is dealt again): the plan ends there.
	Voids bool
	// Plan is the whole turn the hint advises, in order: the hard bot's
	// (see Hint); Lay, LayOffs, Backs, AfterOpen and Discard are read
	// from it.
	Plan []okey101.Action
	// The discard the analysis suggests and whether it costs 101.
	Discard      tile.Tile
	DiscardCosts bool
	Owed         tile.Tile
	// Holds: the exact search finds a finish this turn, and the judge,
	// having weighed it against the plan, showed that holding on is worth
	// more (an okey finish later, say): the plan does not finish, and
	// the words say why.
	Holds bool
	// weighed: the plan is the judge's (Advise101), not the hard bot's
	// unweighed.
	weighed bool
	// Read is, when the judge's reading of the racks is what made the
	// hard bot's discard lose to the plan's (coach.TableRead), what it
	// read of the next player; the words say it when Read.Said allows.
	Read *coach.TableRead
}

// CursorTile is the tile the hint puts the cursor on, NoTile for none:
// in the play stage (and the dealer's first turn) the first tile the
// plan lays off, takes an okey back with or discards, in the plan's
// order, so that e, k or x plays it.
func (f *Facts) CursorTile() tile.Tile {
	if !f.Mine || f.Stage == okey101.StageDraw {
		return tile.NoTile
	}
	for _, a := range f.Plan {
		switch a.Kind {
		case okey101.ActLayOff, okey101.ActTakeBack, okey101.ActDiscard:
			return a.Tile
		}
	}
	return f.Discard
}

// CursorFirst reports whether the cursor goes onto a tile to play before
// the discard: a lay-off or an okey to take back.
func (f *Facts) CursorFirst() bool {
	x := f.CursorTile()
	for _, a := range f.Plan {
		if a.Tile == x && a.Tile.Valid() {
			return a.Kind == okey101.ActLayOff || a.Kind == okey101.ActTakeBack
		}
	}
	return false
}

// Hint works the hint out for a view: the analysis only, so it may run
// in a command. The plan is the hard bot's whole turn from the view
// (bots101.Turn): one plan, every step legal when its turn comes, no
// tile used twice, and a discard that costs 101 only when every tile
// would; the other facts (the opening, the pairs, what the previous
// discard would do) say why.
//
// Hint is the hard bot's plan, the judge's first candidate at each step,
// without the judge (a millisecond): the game's h asks HintCtx, the
// judged plan; Hint serves the screen's tests, which follow thousands of
// hints, and HintCtx's own fallback when its time runs out.
func Hint(v *okey101.View, sv *meld.Solver) Facts {
	f := hintFacts(v, sv)
	f.finishPlan(v)
	return f
}

// Hinter works a hint out for a view under ctx: HintCtx in the game,
// HardHint where a test wants the hard bot's plan at once.
type Hinter func(ctx context.Context, v *okey101.View, sv *meld.Solver) (Facts, error)

// HardHint is Hint as a Hinter.
func HardHint(_ context.Context, v *okey101.View, sv *meld.Solver) (Facts, error) {
	return Hint(v, sv), nil
}

// HintSeed seeds the judge's worlds for the hint, with the view's own
// place in the hand (coach.Advise101): the hint asked twice from one
// view is the same, and the plan asked again after one of its own steps
// is the rest of it.
const HintSeed = 0x41

// HintCtx is Hint under ctx: the plan is the judge's
// (coach.Advise101: the hard bot's move at each step, played out
// against the strong alternatives over worlds drawn from the view, the
// best found kept), so a player who follows it is told by the review
// that each step was best or as good. When ctx's deadline passes first
// the facts are those of the hard bot's plan, marked Short, and err is
// nil; when ctx is cancelled, err is ctx's.
func HintCtx(ctx context.Context, v *okey101.View, sv *meld.Solver) (Facts, error) {
	f := hintFacts(v, sv)
	var err error
	if f.Mine && v.Phase == game.Playing {
		var plan []okey101.Action
		var ds []coach.Decision
		if plan, ds, err = coach.Advise101(ctx, *v, coach.HintOptions(HintSeed)); err == nil && len(plan) > 0 {
			f.Plan, f.weighed = plan, true
			if last := len(plan) - 1; plan[last].Kind == okey101.ActDiscard && last < len(ds) {
				f.Read = ds[last].Read
			}
		}
		if err != nil && errors.Is(err, context.DeadlineExceeded) && len(f.Plan) > 0 {
			// Out of time: the hard bot's plan (hintFacts'), which the
			// judge weighs first at every step and keeps unless it
			// shows it loses, said to be unweighed.
			f.Short, err = true, nil
		}
	}
	f.finishPlan(v)
	return f, err
}

// hintFacts are the facts of the view with the hard bot's plan, before
// the judge weighs it.
func hintFacts(v *okey101.View, sv *meld.Solver) Facts {
	an := v.Analyzer
	f := Facts{Mine: v.MyTurn(), Stage: v.Stage, Top: tile.NoTile, Discard: tile.NoTile, Owed: tile.NoTile,
		Opened: v.Opened[v.Seat].Status}
	if f.Mine && v.Stage == okey101.StageDraw && v.Legal.Take {
		t := TakeFacts(v, sv)
		f.Top, f.TakeFinish, f.TakeOpen, f.TakeOpenValue, f.TakeMeld, f.TakeLayOff =
			t.Top, t.TakeFinish, t.TakeOpen, t.TakeOpenValue, t.TakeMeld, t.TakeLayOff
	}
	if f.Mine && v.Stage == okey101.StagePlay {
		if p, ok := sv.CanFinish(an, v.Counts, v.Melds(), v.MeldTurn()); ok {
			f.Finish = &p
		}
	}
	if f.Opened == meld.NotOpened {
		f.Opening = sv.BestOpening(an, v.Counts)
		f.Pairs = an.Pairs(v.Counts, v.Rules.OkeyPair)
	}
	if f.Mine && v.Phase == game.Playing {
		if plan, err := bots101.Turn(context.Background(), HintLevel, *v, bots101.Options{Solver: sv}); err == nil {
			f.Plan = plan
		}
	}
	return f
}

// finishPlan cuts the plan where it voids the hand, makes it the finish
// when the exact search finds one the plan misses, and reads the facts
// the screen shows from it.
func (f *Facts) finishPlan(v *okey101.View) {
	if i := voidingStep(v, f.Plan); i >= 0 {
		// The fourth opening with pairs voids the hand: the plan ends
		// there, as the hand does.
		f.Plan, f.Voids = f.Plan[:i+1], true
	}
	switch {
	case f.Finish != nil && !Finishes(v, f.Plan) && f.weighed:
		// The judge weighed the finish (the hard bot's turn takes it) and
		// showed holding on better: its plan stands, as the review would
		// call finishing now the error.
		f.Holds = true
	case f.Finish != nil && !Finishes(v, f.Plan):
		// The bot finishes whenever the exact search finds a way; should
		// its unweighed plan not, the finish is the plan.
		f.Plan = okey101.PlanActions(v.Seat, *f.Finish)
	}
	f.readPlan(v)
	if f.Mine && v.Legal.GiveBack {
		f.Owed = v.Taken.Tile
	}
}

// voidingStep is the index of the plan's step that opens with pairs
// when every other seat has opened with pairs (the hand is void at
// once: RULES.md), -1 if none.
func voidingStep(v *okey101.View, plan []okey101.Action) int {
	for s := range okey101.NumSeats {
		if s != v.Seat && v.Opened[s].Status != meld.OpenedPairs {
			return -1
		}
	}
	for i, a := range plan {
		if a.Kind == okey101.ActOpen && a.Pairs {
			return i
		}
	}
	return -1
}

// HintLevel is the bot whose turn the hint advises: the strongest.
const HintLevel = "hard"

// readPlan fills the facts the screen shows from the plan: the melds it
// lays, the tiles it lays off (after the opening, for a player not yet
// open), the tiles that take okeys back, the discard and whether it
// costs 101 on the table as the plan leaves it.
func (f *Facts) readPlan(v *okey101.View) {
	an := v.Analyzer
	after := AfterSteps(v, f.Plan)
	for i, a := range f.Plan {
		switch a.Kind {
		case okey101.ActOpen, okey101.ActLay:
			for _, g := range a.Melds {
				m, err := readGroup(an, g, a.Pairs, v.Rules.OkeyPair)
				if err == nil {
					f.Lay = append(f.Lay, m)
				}
			}
		case okey101.ActLayOff:
			if f.Opened == meld.NotOpened {
				f.AfterOpen = append(f.AfterOpen, a.Tile)
			} else {
				f.LayOffs = append(f.LayOffs, a.Tile)
			}
		case okey101.ActTakeBack:
			f.Backs = append(f.Backs, a.Tile)
		case okey101.ActDiscard:
			f.Discard = a.Tile
			if st := after[i]; st.Counts.Total() > 1 {
				f.DiscardCosts = okey101.DiscardPenalty(an, v.Rules, st.Table, a.Tile, okey101.OkeyPaid(v.History, v.Seat)) != 0
			}
		}
	}
}

// StepState is the rack and the table as a step of a plan finds them.
type StepState struct {
	Counts tile.Counts
	Table  []meld.Meld
	// Owners are who laid each meld of Table down (the view's seat for
	// the melds the plan lays).
	Owners []int
}

// AfterSteps plays a plan of the view's seat out on its rack and the
// table as the meld package reads them: out[i] is what step i finds.
// A step that does not apply (it never happens to a bot's plan) leaves
// them as they were.
func AfterSteps(v *okey101.View, plan []okey101.Action) []StepState {
	an := v.Analyzer
	st := StepState{Counts: v.Counts, Table: v.Melds()}
	for _, m := range v.Table {
		st.Owners = append(st.Owners, m.Owner)
	}
	out := make([]StepState, len(plan))
	for i, a := range plan {
		out[i] = StepState{Counts: st.Counts, Table: slices.Clone(st.Table), Owners: slices.Clone(st.Owners)}
		switch a.Kind {
		case okey101.ActTake:
			if t := v.Top(v.Previous); t.Valid() {
				st.Counts[t]++
			}
		case okey101.ActGiveBack:
			if t := v.Taken.Tile; t.Valid() && st.Counts[t] > 0 {
				st.Counts[t]--
			} else if t := v.Top(v.Previous); t.Valid() && st.Counts[t] > 0 {
				st.Counts[t]--
			}
		case okey101.ActOpen, okey101.ActLay:
			for _, g := range a.Melds {
				m, err := readGroup(an, g, a.Pairs, v.Rules.OkeyPair)
				if err != nil {
					continue
				}
				for _, x := range g {
					st.Counts[x]--
				}
				st.Table = append(st.Table, m)
				st.Owners = append(st.Owners, v.Seat)
			}
		case okey101.ActLayOff:
			if a.Meld >= 0 && a.Meld < len(st.Table) {
				if nm, _, err := an.LayOff(st.Table[a.Meld], a.Tile, a.End); err == nil {
					st.Table[a.Meld] = nm
					st.Counts[a.Tile]--
				}
			}
		case okey101.ActTakeBack:
			if a.Meld >= 0 && a.Meld < len(st.Table) {
				if nm, was, _, err := an.TakeBack(st.Table[a.Meld], a.Tile); err == nil {
					st.Counts[st.Table[a.Meld].Tiles[was]]++
					st.Table[a.Meld] = nm
					st.Counts[a.Tile]--
				}
			}
		case okey101.ActDiscard:
			st.Counts[a.Tile]--
		}
	}
	return out
}

// Finishes reports whether the plan ends the hand: its discard is the
// rack's last tile.
func Finishes(v *okey101.View, plan []okey101.Action) bool {
	if len(plan) == 0 || plan[len(plan)-1].Kind != okey101.ActDiscard {
		return false
	}
	return AfterSteps(v, plan)[len(plan)-1].Counts.Total() == 1
}

// TakeFacts says what taking the previous discard would do for the
// view's seat, in the draw stage: finish, open, go in a new meld, lay
// off; the rest of the facts are left empty.
func TakeFacts(v *okey101.View, sv *meld.Solver) Facts {
	an := v.Analyzer
	f := Facts{Top: v.Top(v.Previous), Opened: v.Opened[v.Seat].Status}
	if f.Top == tile.NoTile {
		return f
	}
	with := v.Counts
	with[f.Top]++
	turn := v.MeldTurn()
	turn.Taken = f.Top
	if _, ok := sv.CanFinish(an, with, v.Melds(), turn); ok {
		f.TakeFinish = true
	} else if f.Opened == meld.NotOpened {
		if o := sv.BestOpening(an, with); o.Reaches(v.Threshold) && usesTile(o.Melds, f.Top) {
			f.TakeOpen, f.TakeOpenValue = true, o.Value
		}
	} else {
		f.TakeMeld, f.TakeLayOff = takeUse(v, with, f.Top, sv)
	}
	return f
}

// Worth reports whether taking the discard helps this turn.
func (f Facts) Worth() bool {
	return f.TakeFinish || f.TakeOpen || len(f.TakeMeld) > 0 || f.TakeLayOff
}

// takeUse says how an opened player could use the previous discard
// top: the new meld it would go in, or whether it lays off.
func takeUse(v *okey101.View, with tile.Counts, top tile.Tile, sv *meld.Solver) ([]tile.Tile, bool) {
	an := v.Analyzer
	var ms []meld.Meld
	if v.Opened[v.Seat].Status == meld.OpenedPairs {
		ms = an.PairMelds(with, v.Rules.OkeyPair)
	} else {
		ms = sv.BestOpening(an, with).Melds
	}
	for _, x := range ms {
		if slices.Contains(x.Tiles, top) {
			return x.Tiles, false
		}
	}
	for _, lo := range an.LayOffs(with, v.Melds()) {
		if lo.Tile == top {
			return nil, true
		}
	}
	return nil, false
}

// usesTile reports whether melds hold x.
func usesTile(ms []meld.Meld, x tile.Tile) bool {
	for _, m := range ms {
		if slices.Contains(m.Tiles, x) {
			return true
		}
	}
	return false
}

// readGroup reads a group an action lays down: as a pair when the
// opening is in pairs or the group has two tiles, else as a run or set.
func readGroup(an meld.Analyzer, g []tile.Tile, pairs, okeyPair bool) (meld.Meld, error) {
	if pairs || len(g) == 2 {
		return an.ReadPair(g, okeyPair)
	}
	return an.Read(g)
}
