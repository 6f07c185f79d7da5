package ui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
)

// The hint (h) at the 101 table is the exact analysis of the player's
// view: whether the rack can finish this turn, the best opening it holds
// and how far it is from the threshold (and the pairs), then the rest of
// the turn as one plan (turnPlan): the melds to lay down, the tiles to
// lay off after them, the okeys to take back, and the discard left
// (never one that costs 101 while another does not, on the table as the
// plan leaves it; the cursor goes onto the first tile to play, so i or
// x plays it). It is worked out in a command, with a solver of its own,
// and dropped if the table has moved on meanwhile.

// hint101Msg is the hint for the position numbered moves.
type hint101Msg struct {
	id    uint64
	moves int
	facts hintFacts
}

// hintFacts are what the analysis found; the words are put to them in
// Update (the catalog and the table's view are the Model's).
type hintFacts struct {
	mine  bool
	stage okey101.Stage
	// In the draw stage: what the previous discard top would do.
	top                  tile.Tile
	takeFinish, takeOpen bool
	takeOpenValue        int
	takeMeld             []tile.Tile // a new meld it would go in
	takeLayOff           bool
	// finish is a way to finish this turn, nil if none.
	finish *meld.Plan
	// Before opening: the best opening and the pairs.
	opened  meld.Status
	opening meld.Opening
	pairs   int
	// After opening: melds to lay down, tiles to lay off, tiles that
	// free an okey.
	lay            []meld.Meld
	layOffs, backs []tile.Tile
	// afterOpen are the tiles that lay off once the opening suggested
	// is down (before it, no one may lay off).
	afterOpen []tile.Tile
	// The discard the analysis suggests and whether it costs 101.
	discard      tile.Tile
	discardCosts bool
	owed         tile.Tile
}

// hint101 asks for the hint.
func (m *Model) hint101() tea.Cmd {
	t := m.t
	if t.view.Phase != okey101.Playing {
		m.setFlash(true, m.tr.T("status.hint.none"))
		return nil
	}
	t.hintID++
	st := m.state101()
	id, moves := t.hintID, st.Moves()
	m.setFlash(false, m.tr.T("status.hint.thinking"))
	return func() tea.Msg {
		var sv meld.Solver
		view := st.View(0) // a State is a value Apply never changes
		return hint101Msg{id: id, moves: moves, facts: hintFacts101(&view, &sv)}
	}
}

// onHint101 tells the hint, if the table is still where it was asked.
func (m *Model) onHint101(msg hint101Msg) {
	t := m.t
	if t == nil || msg.id != t.hintID || m.state101().Moves() != msg.moves || m.screen != scrPlay {
		return
	}
	f := &msg.facts
	// The cursor goes onto the first tile the hint says to play: a
	// lay-off, else an okey to take back, else the discard.
	if x := f.cursorTile(); x != tile.NoTile && t.rack.Slots[t.cursor] != x {
		if i := slices.Index(t.rack.Slots[:], x); i >= 0 {
			t.cursor = i
		}
	}
	m.setFlash(false, m.hintText101(f))
}

// cursorTile is the tile the hint puts the cursor on, NoTile for none.
func (f *hintFacts) cursorTile() tile.Tile {
	if f.cursorFirst() {
		if len(f.layOffs) > 0 {
			return f.layOffs[0]
		}
		return f.backs[0]
	}
	return f.discard
}

// cursorFirst reports whether the cursor goes onto a tile to play before
// the discard: a lay-off, else an okey to take back.
func (f *hintFacts) cursorFirst() bool {
	return f.mine && f.stage == okey101.StagePlay && len(f.layOffs)+len(f.backs) > 0
}

// hintFacts101 works the hint out for a view: the analysis only, so it
// may run in a command.
func hintFacts101(v *okey101.View, sv *meld.Solver) hintFacts {
	an := v.Analyzer
	f := hintFacts{mine: v.MyTurn(), stage: v.Stage, top: tile.NoTile, discard: tile.NoTile, owed: tile.NoTile,
		opened: v.Opened[v.Seat].Status}
	if f.mine && v.Stage == okey101.StageDraw && v.Legal.Take {
		t := takeFacts(v, sv)
		f.top, f.takeFinish, f.takeOpen, f.takeOpenValue, f.takeMeld, f.takeLayOff =
			t.top, t.takeFinish, t.takeOpen, t.takeOpenValue, t.takeMeld, t.takeLayOff
	}
	if f.mine && v.Stage == okey101.StagePlay {
		if p, ok := sv.CanFinish(an, v.Counts, v.Melds(), v.MeldTurn()); ok {
			f.finish = &p
			return f
		}
	}
	switch f.opened {
	case meld.NotOpened:
		f.opening = sv.BestOpening(an, v.Counts)
		f.pairs = an.Pairs(v.Counts, v.Rules.OkeyPair)
	case meld.OpenedPairs:
		f.lay = an.PairMelds(v.Counts, v.Rules.OkeyPair)
	default:
		f.lay = sv.BestOpening(an, v.Counts).Melds
	}
	if f.opened != meld.NotOpened && f.mine {
		for _, lo := range an.LayOffs(v.Counts, v.Melds()) {
			if !slices.Contains(f.layOffs, lo.Tile) {
				f.layOffs = append(f.layOffs, lo.Tile)
			}
		}
		for _, tb := range an.TakeBacks(v.Counts, v.Melds()) {
			if !slices.Contains(f.backs, tb.Tile) {
				f.backs = append(f.backs, tb.Tile)
			}
		}
	}
	switch {
	case f.mine && v.Stage == okey101.StagePlay && v.Legal.Discard:
		// The melds, the lay-offs and the discard are one plan, so that
		// no tile is offered twice.
		p := planTurn101(v, sv)
		f.discard, f.discardCosts = p.discard, p.costs
		if f.opened == meld.NotOpened {
			f.afterOpen = p.offs
		} else {
			f.lay, f.layOffs = p.lay, p.offs
		}
	case f.mine && v.Stage != okey101.StageDraw && v.Legal.Discard:
		f.discard, f.discardCosts = discardAdvice(v, sv)
	}
	if f.mine && v.Legal.GiveBack {
		f.owed = v.Taken.Tile
	}
	return f
}

// hintText101 puts the hint's facts into words.
func (m *Model) hintText101(f *hintFacts) string {
	switch {
	case f.takeFinish:
		return m.tr.T("t101.hint.take.finish", m.tileName101(f.top))
	case f.takeOpen:
		return m.tr.T("t101.hint.take.open", m.tileName101(f.top), f.takeOpenValue)
	case len(f.takeMeld) > 0:
		return m.tr.T("t101.hint.take.meld", m.tileName101(f.top), m.tilesText(f.takeMeld))
	case f.takeLayOff:
		return m.tr.T("t101.hint.take.layoff", m.tileName101(f.top))
	case f.finish != nil:
		return m.tr.T("t101.hint.finish") + " " + m.planText101(*f.finish)
	}
	var say []string
	first := f.mine && f.stage == okey101.StageFirst
	switch {
	case f.mine && f.stage == okey101.StageDraw:
		say = append(say, m.tr.T("t101.hint.draw"))
	case first:
		// The dealer's first turn is a discard only: "you can open"
		// alone sent a newcomer to l, refused.
		say = append(say, m.tr.T("t101.hint.first"))
	}
	v := &m.t.view
	switch f.opened {
	case meld.NotOpened:
		o := f.opening
		switch {
		case o.Reaches(v.Threshold) && first:
			say = append(say, m.tr.T("t101.hint.open.next", o.Value, m.meldsText(o.Melds)))
		case o.Reaches(v.Threshold):
			say = append(say, m.tr.T("t101.hint.open.ok", o.Value, m.meldsText(o.Melds)))
		case o.Value > 0:
			say = append(say, m.tr.T("t101.hint.open.short", o.Value, v.Threshold-o.Value))
		default:
			say = append(say, m.tr.T("t101.hint.open.none"))
		}
		if f.pairs >= okey101.MinPairs {
			say = append(say, m.tr.T("t101.hint.pairs.ok", f.pairs))
		} else if f.pairs >= okey101.MinPairs-2 {
			say = append(say, m.tr.T("t101.hint.pairs", f.pairs, okey101.MinPairs))
		}
		if len(f.afterOpen) > 0 {
			say = append(say, m.tr.T("t101.hint.layoffs.after", m.tilesText(f.afterOpen)))
		}
	default:
		if len(f.lay) > 0 {
			// Say how: s (or p) makes the melds the groups, l lays
			// them down; "you can lay down R6 R6" alone left a
			// newcomer pressing l on nothing.
			key := "t101.hint.lay.runs"
			if f.opened == meld.OpenedPairs {
				key = "t101.hint.lay.pairs"
			}
			say = append(say, m.tr.T(key, m.meldsText(f.lay)))
		}
		cur := f.cursorTile()
		if len(f.layOffs) > 0 {
			key := "t101.hint.layoffs"
			if cur == f.layOffs[0] && f.stage == okey101.StagePlay {
				key = "t101.hint.layoffs.cursor"
			}
			say = append(say, m.tr.T(key, m.tilesText(f.layOffs)))
		}
		if len(f.backs) > 0 {
			key := "t101.hint.takebacks"
			if len(f.layOffs) == 0 && cur == f.backs[0] && f.stage == okey101.StagePlay {
				key = "t101.hint.takebacks.cursor"
			}
			say = append(say, m.tr.T(key, m.tilesText(f.backs)))
		}
	}
	if f.discard != tile.NoTile {
		// After a tile to play first the cursor is on that one (a
		// lay-off of the other K2, say), not on the discard.
		then := f.cursorTile() != f.discard || f.cursorFirst()
		key := "t101.hint.discard"
		switch {
		case f.discardCosts && then:
			key = "t101.hint.discard.costs.then"
		case f.discardCosts:
			key = "t101.hint.discard.costs"
		case then:
			key = "t101.hint.discard.then"
		}
		say = append(say, m.tr.T(key, m.tileName101(f.discard)))
	}
	if f.owed != tile.NoTile {
		say = append(say, m.tr.T("t101.hint.owed", m.tileName101(f.owed)))
	}
	if !f.mine {
		say = append(say, m.tr.T("t101.hint.wait"))
	}
	return strings.Join(say, " ")
}

// turnPlan is the rest of a turn that cannot finish, as the hint
// suggests it: the melds laid down first (an opening, when the rack
// holds one), then the tiles laid off one by one, then the discard,
// judged against the table as it will stand by then (a tile the new
// melds make işler costs 101 too). Read piece by piece from the rack as
// it is, the hint offered the same tile twice: "lay down K12 OK", "lay
// off OK", "then discard K12".
type turnPlan struct {
	lay     []meld.Meld
	offs    []tile.Tile
	discard tile.Tile
	costs   bool
}

// planTurn101 works out the turnPlan of a view's seat in its play stage,
// from the view alone.
func planTurn101(v *okey101.View, sv *meld.Solver) turnPlan {
	an := v.Analyzer
	p := turnPlan{discard: tile.NoTile}
	counts, table := v.Counts, v.Melds()
	status := v.Opened[v.Seat].Status
	switch status {
	case meld.NotOpened:
		if o := sv.BestOpening(an, counts); o.Reaches(v.Threshold) && len(o.Melds) > 0 {
			p.lay, status = o.Melds, meld.OpenedMelds
		} else if an.Pairs(counts, v.Rules.OkeyPair) >= okey101.MinPairs {
			p.lay, status = an.PairMelds(counts, v.Rules.OkeyPair), meld.OpenedPairs
		}
	case meld.OpenedMelds:
		p.lay = sv.BestOpening(an, counts).Melds
	case meld.OpenedPairs:
		p.lay = an.PairMelds(counts, v.Rules.OkeyPair)
	}
	rest := counts
	for _, m := range p.lay {
		for _, x := range m.Tiles {
			rest[x]--
		}
	}
	if rest.Total() < 1 {
		// One tile always stays to discard (a finish is found apart).
		p.lay, rest, status = nil, counts, v.Opened[v.Seat].Status
	}
	counts, table = rest, append(table, p.lay...)
	for status != meld.NotOpened && counts.Total() > 1 {
		laid := false
		for _, lo := range an.LayOffs(counts, table) {
			if nm, _, err := an.LayOff(table[lo.Meld], lo.Tile, lo.End); err == nil {
				table[lo.Meld] = nm
				counts[lo.Tile]--
				p.offs = append(p.offs, lo.Tile)
				laid = true
				break
			}
		}
		if !laid {
			break
		}
	}
	p.discard, p.costs = discardAdviceOn(an, v.Rules.Islek, counts, table, sv)
	return p
}

// takeFacts says what taking the previous discard would do for the
// view's seat, in the draw stage: finish, open, go in a new meld, lay
// off; the rest of the facts are left empty.
func takeFacts(v *okey101.View, sv *meld.Solver) hintFacts {
	an := v.Analyzer
	f := hintFacts{top: v.Top(v.Previous), opened: v.Opened[v.Seat].Status}
	if f.top == tile.NoTile {
		return f
	}
	with := v.Counts
	with[f.top]++
	turn := v.MeldTurn()
	turn.Taken = f.top
	if _, ok := sv.CanFinish(an, with, v.Melds(), turn); ok {
		f.takeFinish = true
	} else if f.opened == meld.NotOpened {
		if o := sv.BestOpening(an, with); o.Reaches(v.Threshold) && usesTile(o.Melds, f.top) {
			f.takeOpen, f.takeOpenValue = true, o.Value
		}
	} else {
		f.takeMeld, f.takeLayOff = takeUse101(v, with, f.top, sv)
	}
	return f
}

// worth reports whether taking the discard helps this turn.
func (f hintFacts) worth() bool {
	return f.takeFinish || f.takeOpen || len(f.takeMeld) > 0 || f.takeLayOff
}

// takeUse101 says how an opened player could use the previous discard
// top: the new meld it would go in, or whether it lays off.
func takeUse101(v *okey101.View, with tile.Counts, top tile.Tile, sv *meld.Solver) ([]tile.Tile, bool) {
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

// planText101 says what a finish does: "opens (112), lays down 2
// melds, lays off 3 tiles, takes 1 okey back, then discards B13".
func (m *Model) planText101(p meld.Plan) string {
	var parts []string
	lays, offs, backs := 0, 0, 0
	for _, st := range p.Steps {
		switch st.Kind {
		case meld.StepOpen:
			if p.Pairs {
				parts = append(parts, m.tr.T("t101.plan.open.pairs", p.OpenValue))
			} else {
				parts = append(parts, m.tr.T("t101.plan.open", p.OpenValue))
			}
		case meld.StepLay:
			lays += len(st.Melds)
		case meld.StepLayOff:
			offs++
		case meld.StepTakeBack:
			backs++
		}
	}
	if lays > 0 {
		parts = append(parts, m.tr.T("t101.plan.lay", lays))
	}
	if offs > 0 {
		parts = append(parts, m.tr.T("t101.plan.layoff", offs))
	}
	if backs > 0 {
		parts = append(parts, m.tr.T("t101.plan.takeback", backs))
	}
	fin := m.tr.T("t101.plan.discard", m.tileName101(p.Discard))
	if p.OkeyFinish {
		fin += " " + m.tr.T("t101.plan.okey")
	}
	parts = append(parts, fin)
	return m.tr.T("t101.plan", strings.Join(parts, ", "))
}
