//go:build race

package waitbound

// raceOn is set when the race detector is on: the tests then use the
// cores, and run at go test's pace.
const raceOn = true
