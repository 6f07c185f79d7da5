// Package serve is okey serve's session: what a player connected by
// ssh sees and does, one session a connection, started and run by the
// SSH door (door), which holds the connections and the server;
// this package never imports the door. Each connection gets a lobby of
// tables, and at a table the same screen as local play (package ui's,
// as a seat), from its own seat.
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
// interface the session side defines and the door answers; "take the
// player to their tournament table" is the tournament side's word
// (common.ToTable), which the page on show obeys or lets pass. A
// session waits for its table's mailbox in a tea.Cmd that also watches
// its context: nothing of a table ever waits for a session.
//
// The files, from the top down (each refers only to those below it):
//
//	start.go      Session: a connection's session as the door starts it (Start, Options), runs
//	              it on its driver and its screen, and ends it; the window capped
//	update.go     the session's Update: what every page shares, the rest to the page on show or
//	              the page it is for; what the session sleeps on (the hall's news while the page
//	              watches it, the idle timer)
//	view.go       the session's View: a page that draws the whole screen (the game's), or a
//	              page's lines between the header and its keys
//	ended.go      the tournaments listed every few seconds, a player told when one they
//	              played in is over, wherever they are
//	session.go    the session, the host: its pages by name, a turn applied, goodbyes
//	idle.go       when the player last pressed a key, and the timer a session sleeps on
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
// (server/hall) and the store (server/keep), whose values the pages
// read. serve imports those, the ui packages for a session's pages and
// Charm; of the server's tree only the door (door), which starts
// its sessions, and okey load (door/loadgen), which runs the door it
// loads, import serve.
//
// Its tests run sessions on a stand-in server (common/commontest): a
// hall of their own in memory; the door's tests run whole servers and
// ssh clients.
package serve
