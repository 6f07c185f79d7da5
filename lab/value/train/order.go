package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// choice is a discard decision with two candidates that leave the rack
// equally far from a win by normal's distance: normal's own pick first,
// then the next by LeastDistance.
type choice struct {
	v     classic.View
	cands [2]tile.Tile
	// s is the true state at the decision, for scoring a choice in the
	// world as it is (leaf.go's real gains); never read by a search.
	s classic.State
	// style is the style of the seat deciding (styleEasy…).
	style uint8
	// played is the discard the seat made there in the hand (NoTile
	// when it finished).
	played tile.Tile
	// took is, at a draw, 1 when the seat took the previous discard in
	// the hand, 0 when it drew (−1: not a draw); normalTakes is whether
	// normal would take there.
	took        int8
	normalTakes bool
}

// choices plays hands of seed (seats as the data's) and keeps n discard
// decisions with two candidates, one decision in ten at most.
func choices(ctx context.Context, seed uint64, n int) ([]choice, error) {
	cs, _, err := choicesOf(ctx, seed, n, true)
	return cs, err
}

// choicesOf is choices; with pairs false every decision drawn is kept,
// its second candidate NoTile where normal's distance gives none. It
// also gives the discard decisions a seat made a hand in the hands
// played, every seat counted.
func choicesOf(ctx context.Context, seed uint64, n int, pairs bool) ([]choice, float64, error) {
	return choicesSeated(ctx, seed, n, pairs, false)
}

// choicesSeated is choicesOf; with hard, every seat of the hands is
// hard rather than the data's mix of styles (the positions hard meets
// against three hard).
func choicesSeated(ctx context.Context, seed uint64, n int, pairs, hard bool) ([]choice, float64, error) {
	var out []choice
	discards, hands := 0, 0
	for i := 0; len(out) < n; i++ {
		hands++
		cs, d, err := handChoices(ctx, seed, i, choiceSpec{hard: hard, pairs: pairs, rate: 0.1, room: n - len(out)})
		if err != nil {
			return nil, 0, err
		}
		out, discards = append(out, cs...), discards+d
	}
	return out, float64(discards) / float64(hands*trainer.Seats), nil
}

// choiceSpec says which decisions of a hand handChoices keeps: of four
// hard or the data's seats, discards (with pairs, only those with a
// second candidate) or, with take, the draws where the previous
// discard may be taken; each with the chance rate, room at most.
type choiceSpec struct {
	hard, pairs, take bool
	// expert seats the shipped expert (expertclassic) in every seat, for
	// the labels of a next generation: the positions the expert meets.
	expert bool
	// hold keeps instead the decisions to finish or hold a win for an
	// okey finish (expertclassic.HoldPosition), the finish first, the hold second.
	hold bool
	rate float64
	room int
}

// handChoices plays hand i of seed and keeps the decisions spec says,
// a discard with normal's pick and the next at its least distance, a
// draw with whether normal takes. It also gives the discard decisions
// the hand had, every seat counted.
func handChoices(ctx context.Context, seed uint64, i int, spec choiceSpec) ([]choice, int, error) {
	hard, pairs, rate, room := spec.hard, spec.pairs, spec.rate, spec.room
	var out []choice
	discards := 0
	hs := smallnet.HandSeed(seed, i)
	r := game.NewSeeded(hs ^ salt)
	seats, err := seatBots(r, nil)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case spec.expert:
		for i := range seats {
			seats[i].bot, seats[i].style = expertclassic.NewExpert(botsclassic.Options{Seed: r.Uint64()}), styleValue
		}
	case hard:
		for i := range seats {
			if seats[i].bot, err = botsclassic.New("hard", botsclassic.Options{Seed: r.Uint64()}); err != nil {
				return nil, 0, err
			}
			seats[i].style = styleHard
		}
	}
	st, err := classic.NewMatch(classic.DefaultRules(), hs)
	if err != nil {
		return nil, 0, fmt.Errorf("hand %d: %w", i, err)
	}
	var bots [trainer.Seats]trainer.Player[classic.View, classic.Action]
	for s := range seats {
		bots[s] = seats[s].bot
	}
	var at []int // each choice's place in the hand's history
	fin, err := trainer.PlayOut(ctx, st, &bots, 400, func(now *classic.State, v *classic.View) error {
		if v.Legal.Discard {
			discards++
		}
		if spec.hold {
			return holdChoice(ctx, now, v, seats[v.Seat].style, r, &out, &at)
		}
		want := v.Legal.Discard
		if spec.take {
			want = v.Legal.Take && v.Legal.Draw
		}
		if len(out) >= room || !want || r.Float64() >= rate {
			return nil
		}
		a, err := normalDecides(ctx, r, v)
		if err != nil {
			return err
		}
		if spec.take {
			if a.Kind == classic.ActDraw || a.Kind == classic.ActTake {
				out = append(out, choice{v: *v, s: *now, style: seats[v.Seat].style, played: tile.NoTile, took: -1, normalTakes: a.Kind == classic.ActTake})
				at = append(at, len(v.History))
			}
			return nil
		}
		if a.Kind != classic.ActDiscard {
			return nil
		}
		more, err := botsclassic.LeastDistance(v, a.Tile, 2)
		if err != nil || (pairs && len(more) == 0) {
			return err
		}
		second := tile.NoTile
		if len(more) > 0 {
			second = more[0]
		}
		out = append(out, choice{v: *v, cands: [2]tile.Tile{a.Tile, second}, s: *now, style: seats[v.Seat].style, played: tile.NoTile, took: -1})
		at = append(at, len(v.History))
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("hand %d: %w", i, err)
	}
	hist := fin.View(0).History
	for k, n := range at {
		if n >= len(hist) || hist[n].Seat != out[k].v.Seat {
			continue
		}
		switch hist[n].Kind {
		case classic.EvDiscard:
			out[k].played = hist[n].Tile
			if spec.hold && hist[n].Tile == out[k].cands[1] {
				out[k].took = 1
			}
		case classic.EvFinish:
			if spec.hold {
				out[k].took = 0
			}
		case classic.EvDraw:
			out[k].took = 0
		case classic.EvTake:
			out[k].took = 1
		}
	}
	return out, discards, nil
}

// holdChoice keeps the view v's decision to finish or hold, if it is
// one (expertclassic.HoldPosition), with whether normal holds there.
func holdChoice(ctx context.Context, now *classic.State, v *classic.View, style uint8, r *game.Seeded, out *[]choice, at *[]int) error {
	fin, hold, _, ok := expertclassic.HoldPosition(v)
	if !ok {
		return nil
	}
	a, err := normalDecides(ctx, r, v)
	if err != nil {
		return err
	}
	*out = append(*out, choice{v: *v, cands: [2]tile.Tile{fin, hold}, s: *now, style: style, played: tile.NoTile, took: -1, normalTakes: a.Kind == classic.ActDiscard})
	*at = append(*at, len(v.History))
	return nil
}

// normalDecides is what normal, seeded from r, does at v.
func normalDecides(ctx context.Context, r *game.Seeded, v *classic.View) (classic.Action, error) {
	nb, err := botsclassic.New("normal", botsclassic.Options{Seed: r.Uint64()})
	if err != nil {
		return classic.Action{}, err
	}
	return nb.Decide(ctx, *v)
}

// ordering is how often each reading orders two candidates as the
// playouts do.
type ordering struct {
	Positions, Decisive int
	// Agree and AgreeDecisive are, for each reading, the choices where
	// it agrees with the playouts' sign (a tie counts half), over every
	// position the playouts tell apart and over the decisive ones (the
	// playouts' 95% interval clear of 0).
	Agree, AgreeDecisive []float64
	// RMSE is each reading's error against the playouts' mean value of
	// each candidate, over Scored candidates.
	RMSE   []float64
	Scored int
}

// order measures readings nets on cs against playouts of worlds worlds
// each (the shared sampler's, normal playing out).
func order(ctx context.Context, cs []choice, nets []*trainer.Net, worlds, workers int, seed uint64) (ordering, error) {
	o := ordering{Agree: make([]float64, len(nets)), AgreeDecisive: make([]float64, len(nets)), RMSE: make([]float64, len(nets))}
	players := make([]*rollout.PlayerClassic, max(workers, 1))
	for w := range players {
		players[w] = rollout.NewPlayerClassic()
	}
	agree := func(d, truth float64) float64 {
		switch {
		case d == 0:
			return 0.5
		case (d > 0) == (truth > 0):
			return 1
		}
		return 0
	}
	fx := &featurer{}
	xs := make([]float64, NumFeatures)
	a := make([]float64, 1)
	for _, n := range nets {
		a = make([]float64, max(len(a), n.H))
	}
	score := func(n *trainer.Net, v *classic.View, t tile.Tile) (float64, error) {
		w := expertclassic.After(v, t)
		var x [NumFeatures]float32
		if err := fx.Features(&w, &x); err != nil {
			return 0, err
		}
		trainer.Standardize(n, x[:], xs)
		return n.Forward(xs, a), nil
	}
	for i := range cs {
		c := &cs[i]
		acts := []classic.Action{classic.DiscardAction(c.v.Seat, c.cands[0]), classic.DiscardAction(c.v.Seat, c.cands[1])}
		vals, err := rollout.Compare(ctx, nil, 0, worlds, workers, nil, rollout.CandidatesClassic(&c.v, acts, seed+uint64(i), players))
		if err != nil {
			return o, fmt.Errorf("choice %d: %w", i, err)
		}
		truth, half := rollout.Paired(vals[0], vals[1])
		d := make([]float64, len(nets))
		for k, n := range nets {
			s0, err := score(n, &c.v, c.cands[0])
			if err != nil {
				return o, err
			}
			s1, err := score(n, &c.v, c.cands[1])
			if err != nil {
				return o, err
			}
			d[k] = s0 - s1
			o.RMSE[k] += math.Pow(s0-rollout.Mean(vals[0]), 2) + math.Pow(s1-rollout.Mean(vals[1]), 2)
		}
		o.Scored += 2
		if truth == 0 {
			continue // the playouts cannot tell the two apart
		}
		o.Positions++
		decisive := math.Abs(truth) > half
		if decisive {
			o.Decisive++
		}
		for k := range nets {
			o.Agree[k] += agree(d[k], truth)
			if decisive {
				o.AgreeDecisive[k] += agree(d[k], truth)
			}
		}
	}
	for k := range o.RMSE {
		o.RMSE[k] = math.Sqrt(o.RMSE[k] / float64(max(o.Scored, 1)))
	}
	return o, nil
}

// noise is what the luck of the rest of a hand leaves of a position's
// value: over positions each played out in many worlds, the error a
// perfect reading of the position would still make against one hand's
// outcome (the root of the mean spread of the outcomes around their
// position's mean), and the value's error against each world's outcome
// and against each position's mean.
type noise struct {
	Positions, Worlds int
	// Floor is the root mean within-position variance of the outcomes.
	Floor float64
	// ValueOutcome and ValueMean are the value's RMSE against every
	// world's outcome and against each position's mean outcome.
	ValueOutcome, ValueMean float64
}

// floor plays the view after normal's discard of each of cs out in
// worlds worlds (the shared sampler's, normal playing out; NaN worlds,
// capped playouts, left out) and measures the noise of one hand's
// outcome against the value m.
func floor(ctx context.Context, cs []choice, m *smallnet.Model, worlds, workers int, seed uint64) (noise, error) {
	nz := noise{Positions: len(cs), Worlds: worlds}
	players := make([]*rollout.PlayerClassic, max(workers, 1))
	for w := range players {
		players[w] = rollout.NewPlayerClassic()
	}
	var fx featurer
	var f [NumFeatures]float32
	var x [smallnet.MaxFeatures]float32
	var h smallnet.Hidden
	var within, outcome, mean float64
	var n int
	for i := range cs {
		c := &cs[i]
		acts := []classic.Action{classic.DiscardAction(c.v.Seat, c.cands[0])}
		vals, err := rollout.Compare(ctx, nil, 0, worlds, workers, nil, rollout.CandidatesClassic(&c.v, acts, seed+uint64(i), players))
		if err != nil {
			return nz, fmt.Errorf("position %d: %w", i, err)
		}
		w := expertclassic.After(&c.v, c.cands[0])
		if err := fx.Features(&w, &f); err != nil {
			return nz, err
		}
		copy(x[:], f[:])
		v := float64(m.ScoreWith(&x, &h))
		mu, k := rollout.Mean(vals[0]), 0
		var ss float64
		for _, y := range vals[0] {
			if math.IsNaN(y) {
				continue
			}
			ss += (y - mu) * (y - mu)
			outcome += (v - y) * (v - y)
			k++
			n++
		}
		if k > 1 {
			within += ss / float64(k-1)
		}
		mean += (v - mu) * (v - mu)
	}
	p := float64(max(len(cs), 1))
	nz.Floor = math.Sqrt(within / p)
	nz.ValueOutcome = math.Sqrt(outcome / float64(max(n, 1)))
	nz.ValueMean = math.Sqrt(mean / p)
	return nz, nil
}

// means is positions (the view after normal's discard of each choice)
// labelled by the mean of their outcomes over worlds worlds of the
// shared sampler, normal playing out: a label with the luck of one
// hand averaged away.
func means(ctx context.Context, cs []choice, worlds, workers int, seed uint64) (*dataset, error) {
	players := make([]*rollout.PlayerClassic, max(workers, 1))
	for w := range players {
		players[w] = rollout.NewPlayerClassic()
	}
	var fx featurer
	var f [NumFeatures]float32
	d := &dataset{Hands: len(cs)}
	for i := range cs {
		c := &cs[i]
		acts := []classic.Action{classic.DiscardAction(c.v.Seat, c.cands[0])}
		vals, err := rollout.Compare(ctx, nil, 0, worlds, workers, nil, rollout.CandidatesClassic(&c.v, acts, seed+uint64(i), players))
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", i, err)
		}
		w := expertclassic.After(&c.v, c.cands[0])
		if err := fx.Features(&w, &f); err != nil {
			return nil, err
		}
		d.X = append(d.X, f[:]...)
		d.Y = append(d.Y, float32(rollout.Mean(vals[0])))
		d.Hand = append(d.Hand, int32(i))
		d.Style = append(d.Style, styleNormal)
	}
	return d, nil
}

// fitMeans labels k.means positions by their playouts' means, holds
// the first quarter out, fits the value's network and normal's
// estimate to the rest, and reports each one's error against the held
// means beside the value m (fitted to one hand's outcome).
func fitMeans(ctx context.Context, k knobs, m *smallnet.Model, b *strings.Builder) error {
	cpu1 := trainer.CPU()
	cs, err := choices(ctx, k.seed+2*smallnet.HeldOutOffset, k.means)
	if err != nil {
		return fmt.Errorf("choices: %w", err)
	}
	d, err := means(ctx, cs, k.worlds, k.workers, k.seed)
	if err != nil {
		return err
	}
	held := len(cs) / 4
	test := d.where(func(i int) bool { return i < held })
	train := d.where(func(i int) bool { return i >= held })
	cfg := k.fitConfig()
	value, err := fit(ctx, train, cfg)
	if err != nil {
		return err
	}
	cfg.use = estimateFeatures
	estimate, err := fit(ctx, train, cfg)
	if err != nil {
		return err
	}
	var outcome []float64
	if m != nil {
		outcome = make([]float64, test.Len())
		var x [smallnet.MaxFeatures]float32
		var h smallnet.Hidden
		for i := range outcome {
			copy(x[:], test.row(i))
			outcome[i] = float64(m.ScoreWith(&x, &h))
		}
	}
	var mean float64
	for _, y := range train.Y {
		mean += float64(y)
	}
	flat := make([]float64, test.Len())
	for i := range flat {
		flat[i] = mean / float64(max(train.Len(), 1))
	}
	pv, pe := predict(value, test), predict(estimate, test)
	fv, fe := errorsOf(pv, test), errorsOf(pe, test)
	ev, ee := fv.RMSE, fe.RMSE
	dv, de := deciles(pv, test), deciles(pe, test)
	fmt.Fprintf(b, "\n%d positions after normal's discard (seed %d) labelled by their means over %d worlds; %d held out, %d fitted (%.0f CPU-s). Against the held means:\n\n",
		len(cs), k.seed+2*smallnet.HeldOutOffset, k.worlds, test.Len(), train.Len(), (trainer.CPU() - cpu1).Seconds())
	b.WriteString("| reading | RMSE | MAE | calibration gap (deciles) |\n| --- | ---: | ---: | ---: |\n")
	ff := errorsOf(flat, test)
	fmt.Fprintf(b, "| the fitted mean | %.3f | %.3f | — |\n", ff.RMSE, ff.MAE)
	fmt.Fprintf(b, "| normal's estimate, fitted to the means | %.3f | %.3f | %.3f |\n", ee, fe.MAE, calibrationGap(de))
	fmt.Fprintf(b, "| the value, fitted to the means | %.3f | %.3f | %.3f |\n", ev, fv.MAE, calibrationGap(dv))
	if outcome != nil {
		fo := errorsOf(outcome, test)
		fmt.Fprintf(b, "| the value of %s (fitted to one hand's outcome) | %.3f | %.3f | %.3f |\n", k.value, fo.RMSE, fo.MAE, calibrationGap(deciles(outcome, test)))
	}
	fmt.Fprintf(b, "\nThe value fitted to the means errs %.1f%% below the estimate fitted alike (RMSE; MAE %.1f%%).\n\nCalibration, the held positions in ten parts by each reading's guess:\n\n%s",
		100*(1-ev/ee), 100*(1-fv.MAE/fe.MAE), decileTable([]string{"value", "estimate"}, [][10]decile{dv, de}))
	trainer.Logf("means: value %.3f, estimate %.3f", ev, ee)
	if k.out == "" {
		return nil
	}
	recipe, err := json.Marshal(map[string]any{
		"command":     "go -C lab run ./value/train " + strings.Join(trainer.Recipe(os.Args[1:]), " "),
		"seed":        k.seed,
		"data_commit": k.commit,
		"hands":       len(cs),
		"label":       "playouts' means",
		"rmse":        ev,
		"estimate":    ee,
	})
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(value.Model("classic value of the playouts' means", recipe), "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(k.out, append(js, '\n'), 0o644)
}
