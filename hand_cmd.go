package main

import (
	"context"
	"fmt"
	"io"
)

// handMain analyses hands. (Placeholder.)
func handMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "okey: hand is not built yet")
	return 1
}
