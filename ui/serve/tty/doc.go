// Package tty is a served session's terminal: what goes between a
// session's Bubble Tea model and its SSH connection, knowing nothing of
// okey's tables, lobby or games. The session (package serve) gives it a
// model and the door a connection; it draws the model's frames and feeds it the
// client's bytes, so that an idle session wakes for nothing and a
// client that stops reading holds up nobody.
//
// The files, read top-down:
//
//	drive.go  Driver: a model driven without a tea.Program, the client's
//	          bytes decoded into messages, Update one at a time, commands
//	          run; nothing wakes on a clock
//	frame.go  LineScreen: a session's screen on the client, the lines of
//	          its frames that changed, sent by a writer of its own (no
//	          Bubble Tea renderer); Framed, the model whose frames go to it
//	cells.go  what a changed line is sent: the cells that changed, the
//	          cells after a change shifted, the lines that moved up scrolled;
//	          a line read a letter or a sequence at a time (token)
//	pen.go    a pen read for its meaning: the shortest change between two
//	input.go  Input: the bytes a client may type, capped, and its end
//
// It may import Charm (bubbletea, ultraviolet, colorprofile, x/ansi),
// x/time/rate, ui/canvas (the width of styled text) and the standard
// library; nothing of package serve nor of the games. Its tests read its
// screens with package kit/vt, and their styles, cell by cell, with
// github.com/charmbracelet/x/vt, over played hands' frames that the
// door's test keeps (testdata); the tests that need a running server
// (the line writer against Bubble Tea's renderer over recorded sessions)
// are the door's (door).
package tty
