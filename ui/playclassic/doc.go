// Package playclassic is classic Okey's side of the table, apart from the
// app (package ui), beside ui/play101 for Okey 101: what
// the table knows of classic Okey's rules that is not drawing or keys,
// from a seat's view or a match's record alone:
//
//	rules.go        the rules of classic Okey on the settings form: their
//	                lines (RulesFields), which are moot, the rules read
//	                back (RulesOf)
//	overlays.go     the pages over the table in words: how to play the
//	                match's rules (the ? page's end), the discard stacks
//	between.go      the pages between hands as ui/pages takes them: the
//	                score history's table, a hand's end (HandEndPage),
//	                the final table (Final)
//	history.go      a match's score history, hand by hand, from its record
//	                or as a served table sends it
//	view.go         the table drawn: the stacks, the bots' panels, the
//	                player's line, the wall and the indicator, the rack,
//	                the log, all but the log at once (Render); the app
//	                places the log and draws the rest
//	guide.go        what the player may do now, in words (the status's
//	                guide)
//	keys.go         the keys of the move the player may make now (the
//	                front of the key bar), the key bar's keys worth
//	                showing now, the header's words for the match
//	bots.go         asking a seat's bot in a command (with a timeout
//	                and the speed's pause), its answer played or, for a
//	                failing bot, a plain legal move instead
//	served.go       a served table's update taken in (TakeUpdate: the
//	                view, TakeServed; the notes beside the moves,
//	                TakeNotes), the player's move sent (Send), a
//	                discard sent kept in its slot until the table
//	                shows it (Sent)
//	match.go        a match taken in (Adopt), a view taken in with the
//	                rack and the log kept in step, the log trimmed, the
//	                rack's arrangement saved and read back, undo (the
//	                match replayed without the player's last discard)
//	input.go        the table's own keys and clicks turned into moves
//	                checked by the rules, and what they ask of the
//	                app (Ask: a move to play, a save, a page); a move
//	                played on the match (Play)
//	hint.go         the hint: the judge's plan for the player's turn,
//	                said in words with the cursor on its tile, told on
//	                after its first step; the move it advised, which the
//	                guard against discarding a win lets go
//	act.go          the player's moves that need the rules but no
//	                screen: the rack moved and arranged, why a move
//	                cannot be made now, a refusal in words
//	table.go        Table: the match, seat 0's view, the bots, the rack
//	                and what the player is doing with it, the log, the
//	                hint asked (to ask it again);
//	                drawn with the app's table.Look, its status said
//	                in a table.Said, as 101's table is
//	log.go          the move log's entries (LogEntry) in the player's
//	                words (LogText)
//	playclassic.go  the seats' bots (SeatBot, seeded per decision so that a
//	                resumed match plays on as it would have; the level a
//	                record's seat plays at, SeatLevel; a bot built for a
//	                level, BuildBot, the hint's judge too), the plain
//	                stand-in for a bot that keeps failing (Plain,
//	                PlainMove), the sorts of the rack (Sorter: by colour,
//	                by value, seri diz and çift diz)
//
// It imports the referee (game, game/classic, game/classic/hand,
// game/tile), the bots and the coach (the hint), kit/safetext, the
// table's core (ui/table, ui/rack, ui/seats, ui/seatlink, kit/seatmsg,
// ui/canvas, ui/layout, ui/keymap), ui/pages (a form's lines, the
// values of the pages between hands), ui/theme, kit/i18n, Bubble Tea
// (its commands and messages) and Bubbles' key, and nothing of ui nor
// of ui/hostclassic, which hosts it.
package playclassic
