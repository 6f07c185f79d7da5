// Package server is the root of okey serve's core, below the doors and
// the screens: the tables, the lobby, the tournaments and the cluster's
// store. The doors (door/: SSH, door/web: the browser) stand above the
// sessions (ui/serve), which stand above this tree; nothing here
// imports a door or a screen (internal/floors holds it). It holds no
// code.
//
// The tree:
//
//	tables/       a table's goroutine and its referees, the format it drives
//	hall/         the tables as the lobby sees them, across the nodes
//	tournaments/  the tournaments, driven by the node holding their lease
//	keep/         what is kept in NATS JetStream and shared between nodes
//	rating/       the rating model
//	proc/         a process's CPU and memory, read from /proc
//	servetest/    helpers the server's tests share
package server
