package main

import (
	"context"
	"fmt"
	"io"
)

// playMain runs the full-screen game. (Placeholder until the table lands.)
func playMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "okey: the table is not built yet")
	return 1
}
