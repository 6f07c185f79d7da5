package cli

import (
	"bytes"
	"os"
	"strconv"
	"testing"

	"okey/game"
	"okey/game/hand"
)

func TestZZLines(t *testing.T) {
	in, _ := os.ReadFile("/tmp/hard.txt")
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	lines := bytes.Split(in, []byte("\n"))[:n]
	hand.Prepare()
	zzRun(lines)
}

//go:noinline
func zzRun(lines [][]byte) {
	w := &handWorker{rules: game.DefaultRules()}
	var out []byte
	for _, l := range lines {
		out, _ = w.answer(out[:0], l)
	}
}
