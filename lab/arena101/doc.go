// Package arena101 holds tune harnesses of bots/arena101 that moved to the lab:
// long measurements of the product's exported API, built only with the
// tune tag (go -C lab test -tags tune ./arena101 -run …), never part of the
// product's module or its suite.
package arena101
