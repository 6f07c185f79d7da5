package play101

import (
	"slices"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
)

// Facts are what the analysis found; the words are put to them in
// Update (the catalog and the table's view are the Model's).
type Facts struct {
	Mine  bool
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
	// afterOpen are the tiles that lay off once the opening suggested
	// is down (before it, no one may lay off).
	AfterOpen []tile.Tile
	// The discard the analysis suggests and whether it costs 101.
	Discard      tile.Tile
	DiscardCosts bool
	Owed         tile.Tile
}

// CursorTile is the tile the hint puts the cursor on, NoTile for none.
func (f *Facts) CursorTile() tile.Tile {
	if f.CursorFirst() {
		if len(f.LayOffs) > 0 {
			return f.LayOffs[0]
		}
		return f.Backs[0]
	}
	return f.Discard
}

// CursorFirst reports whether the cursor goes onto a tile to play before
// the discard: a lay-off, else an okey to take back.
func (f *Facts) CursorFirst() bool {
	return f.Mine && f.Stage == okey101.StagePlay && len(f.LayOffs)+len(f.Backs) > 0
}

// Hint works the hint out for a view: the analysis only, so it
// may run in a command.
func Hint(v *okey101.View, sv *meld.Solver) Facts {
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
			return f
		}
	}
	switch f.Opened {
	case meld.NotOpened:
		f.Opening = sv.BestOpening(an, v.Counts)
		f.Pairs = an.Pairs(v.Counts, v.Rules.OkeyPair)
	case meld.OpenedPairs:
		f.Lay = an.PairMelds(v.Counts, v.Rules.OkeyPair)
	default:
		f.Lay = sv.BestOpening(an, v.Counts).Melds
	}
	if f.Opened != meld.NotOpened && f.Mine {
		for _, lo := range an.LayOffs(v.Counts, v.Melds()) {
			if !slices.Contains(f.LayOffs, lo.Tile) {
				f.LayOffs = append(f.LayOffs, lo.Tile)
			}
		}
		for _, tb := range an.TakeBacks(v.Counts, v.Melds()) {
			if !slices.Contains(f.Backs, tb.Tile) {
				f.Backs = append(f.Backs, tb.Tile)
			}
		}
	}
	switch {
	case f.Mine && v.Stage == okey101.StagePlay && v.Legal.Discard:
		// The melds, the lay-offs and the discard are one plan, so that
		// no tile is offered twice.
		p := PlanTurn(v, sv)
		f.Discard, f.DiscardCosts = p.Discard, p.Costs
		if f.Opened == meld.NotOpened {
			f.AfterOpen = p.Offs
		} else {
			f.Lay, f.LayOffs = p.Lay, p.Offs
		}
	case f.Mine && v.Stage != okey101.StageDraw && v.Legal.Discard:
		f.Discard, f.DiscardCosts = DiscardAdvice(v, sv)
	}
	if f.Mine && v.Legal.GiveBack {
		f.Owed = v.Taken.Tile
	}
	return f
}

// TurnPlan is the rest of a turn that cannot finish, as the hint
// suggests it: the melds laid down first (an opening, when the rack
// holds one), then the tiles laid off one by one, then the discard,
// judged against the table as it will stand by then (a tile the new
// melds make işler costs 101 too). Read piece by piece from the rack as
// it is, the hint offered the same tile twice: "lay down K12 OK", "lay
// off OK", "then discard K12".
type TurnPlan struct {
	Lay     []meld.Meld
	Offs    []tile.Tile
	Discard tile.Tile
	Costs   bool
}

// PlanTurn works out the TurnPlan of a view's seat in its play stage,
// from the view alone.
func PlanTurn(v *okey101.View, sv *meld.Solver) TurnPlan {
	an := v.Analyzer
	p := TurnPlan{Discard: tile.NoTile}
	counts, table := v.Counts, v.Melds()
	status := v.Opened[v.Seat].Status
	switch status {
	case meld.NotOpened:
		if o := sv.BestOpening(an, counts); o.Reaches(v.Threshold) && len(o.Melds) > 0 {
			p.Lay, status = o.Melds, meld.OpenedMelds
		} else if an.Pairs(counts, v.Rules.OkeyPair) >= okey101.MinPairs {
			p.Lay, status = an.PairMelds(counts, v.Rules.OkeyPair), meld.OpenedPairs
		}
	case meld.OpenedMelds:
		p.Lay = sv.BestOpening(an, counts).Melds
	case meld.OpenedPairs:
		p.Lay = an.PairMelds(counts, v.Rules.OkeyPair)
	}
	rest := counts
	for _, m := range p.Lay {
		for _, x := range m.Tiles {
			rest[x]--
		}
	}
	if rest.Total() < 1 {
		// One tile always stays to discard (a finish is found apart).
		p.Lay, rest, status = nil, counts, v.Opened[v.Seat].Status
	}
	counts, table = rest, append(table, p.Lay...)
	for status != meld.NotOpened && counts.Total() > 1 {
		laid := false
		for _, lo := range an.LayOffs(counts, table) {
			if nm, _, err := an.LayOff(table[lo.Meld], lo.Tile, lo.End); err == nil {
				table[lo.Meld] = nm
				counts[lo.Tile]--
				p.Offs = append(p.Offs, lo.Tile)
				laid = true
				break
			}
		}
		if !laid {
			break
		}
	}
	p.Discard, p.Costs = DiscardAdviceOn(an, v.Rules.Islek, counts, table, sv)
	return p
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
