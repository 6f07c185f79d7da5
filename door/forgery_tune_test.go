//go:build tune

package door

import "testing"

// TestForgeriesDuringPlayOnThreeNodes is TestForgeriesDuringPlay on
// three nodes whose embedded servers form the store: the forger writes
// through the third node's connection, without its seal.
func TestForgeriesDuringPlayOnThreeNodes(t *testing.T) {
	srvs, addrs := startNodes(t, 3)
	nc := srvs[2].eng.NC
	overheard := listen(t, nc, "okey.members.>")
	ann, bob := seatAcross(t, addrs[0], addrs[1])
	forgeDuringPlay(t, nc, overheard, srvs[0], srvs[1], ann, bob)
}
