// Package ports finds loopback ports for the nodes of a cluster started
// for a test or a load: each node must be told the others' cluster
// addresses before any of them listens, so the ports are chosen free and
// then handed on, and they must stay free until the nodes bind them.
//
// A port the system gave for ":0" lies in its ephemeral range, the same
// range it takes the local port of every outgoing connection from: in
// the moment between the choice and the node's listen, another test's
// connection (or its own ":0") could take it, and the node failed with
// "address already in use" (a clean-clone CI run beside a busy
// neighbour, 2026-11-26). Free chooses below that range instead, where
// the system never hands out a port by itself.
package ports

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// lowest is the lowest port Free chooses: above the well-known and the
// usual registered services' ports.
const lowest = 20000

// Free is n distinct ports on 127.0.0.1, free now, chosen at random below
// the system's ephemeral range.
func Free(n int) ([]int, error) {
	hi := ephemeralStart()
	if hi-lowest < 4*n {
		hi = lowest + 4*n + 1000
	}
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	ports := make([]int, 0, n)
	for try := 0; len(ports) < n; try++ {
		if try == 1000 {
			return nil, fmt.Errorf("no free port on 127.0.0.1 in %d–%d after %d tries", lowest, hi-1, try)
		}
		p := lowest + rand.IntN(hi-lowest)
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err != nil {
			continue // taken: another
		}
		ls = append(ls, l)
		ports = append(ports, p)
	}
	return ports, nil
}

// ephemeralStart is where the system's ephemeral ports begin (Linux
// says it in /proc; 32768, its default, elsewhere or if unreadable).
func ephemeralStart() int {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 32768
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 32768
	}
	lo, err := strconv.Atoi(f[0])
	if err != nil || lo <= lowest {
		return 32768
	}
	return lo
}
