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
// A session is a small host of pages (soft-serve's common.Component shape, as ui/pages): each
// page is a type of its own, in a file of its own with its keys, that takes the one shared value
// (package common's Common: who, the size, the words, the styles) and a message and answers with
// a turn, the page to show next and a command. The session keeps which page is on show and its
// place at a table. What a session needs of the server it asks through common.ServerSide, an
// interface the session side defines and the server answers (port.go); no page reads the
// Server's fields.
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
//	update.go     the session's Update: each message to the page or the table it is for, keys to
//	              the page on show; what the session sleeps on (the hall's news, the idle timer)
//	view.go       the session's View: the seat's screen, or a page between its header and its keys
//	session.go    the session, the host: its pages, its place at a table (joined, its messages,
//	              left, taken back where a table moved), a turn applied, goodbyes
//	seat.go       the seat's page at a table: the game's screen opened and fed, moves sent and
//	              sent again where a moved table comes up, keys held meanwhile, its lines over
//	              the screen, a table's ending read
//	tourneyform.go the form of a new tournament (n on the list): kind, game, rules, start, length
//	              or rounds, hands, bots, forfeits, duplicate, partners; checked as it is created
//	tourneypage.go a tournament's page: read again while shown, joined and left, scrolled
//	tourneylist.go the tournaments' page (u): a line each, read again while shown
//	duplicate.go  a duplicate table as the seat shows it: its seat followed as the players move,
//	              where it stands on the top line; its end page with the duplicate scores
//	create.go     the page of the form of a new table, and a table opened from it
//	lobby.go      the lobby's page: the tables listed, the cursor, the keys that open the others
//	idle.go       when the player last pressed a key, and the timer a session sleeps on
//	copies.go     the store's copies behind, as status last asked
//	share.go      a client's fair share, per address: connections, guesses
//	health.go     a node's health: its scheduling delay and store wait
//	screen.go     a seat's screen, opened by the table's game (the table core knows no screen)
//
// The session's common value, its pages' seam and its place at a table are package common's
// (common/doc.go). The pages that stand apart are packages of their own under pages/, each
// importing common and no other page (TestPagesStandAlone): board (the leaderboard, t),
// daily (the served daily's page, d), entry (a code typed: a private table's, a guest's
// resume code) and room (a table's waiting room).
//
// Below it, in packages of their own:
//
//	tty/         a session's terminal: the line writer (its screen on the
//	             client), the driver of its model without a tea.Program,
//	             its input, capped
//	tourneyview/ a tournament drawn from values alone: the lobby's line,
//	             the list, its page, the command's text and JSON
//	vt/          the tests' and okey load's terminal
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
