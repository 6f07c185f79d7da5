//go:build race

package quicksuite

// raceOn is set when the race detector is on: its runs are CI's, whose
// memory the detector multiplies.
const raceOn = true
