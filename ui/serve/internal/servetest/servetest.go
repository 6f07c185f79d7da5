// Package servetest holds what the tests of okey serve's packages share
// and no package's tests can lend another: helpers for tests only.
//
// It may import the standard library alone.
package servetest

import (
	"net"
	"testing"
)

// FreePorts finds n ports free on 127.0.0.1 now (a node's cluster port
// must be known to the others before it starts).
func FreePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}
