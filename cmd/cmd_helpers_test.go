package cmd

import (
	"context"
	"io"
)

// These run a command as okey COMMAND ARGS… does, for the tests written
// against each command.

func playMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, args, stdin, stdout, stderr) // okey with no command plays
}

func handMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, append([]string{"hand"}, args...), stdin, stdout, stderr)
}

func simMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, append([]string{"sim"}, args...), stdin, stdout, stderr)
}

func serveMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, append([]string{"serve"}, args...), stdin, stdout, stderr)
}
