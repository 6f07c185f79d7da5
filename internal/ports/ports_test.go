package ports

import (
	"net"
	"strconv"
	"testing"
)

// TestFreePortsAreFreeAndBelowTheEphemeralRange: the ports are distinct,
// free (each can be listened on at once) and below where the system
// hands out ports by itself, so no outgoing connection takes one.
func TestFreePortsAreFreeAndBelowTheEphemeralRange(t *testing.T) {
	ps, err := Free(5)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range ps {
		if seen[p] {
			t.Fatalf("port %d twice in %v", p, ps)
		}
		seen[p] = true
		if p < lowest || p >= ephemeralStart() {
			t.Errorf("port %d outside %d–%d", p, lowest, ephemeralStart()-1)
		}
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err != nil {
			t.Errorf("port %d not free: %v", p, err)
			continue
		}
		l.Close()
	}
}
