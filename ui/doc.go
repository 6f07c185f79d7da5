// Package ui is the full-screen table: the player at the bottom, three
// bots around, whole matches of classic Okey or Okey 101 played with the
// keyboard or the mouse. The games themselves live in package game and
// game/okey101; the table of each is its own package (ui/playclassic and
// ui/play101: its state, keys and words; ui/hostclassic and ui/host101:
// that table as the app hosts it), reached through ui/hosting. This
// package is the app around them: menus, resume, settings, statistics,
// history, the match's life, and the saves (through ui/store, which owns
// every file the game reads or writes). At a table it does not own (okey
// serve, NewSeat) the same screen takes its seat's views from the table
// and sends it intents instead (seat.go).
//
// The model is driven by messages alone: keys and clicks, the window's
// size, the bots' answers (each game's side takes its own in, stale
// ones dropped by their id) and the saves' results (savedMsg). Update does no I/O and no heavy
// work; that runs in tea.Cmds, which return messages.
//
// The files (model.go is the floor every other file stands on, calling
// nothing above it but the types of the Model's fields; app.go is the
// top, which nothing in the package calls). No file is one game's: each
// game's side of the table is its own package (ui/hostclassic,
// ui/host101), which the app reaches through hosting.Game, handing a
// frame or a key down as a hosting.Scene and carrying out what comes back
// up as a hosting.Reply; a side reaches the app only through the little
// hosting.App gives (hosted.go):
//
//	model.go           Options and SeatOptions, the Model and its screens (with what each page keeps: the review's, the saved matches', the settings form, the frame kept for a tick), the seat's link, the status line set, which game is on the table (table, kept as matches come and go: on, present)
//	draw.go            what every screen is drawn with, as the Model has it now: the page width, the shared pages' common parts (the paint cache is the table.Look's, hosted.go)
//	words.go           the seats' words (ui/table's Words), a bot level's name; why a move was refused (ui/problem's Reason)
//	open.go            a page opened in the table's place (the score history, the statistics, the settings form), once for every key that asks for one
//	hosted.go          the games hosted (hostGames: classic's side first) and the Model as their host (appHost, hosting.App): the one table.Look the sides read their words and styles from, kept up to date (look), a match adopted (which game is then on the table, what it adds to the statistics counted)
//	match.go           a match's life, written once for both games: load (a saved record read back by its game's side as far as its lines replay, the file set aside when it lost lines or its header is damaged: ui/saves; a save that cannot be used played unsaved), resume, start (the record's meta), take in what an action did (took), a hand's end, the rack's file, save, quitting (a seat leaves)
//	asked.go           what a key or a click at either table asks of the app (table.Req), carried out once: a save, quitting, a page, a key of no meaning
//	bots.go            the bots' timeout; whose turn is asked (nextTurn: each game's side asks its bot, hosting.Game's Ask), an answer taken in or dropped as stale, every question cancelled
//	undo.go            undo at both tables: whether the player may take a discard back now (a casual match), the undo the game's side built carried out (a Reply with table.ReqUndo), the match put back saved
//	view.go            View, the frame kept for a tick of the clock drawn again, the screen on show drawn (the game's screens: its table, the pages between hands it gives the values of)
//	host.go            the shared pages (ui/pages) hosted: what they are drawn with, their frame, the pager every page that scrolls moves by, the notice and locked pages
//	tablekeys.go       a key or a click on the table handed to the game's side with what it is read with (hosting.Scene) and what it came to carried out (carry: a hosting.Reply's status said, page, plays, intents, request, news); the walk from onKey to the referee
//	table_view.go      what a frame of either table is drawn with (scene, hosting.Scene: the status's parts, the page over the table, the flags; the frame, table.Frame, either table draws with), the last message's line and the key bar
//	overlay.go         the pages over the table hosted: which is on show, a key scrolling or closing it (its lines and area the game's side's, hosting.Scene.OverlayPage), what a key that closes one goes on to do (ui/overlays' the rest)
//	wheel.go           the mouse wheel on whichever page on show scrolls
//	screen_resume.go   a saved match: resume it or start anew (the page is ui/pages' Resume, both games'; the words the game's side's); the game of the next match, switched
//	screen_handover.go the end of a hand hosted, once for both games: its page (ui/pages' HandEnd, its content and keys the game's side's: hosting.HandEnd), its keys, its bar
//	screen_matchover.go the final table hosted, its keys (ui/pages' Final, its rows the game's side's: hosting.Final)
//	screen_settings.go the settings form opened (its lines are ui/settings', the form ui/pages'), its result acted on, the settings saved
//	screen_scores.go   the information pages hosted: the score history, hand by hand (ui/pages' ScoreLines, each game its table: hosting.Scores), the statistics
//	screen_review.go   the coach's review of a hand or a match (w) hosted: opened, closed, its keys; the saved matches (w on the score history), to review one (the work and the reading are ui/review's, the pages ui/pages')
//	stats.go           the statistics read (ui/saves), counted (tally, as each game's side tallies a hand, unless the screen only looks) and written with the saves (ui/stats counts them)
//	seat.go            a seat at a table the model does not own: updates in (one path for both games: the update names its game, seatmsg.Update's Game, and that game's side takes in its view, hosting.Game's TakeSeat), intents out, what both games' seats do with the screen (what the seat keeps of its table is ui/seatlink's, the messages ui/seatmsg's)
//	fair.go            a served match's commitment to its deals: noted at the deal, revealed at the end
//	daily.go           the daily (okey daily, d on the resume page and the final table): its date asked about, its hands dealt one match each, par measured in the background, each hand's score beside par, its page after the last hand, its part of the statistics page, a paused daily's next hand (what is decided and counted is ui/playdaily's)
//	daily_paused.go    a match under way paused for a daily (not abandoned) and brought back when the daily leaves the table
//	daily_hand.go      a daily's hand as a match: which day and hand a record is (taken up from its meta, checked against the day's deal), its score kept as it ends; which game a record is (recordGame)
//	debuglog.go        the debug log (okey --debug-log): the keys, the screens, the status, the moves
//	app.go             the app built (New, NewSeat, NewSeat101) and run: Init, Update, the dispatch of keys by screen (a key on the table to the game on it)
//
// The game-agnostic parts live in sub-packages that import nothing of
// ui (the first rooms of the table core, issue 21):
//
//	ui/table   the core both tables draw and write with: Look and Frame (what a table takes from the app), Said (what it says on the status line), the paint cache, the seats' words, the header, the status, the rack and the log drawn, the space key on the rack, the undo frame
//	ui/canvas  placing blocks of styled text; the text helpers fit, cut, wrap
//	ui/rack    the ıstaka widget: slots, moving tiles, packing groups, the sorts
//	ui/layout  every rectangle of every screen from the terminal's size, both tables
//	ui/keymap  the one key map, a group of keys per screen, both tables', and fitted to a served seat (ForSeat)
//	ui/theme   the style sheet
//	ui/i18n    the words, from assets
//	ui/store   every file the game reads or writes
//	ui/saves   what the app does with a match's files: a save written (in a command, or once the program ends), a torn, damaged or finished match, a damaged rack or statistics set aside or filed, and the player told
//	ui/problem an error meant for the player (Problem), said in the player's language; the referees' errors in words (Reason)
//	ui/settings what the settings mean: Settings and their file, this run's flags, the game of a new match, the form's lines (each game's rules its own package's)
//	ui/stats   the player's statistics: counting every hand once, by the bots' levels; every daily played
//	ui/playdaily the daily's pure parts: for the record or practice, the date asked about, a hand scored as par scores it, the streak, the best, the sparkline, the line to share
//	ui/seatmsg what a served table of either game and a seat at it say to each other: the update, the intents, who holds a seat, the chat placed among the moves
//	ui/seatlink what a seat's screen keeps of a table it does not own, either game: the seats turned, the players and who is ready, the clock, the notes (chat, commitment) taken in once and placed in a game's log, refusals told once, sending an intent, what a game's side made of an update (Taken)
//	ui/overlays the pages over the table, both games': a key on one, drawn, its bar; the ? page's keys and the rules that end it
//	ui/review  the work behind the review pages: the coach's review worked out in the background, the saved matches read
//	ui/hosting what the app and a game's side hand each other: a Scene down (what a frame or a key is read with), a Reply up (what a key, a click or a game's message came to), hosting.Game (a game's side: its table's Update and Render, its match, a served seat, the values of its pages between hands) and the one call hosting.App still gives (a match adopted, what it adds to the statistics counted; the table's words and styles come down as a table.Look)
//	ui/pages   the pages both games share, as components (notice, too small, locked, statistics, the settings form and its names, the coach's review, the saved matches, the match found saved, a hand's end, the final table), and what every page is made of: the key bar, the scroll, the frame
//
// and each game's side (issue 21), importing a game's referee and bots
// but nothing of ui:
//
//	ui/play101     Okey 101's table (its state, rack, groups, words, drawing, guide, its keys and clicks and what they ask of the app, choosing a place, following the match, the hint asked and told, undo, a served table's update taken in and its moves sent), players, plain player, the hint's analysis (decide), the hint in words (hintwords), a served seat's view turned and its world (seatview), the rules on the settings form (rules), the melds on the table written and drawn (melds), the score sheet and the pages between hands in words (sheet)
//	ui/playclassic classic Okey's table (its state, the rack's moves, its keys and clicks turned into moves, why a move is refused, drawing, guide, the keys of its moves), the match taken in (view, rack, log, the saved rack), a served table's update taken in and its moves sent, asking its bots and a failing bot's plain move, the hint, undo, its plain stand-in, the sorts, its move log in words
//	ui/host101, ui/hostclassic each game's side as the app hosts it (hosting.Game): its match held, what its keys and clicks came to handed back (hosting.Reply), its table screen placed, its record read back and its match started, the values of its pages between hands
//
// both turn their views for a served seat with ui/seats (the core's).
package ui
