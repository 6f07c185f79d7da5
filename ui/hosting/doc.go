// Package hosting is the seam between the app (package ui: menus,
// resume, settings, statistics, history, the match's life, the saves)
// and a game's side of the table (ui/hostclassic, ui/host101), written
// so that the app never asks which game it hosts (issue 21):
//
//	game.go  Game, what the app asks of a game's side: its table's
//	         keys, clicks and drawing, its match (read back, started,
//	         played, saved), a served table's update taken in, and what
//	         its pages between hands show, given as plain values
//	         (HandEnd, Final, Scores) that the app's pages draw
//	app.go   App, what a game's side asks of the app that hosts it:
//	         the table's words and styles (table.Host), a key's request
//	         carried out, the status line, the overlays, what an action
//	         did taken in (a record's lines saved, a hand counted), the
//	         bots' questions, a served seat's link
//
// It imports the table's core (ui/table, ui/canvas, ui/layout,
// ui/keymap), ui/pages (the values of the pages between hands),
// ui/seatlink and ui/seatmsg (a served seat), ui/settings, ui/stats,
// ui/store (what a saved record lost) and
// Charm, and nothing of ui nor of a game's side.
package hosting
