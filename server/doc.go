// Package server is the root of okey serve's tree: the program that
// listens for players (the SSH door) and keeps the tables, the lobby,
// the tournaments and the cluster's store, apart from what a player
// sees (the door starts a session a connection, and the sessions and
// their pages are under ui/serve). It holds no code; its test keeps the
// tree apart from the screens.
//
// The tree, from the door down:
//
//	door/         the SSH door: admission and limits, the sessions started,
//	              the commands over ssh, the server's parts held together
//	tables/       a table's goroutine and its referees, the format it drives
//	hall/         the tables as the lobby sees them, across the nodes
//	tournaments/  the tournaments, driven by the node holding their lease
//	keep/         what is kept in NATS JetStream and shared between nodes
//	web/          the browser door: a page with a terminal, a WebSocket a session
//	rating/       the rating model
//	loadgen/      okey load: the server's processes driven and measured
//	proc/         a process's CPU and memory, read from /proc
//	servetest/    helpers the server's tests share
//	internal/     ports below the ephemeral range
package server
