// Package loadgen is okey load: scripted players over real SSH
// connections (or the browser door's WebSockets: Config's Web), at the
// pace of people, against an okey server, and what
// it costs the server. It exists to say how many players one server
// holds and where their cost goes, with the same numbers every time
// (docs/load.md), and for the cluster's figures (docs/cluster.md).
//
// A step of the load: N sessions dial at a set pace and wait in the
// lobby (the lobby's idle cost is measured there); tables of four are
// formed as players form them (the host opens a private table, every
// other one of Okey 101, the other three type its join code, the host
// starts); then every player plays for a while — a key every couple of
// seconds on average (a sort of the rack, whose words on the status line
// only that key brings, timed; a move of the cursor; now and then a chat
// line), its move within about a second of its turn, ready between
// hands — and the server's CPU and memory are read from /proc.
//
// A share of the sessions may play the served daily instead (Config's
// Daily): each opens the lobby's daily page, plays the day of one game
// at its daily table through the same screen and at the same pace, opens
// the day's board when told the day is over (timed from the key to the
// board on screen), plays the other game's day, and then dials again as
// a newcomer with a key of its own, so that the step's number of daily
// players holds all through the play.
//
// Or the sessions play a tournament (Config's Tournament): the started
// nodes create an arena as the play begins (Swiss rounds are written
// but refused until run under load), every
// player joins it from the lobby (u, the tournament, enter), is taken to
// each table the pairing seats it at, plays its match out at the same
// pace, and is paired again; the pairing's delay is timed from a match's
// end on the player's screen to its next table's hand. When it is over,
// its standings are fetched as a script fetches them (ssh HOST
// tournament ID --json) and checked against the matches the players saw
// end, recounted. One node, the one that drives the tournament, may be
// killed mid-arena (KillAt): its players dial another with the same key,
// and every match in play then must be played out or counted abandoned.
//
// The server is started for each step in a process of its own (the
// load command run again, serving as okey serve does: ServeChild), or
// several, clustered through their embedded NATS servers as okey serve
// --cluster nodes are; or servers already running are given by address
// (their CPU and memory then by their process ids, if known). With
// several nodes the sessions are spread over them in turn, so a table's
// host is on one node and most of the players who join it by code on
// others.
//
// The files, read top-down (each uses only those below it):
//
//	loadgen.go  the steps: the nodes started, the sessions dialled and paced, their figures
//	report.go   the steps' figures, a line each and as Markdown tables (the tournaments' among
//	            them)
//	tourney.go  a tournament's player, the node killed under it
//	daily.go    a player of the served daily
//	result.go   what a load is told (Config) and what each step found (Result, its nodes',
//	            its tournament's)
//	tourneycheck.go  the standings read at the end (ssh HOST tournament ID --json) and checked:
//	            nothing lost, nothing counted twice
//	web.go      a player through the browser door: the page's WebSocket, spoken as the page does
//	play.go     a player at its table: its pace, its moves read off the rack, keys and chat
//	client.go   a scripted player, reading its session's screen through kit/vt by its
//	            markers (the daily's among them)
//	stats.go    the timings every player counts (stats)
//	busy.go     a neighbour that works beside them: bots' hands at a lower priority (BusyFlag)
//	nice_linux.go, nice_unix.go, nice_other.go  a process's priority lowered, where it can be
//	burn.go     a neighbour that burns CPU beside the servers measured (BurnFlag)
//	server.go   the server's process (okey serve's own code, door and server/keep)
//
// It imports door (to run the server it loads), door/web (its
// browser door, and github.com/coder/websocket to speak to it), server/keep,
// server/tournaments (a tournament's file read, as the server reads
// it), kit/vt and server/proc, bots/arena101 (the busy neighbour's
// work), and game/tourney for the
// standings' arithmetic alone (the check recounts the matches); nothing
// of a table's or a game's play.
package loadgen
