// Package reader101 holds tune harnesses of bots/reader101 that moved to the lab:
// long measurements of the product's exported API, built only with the
// tune tag (go -C lab test -tags tune ./reader101 -run …), never part of the
// product's module or its suite.
package reader101
