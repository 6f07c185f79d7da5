//go:build race

package meld

// raceOn is set when the race detector is on: the heavy checks then run
// at a fraction of their -short size. They check the analysis and the
// rules, which the race detector does not look at; the concurrency they
// touch is exercised all the same.
const raceOn = true
