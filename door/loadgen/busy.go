package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strconv"

	"okey/bots/arena101"
	"okey/game/okey101"
)

// A neighbour that works. The spinner (burn.go) takes whole slices of
// a core and nothing else; a shared machine's other work also
// allocates, collects its garbage and runs at a lower priority when
// its owner was careful. The busy neighbour is that: this binary again
// (BusyFlag), playing hard bots' hands of 101 on one goroutine at
// niceness 10 for the whole step, so it takes whatever the servers and
// the spinner leave (about half a core on this project's two-core
// machine beside a 2-core burn).

// BusyFlag is the hidden flag of the load command that makes it the
// busy neighbour: its value the seed of the hands it plays.
const BusyFlag = "busy-child"

// maxBusy is the most busy neighbours a step starts.
const maxBusy = 8

// busyNice is the niceness the busy neighbour runs at.
const busyNice = 10

// Busy plays bots' hands of 101 until ctx ends or in ends (its parent
// gone), at a lower priority, and returns the process's exit status.
func Busy(ctx context.Context, seed string, in io.Reader) int {
	s, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return 2
	}
	ctx, cancel := whileParent(ctx, in)
	defer cancel()
	// A niceness it cannot take is no reason not to work: it then
	// competes at the servers' priority, a harsher neighbour.
	_ = lowerPriority(busyNice)
	runtime.GOMAXPROCS(1)
	for ctx.Err() == nil {
		_, err := arena101.Run(ctx, arena101.Config{
			Bots:    []string{"hard", "hard", "hard", "hard"},
			Hands:   400,
			Seed:    s,
			Rules:   okey101.DefaultRules(),
			Workers: 1,
		})
		if err != nil && !errors.Is(err, arena101.ErrInterrupted) {
			return 1
		}
		s++
	}
	return 0
}

// startBusy starts a busy neighbour (binary: this program).
func startBusy(binary string, seed int) (*burner, error) {
	cmd := exec.Command(binary, "load", "--"+BusyFlag, strconv.Itoa(seed))
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the busy neighbour: %w", err)
	}
	return &burner{cmd: cmd, in: in}, nil
}
