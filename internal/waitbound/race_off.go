//go:build !race

package waitbound

// raceOn is set when the race detector is on (see race_on.go).
const raceOn = false
