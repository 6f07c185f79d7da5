package loadgen

import (
	"io"
	"time"
)

// Config is a load: its steps and pace, and the server it runs against.
type Config struct {
	// Sessions are the steps: each a number of sessions, at tables of
	// four (the sessions left over, n%4, stay in the lobby).
	Sessions []int
	// Addrs are running servers' addresses, nodes of one cluster; none
	// starts servers for each step (Binary, run as the load's server:
	// ServeChild).
	Addrs  []string
	Binary string
	// PIDs are the processes of the servers at Addrs, in their order, to
	// read their CPU and memory (none: not read; 0: that one not read).
	PIDs []int
	// Nodes is how many servers each step starts, clustered (0 or 1: one,
	// alone).
	Nodes int
	// Burn is the cores a neighbour process burns beside the servers for
	// every step (0: none): the machine starved of CPU, as a shared
	// host's other work would starve it.
	Burn float64
	// Busy is the number of busy neighbours beside the servers for every
	// step (0: none): processes playing bots' hands at a lower priority,
	// allocating as real work does (busy.go).
	Busy int
	// NATS lists the URLs of a NATS deployment the started nodes share
	// (as okey serve --nats does) instead of clustering their own
	// embedded servers (empty: their own). The deployment is the
	// caller's: one step a fresh deployment, or the last step's tables
	// come back.
	NATS []string
	// SSHPort and ClusterPort are the first started node's SSH and
	// cluster ports, the other nodes' counting up from them (0: ports the
	// system chooses).
	SSHPort, ClusterPort int
	// Timer is the turn timer of the tables (0: none); a started server
	// uses it as its default, which the tables take.
	Timer time.Duration
	// Web has the sessions come through the browser door (okey serve
	// --web): a started server serves it too, and Addrs given are the
	// doors' addresses (HOST:PORT of --web).
	Web bool
	// ServerFPS is a started server's frames a second (0: its default).
	ServerFPS int
	// BotDelay is how long a started server's bots wait before they
	// move (0: okey serve's default).
	BotDelay time.Duration
	// Daily is the share of each step's sessions that play the served
	// daily (daily.go) instead of forming tables: 0 none, 1 all, 0.5
	// half (rounded to a whole session).
	Daily float64
	// Tournament, when set ("arena" or "swiss"), makes every session
	// not on the daily a player of a tournament the started nodes
	// create as the play begins (tourney.go), instead of forming
	// tables: an arena as long as Play, or Swiss rounds (Rounds, 0:
	// three). The play lasts until the tournament is over.
	Tournament string
	Rounds     int
	// JoinBurst has every tournament player press join in the same
	// second (once all are on its page) instead of coming over the
	// first 20 s: the burst of an evening's start a server must absorb.
	JoinBurst bool
	// ArenaLead has an arena begin this long after its creation (0: at
	// once): its players join before it pairs anyone, and its first
	// round pairs them all, however slowly they came (a test's arena
	// of a few seconds).
	ArenaLead time.Duration
	// KillAt, with a tournament on three nodes or more, kills (SIGKILL)
	// the node that drives the tournament this long into the play (0:
	// none): its matches must go on elsewhere and its standings lose
	// nothing.
	KillAt time.Duration
	// UntilDays ends a step's play early, once the daily's players have
	// finished this many days and opened the board after each (0: the
	// play lasts Play): a short test of the daily.
	UntilDays int
	// UntilEach ends a step's play early, once its players have done
	// each thing at least once: a key and a move answered, a turn
	// reached, a cursor moved and (with ChatEvery) a chat line said (Play
	// is then the most it lasts): a short test that wants some of each,
	// however slow the machine.
	UntilEach bool
	// Play is how long the players play in each step; Idle how long they
	// first wait in the lobby, measured as the lobby's idle cost.
	Play, Idle time.Duration
	// Rate is how many sessions dial a second.
	Rate float64
	// KeyEvery is the mean time between keys; MoveWithin the longest a
	// player takes to move on its turn; ChatEvery makes every n-th key a
	// chat line (0: none).
	KeyEvery, MoveWithin time.Duration
	ChatEvery            int
	// Width and Height are every terminal's size, Term its TERM: vt100
	// (the tests' terminal, to which the server sends no colours) or,
	// say, xterm-256color (the colours a real terminal is sent).
	Width, Height int
	Term          string
	// Answer is how long a key may go unanswered before it is lost.
	Answer time.Duration
	// CPUProfile and HeapProfile, when set, are where a started server
	// writes its CPU profile of the play (and of the lobby's idle wait,
	// with ".idle" added) and its heap profile at the end of the play;
	// with several steps the number of sessions is added to the name.
	CPUProfile, HeapProfile string
	// Logs, when set, is where the started nodes keep their state and
	// their logs (a folder a step, under it one a node, node.log in
	// each), kept after the step; else a temporary folder, removed.
	// With no Trace, the step's trace is kept there too (load.trace).
	Logs string
	// Seed makes the players' pace repeat from run to run.
	Seed uint64
	// Trace, when set, is told of every key that went unanswered, with
	// the player's screen (to tell the server's fault from the script's),
	// and of each tournament's match end a player counted; each entry
	// timed in UTC, as the nodes log.
	Trace io.Writer
	// readyAgain is how long a player waits before it presses enter
	// again on a page between hands that did not take it (0: 2 s; tests
	// set it short).
	readyAgain time.Duration
}

// Result is one step's figures.
type Result struct {
	Sessions, Tables int
	// Daily is how many of the sessions played the served daily; Days
	// how many of the daily's days they began and finished (a key plays
	// each game's day once, then a new key dials); Boards the times from
	// the key that opens the daily's page, a day just finished, to its
	// board on screen, BoardsLost those unanswered within Answer.
	Daily                     int
	DaysBegun, DaysDone       int
	Boards                    []time.Duration
	BoardsLost, DailyRedialed int
	// DailyStalled counts the times a daily's player saw its screen stand
	// still for stallAfter off its turn and pressed enter, as a person
	// would (each traced with its screen): a page whose words the player
	// did not know, or a table that stopped.
	DailyStalled int
	// DailyFailed counts the daily's players that stopped on a screen
	// they did not expect (the first few are written out).
	DailyFailed int
	// Tourney is the tournament's figures (nil: none was played).
	Tourney *TourneyResult
	// Burn is the cores the neighbour burned beside the servers.
	Burn float64
	// Busy is the busy neighbours that played beside the servers.
	Busy int
	// Answer is how long a key or a move could wait before it was lost.
	Answer time.Duration
	// Nodes are the servers' own figures, in the order of their
	// addresses; the server figures below are their sums.
	Nodes []Node
	// CodesAgain counts join codes typed again because the table, opened
	// on another node, had not yet reached the player's node.
	CodesAgain int
	// OpensAgain counts tables a host asked for again because the
	// server could not open them just then (its store's answer late: a
	// starved machine).
	OpensAgain int
	// ConnectFailed counts sessions that could not connect or reach the
	// lobby; FormFailed the tables not formed; Dropped the sessions whose
	// connection ended under them.
	ConnectFailed, FormFailed, Dropped int
	// Connect is how long everyone took to connect, Form to form every
	// table.
	Connect, Form time.Duration
	// Keys are the times from a sort's key to its words on screen;
	// Moves from a move's key to the screen that shows it made; Reach
	// from a turn-ending key to the next player's screen showing their
	// turn.
	Keys, Moves, Reach []time.Duration
	// TablesStopped counts the tables the started nodes stopped because
	// a lease was lost, TakenOver those brought back on another node.
	TablesStopped, TakenOver int
	// TurnedAway counts the newcomers (sessions, or tables asked for)
	// the started nodes turned away while overloaded.
	TurnedAway int
	// KeysLost and MovesLost were unanswered within Answer; Superseded
	// keys were overtaken by the turn or the hand's end.
	KeysLost, MovesLost, Superseded int
	// KeysHeld and MovesHeld are how long each key and move waited that
	// was held while its table moved to another node (its screen said
	// so) and answered once the table was back, past Answer: neither
	// lost nor in Keys and Moves.
	KeysHeld, MovesHeld []time.Duration
	Cursor, Chat        int
	// Servers (all nodes): CPU as a share of one core during the play and
	// during the lobby's idle wait; resident memory before anyone
	// connected and at the end of the play (0: not known).
	ServerCPU, IdleCPU float64
	RSSBase, RSSFull   uint64
	// ClientCPU is this process's CPU during the play, a share of one
	// core.
	ClientCPU float64
	Played    time.Duration
	// Bps and Frames are what a session was sent a second while
	// playing: bytes of the screen, and writes read (about a frame
	// each); WireBps the bytes it read from the network, the door's
	// framing (SSH's packets, or WebSocket messages) and encryption
	// with them.
	Bps, WireBps, Frames float64
	// Mem is the started server's own account of its memory at the end
	// of the play (the runtime's classes, in MB), the first node's with
	// several.
	Mem string
}

// Node is one server's figures in a step.
type Node struct {
	Addr string
	// PID is its process (0: not known, nor its CPU and memory).
	PID int
	// Sessions is how many sessions were sent to it.
	Sessions int
	// CPU and IdleCPU are its shares of one core during the play and
	// the lobby's idle wait; RSSBase and RSSFull its resident memory
	// before anyone connected and at the end of the play.
	CPU, IdleCPU     float64
	RSSBase, RSSFull uint64
	// Mem is its runtime's account of its memory (a started node's).
	Mem string
	// Stalled is the longest its process went unscheduled while it
	// served (a started node's): the machine's pause, not the server's.
	Stalled time.Duration
	// Unrenewed is the longest its leases went without a renewal the
	// store acknowledged (a started node's): the store's pause, which a
	// node running all along cannot make up for.
	Unrenewed time.Duration
}

// TourneyResult is a step's tournament: what its players did and what
// its standings said at the end.
type TourneyResult struct {
	// Kind and ID are the tournament's; Players the sessions that played
	// it, Asked those that pressed join on its page, Joined those whose
	// join was taken (the page offered to leave).
	Kind, ID               string
	Players, Asked, Joined int
	// Ends are the matches the players saw over (each match once a
	// player at it), Pairing the times from a match's end on a player's
	// screen to the next table's hand on it.
	Ends    int
	Pairing []time.Duration
	// PairingIn are the pairing's delays by the match they led to (a
	// Swiss's round).
	PairingIn map[int][]time.Duration
	// Back are the times from a player's connection found ended (its
	// node killed) to its table's hand on the screen again.
	Back []time.Duration
	// Burst says the players pressed join in one second (JoinBurst);
	// Admitted is then the time from the first join pressed to the last
	// one taken.
	Burst    bool
	Admitted time.Duration
	// Redialed counts the connections dialled again (their node killed),
	// Stalled the screens that stood still for screenWait (esc pressed),
	// Failed the players that stopped on an error.
	Redialed, Stalled, Failed int
	// Killed is the node killed (-1: none), KilledAfter how far into the
	// play.
	Killed      int
	KilledAfter time.Duration
	// Over is how long the tournament took from its creation to its
	// end (0: not over when the step gave up waiting).
	Over time.Duration
	// Check is its standings checked at the end.
	Check TourneyCheck
}
