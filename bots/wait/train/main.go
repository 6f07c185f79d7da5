package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"okey/bots/wait"
)

type options struct {
	seed                  uint64
	hands, testHands      int
	pos, hard             float64
	hidden, epochs, batch int
	lr, decay             float64
	workers               int
	cache, out, fixture   string
	commit, report        string
}

func main() {
	var o options
	flag.Uint64Var(&o.seed, "seed", 1, "the seed of everything: the deals, the bots, the placements, the weights' start, the order of the steps")
	flag.IntVar(&o.hands, "hands", 8000, "training hands")
	flag.IntVar(&o.testHands, "test-hands", 2000, "held-out hands (dealt from another seed)")
	flag.Float64Var(&o.pos, "pos", 0.15, "the chance that a discard's view is kept as a position")
	flag.Float64Var(&o.hard, "hard", 0.3, "the chance that a seat is played by hard rather than normal")
	flag.IntVar(&o.hidden, "hidden", 16, "hidden units of the network (0: linear)")
	flag.IntVar(&o.epochs, "epochs", 8, "passes over the training rows")
	flag.IntVar(&o.batch, "batch", 256, "rows a step")
	flag.Float64Var(&o.lr, "lr", 0.003, "Adam's first step size (cosine to 0)")
	flag.Float64Var(&o.decay, "decay", 1e-4, "weight decay")
	flag.IntVar(&o.workers, "workers", 2, "goroutines playing the hands (the result does not depend on them)")
	flag.StringVar(&o.cache, "cache", filepath.Join(os.TempDir(), "okey-wait"), "where the data are kept")
	flag.StringVar(&o.out, "out", "bots/wait/weights.json", "the weights file written")
	flag.StringVar(&o.fixture, "fixture", "bots/wait/testdata/fixture.json", "the test's fixed cases written")
	flag.StringVar(&o.commit, "commit", "", "the commit of the code that made the data (default: the build's)")
	flag.StringVar(&o.report, "report", "", "also write the report (markdown) here")
	flag.Parse()
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
	Rows      int                `json:"rows"`
	TestHands int                `json:"test_hands"`
	TestRows  int                `json:"test_rows"`
	Epochs    int                `json:"epochs"`
	DataCPU   float64            `json:"data_cpu_s"`
	TrainCPU  float64            `json:"train_cpu_s"`
	Loss      []float64          `json:"training_loss"`
	Held      map[string]heldOut `json:"held_out"`
}

type heldOut struct {
	Log   float64 `json:"log_loss"`
	Brier float64 `json:"brier"`
	AUC   float64 `json:"auc"`
}

// dataPath is where the data of a run's hands are kept.
func dataPath(o options, seed uint64, hands int) string {
	return filepath.Join(o.cache, fmt.Sprintf("wait-s%d-h%d-p%g-r%g-f%d.gob", seed, hands, o.pos, o.hard, wait.NumFeatures))
}

// dataOf reads the data of hands dealt from seed from the cache, or
// plays them.
func dataOf(ctx context.Context, o options, seed uint64, hands int) (*dataset, error) {
	path := dataPath(o, seed, hands)
	if d, err := load(path); err == nil {
		logf("data from %s", path)
		return d, nil
	}
	c0 := cpu()
	logf("playing %d hands (seed %d)", hands, seed)
	d, err := generate(ctx, genConfig{seed: seed, hands: hands, workers: o.workers, pos: o.pos, hardShare: o.hard, maxActions: 500})
	if err != nil {
		return nil, err
	}
	d.CPU = (cpu() - c0).Seconds()
	return d, d.save(path)
}

func run(ctx context.Context, o options) error {
	if err := os.MkdirAll(o.cache, 0o755); err != nil {
		return err
	}
	tr, err := dataOf(ctx, o, o.seed, o.hands)
	if err != nil {
		return err
	}
	logf("training: %d hands, %d positions, %d rows, %.4f win-feeds a row (%.0f CPU-s to make)", tr.Hands, tr.Positions, tr.rows(), tr.rate(), tr.CPU)
	te, err := dataOf(ctx, o, o.seed+1_000_003, o.testHands)
	if err != nil {
		return err
	}
	logf("held out: %d hands, %d positions, %d rows, %.4f win-feeds a row", te.Hands, te.Positions, te.rows(), te.rate())

	base := tr.rate()
	placements := []int{wait.FeatTenpai, wait.FeatOut, wait.FeatWin}
	noPlacements := mask(wait.NumFeatures, placements...)
	tc := trainConfig{epochs: o.epochs, batch: o.batch, lr: o.lr, decay: o.decay, seed: o.seed, log: logf}
	fit := func(name string, h int, use []bool) (*net, []float64, float64) {
		logf("training %s", name)
		c0 := cpu()
		n := newNet(h, tr, use, o.seed)
		loss, err := train(ctx, n, tr, tc)
		if err != nil {
			logf("%s: %v", name, err)
			os.Exit(1)
		}
		return n, loss, (cpu() - c0).Seconds()
	}
	only := func(keep ...int) []bool {
		u := make([]bool, wait.NumFeatures)
		for _, k := range keep {
			u[k] = true
		}
		return u
	}
	platt, _, _ := fit("the placements' shares, calibrated", 0, only(placements...))
	lin, _, _ := fit("linear", 0, nil)
	mlpNoP, _, _ := fit(fmt.Sprintf("%d hidden, without the placements", o.hidden), o.hidden, noPlacements)
	mlp, loss, tcpu := fit(fmt.Sprintf("%d hidden", o.hidden), o.hidden, nil)

	rows := []evalRow{
		{"the base rate (training's)", te.eval(func(int) float64 { return base })},
		{"the belief's placements: share letting the next player win (16, e^−d)", te.eval(func(i int) float64 { return float64(te.x(i)[wait.FeatWin]) })},
		{"the placements' three shares, calibrated (logistic)", te.eval(platt.prob(te))},
		{"trained, linear", te.eval(lin.prob(te))},
		{fmt.Sprintf("trained, %d hidden, without the placements", o.hidden), te.eval(mlpNoP.prob(te))},
		{fmt.Sprintf("trained, %d hidden", o.hidden), te.eval(mlp.prob(te))},
	}
	rc := recipe{Command: "go run ./bots/wait/train " + strings.Join(os.Args[1:], " "), Seed: o.seed, Commit: o.commit,
		Hands: tr.Hands, Positions: tr.Positions, Rows: tr.rows(), TestHands: te.Hands, TestRows: te.rows(), Epochs: o.epochs,
		DataCPU: tr.CPU, TrainCPU: tcpu, Loss: loss, Held: map[string]heldOut{}}
	for _, r := range rows {
		rc.Held[r.name] = heldOut{r.m.log, r.m.brier, r.m.auc}
	}
	rb, err := json.Marshal(rc)
	if err != nil {
		return err
	}
	m := mlp.model(fmt.Sprintf("wait-h%d", o.hidden), rb)
	if err := m.CheckFeatures(wait.NumFeatures); err != nil {
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
	if err := writeFixture(ctx, o, mlp); err != nil {
		return err
	}
	var rep strings.Builder
	report(&rep, te, o.seed+1_000_003, rows)
	fmt.Fprintf(&rep, "\nTraining: %d hands, %d positions, %d rows (%.4f win-feeds a row); data %.0f CPU-s; %d epochs %.0f CPU-s; loss by epoch %v\n",
		tr.Hands, tr.Positions, tr.rows(), tr.rate(), tr.CPU, o.epochs, tcpu, loss)
	fmt.Print(rep.String())
	if o.report != "" {
		return os.WriteFile(o.report, []byte(rep.String()), 0o644)
	}
	return nil
}

// mask is every feature of n but those left out.
func mask(n int, out ...int) []bool {
	u := make([]bool, n)
	for k := range u {
		u[k] = true
	}
	for _, k := range out {
		u[k] = false
	}
	return u
}
