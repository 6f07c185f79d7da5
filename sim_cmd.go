package main

import (
	"context"
	"fmt"
	"io"
)

// simMain runs bot-against-bot simulations. (Placeholder until the bots land.)
func simMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "okey: sim is not built yet")
	return 1
}
