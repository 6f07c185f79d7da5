// Package botsclassic holds tune harnesses of bots/botsclassic that moved
// to the lab: measurements through the bots' exported API, built only
// with the tune tag (go -C lab test -tags tune ./botsclassic -run …),
// never part of the product's module or its suite. The harnesses that
// build research players on the bots' unexported parts (pimc, oracle,
// expert, sight, the bound) stay in bots/botsclassic.
package botsclassic
