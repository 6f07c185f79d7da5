package hand

import (
	"os"
	"strconv"
	"testing"
)

func TestZZWinLoop(t *testing.T) {
	s := benchOkeyWins(3)
	warm(s)
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	for range n {
		for k := range s.h {
			s.an[k].Win(s.h[k])
		}
	}
}
