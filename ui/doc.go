// Package ui is the full-screen table: the player at the bottom, three bots around, whole matches
// of classic Okey or Okey 101 played with the keyboard or the mouse. The games themselves live in
// game/classic and game/okey101; the table of each is its own package (ui/playclassic and
// ui/play101: its state, keys and words; ui/hostclassic and ui/host101: that table as the app hosts
// it), reached through ui/hosting. This package is the app around them: menus, resume, settings,
// statistics, history, the match's life, and the saves (through kit/store, which owns every file the
// game reads or writes). The format a match is played in beside the game (a match of one's own,
// the daily, a served daily's hand) is asked through one interface, hostdaily.Format (words.go:
// format), never by "is this a daily?"; the daily itself is a component, ui/hostdaily, handed the
// app's state as a value (hostdaily.In) and answering with one (hostdaily.Result, carried out by
// daily.go's follow). ui/between hosts the pages between hands, ui/seathost a seat at a served
// table. At a table it does not own (okey serve, NewSeat) the same screen takes its seat's views
// from the table and sends it intents instead (seat.go).
//
// The model is driven by messages alone: keys and clicks, the window's size, the bots' answers
// (each game's side takes its own in, stale ones dropped by their id) and the saves' results
// (savedMsg). Update does no I/O and no heavy work; that runs in tea.Cmds, which return messages.
//
// The files, read top-down (app.go is the top, which nothing in the package calls; model.go, last,
// is the floor every other file stands on, calling nothing in the files above it but the types of
// the Model's fields; no file calls one listed above it). No file is one game's: each game's side of the table is its own package
// (ui/hostclassic, ui/host101), which the app reaches through hosting.Game, handing a frame or a
// key down as a hosting.Scene and carrying out what comes back up as a hosting.Reply; a side
// reaches the app only through the little hosting.App gives (hosted.go):
//
//	app.go              the app built (New, NewSeat, NewSeat101) and run: Init, Update, the
//	                    dispatch of keys by screen (a key on the table to the game on it)
//	view.go             View, the frame kept for a tick of the clock drawn again, the screen
//	                    on show drawn
//	screen_matchover.go a key on the final table, both games: a new match, the daily, the
//	                    review, the pages it opens; the final table drawn (ui/between's Final)
//	wheel.go            the mouse wheel on whichever page on show scrolls
//	screen_handover.go  a key on a hand's end, both games: the next hand (a daily's next, a
//	                    served table's), the review, the pages it opens
//	screen_resume.go    a key on the match found saved: resume it, start anew (a daily's hand
//	                    asked first), today's daily, the game of the next match switched
//	load.go             a saved match read back (load), either game, in the format it was
//	                    played in (a daily's hand takes up its daily, hostdaily.Resumed), the
//	                    resume page offered; the match paused for a daily put back in its
//	                    place (onPaused)
//	screen_scores.go    a key on an information page (the score history, the statistics):
//	                    scrolled, closed, the saved matches opened
//	tablekeys.go        a key or a click on the table handed to the game's side with what it
//	                    is read with (hosting.Scene) and what it came to carried out (carry: a
//	                    hosting.Reply's status said, page, plays, intents, request, news); the
//	                    walk from onKey to the referee
//	screen_settings.go  the settings form's result acted on, the settings saved
//	daily.go            the daily hosted (okey daily, d on the resume page and the final
//	                    table; its steps are ui/hostdaily's): the app's state handed down
//	                    (dailyIn), opened or its date asked about, what came for it (onDaily:
//	                    its pages' keys, par, its hands' records), what a step came to carried
//	                    out (follow: a hand dealt on its game's table, the match before paused
//	                    or filed, notices, the screen, the save, par, a review, the daily
//	                    left for the paused match or a new one), its pages drawn
//	asked.go            what a key or a click at either table asks of the app (table.Req),
//	                    carried out once: a save, quitting, a page, a key of no meaning
//	overlay.go          the pages over the table hosted: which is on show, a key scrolling or
//	                    closing it (its lines and area the game's side's,
//	                    hosting.Scene.OverlayPage)
//	host.go             the shared pages hosted through one seam (page: the component of the
//	                    screen on show, ui/pages' or ui/between's), their frame, the pager
//	                    every page that scrolls moves by; the score history's and the
//	                    statistics' lines; the app's state as the pages between hands read it
//	                    (between)
//	table_view.go       what a frame of either table is drawn with (scene, hosting.Scene: the
//	                    status's parts, the page over the table, the flags; the frame,
//	                    table.Frame), the last message's line and the key bar
//	screen_review.go    the coach's review of a hand or a match (w) hosted: opened, closed,
//	                    its keys; the saved matches (w on the score history), to review one:
//	                    its keys and its list and records read (onMatches; the work and the
//	                    reading are ui/review's, the pages ui/pages')
//	undo.go             undo at both tables: whether the player may take a discard back now (a
//	                    casual match), the undo the game's side built carried out, the match
//	                    put back saved
//	open.go             a page opened in the table's place (the score history, the statistics,
//	                    the settings form), once for every key that asks for one
//	seat.go             a seat at a table the model does not own: updates in (one path for
//	                    both games: the update names its game, seatmsg.Update's Game, and that
//	                    game's side takes in its view, hosting.Game's TakeSeat; the table
//	                    around it and what the status says of it are seathost's Table and
//	                    Took), intents out, the panels' clock and level
//	match.go            a match's life, written once for both games: the file set aside when
//	                    it lost lines or its header is damaged (ui/saves; a save that cannot
//	                    be used played unsaved), start (the record's meta), a new match (its
//	                    seed: settings.Seeds), take in what an action did (took), a hand's end
//	                    handed to the format (ended) and shown, quitting (a seat leaves), the
//	                    goodbye; which game a record names (recordGame)
//	save.go             the record, the statistics and the rack saved in a command (saveCmd),
//	                    and once the program ends (Flush); the rack's saved arrangement read
//	                    back
//	hosted.go           the games hosted (hostGames: classic's side first) and the Model as
//	                    their host (appHost, hosting.App): the one table.Look the sides read
//	                    their words and styles from, kept up to date (look), a match adopted
//	                    (the questions let go, the seats' names and levels from its record);
//	                    the side of a game named (tableOf), the other game (otherGame)
//	debuglog.go         the screens named for the debug log (okey --debug-log; what it writes
//	                    is ui/debuglog's)
//	bots.go             the bots' timeout; whose turn is asked (nextTurn: each game's side
//	                    asks its bot, hosting.Game's Ask), an answer taken in or dropped as
//	                    stale, every question cancelled
//	fair.go             a served match's commitment to its deals (seathost's Fair), for the
//	                    pages
//	stats.go            the statistics read (ui/saves), counted (tally, as each game's side
//	                    tallies a hand, unless the screen only looks or the format counts its
//	                    hands on its own) and written with the saves; today by the clock
//	words.go            the seats' words (ui/table's Words); the format the match on the
//	                    table is played in (format: hostdaily.Format)
//	draw.go             what every screen is drawn with, as the Model has it now: the page
//	                    width, the shared pages' common parts (the paint cache is the
//	                    table.Look's, hosted.go)
//	model.go            Options and SeatOptions, the Model and its screens (with what each
//	                    page keeps: the review's, the saved matches', the settings form, the
//	                    frame kept for a tick, a daily's date asked about), the status line
//	                    set, which game is on the table (table, kept as matches come and go:
//	                    on, present)
//
// The game-agnostic parts live in sub-packages that import nothing of ui (the rooms of the table
// core):
//
//	ui/table      the core both tables draw and write with: Look and Frame (what a table takes
//	              from the app), Said (what it says on the status line), the paint cache, the
//	              seats' words, the header, the status, the rack and the log drawn, the space
//	              key on the rack, the undo frame
//	ui/canvas     placing blocks of styled text; the text helpers fit, cut, wrap
//	ui/rack       the ıstaka widget: slots, moving tiles, packing groups, the sorts
//	ui/layout     every rectangle of every screen from the terminal's size, both tables
//	ui/keymap     the one key map, a group of keys per screen, both tables', and fitted to a
//	              served seat (ForSeat)
//	ui/theme      the style sheet
//	kit/i18n      the words, from assets
//	kit/store     every file the game reads or writes
//	ui/saves      what the app does with a match's files: a save written, a torn, damaged or
//	              finished match, a damaged rack or statistics set aside or filed, and the
//	              player told
//	kit/problem   an error meant for the player (Problem), said in the player's language; the
//	              referees' errors in words (Reason)
//	ui/settings   what the settings mean: Settings and their file, this run's flags (the
//	              seeds, --seed), the game of a new match, the form's lines, the seats'
//	              names and levels a record names
//	ui/stats      the player's statistics: counting every hand once, by the bots' levels;
//	              every daily played
//	ui/playdaily  the daily's pure parts: for the record or practice, the date asked about, a
//	              hand scored as par scores it, the streak, the best, the sparkline, the line
//	              to share
//	ui/hostdaily  the daily as the app hosts it (In down, Result up; hostdaily.Format, what
//	              the app asks of any format): begun or taken up from a record, each hand
//	              dealt and scored as game/format's Daily deals and scores it, par; its pages
//	              (the date asked about, the daily's page) and lines (the opening, a hand's
//	              end, the resume line, the badge, the statistics' part), a served daily's
//	              hand
//	ui/between    the pages between hands (the match found saved, a hand's end, the final
//	              table) decided from one State value the Model hands down
//	ui/seathost   a seat's hold on a served table: the link, the holding program's keys, badge
//	              and record command, the served daily; what a seat says of itself; an
//	              update's table around the game and what the status line says after it
//	ui/debuglog   the debug log's lines (okey --debug-log): a message as it comes, what it
//	              changed, the moves
//	kit/seatmsg   what a served table of either game and a seat at it say to each other: the
//	              update, the intents, who holds a seat, the chat placed among the moves
//	ui/seatlink   what a seat's screen keeps of a table it does not own, either game: the
//	              seats turned, the players and who is ready, the clock, the notes taken in
//	              once and placed in a game's log, refusals told once, sending an intent
//	ui/overlays   the pages over the table, both games': a key on one, drawn, its bar; the ?
//	              page's keys and the rules that end it
//	ui/review     the work behind the review pages: the coach's review worked out in the
//	              background, the saved matches read
//	ui/hosting    what the app and a game's side hand each other: a Scene down, a Reply up,
//	              hosting.Game (a game's side) and the one call hosting.App still gives
//	ui/pages      the pages both games share, as components, and what every page is made of:
//	              the key bar, the scroll, the frame
//
// and each game's side, importing a game's referee and bots but nothing of ui:
//
//	ui/play101      Okey 101's table (its state, rack, groups, words, drawing, guide, its keys
//	                and clicks, the hint, undo, a served table's update taken in and its moves
//	                sent), players, the hint's analysis (decide), the hint in words
//	                (hintwords), a served seat's view (seatview), the rules on the settings
//	                form (rules), the melds on the table (melds), the score sheet and the
//	                pages between hands in words (sheet)
//	ui/playclassic  classic Okey's table (its state, the rack's moves, its keys and clicks
//	                turned into moves, drawing, guide), the match taken in, a served table's
//	                update taken in and its moves sent, asking its bots, the hint, undo, its
//	                move log in words
//	ui/hostclassic  each game's side as the app hosts it (hosting.Game), with ui/host101: its
//	                match held, what its keys and clicks came to handed back, its table screen
//	                placed, its record read back and its match started, the values of its
//	                pages between hands
//
// both turn their views for a served seat with ui/seats (the core's).
package ui
