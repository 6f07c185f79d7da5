// Package belief101 holds the tune harnesses of bots/belief101 that
// moved to the lab: the ceiling's chain (tune_ceiling_test.go), the
// proxy of a perfect reading in whole matches (tune_proxy_test.go,
// proxy101_tune_test.go), the reweighed readings (tune_reweigh_test.go)
// and the weighed reading's levels (tune_levels_test.go). They measure
// through belief101's exported API, are built only with the tune tag
// (go -C lab test -tags tune ./belief101 -run …), and are no part of
// the product's module or its suite.
package belief101
