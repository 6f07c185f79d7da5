// Package host101 is Okey 101's side of the table as the app hosts it
// (hosting.Game), so that the app (package ui) holds no file of either
// game. The table itself — its state, keys, drawing, words —
// is ui/play101's; here it meets the app, in values (a hosting.Scene
// down, a hosting.Reply up) and the little hosting.App still gives:
//
//	pages.go  what 101 gives the pages the app hosts: resuming, the end
//	          of a hand (which scrolls), the score sheet, the final
//	          sheet, the ? page and the stacks
//	act.go    the table's messages (Update): its keys and clicks
//	          (play101.Table.Key, Click), its players' answers, and what
//	          they came to, for the app (hosting.Reply): an action played
//	          here or sent to a served table, its readiness sent
//	view.go   the table drawn (its parts are play101.Table.Render's),
//	          the status below, the header
//	match.go  its side of a match's life: its record read back, a match
//	          started and adopted, an action taken in, a player's answer
//	          played
//	side.go   Side, the game's side: the screens' hooks, its table and
//	          the seats' players made, a served table's update taken in,
//	          what the app asks of it
//
// It imports ui/play101 (and its decide), the referee of 101,
// ui/hosting and the table's core, and nothing of ui.
package host101
