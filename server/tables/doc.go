// Package tables is okey serve's tables: each one a goroutine that owns
// its game (behind the referee interface: classic Okey's classic.Game,
// or okey101.Game), played in a format (game/format: match after match,
// the daily's set, a duplicate rotation), its seats, chat and clock, and
// answers each member through a mailbox of capacity one where the latest
// update replaces one not read, so a client that stops reading holds up
// nobody. It knows nothing of SSH, sessions, the lobby or other nodes: a
// session (or another node's stand-in) is a Member that sends Requests
// and reads Msgs; what a table writes goes to its Saver, what it rates
// to Options.Rate.
//
// The format is driven, never asked about: the table builds its
// game/format value once from its Config (Config.format) and calls it for
// the seal of each hand, who sits where, a hand's score, what the seats
// are shown and told between hands and at the end. The referee says only
// game things (a hand's Outcome, in its game's measure).
//
// The files, read top-down:
//
//	run.go         a table's goroutine: New, RestoreTable (a table brought
//	               back from what it saved), Run, the requests handled
//	play.go        a match played: the format's hand dealt, moves and
//	               refusals, a hand scored, the format moved on, the
//	               clock, the turn's timer, the bots' turns (asker's)
//	updates.go     what the table tells (teller): every member's update
//	               (the seal as the format shows it), the summary for the
//	               lobby; a table closed or shut down
//	seats.go       joining, leaving, a player back, the chat said and
//	               the mutes told
//	save.go        what a table keeps: the entry saved, a finished match
//	               kept for "record TABLE" and rated
//	table.go       the Table and its Options (a daily hand's score handed
//	               out: DailyScore): what its goroutine owns; refusals;
//	               what the hall asks of it; the teller
//	clock.go       the turn's clock (turnClock): the turn's deadline, the
//	               bots' delay, each seat's bank
//	seating.go     seating: who is at the table (the seats, spectators,
//	               the host), names made unique, bots named apart from
//	               the players (sameName), everyone told at once
//	bots.go        the asker: the bots' questions, one at a time, in
//	               goroutines, stale answers dropped
//	ratings.go     the seats' owners' ratings, read off the goroutine
//	tenure.go      the node's Lease, and the table's hold on it (a node of
//	               a cluster): whether it may act, and its loss
//	saver.go       the table's side of its saving (tableSaving), and the
//	               Saver: a goroutine that writes a table's latest
//	               entry and record, one at a time, the newest winning;
//	               a write the store refuses is tried again, the table
//	               paused meanwhile
//	daily.go       a daily table's plan and config, and par measured as
//	               the table plays (DailyPar)
//	fair.go        fair deals: a seal drawn from crypto/rand, a saved
//	               record's header read back; whether a record is of a
//	               match over (RecordOver), the places it ends with
//	               (RecordPlaces), its seats' results (RecordResults)
//	wire.go        a table's requests and messages as they travel between
//	               nodes (JSON, capped)
//	member.go      what a member and the hall see of a table: Config (and
//	               the format it makes), Member, Request, Msg, the errors
//	               of a seat refused, Summary and its lobby row; a
//	               tournament's table (Seated: its players' seats held, its
//	               one match dealt at once — NewSeated in run.go — and
//	               played to its end, handed out as a SeatedEnd)
//	duplicate.go   a duplicate table's plan, and the formats' standings
//	               turned into the seat's messages
//	games.go       the games on offer (GameKinds), each a GameKind made of
//	               its engine and its referee
//	referee_classic.go  classic Okey: its referee, its bots (botsclassic),
//	               the hands' ends its seats' score pages show
//	referee101.go  Okey 101: its referee, its bots (bots101), a turn of
//	               several actions
//	referee.go     the game a table plays, behind a small interface; what
//	               both referees do alike
//	heldhand.go    a shared deal held back from a seat's updates: between
//	               hands its own place and score, the other racks of the
//	               hands over kept out of later views
//	chat.go        the table's chat (tableChat: its lines), a chat line
//	               made safe, and text cut to a width
//	news.go        a change said to whoever waits (the hall's tables to
//	               the sessions in the lobby, which sleep until it comes)
//
// It may import the engine (game and its packages, game/format and
// game/fair among them), bots, the seat protocol (kit/seatmsg: the typed
// update a seat is sent and the intent it sends back), text made safe
// (kit/safetext), the words of a refusal (kit/problem), server/keep (the
// rating of a finished match, a fenced write) and the standard library;
// no screen (no okey/ui, no Bubble Tea, Lip Gloss or Bubbles, held by
// TestTableCoreKnowsNoScreen, and for its tests by
// TestTableTestsOpenNoScreen: the session opens a seat's screen by the
// table's game), and nothing of the door (door) nor the sessions (ui/serve) above it.
package tables
