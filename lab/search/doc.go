// Package search holds tune harnesses of bots/search that moved to the lab:
// long measurements of the product's exported API, built only with the
// tune tag (go -C lab test -tags tune ./search -run …), never part of the
// product's module or its suite.
package search
