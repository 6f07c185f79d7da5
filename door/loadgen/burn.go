package loadgen

import (
	"context"
	"fmt"
	"io"
	"math"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// A neighbour that burns CPU. A server that players trust must slow
// down, not stop, when something else on its machine takes most of the
// cores (a shared host, a noisy neighbour, a spike of other work), and
// the load command can put one beside the servers it measures: Burn
// cores taken by a process of its own (this binary again, BurnFlag),
// at the same priority as the servers, for the whole step. A fraction
// of a core is a spinner busy that share of every few milliseconds.

// BurnFlag is the hidden flag of the load command that makes it the
// neighbour: its value the cores to burn.
const BurnFlag = "burn-child"

// burnSlice is the period of a fractional core's spinner.
const burnSlice = 10 * time.Millisecond

// maxBurn is the most cores a neighbour burns.
const maxBurn = 64

// Burn spins cores cores' worth of CPU until ctx ends or in ends (its
// parent gone), and returns the process's exit status.
func Burn(ctx context.Context, cores string, in io.Reader) int {
	n, err := strconv.ParseFloat(cores, 64)
	if err != nil || n <= 0 || n > maxBurn {
		return 2
	}
	ctx, cancel := whileParent(ctx, in)
	defer cancel()
	runtime.GOMAXPROCS(int(math.Ceil(n)) + 1)
	var wg sync.WaitGroup
	for share := n; share > 0; share-- {
		wg.Go(func() { spin(ctx, min(share, 1)) })
	}
	wg.Wait()
	return 0
}

// whileParent is ctx, ended too once in ends: a neighbour's standard
// input is its parent's pipe, closed when the parent goes, however.
func whileParent(ctx context.Context, in io.Reader) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		_, _ = io.Copy(io.Discard, in)
		cancel()
	}()
	return ctx, cancel
}

// spin keeps one core busy for share of every burnSlice until ctx ends.
func spin(ctx context.Context, share float64) {
	busy := time.Duration(share * float64(burnSlice))
	x := uint64(1)
	for ctx.Err() == nil {
		start := time.Now()
		for time.Since(start) < busy {
			for range 1000 {
				x = x*6364136223846793005 + 1442695040888963407
			}
		}
		if rest := burnSlice - busy; rest > 0 {
			time.Sleep(rest)
		}
	}
	runtime.KeepAlive(x)
}

// burner is a running neighbour.
type burner struct {
	cmd *exec.Cmd
	in  io.WriteCloser
}

// startBurner starts a neighbour burning cores (binary: this program).
func startBurner(binary string, cores float64) (*burner, error) {
	cmd := exec.Command(binary, "load", "--"+BurnFlag, strconv.FormatFloat(cores, 'f', -1, 64))
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the neighbour that burns %g cores: %w", cores, err)
	}
	return &burner{cmd: cmd, in: in}, nil
}

// stop ends the neighbour and waits for it.
func (b *burner) stop() {
	if b == nil {
		return
	}
	b.in.Close()
	waitOrKill(b.cmd, 5*time.Second)
}
