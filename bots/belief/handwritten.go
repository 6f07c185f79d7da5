package belief

import "okey/bots/smallnet"

// Handwritten is the reading a player could write down without
// training, the baseline the trained model is measured against: each
// time an opponent threw a face it is less likely to hold another (its
// discards are its loosest tiles, and a pair is not loose), and less
// likely to hold the faces that run or set with it; each time it took a
// discard it is likelier to hold the faces the taken tile melds with
// (normal takes a discard only when it lowers its distance); each time
// it let its previous player's discard go and drew instead, a little
// less likely to hold what that tile melds with. The coefficients are
// log-odds a tile, set by hand: a discard of the face about e^−1.2 ≈
// 0.3 times the odds, a take's run neighbour e^0.7 ≈ 2 times.
func Handwritten() *smallnet.Model {
	m := Uniform()
	m.Name = "handwritten"
	set := func(base int, same, run1, run2, value float32) {
		m.W2[base+RelSame], m.W2[base+RelRun1], m.W2[base+RelRun2], m.W2[base+RelValue] = same, run1, run2, value
	}
	set(fThrown, -1.2, -0.5, -0.3, -0.3)
	set(fTaken, 0, 0.7, 0.4, 0.5)
	set(fPassed, -0.4, -0.3, -0.15, -0.2)
	return m
}
