// Package serve is okey serve: Okey over SSH. Friends join with ssh,
// nothing to install; each connection gets a lobby of tables, and at a
// table the same screen as local play (package ui's, as a seat), from
// its own seat. Empty seats are bots. A table plays classic Okey or
// Okey 101.
//
// The shape: one goroutine per table owns its game (behind the referee interface: classic
// Okey's or Okey 101's), its seats, chat and clock; sessions send it requests without blocking,
// and it answers each member through a mailbox of capacity one where the latest update replaces
// one not read, so a client that stops reading holds up nobody. A session's model waits for its
// mailbox in a tea.Cmd that also watches the session's context; nothing sends to a session from
// a table. Every table is written as it changes, by a saver goroutine of its own, into a NATS
// server with JetStream embedded in the process (its match record a stream of appends, its
// seats, codes and chat a key-value entry), and comes back after a restart.
//
// A session is a small host of pages (soft-serve's shape): each page is
// a package of its own under pages/, with its keys, that takes the one
// shared value (package common's Common: who, the size, the words, the
// styles, the place at a table) and a message and answers with a turn,
// the page to show next and a command. The host handles what every
// page shares (the window, the background, the chat line, idleness,
// the last word) and hands everything else to the page on show, or to
// the page whose command brought it (a table's messages to the seat's),
// never asking which page it is (TestHostAsksNoPageKind). What a
// session needs of the server it asks through common.ServerSide, an
// interface the session side defines and the server answers (port.go);
// no page reads the Server's fields. "Take the player to their
// tournament table" is the tournament side's word (common.ToTable),
// which the page on show obeys or lets pass.
//
// The files, from the top down (each refers only to those below it):
//
//	lifecycle.go  New, Serve, Shutdown: a server started and stopped, its store opened and closed
//	conn.go       a connection's way to its session: the guard against a panic, the driver, the
//	              model built, the window capped
//	command.go    the commands over ssh: "record TABLE", a finished match's record; "daily GAME
//	              DATE HAND" (daily.go's); the status line
//	tourneycmd.go "tournament ID [--json]" over ssh: a tournament's standings as text or JSON,
//	              one line and a non-zero exit for an unknown id
//	members.go    the cluster as a node watches it (clusterWatch): its members, each logged as it
//	              joins and leaves, listed by status, an unknown one flagged
//	tourneyport.go  the tournaments as a session reaches them (serverPort's tournament methods)
//	port.go       a new session made; serverPort, the Server as its sessions see it
//	admit.go      who is let in: keys and guests, connections counted and capped by address (a
//	              key from the loopback by itself, once known), a node turning newcomers away
//	proxyproto.go the PROXY protocol: a trusted proxy's header says the client's address, which
//	              the limits count
//	live.go       the sessions the server holds: one per identity, the older replaced, a live
//	              holder of a seat asked
//	tourneys.go   the tournaments made on the store, handed the tables' ends, started; the
//	              operator's read from their files (--tournament) and created once
//	daily.go      the served daily as the server keeps it (dailyDesk): the day's secret made and
//	              committed, its page read, a player's day claimed once, par measured in the
//	              background; "daily GAME DATE HAND"
//	server.go     Config, Server: what the server is told and holds
//	update.go     the session's Update: what every page shares, the rest to the page on show or
//	              the page it is for; what the session sleeps on (the hall's news while the page
//	              watches it, the idle timer)
//	view.go       the session's View: a page that draws the whole screen (the game's), or a
//	              page's lines between the header and its keys
//	session.go    the session, the host: its pages by name, a turn applied, goodbyes
//	idle.go       when the player last pressed a key, and the timer a session sleeps on
//	copies.go     the store's copies behind, as status last asked
//	share.go      a client's fair share, per address: connections, guesses
//	health.go     a node's health: its scheduling delay and store wait
//
// The session's common value, its pages' seam and its place at a table are package common's
// (common/doc.go). The pages are packages of their own under pages/, each importing common
// and no other page (TestPagesStandAlone): lobby, create (a new table's form), entry (a code
// typed: a private table's, a guest's resume code), board (the leaderboard, t), daily (the
// served daily's page, d), room (a table's waiting room), seat (the place at a table and the
// game's screen), dupend (a duplicate table's end), tourneylist, tourney and tourneyform (the
// tournaments' list, one's page, a new one's form), bye (a last word).
//
// Below it, in packages of their own:
//
//	tty/         a session's terminal: the line writer (its screen on the
//	             client), the driver of its model without a tea.Program,
//	             its input, capped
//	tourneyview/ a tournament drawn from values alone: the lobby's line,
//	             the list, its page, the command's text and JSON
//	vt/          the tests' and okey load's terminal
//	common/commontest/  a stand-in for the server the pages reach, for
//	             the pages' and the session's tests
//
// and in the server's tree beside ui/ (server/doc.go): the tables
// (server/tables), the hall that lists them across the nodes
// (server/hall), the tournaments (server/tournaments) and the store
// (server/keep). serve imports those, the ui packages for a session's
// pages, Charm, wish and NATS; none of them imports serve but okey
// load (server/loadgen), which runs the server it loads.
//
// The tests run a server in process on 127.0.0.1 with x/crypto/ssh
// clients and a small terminal that reads their screens (screen_test.go);
// load_test.go runs the server in a process of its own and measures it;
// package loadgen (okey load) does the same at the pace of people, for
// hundreds of sessions, with the server's profiles.
package serve
