package coach

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"okey/bots/bots101"
	"okey/bots/rollout"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Judge101 judges the move played from view v, as JudgeClassic does.
func Judge101(ctx context.Context, v okey101.View, played okey101.Action, o Options) (Decision, error) {
	d, _, err := judge101(ctx, v, played, o)
	return d, err
}

// Judge101Best is Judge101 that also returns the best move it found, as
// JudgeClassicBest does.
func Judge101Best(ctx context.Context, v okey101.View, played okey101.Action, o Options) (Decision, okey101.Action, error) {
	return judge101(ctx, v, played, o)
}

// judge101 is Judge101, with the best move found as an action.
func judge101(ctx context.Context, v okey101.View, played okey101.Action, o Options) (Decision, okey101.Action, error) {
	d := Decision{Kind: "decision", Hand: v.Hand, Seat: v.Seat, Stage: v.Stage.String(), Rack: tile.FormatTiles(v.Rack), WallLeft: v.WallLeft}
	seed := viewSeed(o.Seed, v.Hand*8+v.Redeal, len(v.History), uint8(v.Stage))
	sv := new(meld.Solver)
	an, err := bots101.New("hard", bots101.Options{Seed: seed, Solver: sv})
	if err != nil {
		return d, played, err
	}
	choice, err := an.Decide(ctx, v)
	if err != nil {
		return d, played, fmt.Errorf("the analyser: %w", err)
	}
	nb, _ := bots101.New("normal", bots101.Options{Seed: seed, Solver: sv})
	normal, err := nb.Decide(ctx, v)
	if err != nil {
		return d, played, fmt.Errorf("the normal bot: %w", err)
	}
	cands := candidates101(&v, sv, played, choice, normal)
	cands = legal101(&v, seed, cands)
	fs, doubles := finishes101(&v, sv, cands)
	vd, judged, err := playOut(ctx, &d, &o, cands, choice, func(_ int, a okey101.Action) string { return move101(&v, a) },
		playout[okey101.Action, *rollout.Player101]{DefaultSamples101, Thresholds101, rollout.NewPlayer101,
			func(cs []okey101.Action, ps []*rollout.Player101) rollout.Play {
				return rollout.Candidates101With(&v, o.sampler101Of(), cs, seed, ps)
			}}, fs)
	if err != nil || !judged {
		return d, played, err
	}
	// A move on the way out this turn against one that is not is
	// weighed until settled (finishes), and by classic's rule: a finish
	// not played that is shown better is named the best; a move on the
	// way out is never shown a worse "best" that does not go out unless
	// the judge shows it lost an inaccuracy or more (delaying a finish
	// lets the others throw penalties in the playouts more than in
	// play).
	if !worse(d.Label) && finishing101(&v, sv, played) && !finishing101(&v, sv, cands[vd.best]) {
		d.asGood()
	}
	d.Reasons = reasons101(&v, sv, cands, vd, d.Label)
	if d.Weighed != nil {
		d.Weighed.Doubles = doubles
	}
	d.OpenFinish = OpenFinishWords(d.Weighed, false, Thresholds101)
	if b := cands[vd.best]; o.sampler101 == nil && played.Kind == okey101.ActDiscard && b.Kind == okey101.ActDiscard && worse(d.Label) && !v.Analyzer.IsOkey(played.Tile) {
		// The worlds came from the belief of the racks: whether that
		// reading made the move lose, and what it saw.
		if err := d.addRead(ctx, func() (*TableRead, error) { return read101(ctx, &v, played, b, o) }); err != nil {
			return d, played, err
		}
	}
	if same101(played, choice) && d.Label != Best {
		d.Reasons = append(d.Reasons, hintsMove("", vd.loss))
	}
	return d, cands[vd.best], nil
}

// read101 is what reading the table changed in the verdict on
// discarding played where the best was to discard best, from view v:
// nil when judged again on racks dealt at random the move played still
// loses an inaccuracy or more.
func read101(ctx context.Context, v *okey101.View, played, best okey101.Action, o Options) (*TableRead, error) {
	uni := rollout.Uniform101()
	o.sampler101, o.RuleOut, o.Progress = &uni, "", nil
	du, _, err := judge101(ctx, *v, played, o)
	if err != nil {
		return nil, err
	}
	if worse(du.Label) {
		return nil, nil
	}
	next := (v.Seat + 1) % okey101.NumSeats
	seed := viewSeed(o.Seed, v.Hand*8+v.Redeal, len(v.History), uint8(v.Stage)) ^ 0x7ead
	r := &TableRead{Seat: next, Uniform: du.Label, UniformLoss: du.Loss}
	_, err = r.pick(played.Tile, best.Tile, func(t tile.Tile, byBelief bool) (float64, error) {
		s := uni
		if byBelief {
			s = rollout.Shared101()
		}
		return feedShare101(v, s, seed, next, t)
	}, func(t tile.Tile, took bool) (string, string) {
		seen := tile.FormatTiles(seenWith101(v, next, t, took))
		if !took {
			return seen, ""
		}
		return seen, tile.FormatTiles(laidWith101(v, next, t))
	})
	return r, err
}

// finishes101 marks the candidates that go out this turn (or keep the
// rack able to), when the seat can go out and some candidate does not
// (nil: nothing to weigh), and names the doubling of the way out
// weighed ("okey", "elden" or ""). Where the best way out doubles the
// score and the move played goes out (or keeps the way) without that
// doubling, the ways that keep it are the finishes weighed against it:
// an okey finish or an elden finish given up is a finish not played.
func finishes101(v *okey101.View, sv *meld.Solver, cands []okey101.Action) (*finishes, string) {
	p, ok := finishPlan101(v, sv)
	if !ok {
		return nil, ""
	}
	out := make([]bool, len(cands))
	for i, c := range cands {
		out[i] = finishing101(v, sv, c)
	}
	doubles := ""
	if eldenOpen101(v) {
		// any way out from here is elden: every finish not played is one
		doubles = "elden"
	} else if p.OkeyFinish && len(cands) > 0 && out[0] && !okeyFinishing101(v, sv, cands[0]) {
		for i, c := range cands {
			out[i] = okeyFinishing101(v, sv, c)
		}
		doubles = "okey"
	}
	return &finishes{out: out, tol: finishTol101, mult: finishMost101}, doubles
}

// eldenOpen101 reports whether going out this turn from v would be
// elden bitme (the seat has not opened, and no one else has: it opens
// and goes out in one turn, which doubles the hand's score).
func eldenOpen101(v *okey101.View) bool {
	for _, o := range v.Opened {
		if o.Status != meld.NotOpened {
			return false
		}
	}
	return true
}

// okeyFinishing101 reports whether a, played from v, goes out with an
// okey as the last discard or keeps the rack able to (the hand's score
// doubled).
func okeyFinishing101(v *okey101.View, sv *meld.Solver, a okey101.Action) bool {
	if a.Kind == okey101.ActDiscard && v.Counts.Total() == 1 {
		return v.Analyzer.IsOkey(a.Tile)
	}
	if a.Kind == okey101.ActDraw || a.Kind == okey101.ActDiscard {
		return false
	}
	after, err := After101(*v, a)
	if err != nil {
		return false
	}
	p, ok := finishPlan101(&after, sv)
	return ok && p.OkeyFinish
}

// canFinish101 reports whether v's seat can go out this turn.
func canFinish101(v *okey101.View, sv *meld.Solver) bool {
	_, ok := finishPlan101(v, sv)
	return ok
}

// finishPlan101 is a way for v's seat to go out this turn, if it can.
func finishPlan101(v *okey101.View, sv *meld.Solver) (meld.Plan, bool) {
	if v.Stage == okey101.StageDraw || !v.MyTurn() {
		return meld.Plan{}, false
	}
	table := make([]meld.Meld, len(v.Table))
	for i, m := range v.Table {
		table[i] = m.Meld
	}
	t := meld.Turn{Status: v.Opened[v.Seat].Status, Threshold: v.Threshold, OkeyPair: v.Rules.OkeyPair, Taken: tile.NoTile}
	if v.Taken.Tile.Valid() && !v.Taken.Used {
		t.Taken = v.Taken.Tile
	}
	return sv.CanFinish(v.Analyzer, v.Counts, table, t)
}

// finishing101 reports whether a, played from v, goes out or keeps the
// seat able to go out this turn: the last tile discarded, or a move
// after which the rack can still go out.
func finishing101(v *okey101.View, sv *meld.Solver, a okey101.Action) bool {
	if a.Kind == okey101.ActDiscard && v.Counts.Total() == 1 {
		return true
	}
	if a.Kind == okey101.ActDraw || a.Kind == okey101.ActDiscard || !canFinish101(v, sv) {
		return false
	}
	after, err := After101(*v, a)
	return err == nil && canFinish101(&after, sv)
}

// candidates101 are the moves worth playing out, the move played first:
// draw and take at the draw; then the analyser's and the normal bot's
// moves, the best opening with melds and with pairs (for a seat that has
// not opened), the first lay-offs and every okey take-back (for one that
// has), giving a taken tile back, and the discards the cheap first look
// likes best (those that leave the fewest tiles unmelded, the higher
// value first; okeys and işler taş last).
func candidates101(v *okey101.View, sv *meld.Solver, played, an, normal okey101.Action) []okey101.Action {
	cs := []okey101.Action{played}
	add := func(a okey101.Action) {
		for _, c := range cs {
			if same101(c, a) {
				return
			}
		}
		cs = append(cs, a)
	}
	add(an)
	add(normal)
	l := v.Legal
	if l.Draw {
		add(okey101.Draw(v.Seat))
	}
	if l.Take {
		add(okey101.Take(v.Seat))
	}
	if v.Stage == okey101.StageDraw {
		return cs
	}
	if l.GiveBack {
		add(okey101.GiveBack(v.Seat))
	}
	a := v.Analyzer
	if l.Open && v.Opened[v.Seat].Status == meld.NotOpened {
		if o := sv.BestOpening(a, v.Counts); o.Reaches(v.Threshold) {
			ms := make([][]tile.Tile, len(o.Melds))
			for i, m := range o.Melds {
				ms[i] = slices.Clone(m.Tiles)
			}
			add(okey101.Open(v.Seat, ms...))
		}
		if ps := a.PairMelds(v.Counts, v.Rules.OkeyPair); len(ps) >= 5 {
			ms := make([][]tile.Tile, len(ps))
			for i, m := range ps {
				ms[i] = slices.Clone(m.Tiles)
			}
			add(okey101.OpenPairs(v.Seat, ms...))
		}
	}
	table := make([]meld.Meld, len(v.Table))
	for i, m := range v.Table {
		table[i] = m.Meld
	}
	if v.Opened[v.Seat].Status != meld.NotOpened {
		if l.LayOff {
			for i, lo := range a.LayOffs(v.Counts, table) {
				if i == discardsKept {
					break
				}
				add(okey101.LayOff(v.Seat, lo.Tile, lo.Meld, lo.End))
			}
		}
		if l.TakeBack {
			for _, tb := range a.TakeBacks(v.Counts, table) {
				add(okey101.TakeBack(v.Seat, tb.Tile, tb.Meld))
			}
		}
	}
	if p, ok := finishPlan101(v, sv); ok {
		// the way out this turn, its first step (the rest of the turn
		// is played out by the bots, who finish whenever they can)
		if steps := okey101.PlanActions(v.Seat, p); len(steps) > 0 {
			add(steps[0])
		}
	}
	if !l.Discard {
		return cs
	}
	islek := okey101.IslekTiles(a, v.Rules, table)
	type look struct {
		t     tile.Tile
		costs int
		left  int
		value int
	}
	var looks []look
	for _, t := range slices.Compact(v.Counts.Tiles()) {
		c := v.Counts
		c[t]--
		left, _ := sv.Unmelded(a, c)
		costs := 0
		if a.IsOkey(t) || islek.Has(t) {
			costs = 1
		}
		looks = append(looks, look{t, costs, left, a.TileValue(t)})
	}
	slices.SortStableFunc(looks, func(x, y look) int {
		if x.costs != y.costs {
			return x.costs - y.costs
		}
		if x.left != y.left {
			return x.left - y.left
		}
		return y.value - x.value
	})
	kept := 0
	for _, lk := range looks {
		if kept == discardsKept {
			break
		}
		n := len(cs)
		add(okey101.Discard(v.Seat, lk.t))
		if len(cs) > n {
			kept++
		}
	}
	return cs
}

// legal101 keeps the candidates the referee accepts in a world of the
// view (the move played always stays: it was legal).
func legal101(v *okey101.View, seed uint64, cs []okey101.Action) []okey101.Action {
	w, err := rollout.World101(v, seed, 0)
	if err != nil {
		return cs[:1]
	}
	out := cs[:1]
	for _, c := range cs[1:] {
		if _, _, err := w.Apply(c); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// Same101 reports whether two actions of Okey 101 are the same move
// (the melds compared tile by tile, which == cannot do).
func Same101(a, b okey101.Action) bool { return same101(a, b) }

// same101 reports whether two actions are the same move.
func same101(a, b okey101.Action) bool {
	if a.Kind != b.Kind || a.Seat != b.Seat || a.Tile != b.Tile || a.Pairs != b.Pairs || len(a.Melds) != len(b.Melds) {
		return false
	}
	if (a.Kind == okey101.ActLayOff || a.Kind == okey101.ActTakeBack) && (a.Meld != b.Meld || a.End != b.End) {
		return false
	}
	for i := range a.Melds {
		if !slices.Equal(a.Melds[i], b.Melds[i]) {
			return false
		}
	}
	return true
}

// move101 is a move in words.
func move101(v *okey101.View, a okey101.Action) string {
	switch a.Kind {
	case okey101.ActDraw:
		return "draw"
	case okey101.ActTake:
		return fmt.Sprintf("take %v", lastOf(v.Discards[v.Previous]))
	case okey101.ActGiveBack:
		return fmt.Sprintf("give back %v", v.Taken.Tile)
	case okey101.ActOpen, okey101.ActLay:
		gs := make([]string, len(a.Melds))
		for i, g := range a.Melds {
			gs[i] = tile.FormatTiles(g)
		}
		what := "open"
		if a.Kind == okey101.ActLay {
			what = "lay"
		}
		if a.Pairs {
			what += " pairs"
		} else if a.Kind == okey101.ActOpen {
			what += fmt.Sprintf(" %d", openValue(v, a))
		}
		return what + ": " + strings.Join(gs, " | ")
	case okey101.ActLayOff:
		return fmt.Sprintf("lay off %v on meld %d", a.Tile, a.Meld+1)
	case okey101.ActTakeBack:
		return fmt.Sprintf("take back the okey of meld %d with %v", a.Meld+1, a.Tile)
	case okey101.ActDiscard:
		return fmt.Sprintf("discard %v", a.Tile)
	}
	return a.Kind.String()
}

func lastOf(ts []tile.Tile) tile.Tile {
	if len(ts) == 0 {
		return tile.NoTile
	}
	return ts[len(ts)-1]
}

// openValue is the worth of an opening's melds.
func openValue(v *okey101.View, a okey101.Action) int {
	n := 0
	for _, g := range a.Melds {
		if m, err := v.Analyzer.Read(g); err == nil {
			n += m.Value()
		}
	}
	return n
}

// reasons101 says in words why a move lost, where the engine can tell:
// every label from good down gets at least one reason, as in classic.
func reasons101(v *okey101.View, sv *meld.Solver, cands []okey101.Action, vd verdict, l Label) []string {
	if l == Best || l == Only {
		return nil
	}
	best := vd.best
	played, b := cands[0], cands[best]
	a := v.Analyzer
	table := make([]meld.Meld, len(v.Table))
	for i, m := range v.Table {
		table[i] = m.Meld
	}
	var rs []string
	if played.Kind == okey101.ActDiscard {
		switch {
		case a.IsOkey(played.Tile):
			rs = append(rs, "threw the okey (101 penalty points)")
		case okey101.IslekTiles(a, v.Rules, table).Has(played.Tile):
			if v.Opened[v.Seat].Status != meld.NotOpened {
				rs = append(rs, fmt.Sprintf("discarded %v, a tile that could be laid off (işler taş), instead of laying it off: 101 penalty points", played.Tile))
			} else {
				rs = append(rs, fmt.Sprintf("discarded %v, a tile that could be laid off (işler taş): 101 penalty points", played.Tile))
			}
		default:
			if m, ok := freesOkey(v, table, played.Tile); ok {
				rs = append(rs, fmt.Sprintf("discarded %v, which frees the okey of meld %d: the next player can take it and the okey with it", played.Tile, m+1))
			}
		}
	}
	if canFinish101(v, sv) && !finishing101(v, sv, played) {
		if finishShown(vd) {
			rs = append(rs, heldWin(vd.weighed.more))
		} else {
			rs = append(rs, "missed a finish: the rack could go out this turn")
		}
	}
	switch {
	case played.Kind == okey101.ActOpen && played.Pairs && !(b.Kind == okey101.ActOpen && b.Pairs):
		rs = append(rs, "opened with pairs, doubling the penalty")
	case played.Kind == okey101.ActOpen && b.Kind != okey101.ActOpen:
		rs = append(rs, "opened too soon: waiting was worth more")
	case played.Kind != okey101.ActOpen && b.Kind == okey101.ActOpen:
		rs = append(rs, fmt.Sprintf("did not open (%s)", move101(v, b)))
	case played.Kind == okey101.ActTake && b.Kind == okey101.ActDraw:
		rs = append(rs, fmt.Sprintf("took %v, which must go onto the table this turn", lastOf(v.Discards[v.Previous])))
	case played.Kind == okey101.ActDraw && b.Kind == okey101.ActTake:
		rs = append(rs, fmt.Sprintf("drew instead of taking %v", lastOf(v.Discards[v.Previous])))
	case played.Kind != okey101.ActTakeBack && b.Kind == okey101.ActTakeBack:
		rs = append(rs, "left an okey on the table it could take back")
	case played.Kind != okey101.ActLayOff && b.Kind == okey101.ActLayOff:
		rs = append(rs, fmt.Sprintf("kept tiles it could lay off (%s)", move101(v, b)))
	case played.Kind == okey101.ActLayOff && b.Kind == okey101.ActDiscard:
		rs = append(rs, fmt.Sprintf("laid off a tile worth keeping: %s was worth more", move101(v, b)))
	case played.Kind == okey101.ActDiscard && b.Kind == okey101.ActDiscard && !a.IsOkey(played.Tile):
		cp, cb := v.Counts, v.Counts
		cp[played.Tile]--
		cb[b.Tile]--
		lp, _ := sv.Unmelded(a, cp)
		lb, _ := sv.Unmelded(a, cb)
		switch {
		case lp > lb:
			rs = append(rs, fmt.Sprintf("broke a meld: %d tiles are left out of melds after it, %d after discard %v", lp, lb, b.Tile))
		case lp == lb && a.TileValue(played.Tile) < a.TileValue(b.Tile):
			rs = append(rs, fmt.Sprintf("kept the higher tile: %v counts %d points on the rack if the hand ends, %v %d", b.Tile, a.TileValue(b.Tile), played.Tile, a.TileValue(played.Tile)))
		}
		if r := feeds101(v, played.Tile); r != "" {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		rs = append(rs, playoutReason(move101(v, b), vd))
	}
	return rs
}

// freesOkey reports whether t, discarded from v, is a tile that takes
// an okey back from a meld on the table (the meld's index) while the
// next player has opened and so may take the discard to do it: the
// hard bot's discard of such an R12 was the one control the review
// flagged on two seeds, and this is why.
func freesOkey(v *okey101.View, table []meld.Meld, t tile.Tile) (int, bool) {
	next := (v.Seat + 1) % okey101.NumSeats
	if v.Opened[next].Status == meld.NotOpened {
		return 0, false
	}
	var c tile.Counts
	c[t] = 1
	for _, tb := range v.Analyzer.TakeBacks(c, table) {
		if tb.Tile == t {
			return tb.Meld, true
		}
	}
	return 0, false
}

// feeds101 says when a discard goes with a tile the next player was
// seen to take this hand, or lays off on a meld of the table the next
// player could use once open: only what is public is read.
func feeds101(v *okey101.View, t tile.Tile) string {
	a := v.Analyzer
	if a.IsOkey(t) {
		return ""
	}
	next := (v.Seat + 1) % okey101.NumSeats
	for _, e := range v.History {
		if e.Kind != okey101.EvTake || e.Seat != next || !e.Tile.Valid() || a.IsOkey(e.Tile) {
			continue
		}
		u := e.Tile
		run := u.Colour() == t.Colour() && abs(u.Value()-t.Value()) <= 2
		set := u.Value() == t.Value()
		if run || set {
			return fmt.Sprintf("gave the next player %v: it took %v this hand and may be collecting it", t, u)
		}
	}
	return ""
}

// After101 is the view v's seat has after playing a, one of its own
// moves that draws nothing unseen (a take, an opening, a lay-off, a
// take-back, a discard): read from a world of the view, whose hidden
// tiles the move does not touch.
func After101(v okey101.View, a okey101.Action) (okey101.View, error) {
	w, err := rollout.World101(&v, 0, 0)
	if err != nil {
		return v, err
	}
	s, _, err := w.Apply(a)
	if err != nil {
		return v, fmt.Errorf("the plan's step %v: %w", a, err)
	}
	return s.View(v.Seat), nil
}
