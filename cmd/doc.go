// Package cmd is the okey command: play a match against three bots
// (the default), analyse a hand (okey hand), pit bots against each
// other (okey sim), serve tables over SSH and the browser (okey serve).
// The module's main.go only calls Main with what the link gave it.
//
// The command line is cobra's, styled by fang: run.go builds the tree
// of commands in the player's language, runs it and turns what went
// wrong into an exit status by one rule for every command:
//
//	0    done (help and version too)
//	1    a runtime failure, said on one line on stderr in the player's
//	     language: a file that cannot be read, a failed write to stdout
//	     or stderr (okey version > /dev/full)
//	2    a wrong command line, one line on stderr
//	130  interrupted by SIGINT (ctrl+c), 143 by SIGTERM, after saying
//	     what was done (okey serve excepted: a signal is how it stops,
//	     and a clean stop is 0)
//
// Each command's flags and wiring are in its own file.
//
// The files, read top-down: each uses only names of the files below it
// (the helpers every command shares are at the bottom).
//
//	run.go          Main: signals, the tree run, errors turned into exit
//	                statuses
//	commands.go     the tree of commands in the player's language
//	help.go         the help: fang's section titles in the player's language
//	daily_cmd.go    okey daily: the day's deal, its fingerprint and par
//	daily_share.go  okey daily --play and --share
//	daily_print.go  okey daily's output, text or JSON
//	daily_flags.go  okey daily's flags' values and the date they name
//	play_cmd.go     okey play (okey with no command): a match against bots
//	hand_cmd.go     okey hand: a rack analysed (ui/cli's engines)
//	sim_cmd.go      okey sim: one flow for both games (flags checked, the
//	                arena run, its table or JSON out), each game's part
//	                behind simGame
//	simclassic_cmd.go  okey sim's classic part: its levels, rules, arena, tables
//	sim101_cmd.go   okey sim --game 101's part: the same for 101
//	sim_records.go  okey sim --record: each match's record written
//	simflags.go     okey sim's flags, the same names for both games, and
//	                its usage line
//	review_cmd.go   okey review: a match's decisions judged
//	tourney_cmd.go  okey tournament standings: a served tournament's
//	                standings counted again from its records (okey
//	                verify's check of each), beside the published ones
//	verify_cmd.go   okey verify: a served match's record checked
//	record_read.go  verify and review reading a record from a file or
//	                stdin as a stream (game/record's Read), each game's
//	                replay following it to its first line that cannot belong
//	serve_cmd.go    okey serve: its flags
//	serve_secret.go okey serve secret: a cluster's secret made and changed
//	serve_run.go    okey serve's run until a signal, --seal-store, the
//	                log held until the start succeeded
//	serve_config.go okey serve's flags' values, and the configuration
//	                they make checked
//	serve_web.go    okey serve --web: the browser door's flags checked (plain
//	                HTTP on the loopback only), its address taken, started
//	load_cmd.go     okey load: okey serve measured under load
//	rules_cmd.go    okey rules: a game's whole rules
//	dirs_cmd.go     okey dirs: where the files are
//	version_cmd.go  okey version and okey man
//	man.go          okey man: the manual page written from the command tree
//	completions.go  the values shell completion offers for flags and files
//	debuglog.go     the debug log a bug report can carry (--debug-log)
//	flags.go        the flags' helpers every command uses: a parse error
//	                in the player's words, no arguments, fixed values
//	env.go          what every command runs with (the streams, the
//	                environment, the language), the exit statuses and
//	                usage errors
//	version.go      the build's version, from its build information and
//	                what main's link gave (Link)
package cmd
