// Package tourneyview draws a tournament of okey serve as a player reads it, from values alone:
// a tournament's lobby line and when it plays, the list of tournaments, a tournament's page (its
// standings live, the player's own line marked, the tables in play, its rules, and at its end the
// final table with each match's table and how to fetch and verify its record), and the plain
// text and JSON that "ssh HOST tournament ID" prints. It reads no clock and no store: the time,
// the tournament (game/tourney's value) and the players' names come in, lines of text go out, so
// a page can be drawn by the session that shows it and by the command alike, and tested at any
// size in either language.
//
//	at.go         a start typed as a clock time in UTC ("20:30", "tomorrow 20:30", bugün, yarın):
//	              the form's and the operator's edit's
//	refusal.go    what the server or the director refuses of a tournament's settings, in the
//	              player's words, naming what to change: the form's and the operator's edit's
//	text.go       the standings as plain text (aligned, no colour, 80 columns) and as JSON
//	partner.go    a partners' ask to partner: a typed name matched (Turkish folded) among
//	              those waiting alone, who may be asked
//	over.go       the line that tells a player who played in a finished tournament, wherever
//	              they are, that it is over
//	page.go       a tournament's page: its head, the standings, the tables in play, the matches
//	              played and their records at the end, scrolled to the rows it has; once
//	              finished, its podium and the player's rating; who asks whom to partner
//	rules.go      a tournament's rules in words: points by place, ties, the streak, bots,
//	              forfeits, tie-breaks, duplicate deals, partners
//	columns.go    the standings as columns: rank, player, points, matches, wins, the streak
//	              marked, rating, the Swiss tie-break, the duplicate score, an arena's results
//	              match by match; the names shown; the JSON's shapes
//	when.go       a tournament's lobby line: its game, kind, players and when it plays (starts
//	              in, ends in, round k of n, finished); the list of tournaments drawn; a
//	              tournament's words said (Say), spans and waits in words, text wrapped
//	              (Wrap), a name folded for matching (Fold)
package tourneyview
