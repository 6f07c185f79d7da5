package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/lab/internal/trainer"
)

// options are the trainer's flags: the knobs both trainers take, and
// its own.
type options struct {
	trainer.Knobs
	samplerViews, worlds int
	eval                 uint64
	game                 string
	handLoss             string
	ensemble             int
}

// is101 reports whether the run is of Okey 101's belief.
func (o options) is101() bool { return o.game == "101" }

// handwritten is the game's hand-written reading.
func (o options) handwritten() *smallnet.Model {
	if o.is101() {
		return belief101.Handwritten()
	}
	return belief.Handwritten()
}

func main() {
	o := options{Knobs: trainer.Knobs{Seed: 1, Hands: 20000, TestHands: 3000, Pos: 0.04, Hard: 0.3, Hidden: 32, Epochs: 8, Batch: 256,
		LR: 0.003, Decay: 1e-4, Workers: 2, Cache: filepath.Join(os.TempDir(), "okey-belief")}}
	o.Register(flag.CommandLine, "groups (a face's unseen copies)", "a decision's view")
	flag.Lookup("out").Usage = "the weights file written (default: the game's package's weights.json)"
	flag.Lookup("fixture").Usage = "the test's fixed cases written (default: the game's package's testdata/fixture.json)"
	flag.StringVar(&o.game, "game", "classic", "the game whose belief is made: classic or 101 (bots/belief101)")
	flag.IntVar(&o.samplerViews, "sampler-views", 300, "held-out views the samplers are measured on")
	flag.IntVar(&o.worlds, "worlds", 64, "worlds a view for the samplers' figures")
	flag.StringVar(&o.handLoss, "hand-loss", "", "write the held-out log-loss a hand (uniform and the trained or, with -eval, the shipped weights) to this file, to pair runs of different features")
	flag.IntVar(&o.ensemble, "ensemble", 1, "networks trained alike from seeds -seed, -seed+1, …, shipped as one that scores their mean (at most 128 hidden units in all)")
	flag.Uint64Var(&o.eval, "eval", 0, "measure the shipped weights, without training, on -test-hands hands dealt from this seed (0: train)")
	flag.Parse()
	if o.ensemble < 1 || o.ensemble*o.Hidden > smallnet.MaxHidden || o.ensemble > 1 && o.Hidden == 0 {
		fmt.Fprintf(os.Stderr, "train: -ensemble %d of -hidden %d: 1 or more networks with a hidden layer, %d units at most in all\n", o.ensemble, o.Hidden, smallnet.MaxHidden)
		os.Exit(2)
	}
	if o.game != "classic" && o.game != "101" {
		fmt.Fprintf(os.Stderr, "train: -game %q: classic or 101\n", o.game)
		os.Exit(2)
	}
	pkg := "bots/belief"
	if o.is101() {
		pkg = "bots/belief101"
	}
	if err := o.Defaults(pkg); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(2)
	}
	o.Main(func(ctx context.Context) error { return run(ctx, o) })
}

// recipe is what the weights file says of how it was made.
type recipe struct {
	trainer.Made
	Faces     int                `json:"faces"`
	TestHands int                `json:"test_hands"`
	TestPos   int                `json:"test_positions"`
	Epochs    int                `json:"epochs"`
	DataCPU   float64            `json:"data_cpu_s"`
	TrainCPU  float64            `json:"train_cpu_s"`
	TrainWall float64            `json:"train_wall_s"`
	Loss      []float64          `json:"training_loss"`
	Held      map[string]heldOut `json:"held_out"`
}

type heldOut struct {
	CopyLog   float64 `json:"copy_log_loss"`
	CopyBrier float64 `json:"copy_brier"`
	CellLog   float64 `json:"cell_log_loss"`
	CellBrier float64 `json:"cell_brier"`
	ECE       float64 `json:"calibration_error"`
}

func held(m *metrics) heldOut {
	return heldOut{m.copyLog / m.copies, m.copyBrier / m.copies, m.cellLog / m.cells, m.cellBrier / m.cells, m.ece()}
}

func run(ctx context.Context, o options) error {
	if o.eval != 0 {
		return evalShipped(ctx, o)
	}
	if err := os.MkdirAll(o.Cache, 0o755); err != nil {
		return err
	}
	gen := genConfig{seed: o.Seed, hands: o.Hands, workers: o.Workers, pos: o.Pos, hardShare: o.Hard, maxActions: 500, game101: o.is101()}
	name := fmt.Sprintf("data-s%d-h%d-p%g-r%g-f%d.gob", o.Seed, o.Hands, o.Pos, o.Hard, belief.NumFeatures)
	if o.is101() {
		name = fmt.Sprintf("data101-s%d-h%d-p%g-r%g-f%d.gob", o.Seed, o.Hands, o.Pos, o.Hard, belief101.NumFeatures)
	}
	path := filepath.Join(o.Cache, name)
	c0, t0 := trainer.CPU(), time.Now()
	tr, err := load(path)
	if err != nil {
		trainer.Logf("playing %d training hands (seed %d)", o.Hands, o.Seed)
		if tr, err = generate(ctx, gen); err != nil {
			return err
		}
		tr.CPU = (trainer.CPU() - c0).Seconds()
		if err := tr.save(path); err != nil {
			return err
		}
	} else {
		trainer.Logf("training data from %s", path)
	}
	trainer.Logf("training: %d hands, %d positions, %d faces (%.0f CPU-s to make; %v)", tr.Hands, len(tr.Pos), len(tr.G), tr.CPU, time.Since(t0).Round(time.Second))
	tgen := gen
	tgen.seed, tgen.hands, tgen.keepViews = o.Seed+smallnet.HeldOutOffset, o.TestHands, o.samplerViews
	te, err := generate(ctx, tgen)
	if err != nil {
		return err
	}
	trainer.Logf("held out: %d hands (seed %d), %d positions, %d faces", te.Hands, tgen.seed, len(te.Pos), len(te.G))

	tc := trainConfig{epochs: o.Epochs, batch: o.Batch, lr: o.LR, decay: o.Decay, seed: o.Seed, workers: o.Workers, log: trainer.Logf}
	// trainOne trains a network of h hidden units, the ensemble's k-th
	// (from 0): its weights drawn and its rows ordered from the seed
	// plus k.
	trainOne := func(h, k int) (*checkpoint, error) {
		other := ""
		if k > 0 {
			other = fmt.Sprintf("-i%d", k)
		}
		tc.checkpoint = filepath.Join(o.Cache, fmt.Sprintf("ck-%s-H%d-e%d-b%d-lr%g-d%g%s.json", strings.TrimSuffix(name, ".gob"), h, o.Epochs, o.Batch, o.LR, o.Decay, other))
		tc.seed = o.Seed + uint64(k)
		return train(ctx, newNet(h, tr, o.Seed+uint64(k)), tr, tc)
	}
	linCk, err := trainOne(0, 0)
	if err != nil {
		return err
	}
	ck, err := trainOne(o.Hidden, 0)
	if err != nil {
		return err
	}
	trainer.Logf("trained %d hidden units in %.0f CPU-s, %.0f s", o.Hidden, ck.CPU, ck.Wall)
	single := ck
	if o.ensemble > 1 {
		nets := []*trainer.Net{&ck.Net.Net}
		all := *ck
		for k := 1; k < o.ensemble; k++ {
			c, err := trainOne(o.Hidden, k)
			if err != nil {
				return err
			}
			trainer.Logf("trained network %d of %d in %.0f CPU-s, %.0f s", k+1, o.ensemble, c.CPU, c.Wall)
			nets = append(nets, &c.Net.Net)
			all.CPU, all.Wall = all.CPU+c.CPU, all.Wall+c.Wall
		}
		avg, err := trainer.Average(nets)
		if err != nil {
			return err
		}
		all.Net = &net{*avg}
		ck = &all
	}

	rows := []row{
		{"uniform", evalModel(te, nil)},
		{"hand-written reading", evalModel(te, o.handwritten())},
		{"trained, linear", evalModel(te, linCk.Net.Model("linear", nil))},
		{"trained, linear, no fit to the slots", evalRaw(te, linCk.Net)},
		{fmt.Sprintf("trained, %d hidden units", o.Hidden), evalModel(te, single.Net.Model("mlp", nil))},
		{fmt.Sprintf("trained, %d hidden units, no fit to the slots", o.Hidden), evalRaw(te, single.Net)},
	}
	if o.ensemble > 1 {
		rows = append(rows, row{fmt.Sprintf("trained, the mean of %d networks of %d hidden units", o.ensemble, o.Hidden), evalModel(te, ck.Net.Model("ensemble", nil))})
	}
	rc := recipe{Made: o.Made("belief/train", tr.Hands, len(tr.Pos)),
		Faces: len(tr.G), TestHands: te.Hands, TestPos: len(te.Pos), Epochs: o.Epochs,
		DataCPU: tr.CPU, TrainCPU: ck.CPU, TrainWall: ck.Wall, Loss: ck.Loss,
		Held: map[string]heldOut{}}
	for _, r := range rows {
		rc.Held[r.name] = held(r.m)
	}
	rb, err := json.Marshal(rc)
	if err != nil {
		return err
	}
	mname := fmt.Sprintf("trained-h%d", o.Hidden)
	if o.ensemble > 1 {
		mname = fmt.Sprintf("trained-h%dx%d", o.Hidden, o.ensemble)
	}
	m := ck.Net.Model(mname, rb)
	if o.is101() {
		m.Game = belief101.Game
	}
	if err := m.CheckFeatures(tr.F); err != nil {
		return err
	}
	mb, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.Out, append(mb, '\n'), 0o644); err != nil {
		return err
	}
	trainer.Logf("wrote %s (%d bytes)", o.Out, len(mb)+1)
	if o.handLoss != "" {
		if err := writeHandLoss(o.handLoss, te, tgen.seed, m); err != nil {
			return err
		}
	}
	if err := writeFixture(ctx, o, ck.Net); err != nil {
		return err
	}

	var rep strings.Builder
	report(&rep, te, tgen.seed, rows, m, o.worlds, rows[0], rows[1], rows[len(rows)-1])
	fmt.Fprintf(&rep, "\nTraining: %d hands, %d positions, %d faces; data %.0f CPU-s; %d epochs %.0f CPU-s (%.0f s wall); loss a copy by epoch %v\n",
		tr.Hands, len(tr.Pos), len(tr.G), tr.CPU, o.Epochs, ck.CPU, ck.Wall, ck.Loss)
	fmt.Print(rep.String())
	if o.Report != "" {
		return os.WriteFile(o.Report, []byte(rep.String()), 0o644)
	}
	return nil
}

// row is one belief's figures in the report.
type row struct {
	name string
	m    *metrics
}

// report writes the held-out figures of te (dealt from seed): the
// beliefs' rows, the samplers' worlds drawn with model mdl when te kept
// views, and the reliability tables of the rows cal.
func report(rep io.Writer, te *dataset, seed uint64, rows []row, mdl *smallnet.Model, worlds int, cal ...row) {
	fmt.Fprintf(rep, "Held out: %d hands (seed %d), %d positions, %d faces with unseen copies.\n\n", te.Hands, seed, len(te.Pos), len(te.G))
	fmt.Fprintln(rep, "| belief | log-loss a copy | Brier a copy | log-loss a cell | Brier a cell | vs uniform | log-loss a cell: next / across / previous | log-loss a cell by wall left: >32 / 17–32 / ≤16 | calibration error | moved | opponents' distance |")
	fmt.Fprintln(rep, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range rows {
		r.m.row(rep, r.name, rows[0].m)
	}
	if len(te.views) > 0 {
		for _, s := range []struct {
			name string
			draw sampler
		}{
			{"worlds: uniform (View.SampleWorld)", uniformSampler},
			{"worlds: uniform, racks brought forward (rollout.Uniform, the sampler before the belief)", rolloutSampler(rollout.Uniform())},
			{"worlds: uniform, weighed, β 1 (16 tries)", rolloutSampler(rollout.SamplerClassic{Belief: belief.Uniform(), Tries: 16, Beta: 1})},
			{"worlds: the trained reading (Deal)", dealSampler(mdl)},
			{"worlds: the trained reading, racks brought forward", rolloutSampler(rollout.SamplerClassic{Belief: mdl, Progress: true})},
			{"worlds: the trained reading, weighed, β 1 (8 tries: rollout.Sampler)", rolloutSampler(rollout.SamplerClassic{Belief: mdl, Tries: rollout.SamplerTries, Beta: rollout.SamplerBeta})},
			{"worlds: the trained reading, weighed, β 2 (16 tries)", rolloutSampler(rollout.SamplerClassic{Belief: mdl, Tries: 16, Beta: 2})},
		} {
			res, failed := evalSampler(te, worlds, s.draw)
			res.row(rep, fmt.Sprintf("%s (%d views × %d, %d failed)", s.name, len(te.views), worlds, failed), nil)
		}
		sub := &dataset{F: te.F, X: te.X, G: te.G, Pos: te.Pos[:len(te.views)]}
		evalModel(sub, mdl).row(rep, fmt.Sprintf("the trained reading on the same %d views", len(te.views)), evalModel(sub, nil))
	}
	for _, r := range cal {
		fmt.Fprintf(rep, "\nCalibration of %s (opponents' racks, every held-out copy), in bins of the chance:\n\n", r.name)
		r.m.calibration(rep)
		fmt.Fprintf(rep, "\nand in deciles of the copies:\n\n")
		r.m.deciles(rep)
	}
}

// evalShipped measures the shipped weights (belief.Trained) and the two
// readings they are set against on hands of seed o.eval, trained on by
// none of them: the figures of docs/studies/classic-belief.md made again, on
// deals of one's choosing, in a minute or two instead of the training's
// twenty.
func evalShipped(ctx context.Context, o options) error {
	c0, t0 := trainer.CPU(), time.Now()
	gen := genConfig{seed: o.eval, hands: o.TestHands, workers: o.Workers, pos: o.Pos, hardShare: o.Hard, maxActions: 500, keepViews: o.samplerViews, game101: o.is101()}
	te, err := generate(ctx, gen)
	if err != nil {
		return err
	}
	trainer.Logf("held out: %d hands (seed %d), %d positions, %d faces (%.0f CPU-s)", te.Hands, o.eval, len(te.Pos), len(te.G), (trainer.CPU() - c0).Seconds())
	m := belief.Trained()
	if o.is101() {
		m = belief101.Trained()
	}
	rows := []row{
		{"uniform", evalModel(te, nil)},
		{"hand-written reading", evalModel(te, o.handwritten())},
		{"trained (the shipped weights, " + m.Name + ")", evalModel(te, m)},
	}
	if o.handLoss != "" {
		if err := writeHandLoss(o.handLoss, te, o.eval, m); err != nil {
			return err
		}
	}
	var rep strings.Builder
	report(&rep, te, o.eval, rows, m, o.worlds, rows...)
	fmt.Fprintf(&rep, "\n%.0f CPU-s, %.0f s wall.\n", (trainer.CPU() - c0).Seconds(), time.Since(t0).Seconds())
	fmt.Print(rep.String())
	if o.Report != "" {
		return os.WriteFile(o.Report, []byte(rep.String()), 0o644)
	}
	return nil
}
