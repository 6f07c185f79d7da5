// Package web is okey serve's browser door: one page that runs a
// terminal emulator (xterm.js, vendored from npm and embedded), and a
// WebSocket endpoint whose every connection is a session the server
// runs as it runs an SSH one — the same lobby, tables and words, drawn
// by the server into the page's terminal.
//
// The door knows nothing of okey: it checks a socket's Origin, reads
// the client's address (from a trusted proxy's X-Forwarded-For only),
// caps every message from the page in bytes as it arrives, and hands
// the server a Conn, a net.Conn whose reads are what the player typed
// and whose writes are the screen, with the terminal's sizes beside it
// (Config.Session). Admission, the per-address limits and the sessions
// themselves are the server's, counted with the SSH door's as each
// socket is opened, before its hello (Config.Admit); the door caps an
// address's open connections from the moment each is accepted, and
// writes its refusals to the log once in a while with their count.
//
//	door.go    the door: its configuration, the HTTP server, the routes
//	guard.go   what is checked before a request is read: the Host (a rebinding name refused),
//	           a home door's clients, each address's connections counted as accepted, a proxy
//	           not named
//	conn.go    one browser's connection: its hello awaited (1008), bytes typed in, frames out,
//	           sizes, the idle cut
//	link.go    a browser linked to a player: the code handed in (POST /link), the
//	           HttpOnly cookie set, cleared (POST /unlink) and renewed (POST
//	           /relink), carried to each socket
//	page.go    the page (its nonce, its words, the language asked), its files, the security
//	           headers
//	client.go  what a request says of its client: its address behind a trusted reverse proxy,
//	           its Origin checked, what it sent cut short for the log
//	static/    index.html, okey.js (the page's script), okey.css; vendor/ xterm.js
package web
