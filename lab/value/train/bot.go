package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"

	"okey/bots/arenaclassic"
	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// The value bot's modes: how much of hard's play the value takes over.
const (
	// modeTies: hard, but among the discards at normal's least
	// distance (hard's pick first, five more at most) the value's pick
	// one ply ahead (the first step).
	modeTies = "ties"
	// modeDiscard: hard, but every discard (any tile of the rack but
	// an okey) is the value's pick one ply ahead, save when the rack
	// holds a win (hard's finish or hold).
	modeDiscard = "discard"
	// modeDraw: modeDiscard, and the draw or the take by the value one
	// ply ahead: the take's view against the mean over the faces it may
	// draw (weighed by the copies the belief reads in the wall).
	modeDraw = "draw"
	// modeTake: modeTies's discards, and the draw or the take as
	// modeDraw's: the take alone measured.
	modeTake = "take"
	// modeHard: hard alone, the value never asked: the control in a
	// field that is not three hard, on the same deals.
	modeHard = "hard"
)

// modes are the value bot's modes, for the flags.
var modes = []string{modeTies, modeDiscard, modeDraw, modeTake, modeHard}

// valueBot is hard with some of its decisions (its mode's) taken by the
// learned value. Lab-only: the decisions on the value.
type valueBot struct {
	hard  botsclassic.Bot
	value *smallnet.Model
	// also, when set, is a second value whose score is averaged with
	// value's (-value a+b).
	also *smallnet.Model
	mode string
	fx   featurer
	x    [smallnet.MaxFeatures]float32
	h    smallnet.Hidden
	f    [NumFeatures]float32
	// deep, rnd and cache are the deeper search's (deep.go).
	deep  deepConfig
	rnd   *game.Seeded
	cache *botsclassic.TableCache
	// leaf, cutCfg and cutPlayer are the cut search's (cutbot.go).
	leaf      *leafSet
	cutCfg    cutConfig
	cutPlayer *leafPlayer
	// gatedCfg is the gated pick's (oracle.go).
	gatedCfg gatedConfig
	// take and takeGate are the take line's mode's (oracletake.go).
	take     *takeRule
	takeGate float64
	// hold is the hold line the gated mode's -h reads (oraclehold.go).
	hold *expertclassic.HoldLine
}

func (b *valueBot) Level() string { return "value" }

// score is the value of view w, its unseen copies placed by rd (nil:
// w's own reading).
func (b *valueBot) score(w *classic.View, rd *belief.Reading) (float64, error) {
	var err error
	if rd == nil {
		err = b.fx.Features(w, &b.f)
	} else {
		err = expertclassic.FeaturesRead(w, rd, &b.f)
	}
	if err != nil {
		return 0, err
	}
	copy(b.x[:], b.f[:])
	if b.value.Features > NumFeatures || (b.also != nil && b.also.Features > NumFeatures) {
		var ex [extraFeatures]float32
		if err := secondLook(w, &ex); err != nil {
			return 0, err
		}
		copy(b.x[NumFeatures:], ex[:])
	}
	v := float64(b.value.ScoreWith(&b.x, &b.h))
	if b.also != nil {
		v = (v + float64(b.also.ScoreWith(&b.x, &b.h))) / 2
	}
	return v, nil
}

func (b *valueBot) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := b.hard.Decide(ctx, v)
	if err != nil || b.mode == modeHard {
		return a, err
	}
	if b.mode == modeGated && b.gatedCfg.holdGate >= 0 && (a.Kind == classic.ActDiscard || a.Kind == classic.ActFinish) {
		if h, ok := b.holder(&v, a); ok {
			return h, nil
		}
	}
	switch {
	case a.Kind == classic.ActDiscard && b.mode == modeDeep:
		return b.deepDiscard(ctx, &v, a)
	case a.Kind == classic.ActDiscard && b.mode == modeCut:
		return b.cutDiscard(ctx, &v, a)
	case a.Kind == classic.ActDiscard && b.mode == modeGated:
		return b.gated(&v, a)
	case b.mode == modeGated && b.gatedCfg.takeGate >= 0 && v.Legal.Take && v.Legal.Draw && (a.Kind == classic.ActDraw || a.Kind == classic.ActTake):
		if b.gatedCfg.winTake && expertclassic.HoldingWin(&v) {
			return a, nil
		}
		if b.gatedCfg.winNow && a.Kind == classic.ActTake && takeWins(&v) {
			return a, nil
		}
		return b.taker(&v, a)
	case b.mode == modeTaker:
		// The draw or the take alone: every other decision is hard's.
		if v.Legal.Take && v.Legal.Draw && (a.Kind == classic.ActDraw || a.Kind == classic.ActTake) {
			return b.taker(&v, a)
		}
		return a, nil
	case a.Kind == classic.ActDiscard && (b.mode == modeTies || b.mode == modeTake):
		return b.ties(&v, a)
	case a.Kind == classic.ActDiscard:
		return b.discard(&v, a)
	case (b.mode == modeDraw || b.mode == modeTake) && v.Legal.Take && v.Legal.Draw && (a.Kind == classic.ActDraw || a.Kind == classic.ActTake):
		return b.drawOrTake(&v, a)
	}
	return a, nil
}

// ties is the first step's discard.
func (b *valueBot) ties(v *classic.View, a classic.Action) (classic.Action, error) {
	more, err := botsclassic.LeastDistance(v, a.Tile, 6)
	if err != nil {
		return a, err
	}
	return b.best(v, a, append([]tile.Tile{a.Tile}, more...))
}

// discard weighs every tile of the rack but an okey, when the rack does
// not hold a win.
func (b *valueBot) discard(v *classic.View, a classic.Action) (classic.Action, error) {
	cs, err := rackCandidates(v, a.Tile)
	if err != nil || cs == nil {
		return a, err
	}
	return b.best(v, a, cs)
}

// rackCandidates is first and every other tile of the rack but an okey;
// nil when the rack holds a win (hard's finish or hold then).
func rackCandidates(v *classic.View, first tile.Tile) ([]tile.Tile, error) {
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return nil, err
	}
	if an.DiscardTable(h, 0).Best == 0 {
		return nil, nil
	}
	cs := []tile.Tile{first}
	for f, n := range v.Counts {
		if t := tile.Tile(f); n > 0 && t != first && !an.IsOkey(t) {
			cs = append(cs, t)
		}
	}
	return cs, nil
}

// best throws the candidate (hard's a first, kept on a tie) whose view
// after the discard the value rates highest.
func (b *valueBot) best(v *classic.View, a classic.Action, cs []tile.Tile) (classic.Action, error) {
	best, bestV := a.Tile, 0.0
	for i, t := range cs {
		w := expertclassic.After(v, t)
		s, err := b.score(&w, nil)
		if err != nil {
			return a, err
		}
		if i == 0 || s > bestV {
			best, bestV = t, s
		}
	}
	return classic.DiscardAction(v.Seat, best), nil
}

// drawOrTake takes the previous player's discard when the value of the
// view after the take is above the mean value of the views after a draw
// (each face weighed by the copies the belief reads in the wall).
func (b *valueBot) drawOrTake(v *classic.View, a classic.Action) (classic.Action, error) {
	rd, err := b.fx.Read(v)
	if err != nil {
		return a, err
	}
	top := v.Top(v.Previous)
	if !top.Valid() {
		return a, nil
	}
	tw := expertclassic.Taken(v, top)
	take, err := b.score(&tw, rd)
	if err != nil {
		return a, err
	}
	var sum, wsum float64
	for f, u := range rd.Unseen {
		p := float64(u) * rd.P[belief.Wall][f]
		if p <= 0 {
			continue
		}
		dw := expertclassic.Drawn(v, tile.Tile(f))
		s, err := b.score(&dw, rd)
		if err != nil {
			return a, err
		}
		sum += p * s
		wsum += p
	}
	if wsum == 0 || take > sum/wsum {
		return classic.TakeAction(v.Seat), nil
	}
	return classic.DrawAction(v.Seat), nil
}

// arena plays hands hands (a multiple of four: every deal in every
// rotation) of the value bot in mode against the three levels of opp
// (botsclassic's, or perturbed: normal throwing a tile at random at one
// discard in five; arenaWith: or prev) from seed, as okey sim does, and gives the figures.
func arena(ctx context.Context, m *smallnet.Model, mode string, opp []string, hands int, seed uint64, workers int) (arenaclassic.Result, error) {
	return arenaWith(ctx, m, botInputs{}, mode, opp, nil, "", hands, seed, workers, nil)
}

// arenaWith is arena whose field may seat "prev", the value bot of prev
// in prevMode (the generation before), and whose hands' records go to
// rec when it is set.
func arenaWith(ctx context.Context, m *smallnet.Model, in botInputs, mode string, opp []string, prev *smallnet.Model, prevMode string, hands int, seed uint64, workers int, rec func(unit int, record []byte) error) (arenaclassic.Result, error) {
	bots := append([]string{"value"}, opp...)
	cfg := arenaclassic.Config{
		Bots: bots, Hands: hands, Seed: seed,
		Rules: classic.DefaultRules(), Workers: workers, Record: rec,
		New: func(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
			switch level {
			case "perturbed":
				b, err := botsclassic.New("normal", opt)
				return &perturbed{normal: b, rnd: game.NewSeeded(opt.Seed ^ salt)}, err
			case "prev":
				if prev == nil {
					return nil, fmt.Errorf("the field seats the generation before, and -prev names none")
				}
				h, err := botsclassic.New("hard", opt)
				return (&valueBot{hard: h, value: prev}).withMode(prevMode, opt.Seed), err
			case "value":
			default:
				return expertclassic.New(level, opt) // the game's levels, expert among them
			}
			h, err := botsclassic.New("hard", opt)
			if err != nil {
				return nil, err
			}
			return (&valueBot{hard: h, value: m, also: in.also, leaf: in.leaf, take: in.take, hold: in.hold}).withMode(mode, opt.Seed), nil
		},
	}
	r, err := arenaclassic.Run(ctx, cfg)
	if err != nil {
		return r, fmt.Errorf("arena: %w", err)
	}
	return r, nil
}

// botInputs is what some of the value bot's modes read beside the
// value: the cut search's leaves, the take line, a second value to
// average with the first.
type botInputs struct {
	also *smallnet.Model
	leaf *leafSet
	take *takeRule
	hold *expertclassic.HoldLine
}

// readInputs reads the inputs the flags name for the value bot's
// modes: the cut search's leaves (-leaf-model), the take line.
func (k *knobs) readInputs(takePath, holdPath, playHoldPath string) error {
	for _, h := range []struct {
		path string
		to   **expertclassic.HoldLine
	}{{holdPath, &k.holdLine}, {playHoldPath, &k.playHold}} {
		if h.path == "" {
			continue
		}
		b, err := os.ReadFile(h.path)
		if err != nil {
			return err
		}
		if *h.to, err = expertclassic.ParseHoldLine(b); err != nil {
			return fmt.Errorf("%s: %w", h.path, err)
		}
	}
	if k.leafModel != "" {
		ls, err := readLeafSet(k.leafModel)
		if err != nil {
			return err
		}
		k.leafSet = ls
	}
	if takePath != "" {
		for _, name := range strings.Split(takePath, ",") {
			l, err := readTakeLine(name)
			if err != nil {
				return err
			}
			k.takeLines, k.takeNames = append(k.takeLines, l), append(k.takeNames, name)
		}
	}
	return nil
}

// pairedArena runs arenaWith and measures, deal by deal, the points
// the seats of than (a level of the field; the mean of them) lost from
// play, gösterme apart, less what the value bot lost, in the same
// hands: both sit in every seat of every deal beside the same others,
// so the luck of the deal cancels (against three hard, it is the
// arena's play figure). It gives the mean a hand and its 95% half-width
// over the deals, and each hand's gap (for comparing two modes hand by
// hand: dealGaps).
func pairedArena(ctx context.Context, m *smallnet.Model, in botInputs, mode string, opp []string, prev *smallnet.Model, prevMode string, hands int, seed uint64, workers int, than string) (arenaclassic.Result, float64, float64, []float64, error) {
	gaps := make([]float64, hands)
	var mu sync.Mutex
	r, err := arenaWith(ctx, m, in, mode, opp, prev, prevMode, hands, seed, workers, func(unit int, b []byte) error {
		g, err := handGap(b, than)
		if err != nil {
			return fmt.Errorf("hand %d: %w", unit, err)
		}
		mu.Lock()
		gaps[unit] = g
		mu.Unlock()
		return nil
	})
	if err != nil {
		return r, 0, 0, nil, err
	}
	mean, half := dealGaps(gaps, nil)
	return r, mean, half, gaps, nil
}

// dealGaps is the mean a hand of the hands' gaps less base's (nil:
// none) and its 95% half-width over the deals (four hands, the deal in
// each seat). Two modes played on the same seed play the same hands
// until one of them decides otherwise, so their difference hand by hand
// is measured far more closely than each against the field.
func dealGaps(gaps, base []float64) (float64, float64) {
	deals := len(gaps) / classic.NumSeats
	var s, s2 float64
	for k := range deals {
		d := 0.0
		for u := 4 * k; u < 4*k+4; u++ {
			d += gaps[u]
			if base != nil {
				d -= base[u]
			}
		}
		d /= 4
		s += d
		s2 += d * d
	}
	mean := s / float64(max(deals, 1))
	half := 0.0
	if deals > 1 {
		half = 1.96 * math.Sqrt(max(s2/float64(deals)-mean*mean, 0)*float64(deals)/float64(deals-1)/float64(deals))
	}
	return mean, half
}

// handGap replays a hand's record (the arena's) and gives the points
// the seats of than lost from play (gösterme apart; their mean) less
// what the value bot lost; a hand cut at the move cap scores nothing.
func handGap(b []byte, than string) (float64, error) {
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return 0, err
	}
	g, err := rec.Replay()
	if err != nil {
		return 0, err
	}
	st := g.State()
	res := st.Result()
	if res == nil {
		return 0, nil
	}
	var v, o float64
	n := 0
	for s := range classic.NumSeats {
		lost := float64(res.Lost[s] - res.ShowLost[s])
		switch rec.Meta[fmt.Sprintf("seat%d", s)] {
		case "value":
			v = lost
		case than:
			o += lost
			n++
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("no seat of %s in the record", than)
	}
	return o/float64(n) - v, nil
}
