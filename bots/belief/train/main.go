package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/rollout"
)

type options struct {
	seed                  uint64
	hands, testHands      int
	pos, hard             float64
	hidden, epochs, batch int
	lr, decay             float64
	workers               int
	cache, out, fixture   string
	commit                string
	samplerViews, worlds  int
	report                string
	eval                  uint64
	game                  string
}

// is101 reports whether the run is of Okey 101's belief.
func (o options) is101() bool { return o.game == "101" }

// handwritten is the game's hand-written reading.
func (o options) handwritten() *belief.Model {
	if o.is101() {
		return belief101.Handwritten()
	}
	return belief.Handwritten()
}

func main() {
	var o options
	flag.Uint64Var(&o.seed, "seed", 1, "the seed of everything: the training deals, the bots, the weights' start, the order of the steps")
	flag.IntVar(&o.hands, "hands", 20000, "training hands")
	flag.IntVar(&o.testHands, "test-hands", 3000, "held-out hands (dealt from another seed)")
	flag.Float64Var(&o.pos, "pos", 0.04, "the chance that a decision's view is kept as a position")
	flag.Float64Var(&o.hard, "hard", 0.3, "the chance that a seat is played by hard rather than normal")
	flag.IntVar(&o.hidden, "hidden", 32, "hidden units of the network (0: linear)")
	flag.IntVar(&o.epochs, "epochs", 8, "passes over the training positions")
	flag.IntVar(&o.batch, "batch", 256, "faces a step")
	flag.Float64Var(&o.lr, "lr", 0.003, "Adam's first step size (cosine to 0)")
	flag.Float64Var(&o.decay, "decay", 1e-4, "weight decay")
	flag.IntVar(&o.workers, "workers", 2, "goroutines (the result does not depend on them)")
	flag.StringVar(&o.cache, "cache", filepath.Join(os.TempDir(), "okey-belief"), "where the data and the checkpoints are kept")
	flag.StringVar(&o.game, "game", "classic", "the game whose belief is made: classic or 101 (bots/belief101)")
	flag.StringVar(&o.out, "out", "", "the weights file written (default: the game's package's weights.json)")
	flag.StringVar(&o.fixture, "fixture", "", "the test's fixed cases written (default: the game's package's testdata/fixture.json)")
	flag.StringVar(&o.commit, "commit", "", "the commit of the code that made the data (default: the build's)")
	flag.IntVar(&o.samplerViews, "sampler-views", 300, "held-out views the samplers are measured on")
	flag.IntVar(&o.worlds, "worlds", 64, "worlds a view for the samplers' figures")
	flag.StringVar(&o.report, "report", "", "also write the report (markdown) here")
	flag.Uint64Var(&o.eval, "eval", 0, "measure the shipped weights, without training, on -test-hands hands dealt from this seed (0: train)")
	flag.Parse()
	if o.game != "classic" && o.game != "101" {
		fmt.Fprintf(os.Stderr, "train: -game %q: classic or 101\n", o.game)
		os.Exit(2)
	}
	pkg := "bots/belief"
	if o.is101() {
		pkg = "bots/belief101"
	}
	if o.out == "" {
		o.out = pkg + "/weights.json"
	}
	if o.fixture == "" {
		o.fixture = pkg + "/testdata/fixture.json"
	}
	if o.commit == "" {
		o.commit = buildCommit()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func buildCommit() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
	}
	return "unknown"
}

// cpu is the process's user and system CPU time.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, a...)...)
}

// recipe is what the weights file says of how it was made.
type recipe struct {
	Command   string             `json:"command"`
	Seed      uint64             `json:"seed"`
	Commit    string             `json:"data_commit"`
	Hands     int                `json:"hands"`
	Positions int                `json:"positions"`
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
	if err := os.MkdirAll(o.cache, 0o755); err != nil {
		return err
	}
	gen := genConfig{seed: o.seed, hands: o.hands, workers: o.workers, pos: o.pos, hardShare: o.hard, maxActions: 500, game101: o.is101()}
	name := fmt.Sprintf("data-s%d-h%d-p%g-r%g-f%d.gob", o.seed, o.hands, o.pos, o.hard, belief.NumFeatures)
	if o.is101() {
		name = fmt.Sprintf("data101-s%d-h%d-p%g-r%g-f%d.gob", o.seed, o.hands, o.pos, o.hard, belief101.NumFeatures)
	}
	path := filepath.Join(o.cache, name)
	c0, t0 := cpu(), time.Now()
	tr, err := load(path)
	if err != nil {
		logf("playing %d training hands (seed %d)", o.hands, o.seed)
		if tr, err = generate(ctx, gen); err != nil {
			return err
		}
		tr.CPU = (cpu() - c0).Seconds()
		if err := tr.save(path); err != nil {
			return err
		}
	} else {
		logf("training data from %s", path)
	}
	logf("training: %d hands, %d positions, %d faces (%.0f CPU-s to make; %v)", tr.Hands, len(tr.Pos), len(tr.G), tr.CPU, time.Since(t0).Round(time.Second))
	tgen := gen
	tgen.seed, tgen.hands, tgen.keepViews = o.seed+1_000_003, o.testHands, o.samplerViews
	te, err := generate(ctx, tgen)
	if err != nil {
		return err
	}
	logf("held out: %d hands (seed %d), %d positions, %d faces", te.Hands, tgen.seed, len(te.Pos), len(te.G))

	tc := trainConfig{epochs: o.epochs, batch: o.batch, lr: o.lr, decay: o.decay, seed: o.seed, workers: o.workers, log: logf}
	trainOne := func(h int) (*checkpoint, error) {
		tc.checkpoint = filepath.Join(o.cache, fmt.Sprintf("ck-%s-H%d-e%d-b%d-lr%g-d%g.json", strings.TrimSuffix(name, ".gob"), h, o.epochs, o.batch, o.lr, o.decay))
		return train(ctx, newNet(h, tr, o.seed), tr, tc)
	}
	linCk, err := trainOne(0)
	if err != nil {
		return err
	}
	ck, err := trainOne(o.hidden)
	if err != nil {
		return err
	}
	logf("trained %d hidden units in %.0f CPU-s, %.0f s", o.hidden, ck.CPU, ck.Wall)

	rows := []row{
		{"uniform", evalModel(te, nil)},
		{"hand-written reading", evalModel(te, o.handwritten())},
		{"trained, linear", evalModel(te, linCk.Net.model("linear", nil))},
		{"trained, linear, no fit to the slots", evalRaw(te, linCk.Net)},
		{fmt.Sprintf("trained, %d hidden units", o.hidden), evalModel(te, ck.Net.model("mlp", nil))},
		{fmt.Sprintf("trained, %d hidden units, no fit to the slots", o.hidden), evalRaw(te, ck.Net)},
	}
	rc := recipe{Command: "go run ./bots/belief/train " + strings.Join(os.Args[1:], " "), Seed: o.seed, Commit: o.commit,
		Hands: tr.Hands, Positions: len(tr.Pos), Faces: len(tr.G), TestHands: te.Hands, TestPos: len(te.Pos), Epochs: o.epochs,
		DataCPU: tr.CPU, TrainCPU: ck.CPU, TrainWall: ck.Wall, Loss: ck.Loss,
		Held: map[string]heldOut{}}
	for _, r := range rows {
		rc.Held[r.name] = held(r.m)
	}
	rb, err := json.Marshal(rc)
	if err != nil {
		return err
	}
	m := ck.Net.model(fmt.Sprintf("trained-h%d", o.hidden), rb)
	if err := m.CheckFeatures(tr.F); err != nil {
		return err
	}
	mb, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.out, append(mb, '\n'), 0o644); err != nil {
		return err
	}
	logf("wrote %s (%d bytes)", o.out, len(mb)+1)
	if err := writeFixture(ctx, o, ck.Net); err != nil {
		return err
	}

	var rep strings.Builder
	report(&rep, te, tgen.seed, rows, m, o.worlds, rows[0], rows[1], rows[4])
	fmt.Fprintf(&rep, "\nTraining: %d hands, %d positions, %d faces; data %.0f CPU-s; %d epochs %.0f CPU-s (%.0f s wall); loss a copy by epoch %v\n",
		tr.Hands, len(tr.Pos), len(tr.G), tr.CPU, o.epochs, ck.CPU, ck.Wall, ck.Loss)
	fmt.Print(rep.String())
	if o.report != "" {
		return os.WriteFile(o.report, []byte(rep.String()), 0o644)
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
func report(rep io.Writer, te *dataset, seed uint64, rows []row, mdl *belief.Model, worlds int, cal ...row) {
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
// none of them: the figures of docs/classic-belief.md made again, on
// deals of one's choosing, in a minute or two instead of the training's
// twenty.
func evalShipped(ctx context.Context, o options) error {
	c0, t0 := cpu(), time.Now()
	gen := genConfig{seed: o.eval, hands: o.testHands, workers: o.workers, pos: o.pos, hardShare: o.hard, maxActions: 500, keepViews: o.samplerViews, game101: o.is101()}
	te, err := generate(ctx, gen)
	if err != nil {
		return err
	}
	logf("held out: %d hands (seed %d), %d positions, %d faces (%.0f CPU-s)", te.Hands, o.eval, len(te.Pos), len(te.G), (cpu() - c0).Seconds())
	m := belief.Trained()
	if o.is101() {
		m = belief101.Trained()
	}
	rows := []row{
		{"uniform", evalModel(te, nil)},
		{"hand-written reading", evalModel(te, o.handwritten())},
		{"trained (the shipped weights, " + m.Name + ")", evalModel(te, m)},
	}
	var rep strings.Builder
	report(&rep, te, o.eval, rows, m, o.worlds, rows...)
	fmt.Fprintf(&rep, "\n%.0f CPU-s, %.0f s wall.\n", (cpu() - c0).Seconds(), time.Since(t0).Seconds())
	fmt.Print(rep.String())
	if o.report != "" {
		return os.WriteFile(o.report, []byte(rep.String()), 0o644)
	}
	return nil
}
