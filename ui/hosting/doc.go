// Package hosting is the seam between the app (package ui: menus,
// resume, settings, statistics, history, the match's life, the saves)
// and a game's side of the table (ui/hostclassic, ui/host101), written
// so that the app never asks which game it hosts, and so that the two
// talk in values: a frame or a key goes down as
// one Scene, what a key came to comes back up as one Reply, and a
// reader follows a key from the app's onKey through the side's Key to
// the table's and the referee's without an interface that calls back
// up.
//
//	game.go   Game, what the app asks of a game's side: its table's
//	          keys, clicks and drawing, its match (read back, started,
//	          played, saved), a served table's update taken in, and what
//	          its pages between hands show, given as plain values
//	          (Pages: Resume, HandEnd, Final, Scores) that the app's
//	          pages draw; what a key of no meaning is said to be
//	          (Unknown: another game's key named as such)
//	scene.go  Scene, what a side draws its table and reads a key with
//	          (the layout, the words and styles, the frame, the status
//	          made of its parts, the page over the table, the flags, a
//	          served seat's link); the status and the page over the
//	          table composed from it
//	reply.go  Reply, what a key, a click or a game's message came to,
//	          for the app to carry out (a page given the key, the plays
//	          taken in, the request, an undo built or its answer,
//	          news); the keys both tables share (Shared); a player
//	          asked for its move (Question) and a bot's answer (Answer)
//	app.go    App, the one thing a game's side still asks of the app:
//	          Adopt (the app readied for a match put on the table, its
//	          seats' levels read, what it adds to the statistics
//	          counted); the words and styles come down as a value
//	          (table.Look, the scene's and the side's)
//
// It imports the table's core (ui/table, ui/canvas, ui/layout,
// ui/keymap, ui/theme, kit/i18n), ui/pages and ui/overlays (the pages between
// hands, the page over the table), ui/seatlink and kit/seatmsg (a served
// seat), ui/settings, ui/stats, kit/store (what a saved record lost) and
// Charm, and nothing of ui nor of a game's side.
package hosting
