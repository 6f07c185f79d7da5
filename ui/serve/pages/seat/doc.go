// Package seat is okey serve's seat at a table: the session's place
// there (joined, its messages taken in, left, taken back where the
// table moved to another node) and the game's own screen (package
// ui's, as a seat) with the session's lines over it. One of the
// session's pages: it takes package common's value and answers with a
// turn, and imports no other page; a table's answers and messages come
// to it whatever page is on show, and it sends the session to the
// waiting room, the table's end or the lobby by the turns it answers.
//
// The files, read top-down:
//
//	seat.go       Page: what it takes (the table's words, a leave, the
//	              tournament side's word that the next table is open,
//	              the keys), drawn as the game's screen; a tournament
//	              match's end dwelt on before the next table
//	place.go      the place at a table: joined (asked again when a node
//	              does not answer), the table's messages, its end by
//	              reason, the seat taken back where the table moved
//	screen.go     the game's screen, opened by the table's game (the
//	              table core knows no screen), fed and drawn; the
//	              record's command it offers
//	moving.go     while the table moves: the keys held and the moves
//	              sent, played and sent again once it is back; the line
//	              that says so, and that the table is paused while its
//	              store does not take its writes
//	duplicate.go  a duplicate table as the seat shows it: its seat
//	              followed as the players move, where it stands on the
//	              top line, its end for the end page
//	heldhand.go   a hand's end held back between the hands of a match
//	              whose deal other tables still play: the seat's own
//	              place and score, and enter when ready
//	game.go       the game's screen as the seat drives it (seatScreen),
//	              under every file that opens, feeds or draws it
package seat
