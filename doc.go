// Command okey is the Turkish tile game Okey in the terminal: play a match
// against three bots (the default), analyse a hand (okey hand), pit bots
// against each other (okey sim), serve tables over SSH (okey serve).
//
// The command line is cobra's, styled by fang: this file builds the tree
// of commands in the player's language, runs it and turns what went
// wrong into an exit status (usage 2 with one line, runtime 1, help and
// version 0); each command's flags and wiring are in its own file.
//
// The files:
//
//	main.go         the tree run, errors turned into exit statuses
//	commands.go     the tree of commands in the player's language
//	help.go         the help: fang's section titles in the player's language
//	play_cmd.go     okey play (okey with no command): a match against bots
//	hand_cmd.go     okey hand: a rack analysed (ui/cli's engines)
//	sim_cmd.go      okey sim: an arena of bots run, its table or JSON out
//	sim101_cmd.go   okey sim --game 101: the 101 bots and search players
//	review_cmd.go   okey review: a match's decisions judged
//	verify_cmd.go   okey verify: a served match's record checked
//	serve_cmd.go    okey serve (and okey serve secret): the SSH server run
//	load_cmd.go     okey load: okey serve measured under load
//	rules_cmd.go    okey rules: a game's whole rules
//	dirs_cmd.go     okey dirs: where the files are
//	version_cmd.go  okey version: the build's version
//	debuglog.go     the debug log a bug report can carry (--debug-log)
package main
