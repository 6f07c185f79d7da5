// Package hostclassic is classic Okey's side of the table as the app
// hosts it (hosting.Game), beside ui/host101 for Okey 101, so that the
// app (package ui) holds no file of either game. The table
// itself — its state, keys, drawing, words — is ui/playclassic's; here
// it meets the app, in values (a hosting.Scene down, a hosting.Reply
// up) and the little hosting.App still gives:
//
//	pages.go  what classic gives the pages the app hosts: resuming, the
//	          end of a hand, the score history, the final table, the ?
//	          page and the stacks
//	act.go    the table's messages (Update): its keys and clicks
//	          (playclassic.Table.Key, Click), its bots' answers, and what
//	          they came to, for the app (hosting.Reply): a move played here
//	          or sent to a served table, the hint
//	view.go   the table screen placed (its parts are playclassic's),
//	          the score history under the status, the status, the key
//	          bar, the header
//	match.go  its side of a match's life: its record read back, a match
//	          started and adopted, an action taken in (the hands'
//	          scores counted), a bot's answer played
//	side.go   Side, the game's side: the screens' hooks, a served
//	          table's update taken in (the hands' scores among it), what
//	          the app asks of it
//
// It imports ui/playclassic, the referee, the bots, ui/hosting and the
// table's core, and nothing of ui.
package hostclassic
