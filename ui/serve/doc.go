// Package serve is okey serve: Okey over SSH. Friends join with ssh,
// nothing to install; each connection gets a lobby of tables, and at a
// table the same screen as local play (package ui's, as a seat), from
// its own seat. Empty seats are bots. A table plays classic Okey or
// Okey 101.
//
// The shape: one goroutine per table owns its game (behind the referee
// interface: classic Okey's game.Game, or okey101.Game), its seats, chat and clock; sessions send
// it requests without blocking, and it answers each member through a
// mailbox of capacity one where the latest update replaces one not read,
// so a client that stops reading holds up nobody. A session's model
// waits for its mailbox in a tea.Cmd that also watches the session's
// context; nothing sends to a session from a table. Every table is
// written as it changes, by a saver goroutine of its own, into a NATS
// server with JetStream embedded in the process (its match record a
// stream of appends, its seats, codes and chat a key-value entry), and
// comes back after a restart.
//
// The files, from the top down (each refers only to those below it, but
// for the Server and the session, which hold each other):
//
//	lifecycle.go  New, Serve, Shutdown: a server started and stopped, its
//	              store opened and closed
//	conn.go       a connection's way to its session: the guard against a
//	              panic, the driver, the model built, the window capped
//	update.go     the session's Update: each message and key sent to the
//	              page or the table it is for; its idle and news timers
//	pages.go      the session's pages before a table: lobby, new table,
//	              code entry (a private table's, a guest's resume code),
//	              waiting room, leaderboard keys
//	seat.go       the session at a table: joining, its updates, moves,
//	              held keys, moves sent again where a moved table comes
//	              up, chat, leaving, reseating after a table moved
//	screen.go     a seat's screen, opened by the table's game (the table
//	              core knows no screen)
//	command.go    "record TABLE" over ssh: a finished match's record;
//	              "daily GAME DATE HAND": a served daily's hand once its
//	              day is over; the status line
//	live.go       the sessions the server holds: one per identity, the
//	              older replaced, a live holder of a seat asked
//	view.go       the session's own pages drawn, the leaderboard and the
//	              daily's page and boards too
//	board.go      the leaderboard and a room's ratings read (t)
//	daily.go      the served daily (d): the day's secret made and
//	              committed, its page and boards read, a player's day
//	              begun once at a daily table, par measured in the
//	              background
//	session.go    the session: its fields, pages, messages and keys, the
//	              words of a refusal, the language switched
//	create.go     the form of a new table
//	duplicate.go  a duplicate table as a session shows it: its seat
//	              followed as the players move, where it stands on the
//	              top line, its end page with the duplicate scores
//	admit.go      who is let in: keys and guests, connections counted and
//	              capped by address (a key from the loopback by itself,
//	              once known), a node turning newcomers away
//	proxyproto.go the PROXY protocol: a trusted proxy's header says the
//	              client's address, which the limits count
//	server.go     Config, Server: what the server is told and holds, a
//	              connection counted against its address
//	identity.go   who a player is: a key's fingerprint or a guest's resume
//	              code; codes and names made safe
//	share.go      a client's fair share, per address: connections, guesses
//	health.go     a node's health: its scheduling delay and store wait
//	members.go    the cluster's members: each logged as it joins and
//	              leaves, listed by status, an unknown one flagged
//
// Below it, in packages of their own:
//
//	hall/        the tables as the lobby sees them: opening, listing,
//	             finding, restoring; among other nodes, leases, tables
//	             taken over, tables another node runs reached through NATS
//	tables/      a table's goroutine with its referee (classic, 101), fair
//	             deals, the wire between nodes, the chat made safe, news
//	keep/        what the server keeps past its process and shares with
//	             the other nodes: the NATS engine, the tables' records and
//	             entries, leases, ratings
//	tty/         a session's terminal: the line writer (its screen on the
//	             client), the driver of its model without a tea.Program,
//	             its input, capped
//
// serve imports those four (hall imports tables and keep, tables keep;
// tty imports none of them), the ui packages for a session's pages,
// Charm, wish and NATS; none of them imports serve.
//
// The tests run a server in process on 127.0.0.1 with x/crypto/ssh
// clients and a small terminal that reads their screens (screen_test.go);
// load_test.go runs the server in a process of its own and measures it;
// package loadgen (okey load) does the same at the pace of people, for
// hundreds of sessions, with the server's profiles.
package serve
