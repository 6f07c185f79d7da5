//go:build !race

package door

// raceOn is set when the race detector is on (see race_on_test.go).
const raceOn = false
