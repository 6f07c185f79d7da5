// Package tables is okey serve's tables: each one a goroutine that owns
// its game (behind the referee interface: classic Okey's game.Game, or
// okey101.Game), its seats, chat and clock, and answers each member
// through a mailbox of capacity one where the latest update replaces
// one not read, so a client that stops reading holds up nobody. It
// knows nothing of SSH, sessions, the lobby or other nodes: a session
// (or another node's stand-in) is a Member that sends Requests and
// reads Msgs; what a table writes goes to its Saver, what it rates to
// Options.Rate.
//
// The files, read top-down:
//
//	table.go       Table: seats, requests, the clock, bots, updates, the
//	               chat, a table's summary for the lobby; its saver, and a
//	               table restored from what it saved
//	fair.go        fair deals: each match's seed and salt from
//	               crypto/rand, the commitment shown to every seat, the
//	               reveal at the end
//	wire.go        a table's requests and messages as they travel between
//	               nodes (JSON, capped)
//	referee.go     the game a table plays, behind a small interface;
//	               classic Okey
//	referee101.go  Okey 101: its referee, its bots (bots101), its seat's
//	               screen
//	chat.go        a chat line made safe, and text cut to a width
//	news.go        a change said to whoever waits (the hall's tables to
//	               the sessions in the lobby, which sleep until it comes)
//
// It may import the engine (game and its packages, game/fair), bots, the
// seat's screen and messages (ui, ui/seatmsg, ui/pages, ui/canvas),
// ui/serve/keep (the rating of a finished match, a fenced write),
// Charm, and the standard library; nothing of package serve above it.
package tables
