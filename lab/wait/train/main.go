package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"okey/bots/wait"
	"okey/lab/internal/trainer"
)

// options are the trainer's flags (trainer.Knobs: the same as the
// belief's trainer, with other defaults).
type options struct{ trainer.Knobs }

func main() {
	o := options{trainer.Knobs{Seed: 1, Hands: 8000, TestHands: 2000, Pos: 0.15, Hard: 0.3, Hidden: 16, Epochs: 8, Batch: 256,
		LR: 0.003, Decay: 1e-4, Workers: 2, Cache: filepath.Join(os.TempDir(), "okey-wait")}}
	o.Register(flag.CommandLine, "rows", "a discard's view")
	flag.Lookup("out").Usage = "the weights file written (default: bots/wait/weights.json)"
	flag.Lookup("fixture").Usage = "the test's fixed cases written (default: bots/wait/testdata/fixture.json)"
	flag.Parse()
	if err := o.Defaults("bots/wait"); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(2)
	}
	o.Main(func(ctx context.Context) error { return run(ctx, o) })
}

// recipe is what the weights file says of how it was made.
type recipe struct {
	trainer.Made
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
	return filepath.Join(o.Cache, fmt.Sprintf("wait-s%d-h%d-p%g-r%g-f%d.gob", seed, hands, o.Pos, o.Hard, wait.NumFeatures))
}

// dataOf reads the data of hands dealt from seed from the cache, or
// plays them.
func dataOf(ctx context.Context, o options, seed uint64, hands int) (*dataset, error) {
	path := dataPath(o, seed, hands)
	if d, err := load(path); err == nil {
		trainer.Logf("data from %s", path)
		return d, nil
	}
	c0 := trainer.CPU()
	trainer.Logf("playing %d hands (seed %d)", hands, seed)
	d, err := generate(ctx, genConfig{seed: seed, hands: hands, workers: o.Workers, pos: o.Pos, hardShare: o.Hard, maxActions: 500})
	if err != nil {
		return nil, err
	}
	d.CPU = (trainer.CPU() - c0).Seconds()
	return d, d.save(path)
}

func run(ctx context.Context, o options) error {
	if err := os.MkdirAll(o.Cache, 0o755); err != nil {
		return err
	}
	tr, err := dataOf(ctx, o, o.Seed, o.Hands)
	if err != nil {
		return err
	}
	trainer.Logf("training: %d hands, %d positions, %d rows, %.4f win-feeds a row (%.0f CPU-s to make)", tr.Hands, tr.Positions, tr.rows(), tr.rate(), tr.CPU)
	te, err := dataOf(ctx, o, o.Seed+1_000_003, o.TestHands)
	if err != nil {
		return err
	}
	trainer.Logf("held out: %d hands, %d positions, %d rows, %.4f win-feeds a row", te.Hands, te.Positions, te.rows(), te.rate())

	base := tr.rate()
	placements := []int{wait.FeatTenpai, wait.FeatOut, wait.FeatWin}
	noPlacements := mask(wait.NumFeatures, placements...)
	tc := trainConfig{epochs: o.Epochs, batch: o.Batch, lr: o.LR, decay: o.Decay, seed: o.Seed, log: trainer.Logf}
	fit := func(name string, h int, use []bool) (*net, []float64, float64) {
		trainer.Logf("training %s", name)
		c0 := trainer.CPU()
		n := newNet(h, tr, use, o.Seed)
		loss, err := train(ctx, n, tr, tc)
		if err != nil {
			trainer.Logf("%s: %v", name, err)
			os.Exit(1)
		}
		return n, loss, (trainer.CPU() - c0).Seconds()
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
	mlpNoP, _, _ := fit(fmt.Sprintf("%d hidden, without the placements", o.Hidden), o.Hidden, noPlacements)
	mlp, loss, tcpu := fit(fmt.Sprintf("%d hidden", o.Hidden), o.Hidden, nil)

	rows := []evalRow{
		{"the base rate (training's)", te.eval(func(int) float64 { return base })},
		{"the belief's placements: share letting the next player win (16, e^−d)", te.eval(func(i int) float64 { return float64(te.x(i)[wait.FeatWin]) })},
		{"the placements' three shares, calibrated (logistic)", te.eval(platt.prob(te))},
		{"trained, linear", te.eval(lin.prob(te))},
		{fmt.Sprintf("trained, %d hidden, without the placements", o.Hidden), te.eval(mlpNoP.prob(te))},
		{fmt.Sprintf("trained, %d hidden", o.Hidden), te.eval(mlp.prob(te))},
	}
	rc := recipe{Made: o.Made("wait/train", tr.Hands, tr.Positions),
		Rows: tr.rows(), TestHands: te.Hands, TestRows: te.rows(), Epochs: o.Epochs,
		DataCPU: tr.CPU, TrainCPU: tcpu, Loss: loss, Held: map[string]heldOut{}}
	for _, r := range rows {
		rc.Held[r.name] = heldOut{r.m.log, r.m.brier, r.m.auc}
	}
	rb, err := json.Marshal(rc)
	if err != nil {
		return err
	}
	m := mlp.Model(fmt.Sprintf("wait-h%d", o.Hidden), rb)
	if err := m.CheckFeatures(wait.NumFeatures); err != nil {
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
	if err := writeFixture(ctx, o, mlp); err != nil {
		return err
	}
	var rep strings.Builder
	report(&rep, te, o.Seed+1_000_003, rows)
	fmt.Fprintf(&rep, "\nTraining: %d hands, %d positions, %d rows (%.4f win-feeds a row); data %.0f CPU-s; %d epochs %.0f CPU-s; loss by epoch %v\n",
		tr.Hands, tr.Positions, tr.rows(), tr.rate(), tr.CPU, o.Epochs, tcpu, loss)
	fmt.Print(rep.String())
	if o.Report != "" {
		return os.WriteFile(o.Report, []byte(rep.String()), 0o644)
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
