//go:build !race

package decide101

// raceOn is set when the race detector is on (see race_on_test.go).
const raceOn = false
