// Package bots101 holds tune harnesses of bots/bots101 that moved to the lab:
// long measurements of the product's exported API, built only with the
// tune tag (go -C lab test -tags tune ./bots101 -run …), never part of the
// product's module or its suite.
package bots101
