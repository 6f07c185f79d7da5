package coach

import (
	"context"
	"fmt"

	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
)

// A classic turn is a draw (or a take) and a discard, and the hint
// plans both from one judgement, as 101's plans its whole turn
// (Advise101): at the draw the take is valued by what the judge would
// itself advise once the tile is in the rack (the judge's advice from
// the view the take leaves, played before the bots take over), not by
// what a normal bot would do with it; a rack that already wins is
// drawn to either finish or hold the win for an okey finish, both
// played out, and the plan says which. A hold is advised only where the
// judge's 95% interval puts it ahead of the finish; a tie goes to the
// win in hand. Asked again after its first step, the plan goes on as
// it said (TurnPlan.Next), unless the tile drawn changed the position
// (it frees the okey), and then the words say so.

// AfterDraw is what a plan that draws does with the tile drawn.
type AfterDraw uint8

// What a plan does after its draw: DrawOnly, the rack does not win and
// the tile drawn is news, judged when it comes; DrawFinish, the rack
// wins as it is and the plan finishes (with the okey when the tile drawn
// frees it, an okey finish); DrawHold, the plan keeps the win for an
// okey finish (discarding the tile drawn without finishing, unless it
// frees the okey).
const (
	DrawOnly AfterDraw = iota
	DrawFinish
	DrawHold
)

// TurnPlan is the hint's plan for the rest of a classic turn.
type TurnPlan struct {
	// Steps are the moves in order: the move now and, after a take,
	// the judge's move from the view the take leaves (a discard or a
	// finish).
	Steps []classic.Action
	// Decs are the judge's verdicts on the analyser's move at each step
	// judged (the draw's names the take with what follows it).
	Decs []Decision
	// After is, for a plan that draws, what it does with the tile drawn.
	After AfterDraw
	// Playouts is the hands the plan played out, in all its
	// judgements (the ones it did not keep too): its work, which a work
	// budget (Options.Playouts) bounds.
	Playouts int
}

// PlanClassic is the hint's plan for the rest of v's turn: at the
// draw, the draw or the take judged with what follows each (planDraw);
// at the discard, AdviseClassic's move.
func PlanClassic(ctx context.Context, v classic.View, o Options) (TurnPlan, error) {
	o.counted()
	if v.Stage != classic.MustDraw || !v.MyTurn() || !v.Legal.Draw {
		a, d, err := AdviseClassic(ctx, v, o)
		return TurnPlan{Steps: []classic.Action{a}, Decs: []Decision{d}, Playouts: *o.spent}, err
	}
	p, err := planDraw(ctx, v, o)
	p.Playouts = *o.spent
	return p, err
}

// holdMove names the draw that keeps a winning rack for an okey finish.
const holdMove = "draw, then keep the win for an okey finish"

// planDraw judges the draw-stage moves with what the plan would do next:
// the take followed by the judge's advice from the view it leaves, the
// draw by the playout's bot (which finishes a winning rack) and, when
// the rack already wins and holds an okey, the draw followed by a hold.
// The analyser's move stands unless shown to lose (as AdviseClassic
// reads it); a take whose advised follow-up throws the taken tile back
// is no plan, and the plan draws.
func planDraw(ctx context.Context, v classic.View, o Options) (TurnPlan, error) {
	seed := viewSeed(o.Seed, v.Hand, len(v.History), uint8(v.Stage))
	an, err := Analyse(ctx, v, o)
	if err != nil {
		return TurnPlan{}, err
	}
	plain := TurnPlan{Steps: []classic.Action{an}}
	top := v.Top(v.Previous)
	var b classic.Action
	var db Decision
	var after classic.View
	take := v.Legal.Take && top.Valid()
	if take {
		if after, err = AfterClassic(v, classic.TakeAction(v.Seat)); err != nil {
			return plain, err
		}
		if b, db, err = AdviseClassic(ctx, after, o); err != nil {
			return plain, fmt.Errorf("after the take: %w", err)
		}
	}
	held := winsAsIs(&v)
	cands := classicCandidates(&v, an, an)
	thens := make([]rollout.Then, len(cands))
	for i, c := range cands {
		if c.Kind == classic.ActTake && take {
			thens[i] = func(classic.State) (classic.Action, bool) { return b, true }
		}
	}
	hold := -1
	if held {
		cands = append(cands, classic.DrawAction(v.Seat))
		thens = append(thens, holdThen(v.Seat))
		hold = len(cands) - 1
	}
	d := Decision{Kind: "decision", Hand: v.Hand, Seat: v.Seat, Stage: v.Stage.String(), Rack: tile.FormatTiles(v.Rack), WallLeft: v.WallLeft}
	name := func(i int, a classic.Action) string {
		switch {
		case i == hold && i >= 0:
			return holdMove
		case a.Kind == classic.ActTake && take:
			return classicMove(&v, a) + ", then " + classicMove(&after, b)
		}
		return classicMove(&v, a)
	}
	vd, judged, err := playOut(ctx, &d, &o, cands, an, name,
		playout[classic.Action, *rollout.PlayerClassic]{DefaultSamplesClassic, ThresholdsClassic, rollout.NewPlayerClassic,
			func(cs []classic.Action, ps []*rollout.PlayerClassic) rollout.Play {
				return rollout.CandidatesClassicThen(&v, o.classicSampler(), cs, thens, seed, ps)
			}}, nil)
	if err != nil || !judged {
		return plain, err
	}
	pick := 0
	if !o.stands(d, ThresholdsClassic) {
		pick = vd.best
	}
	drawAt := indexOf(cands[:len(cands)-boolInt(held)], classic.DrawAction(v.Seat))
	if cands[pick].Kind == classic.ActDraw && vd.best == hold && hold >= 0 {
		// the same draw: what follows it is the judge's
		pick = hold
	}
	if cands[pick].Kind == classic.ActTake && b.Kind == classic.ActDiscard && b.Tile == top && drawAt >= 0 {
		// Taking a tile to throw it back is no plan: the plan draws, and
		// holds the win when the judge would have held it after the take.
		pick = drawAt
		if hold >= 0 {
			pick = hold
		}
	} else if pick == hold && drawAt >= 0 && !shownWorse(vd.cands[drawAt].Loss, vd.cands[drawAt].Half) {
		// The hold is not shown ahead of finishing: the win in hand.
		pick = drawAt
	}
	switch c := cands[pick]; {
	case c.Kind == classic.ActTake && take:
		return TurnPlan{Steps: []classic.Action{c, b}, Decs: []Decision{d, db}}, nil
	case pick == hold:
		return TurnPlan{Steps: []classic.Action{c}, Decs: []Decision{d}, After: DrawHold}, nil
	case c.Kind == classic.ActDraw && held:
		return TurnPlan{Steps: []classic.Action{c}, Decs: []Decision{d}, After: DrawFinish}, nil
	default:
		return TurnPlan{Steps: []classic.Action{c}, Decs: []Decision{d}}, nil
	}
}

// Next is the plan's move from v, the view its first step left (a take
// or a draw, on the seat's turn to discard): the judge's move after a
// take, the finish or the hold it said after a draw from a winning
// rack; freed reports that the tile drawn frees the okey (an okey
// finish), which a held win was waiting for. ok is false when the plan
// says nothing of this view: the hint judges it afresh.
func (p TurnPlan) Next(v classic.View) (a classic.Action, freed, ok bool) {
	if len(p.Steps) == 0 || v.Stage != classic.MustDiscard || !v.MyTurn() {
		return a, false, false
	}
	if len(p.Steps) > 1 {
		return p.Steps[1], false, true
	}
	if p.Steps[0].Kind != classic.ActDraw || p.After == DrawOnly || !v.Legal.Finish {
		return a, false, false
	}
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return a, false, false
	}
	if k := an.Okey(); h.Count(k) > 0 {
		rest := h
		rest.Remove(k)
		if an.IsWin(rest) {
			return classic.FinishAction(v.Seat, k), true, true
		}
	}
	x, held := holdTile(&v)
	switch {
	case p.After == DrawFinish && held:
		// finishing with the tile drawn, as the plan said
		return classic.FinishAction(v.Seat, x), false, true
	case p.After == DrawFinish:
		f, ok := finishNow(&v)
		return f, false, ok
	case held:
		return classic.DiscardAction(v.Seat, x), false, true
	}
	return a, false, false
}

// AfterClassic is the view v's seat has after playing a, one of its own
// moves that draws nothing unseen (a take, a discard): read from a world
// of the view, whose hidden tiles the move does not touch.
func AfterClassic(v classic.View, a classic.Action) (classic.View, error) {
	w, err := rollout.WorldClassic(&v, 0, 0)
	if err != nil {
		return v, err
	}
	s, _, err := w.Apply(a)
	if err != nil {
		return v, fmt.Errorf("the plan's step %v: %w", a, err)
	}
	return s.View(v.Seat), nil
}

// winsAsIs reports whether v's rack, before its draw, already wins and
// holds an okey: after the draw the seat may finish at once or hold
// the win for an okey finish.
func winsAsIs(v *classic.View) bool {
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	return err == nil && v.Counts[an.Okey()] > 0 && an.IsWin(h)
}

// holdThen is a draw's follow-up that keeps a winning rack for an okey
// finish: the okey finish when the tile drawn frees the okey, else a
// discard that keeps the win (the tile drawn, as a rule).
func holdThen(seat int) rollout.Then {
	return func(s classic.State) (classic.Action, bool) {
		v := s.View(seat)
		if a, _, ok := (TurnPlan{Steps: []classic.Action{classic.DrawAction(seat)}, After: DrawHold}).Next(v); ok {
			return a, true
		}
		return classic.Action{}, false
	}
}

// holdTile is the discard that keeps v's winning rack for an okey
// finish: the tile just drawn when it does, else the first other tile
// (never an okey) that does.
func holdTile(v *classic.View) (tile.Tile, bool) {
	an := &v.Analyzer
	if n := len(v.History); n > 0 {
		if e := v.History[n-1]; e.Seat == v.Seat && (e.Kind == classic.EvDraw || e.Kind == classic.EvTake) && e.Tile.Valid() && !an.IsOkey(e.Tile) && keepsWin(v, e.Tile) {
			return e.Tile, true
		}
	}
	for _, x := range v.Counts.Tiles() {
		if !an.IsOkey(x) && keepsWin(v, x) {
			return x, true
		}
	}
	return tile.NoTile, false
}

// indexOf is the index of a in as, −1 if none.
func indexOf(as []classic.Action, a classic.Action) int {
	for i, x := range as {
		if x == a {
			return i
		}
	}
	return -1
}

// Words are the plan's moves in the coach's words, as okey review names
// moves: each step named from the view the steps before it leave.
func (p TurnPlan) Words(v classic.View) []string {
	out := make([]string, 0, len(p.Steps))
	for i, a := range p.Steps {
		out = append(out, classicMove(&v, a))
		if i+1 < len(p.Steps) {
			nv, err := AfterClassic(v, a)
			if err != nil {
				break
			}
			v = nv
		}
	}
	return out
}

// Words101 are the moves of plan, a turn of v's seat in Okey 101, in
// the coach's words: each step named from the view the steps before it
// leave.
func Words101(v okey101.View, plan []okey101.Action) []string {
	out := make([]string, 0, len(plan))
	for i, a := range plan {
		out = append(out, move101(&v, a))
		if i+1 < len(plan) {
			nv, err := After101(v, a)
			if err != nil {
				break
			}
			v = nv
		}
	}
	return out
}
