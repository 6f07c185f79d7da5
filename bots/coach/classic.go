package coach

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/tile"
)

// Analyse is the analyser's move from view v: the level o names
// (Options.Analyser), the strongest (expertclassic's expert) by
// default, which the judge plays out beside the move played and the
// hint keeps unless the judge shows it loses. Its bot is seeded from
// o.Seed and the view's place in the hand, as the judge's worlds, so
// a hint cut short names the very move the judge would have weighed.
// The expert replaced hard here once it was shown ahead of hard on the
// hint's own deals (docs/studies/classic-value-13.md).
func Analyse(ctx context.Context, v classic.View, o Options) (classic.Action, error) {
	seed := viewSeed(o.Seed, v.Hand, len(v.History), uint8(v.Stage))
	level := o.Analyser
	if level == "" {
		level = expertclassic.LevelExpert
	}
	b, err := expertclassic.New(level, botsclassic.Options{Seed: seed})
	if err != nil {
		return classic.Action{}, fmt.Errorf("the analyser: %w", err)
	}
	a, err := b.Decide(ctx, v)
	if err != nil {
		return a, fmt.Errorf("the analyser (%s): %w", level, err)
	}
	return a, nil
}

// discardsKept is how many discards, by the cheap first look (the
// distance each leaves), are played out besides the move made, the
// analyser's and the finishes.
const discardsKept = 3

// JudgeClassic judges the move played from view v: it plays the move,
// the analyser's choice (the expert's, Analyse) and the strong alternatives out
// over the same sampled worlds and labels the loss.
func JudgeClassic(ctx context.Context, v classic.View, played classic.Action, o Options) (Decision, error) {
	d, _, err := judgeClassic(ctx, v, played, o)
	return d, err
}

// JudgeClassicBest is JudgeClassic that also returns the best move it
// found as an action, so that a study (the lab's judge against play) can
// play that move on and set the verdict against what it went on to win.
func JudgeClassicBest(ctx context.Context, v classic.View, played classic.Action, o Options) (Decision, classic.Action, error) {
	return judgeClassic(ctx, v, played, o)
}

// judgeClassic is JudgeClassic, with the best move found as an action.
func judgeClassic(ctx context.Context, v classic.View, played classic.Action, o Options) (Decision, classic.Action, error) {
	d := Decision{Kind: "decision", Hand: v.Hand, Seat: v.Seat, Stage: v.Stage.String(), Rack: tile.FormatTiles(v.Rack), WallLeft: v.WallLeft}
	seed := viewSeed(o.Seed, v.Hand, len(v.History), uint8(v.Stage))
	an, err := Analyse(ctx, v, o)
	if err != nil {
		return d, played, err
	}
	cands := classicCandidates(&v, played, an)
	vd, judged, err := playOut(ctx, &d, &o, cands, an, func(_ int, a classic.Action) string { return classicMove(&v, a) },
		playout[classic.Action, *rollout.PlayerClassic]{DefaultSamplesClassic, ThresholdsClassic, rollout.NewPlayerClassic,
			func(cs []classic.Action, ps []*rollout.PlayerClassic) rollout.Play {
				return rollout.CandidatesClassicWith(&v, o.classicSampler(), cs, seed, ps)
			}}, finishesClassic(&v, cands))
	if err != nil || !judged {
		return d, played, err
	}
	// Finishing now against holding the win for an okey finish, or
	// against breaking it, is weighed until settled (finishes), and a
	// finish not played that is shown better is named the best (the
	// hold labelled, "held a winning hand"). The other way the judge is
	// not trusted: its playouts favour holding more than play bears out
	// (docs/studies/review-judge.md, "The judge against play"), so a
	// hold is never named better than finishing now, and a finish is
	// never shown a worse "best" that does not finish unless the judge
	// shows it lost an inaccuracy or more. The hint (AdviseClassic)
	// reads the verdict by the same rule.
	switch b := cands[vd.best]; {
	case holdChoice(&v) && holdOrFinish(&v, played) && played.Kind == classic.ActFinish && holdOrFinish(&v, b) && b.Kind == classic.ActDiscard:
		d.asGood()
	case played.Kind == classic.ActFinish && b.Kind != classic.ActFinish && !worse(d.Label):
		d.asGood()
	}
	d.Reasons = classicReasons(&v, cands, vd, d.Label)
	d.OpenFinish = OpenFinishWords(d.Weighed, played.Kind == classic.ActDiscard && keepsWin(&v, played.Tile), ThresholdsClassic)
	if b := cands[vd.best]; o.sampler == nil && played.Kind == classic.ActDiscard && b.Kind == classic.ActDiscard && worse(d.Label) && !v.Analyzer.IsOkey(played.Tile) {
		// The worlds came from the belief of the racks: whether that
		// reading made the move lose, and what it saw.
		if err := d.addRead(ctx, func() (*TableRead, error) { return readClassic(ctx, &v, played, b, o) }); err != nil {
			return d, played, err
		}
	}
	if played == an && d.Label != Best {
		d.Reasons = append(d.Reasons, hintsMove(d.Best, vd.loss))
	}
	return d, cands[vd.best], nil
}

// readClassic is what reading the table changed in the verdict d on
// discarding played where the best was to discard best, from view v;
// nil when the belief changed no label (judged again on racks dealt at
// random, the move played still loses an inaccuracy or more). It costs a second judging of the decision, so it is asked
// only of a discard shown to lose.
func readClassic(ctx context.Context, v *classic.View, played, best classic.Action, o Options) (*TableRead, error) {
	uni := rollout.Uniform()
	o.sampler, o.RuleOut, o.Progress = &uni, "", nil
	du, err := JudgeClassic(ctx, *v, played, o)
	if err != nil {
		return nil, err
	}
	if worse(du.Label) {
		return nil, nil // an inaccuracy or worse on random racks too
	}
	next := nextSeat(v)
	seed := viewSeed(o.Seed, v.Hand, len(v.History), uint8(v.Stage)) ^ 0x7ead
	r := &TableRead{Seat: next, Uniform: du.Label, UniformLoss: du.Loss}
	found, err := r.pick(played.Tile, best.Tile, func(t tile.Tile, byBelief bool) (float64, error) {
		s := uni
		if byBelief {
			s = rollout.Sampler()
		}
		return feedShare(v, s, seed, next, t)
	}, func(t tile.Tile, took bool) (string, string) {
		return tile.FormatTiles(seenWith(v, next, t, took)), ""
	})
	if err != nil || found {
		return r, err
	}
	// Not through the next player's wants: through the player's own
	// outs, read likelier in the others' racks than in the wall after
	// the move played than after the best.
	if o, ok := outsRead(v, played.Tile, best.Tile); ok {
		r.Outs = &o
	}
	return r, nil
}

// finishesClassic marks the finishes among cands, when the seat may
// finish and one of them does (nil: no finish to weigh).
func finishesClassic(v *classic.View, cands []classic.Action) *finishes {
	if v.Stage != classic.MustDiscard || !v.Legal.Finish {
		return nil
	}
	out := make([]bool, len(cands))
	any := false
	for i, c := range cands {
		out[i] = c.Kind == classic.ActFinish
		any = any || out[i]
	}
	if !any {
		return nil
	}
	return &finishes{out: out, tol: finishTolClassic, mult: finishMostClassic}
}

// classicCandidates are the moves worth playing out, the move played
// first: every legal move at the draw (draw, take, gösterme, ending a
// hand whose wall is out); at the discard every finish, the analyser's
// move and the discards that leave the least distance to a win (okeys
// last), at most discardsKept of them.
func classicCandidates(v *classic.View, played, an classic.Action) []classic.Action {
	cs := []classic.Action{played}
	add := func(a classic.Action) {
		if !slices.Contains(cs, a) {
			cs = append(cs, a)
		}
	}
	add(an)
	l := v.Legal
	if v.Stage == classic.MustDraw || !v.MyTurn() {
		if l.Show {
			add(classic.ShowAction(v.Seat))
		}
		if l.Draw {
			add(classic.DrawAction(v.Seat))
		}
		if l.Take {
			add(classic.TakeAction(v.Seat))
		}
		if l.EndHand {
			add(classic.EndHandAction(v.Seat))
		}
		return cs
	}
	if l.Show { // the starter shows before its first discard
		add(classic.ShowAction(v.Seat))
	}
	a := &v.Analyzer
	h, err := a.HandOf(v.Counts)
	if err != nil {
		return cs
	}
	faces := v.Counts.Tiles()
	faces = slices.Compact(faces)
	if l.Finish {
		for _, t := range faces {
			rest := h
			rest.Remove(t)
			if a.IsWin(rest) {
				add(classic.FinishAction(v.Seat, t))
			}
		}
	}
	dd := a.DiscardDistances(h)
	slices.SortStableFunc(faces, func(x, y tile.Tile) int {
		kx, ky := int(dd[x])+boolInt(a.IsOkey(x))*100, int(dd[y])+boolInt(a.IsOkey(y))*100
		return kx - ky
	})
	kept := 0
	for _, t := range faces {
		if kept == discardsKept {
			break
		}
		d := classic.DiscardAction(v.Seat, t)
		if !slices.Contains(cs, d) {
			cs = append(cs, d)
			kept++
		}
	}
	return cs
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// classicMove is a move in words, as a player says it.
func classicMove(v *classic.View, a classic.Action) string {
	switch a.Kind {
	case classic.ActShow:
		return fmt.Sprintf("show the indicator %v", v.Indicator)
	case classic.ActDraw:
		return "draw"
	case classic.ActTake:
		return fmt.Sprintf("take %v", v.Top(v.Previous))
	case classic.ActDiscard:
		return fmt.Sprintf("discard %v", a.Tile)
	case classic.ActFinish:
		if v.Analyzer.IsOkey(a.Tile) {
			return fmt.Sprintf("finish with %v (okey finish)", a.Tile)
		}
		return fmt.Sprintf("finish with %v", a.Tile)
	case classic.ActEndHand:
		return "end the hand"
	}
	return a.Kind.String()
}

// classicReasons says in words why a move lost, where the engine can
// tell from what the seat could see, and from the playouts (vd: the
// candidates' values and how often each came out ahead). Every label
// from good down (a move shown worse than the best: its interval
// excludes 0) gets at least one reason: when none of the particular
// ones applies, the playouts' own figures for the two moves.
func classicReasons(v *classic.View, cands []classic.Action, vd verdict, l Label) []string {
	if l == Best || l == Only {
		return nil
	}
	best := vd.best
	played, b := cands[0], cands[best]
	var rs []string
	a := &v.Analyzer
	if played.Kind == classic.ActDiscard && a.IsOkey(played.Tile) {
		rs = append(rs, "threw the okey")
	}
	finish := -1
	for i, c := range cands {
		if c.Kind == classic.ActFinish && !a.IsOkey(c.Tile) {
			finish = i
			break
		}
	}
	switch {
	case played.Kind == classic.ActFinish && !a.IsOkey(played.Tile) && b.Kind == classic.ActDiscard:
		// finished at once where holding for an okey finish was worth more
		rs = append(rs, fmt.Sprintf("finished now for %s points; holding for an okey finish (discard %v) wins %d%% of the time and was worth %s points on average",
			pts(vd.cands[0].Value), b.Tile, pct(vd.cands[best].Ahead), pts(vd.cands[best].Value)))
	case played.Kind == classic.ActDiscard && keepsWin(v, played.Tile) && finishShown(vd):
		// held the win where finishing now was worth more
		rs = append(rs, heldWin(vd.weighed.more))
	case played.Kind != classic.ActFinish && finish >= 0:
		rs = append(rs, fmt.Sprintf("missed a finish (%s)", classicMove(v, cands[finish])))
	}
	if played.Kind == classic.ActFinish && b.Kind == classic.ActFinish && a.IsOkey(b.Tile) {
		rs = append(rs, "finished without throwing the okey, which doubles the points")
	}
	if played.Kind != classic.ActShow && b.Kind == classic.ActShow {
		rs = append(rs, "gave up showing the indicator")
	}
	switch {
	case played.Kind == classic.ActTake && b.Kind == classic.ActDraw:
		rs = append(rs, fmt.Sprintf("took %v, which did not help enough", v.Top(v.Previous)))
	case played.Kind == classic.ActDraw && b.Kind == classic.ActTake:
		rs = append(rs, fmt.Sprintf("drew instead of taking %v", v.Top(v.Previous)))
	}
	if played.Kind == classic.ActDiscard {
		if r := feedsNext(v, played.Tile); r != "" {
			rs = append(rs, r)
		}
		if b.Kind == classic.ActDiscard && !a.IsOkey(played.Tile) {
			if r := discardShape(v, played.Tile, b.Tile); r != "" {
				rs = append(rs, r)
			}
		}
	}
	if len(rs) == 0 {
		rs = append(rs, playoutReason(classicMove(v, b), vd))
	}
	return rs
}

// finishShown reports whether the finish weighed against the move
// played was shown worth more.
func finishShown(vd verdict) bool {
	w := vd.weighed
	return w != nil && shownWorse(w.more, w.half)
}

// heldWin is the reason of a winning rack held where finishing was
// worth more points.
func heldWin(more float64) string {
	return fmt.Sprintf("held a winning hand: finishing was worth %s more", amount(more))
}

// hintsMove is the reason beside a move the review faults that is the
// strongest bot's, the hint's own unless the hint's judge shows it
// losing: said plainly as the hint's, why the two disagree (the hint
// weighs fewer deals) and by how much the review finds best better
// (best "": the best move, named on its own line — a 101 opening said
// again made the page too long for 80×24).
func hintsMove(best string, loss float64) string {
	if best == "" {
		return fmt.Sprintf("the hint advised this: it weighed fewer deals; this review finds the best move better by %s", amount(loss))
	}
	return fmt.Sprintf("the hint advised this: it weighed fewer deals; this review finds %s better by %s", best, amount(loss))
}

// keepsWin reports whether discarding t leaves a rack that wins: the
// discard holds a win back (for an okey finish) rather than breaking it.
func keepsWin(v *classic.View, t tile.Tile) bool {
	a := &v.Analyzer
	h, err := a.HandOf(v.Counts)
	if err != nil {
		return false
	}
	h.Remove(t)
	return a.IsWin(h)
}

// holdChoice reports whether the seat chooses between finishing now and
// holding the win for an okey finish: it may finish, and the rack holds
// an okey.
func holdChoice(v *classic.View) bool {
	a := &v.Analyzer
	if v.Stage != classic.MustDiscard || !v.Legal.Finish || v.Counts[a.Okey()] == 0 {
		return false
	}
	h, err := a.HandOf(v.Counts)
	return err == nil && a.BestDiscard(h).Wins
}

// holdOrFinish reports whether x finishes now without the okey or holds
// the win (a discard that keeps it).
func holdOrFinish(v *classic.View, x classic.Action) bool {
	switch x.Kind {
	case classic.ActFinish:
		return !v.Analyzer.IsOkey(x.Tile)
	case classic.ActDiscard:
		return keepsWin(v, x.Tile)
	}
	return false
}

// discardShape says what a discard did to the rack against the best
// one: it broke a meld (it leaves the rack further from a win), or it
// kept fewer of the unseen tiles that would bring the rack nearer.
func discardShape(v *classic.View, played, best tile.Tile) string {
	a := &v.Analyzer
	h, err := a.HandOf(v.Counts)
	if err != nil {
		return ""
	}
	dd := a.DiscardDistances(h)
	dp, db := int(dd[played]), int(dd[best])
	if dp > db && db >= 0 {
		return fmt.Sprintf("broke a meld: the rack is %d tiles from a win after it, %d after discard %v", dp, db, best)
	}
	unseen := v.Unseen()
	outs := func(t tile.Tile) int {
		rest := h
		rest.Remove(t)
		n := 0
		for s := a.Outs(rest); s != 0; s &= s - 1 {
			n += int(unseen[bits.TrailingZeros64(uint64(s))])
		}
		return n
	}
	if op, ob := outs(played), outs(best); dp == db && ob > op {
		return fmt.Sprintf("kept fewer ways to go on: %d unseen tiles bring the rack nearer a win after it, %d after discard %v", op, ob, best)
	}
	return ""
}

// playoutReason is the reason of last resort, from the playouts: how
// often each move came out ahead and what it was worth on average.
func playoutReason(best string, vd verdict) string {
	return fmt.Sprintf("in the playouts the best move (%s) came out ahead %d%% of the time, worth %s points on average; this move %d%%, worth %s",
		best, pct(vd.cands[vd.best].Ahead), pts(vd.cands[vd.best].Value), pct(vd.cands[0].Ahead), pts(vd.cands[0].Value))
}

// pts writes points as a reason says them: two decimals below 10, none
// from 10 (101's points), a sign always.
func pts(x float64) string {
	if x >= 10 || x <= -10 {
		return fmt.Sprintf("%+.0f", x)
	}
	return fmt.Sprintf("%+.2f", x)
}

// feedsNext says when a discard goes with a tile the next player was
// seen to take this hand (the same face, or a neighbour in a run or a
// set): only takes are public, so only they are read.
func feedsNext(v *classic.View, t tile.Tile) string {
	a := &v.Analyzer
	if a.IsOkey(t) || t == tile.FalseJoker {
		return ""
	}
	next := (v.Seat + 1) % classic.NumSeats
	for range classic.NumSeats {
		if v.Active[next] {
			break
		}
		next = (next + 1) % classic.NumSeats
	}
	for _, e := range v.History {
		if e.Kind != classic.EvTake || e.Seat != next || !e.Tile.Valid() || a.IsOkey(e.Tile) || e.Tile == tile.FalseJoker {
			continue
		}
		u := e.Tile
		same := u == t
		run := u.Colour() == t.Colour() && abs(u.Value()-t.Value()) <= 2
		set := u.Value() == t.Value() && u.Colour() != t.Colour()
		if same || run || set {
			return fmt.Sprintf("gave the next player %v: it took %v this hand and may be collecting it", t, u)
		}
	}
	return ""
}

// finishNow is the finish worth the most from v's rack: with the okey
// when that wins (an okey finish), else the analyser's winning discard.
func finishNow(v *classic.View) (classic.Action, bool) {
	an := &v.Analyzer
	if !v.Legal.Finish {
		return classic.Action{}, false
	}
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return classic.Action{}, false
	}
	if k := an.Okey(); h.Count(k) > 0 {
		rest := h
		rest.Remove(k)
		if an.IsWin(rest) {
			return classic.FinishAction(v.Seat, k), true
		}
	}
	if bd := an.BestDiscard(h); bd.Wins {
		return classic.FinishAction(v.Seat, bd.Tile), true
	}
	return classic.Action{}, false
}
