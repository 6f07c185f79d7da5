// Command handlines prints N dealt hands as `okey hand --json` reads
// them, to time the command:
//
//	go run ./tools/handlines 1000000 > lines.txt
//	go build -o okey . && time ./okey hand --json < lines.txt > /dev/null
package main

import (
	"fmt"
	"os"
	"strconv"

	"okey/internal/handlines"
)

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: handlines N [SEED]")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil || n < 0 {
		fmt.Fprintf(os.Stderr, "handlines: %q is not a number of lines\n", os.Args[1])
		os.Exit(2)
	}
	seed := uint64(7)
	if len(os.Args) == 3 {
		if seed, err = strconv.ParseUint(os.Args[2], 10, 64); err != nil {
			fmt.Fprintf(os.Stderr, "handlines: %q is not a seed\n", os.Args[2])
			os.Exit(2)
		}
	}
	if err := handlines.Write(os.Stdout, n, seed); err != nil {
		fmt.Fprintln(os.Stderr, "handlines:", err)
		os.Exit(1)
	}
}
