// Package door is okey serve's SSH door: the server program a player
// reaches with ssh, nothing to install. It listens, lets in keys and
// guests within their share (connections counted and capped by address,
// a PROXY protocol header read from a trusted proxy), turns newcomers
// away when the node is over its limit, starts one session a connection
// (package serve under ui/, which draws; the door draws nothing itself),
// answers the sessions' questions (common.ServerSide, common.TourneySide),
// runs the commands over ssh ("record TABLE", "daily GAME DATE HAND",
// "tournament ID [--json]", the status line), and owns the server's
// parts: the store (server/keep), the hall of tables (server/hall), the
// tournaments (server/tournaments), the served daily, the ratings, and
// the cluster's members as a node sees them.
//
// The shape: one goroutine per table owns its game (behind the referee
// interface: classic Okey's or Okey 101's), its seats, chat and clock;
// sessions send it requests without blocking, and it answers each member
// through a mailbox of capacity one where the latest update replaces one
// not read, so a client that stops reading holds up nobody. Every table
// is written as it changes, by a saver goroutine of its own, into a NATS
// server with JetStream embedded in the process (its match record a
// stream of appends, its seats, codes and chat a key-value entry), and
// comes back after a restart.
//
// The files, from the top down (each refers only to those below it):
//
//	lifecycle.go  New, Serve, Shutdown: a server started and stopped, its store opened and closed
//	web.go        the browser door's way in (door/web): a browser's connection counted with
//	              the SSH door's, its page a Terminal, run by the same handlers as a guest or
//	              as the key a linked browser plays as
//	link.go       a browser linked to a player's key: the code handed in, the credential sealed
//	              and checked at each connect, a revoke ending its sessions on every node
//	conn.go       a connection's way to its session: the SSH door's handler, the guard against a
//	              panic, the session started (serve.Start) on the visit's Terminal and run, the
//	              terminal put back, the last word
//	command.go    the commands over ssh: "record TABLE", a finished match's record; "daily GAME
//	              DATE HAND" (daily.go's); the status line
//	mute.go       the operator's "mute NAME [DURATION]", "unmute NAME" and "mutes" over ssh: the
//	              player named found at the tables and in the tournaments
//	tourneycmd.go "tournament ID [--json]" over ssh: a tournament's standings as text or JSON,
//	              one line and a non-zero exit for an unknown id; the operator's "tournament ID
//	              cancel"
//	tourneyedit.go the operator's "tournament ID edit SETTING=VALUE..." over ssh: a tournament
//	              changed before it begins, held to the form's limits, refused in its words
//	port.go       serverPort, the Server as its sessions see it
//	admit.go      who is let in: keys and guests, connections counted and capped by address (a
//	              key from the loopback by itself, once known), a node turning newcomers away
//	proxyproto.go the PROXY protocol: a trusted proxy's header says the client's address, which
//	              the limits count
//	live.go       the sessions the server holds: one per identity, the older replaced, a live
//	              holder of a seat asked
//	tourneys.go   the tournaments made on the store, handed the tables' ends, started; the
//	              operator's read from their files (--tournament) and created once
//	tourneyport.go  the tournaments as a session reaches them (serverPort's tournament methods)
//	server.go     Config, Server: what the server is told and holds, and the parts it is made
//	              of with methods of their own, reached by name, never promoted: the console
//	              (the commands over ssh), the browsers' links (BrowserLinks, Browsers)
//	members.go    the cluster as a node watches it (clusterWatch): its members, each logged as it
//	              joins and leaves, listed by status, an unknown one flagged
//	daily.go      the served daily as the server keeps it (dailyDesk): the day's secret made and
//	              committed, its page read, a player's day claimed once, par measured in the
//	              background; "daily GAME DATE HAND"
//	copies.go     the store's copies behind, as status last asked
//	share.go      a client's fair share, per address (an address's host): connections, guesses
//	health.go     a node's health: its scheduling delay and store wait
//	terminal.go   Terminal, the one face of a player's terminal both doors hand a session (read,
//	              write, window, context), and the visit the door keeps beside it: who, from
//	              where, how to end or ping the connection; an SSH session's of each
//
// A browser reaches the same sessions through door/web's page and
// WebSocket (okey serve --web): web.go runs each of its connections on
// a Terminal of its own, as a guest or as the player whose key it is
// linked to (link.go), counted and capped with the SSH door's.
//
// It imports the server's packages, the session (okey/ui/serve) and its
// common value, the leaves (kit/: words, safe text, files), Charm's SSH libraries (ssh,
// wish) and NATS; it imports none of Charm's drawing libraries, and
// nothing imports it but the okey command and okey load
// (internal/floors holds it).
//
// The tests run a server in process on 127.0.0.1 with x/crypto/ssh
// clients and a small terminal that reads their screens (screen_test.go);
// load_test.go runs the server in a process of its own and measures it;
// package loadgen (okey load) does the same at the pace of people, for
// hundreds of sessions, with the server's profiles.
package door
