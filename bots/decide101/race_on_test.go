//go:build race

package decide101

// raceOn is set when the race detector is on: the heavy checks then run
// at a fraction of their -short size, or leave their judging to the run
// without it. They check play and judgement, which the race detector
// does not look at; the concurrency they touch is exercised all the same.
const raceOn = true
