// Package tables is okey serve's tables: each one a goroutine that owns
// its game (behind the referee interface: classic Okey's classic.Game,
// or okey101.Game), its seats, chat and clock, and answers each member
// through a mailbox of capacity one where the latest update replaces
// one not read, so a client that stops reading holds up nobody. It
// knows nothing of SSH, sessions, the lobby or other nodes: a session
// (or another node's stand-in) is a Member that sends Requests and
// reads Msgs; what a table writes goes to its Saver, what it rates to
// Options.Rate.
//
// The files, read top-down:
//
//	run.go         a table's goroutine: New, RestoreTable (a table brought
//	               back from what it saved), Run, the requests handled
//	play.go        a match played: start, moves and refusals, the clock,
//	               the turn's timer, bots asked and answered
//	updates.go     every member's update (the match's seal shown: its
//	               commitment, the seed at the end), the summary for the
//	               lobby, the ratings shown, a table closed or shut down
//	seats.go       seats: joining, leaving, names made unique, the host,
//	               who is here, the chat said
//	save.go        what a table keeps: the entry saved, its seats, a
//	               finished match kept for "record TABLE" and rated
//	table.go       the Table and its Options: what its goroutine owns; a
//	               member's mailbox (put); what the hall asks of it
//	saver.go       the Saver: a goroutine that writes a table's latest
//	               entry and record, one at a time, the newest winning
//	member.go      what a member and the hall see of a table: Config,
//	               Member, Request, Msg, the errors of a seat refused,
//	               Summary and its lobby row
//	daily.go       a daily table: one player against three hard bots,
//	               the served daily's hands one match each, scored as
//	               each ends, its seeds never shown, nobody watching
//	duplicate.go   a duplicate table: each deal played four times, the
//	               players one seat on each time (game/duplicate), each
//	               hand a match of its own, its results kept and scored
//	               against the others' with the same cards
//	fair.go        fair deals: each match's seal (seed and salt from
//	               crypto/rand, its commitment), read back from a record;
//	               whether a record is of a match over (RecordOver)
//	wire.go        a table's requests and messages as they travel between
//	               nodes (JSON, capped)
//	referee.go     the game a table plays, behind a small interface; the
//	               games on offer (GameKinds); what both referees do alike
//	referee_classic.go  classic Okey: its referee, its bots (botsclassic),
//	               the hands' ends its seats' score pages show
//	referee101.go  Okey 101: its referee, its bots (bots101), a turn of
//	               several actions
//	chat.go        a chat line made safe, and text cut to a width
//	news.go        a change said to whoever waits (the hall's tables to
//	               the sessions in the lobby, which sleep until it comes)
//
// It may import the engine (game and its packages, game/fair), bots, the
// seat protocol (ui/seatmsg: the typed update a seat is sent and the
// intent it sends back), text made safe (ui/safetext), the words of a
// refusal (ui/problem), ui/serve/keep (the rating of a finished match, a
// fenced write) and the standard library; no screen (no okey/ui, no
// Bubble Tea, Lip Gloss or Bubbles, held by TestTableCoreKnowsNoScreen:
// the session opens a seat's screen by the table's game), and nothing of
// package serve above it.
package tables
