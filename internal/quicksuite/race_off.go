//go:build !race

package quicksuite

// raceOn is set when the race detector is on (see race_on.go).
const raceOn = false
