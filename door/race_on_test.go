//go:build race

package door

// raceOn is set when the race detector is on: the package's parallel
// tests then run as many at once as go test says (see waitInParallel).
const raceOn = true
