// Command okey is the Turkish tile game Okey in the terminal: play a
// match against three bots (the default), analyse a hand (okey hand),
// pit bots against each other (okey sim), serve tables over SSH and the
// browser (okey serve). The command line itself is package okey/cmd;
// this file only hands it what the link gave and exits with its status
// (0 done, 1 a runtime failure, 2 a wrong command line, 128 and the
// signal's number when interrupted).
package main

import (
	"os"

	"okey/cmd"
)

// Set at link time with -ldflags -X (the README's release build): the
// release's version, the commit's hash, its time (RFC 3339) and "true"
// for a work tree with changes not committed.
var release, commit, commitTime, modified string

func main() {
	os.Exit(cmd.Main(cmd.Link{Release: release, Commit: commit, CommitTime: commitTime, Modified: modified}))
}
