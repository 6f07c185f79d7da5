// Package common is what okey serve's session and every one of its
// pages share, in the shape of soft-serve's ui/common: the one value a
// session hands each page (Common: who the player is, the screen's
// size, the words, the keys, the styles, the flash line, the chat being
// typed), the page seam (Page, the Turn a page answers with, the names
// of the pages, PageID), the one way a page reaches the server
// (ServerSide, and TourneySide for the tournaments), a place at a
// table (Membership, a seat asked: Join; Common.At, which the seat's
// page takes and any page may leave), the hall's news a page may watch
// (HallWatch), and the tournament side's word that the player's next
// table is open (ToTable), which a page obeys or lets pass. A page
// package imports this one and never another page; the session
// (package serve) imports them all and hosts them, and the messages
// one page passes another through it are this package's (ShowTourney,
// RoomNews, DupEnd, CodeFor, LeaveTable).
//
// The files, read top-down (each uses only those below it):
//
//	totable.go     ToTable, the tournament side's word that takes a player to their tournament's
//	               table, read off the hall's list; how a page obeys it; a line said in a
//	               tournament's chat and its answer (TourneySaid); the words of a leave
//	               (how long the seat is kept, or at a tournament's table how long the
//	               player may be away)
//	pages.go       the page seam: the names of pages, a page's interface, the turn it answers
//	               with, what a page may say of itself (Opener, Screen, Watcher, Idler), the
//	               messages a page's own command brings back and those pages pass each other
//	shared.go      Common, the value every page takes; the words a page says (games, rules,
//	               refusals), a field typed, the chat line
//	join.go        a place at a table: a seat asked for, the table's messages awaited, left
//	tourneyside.go TourneySide: what a session and the command ask of the server's tournaments;
//	               their players' names, from the rating book
//	side.go        ServerSide: all a session asks of the server; the daily's page as read
//	news.go        the hall's news (HallNews) waited for while a page watches the tables
//	keys.go        the keys of the session's own pages
//	text.go        a page's key bar, lines cut and padded to columns
//	identity.go    who a player is: a key's fingerprint or a guest's resume code; codes made safe
//
// It imports the server's tables, hall and store for the values a
// page reads of them, ui's words, styles and layout, and Charm; nothing
// of package serve.
package common
