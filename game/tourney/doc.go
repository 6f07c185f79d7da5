// Package tourney is the arithmetic of a tournament, apart from any
// table: what a match's places are worth, the standings they add up
// to, who sits with whom next, and the duplicate round's score against
// the field. It knows players by an id and matches by their places; it
// deals nothing and plays nothing, so the standings can be recomputed
// from the matches' records alone, and every rule below is a function
// a test can call.
//
//	director.go the tournament its server keeps and drives:
//	            players join and leave (or are paused, their match lost
//	            for want of being at it), tables end (or could not open:
//	            NotOpened); it says which tables to open, and when it is
//	            over, asking its systems what its kind does
//	system.go   the tournament's systems, chosen once from its Config:
//	            the kinds, each its pairing and scoring (the scoring by
//	            places: the arena's streaks, the Swiss's tie-break); a
//	            Config checked; the one place that reads a kind
//	field.go    a duplicate round's score: each seat's result less the
//	            mean of every seat that held the same rack that round,
//	            summed over rounds (FieldTotals); the duplicate
//	            rounds' scoring; a round's results held
//	            back until its last table ends (Shown, Held)
//	swiss.go    a Swiss round: tables of four by standings, repeats
//	            avoided where they can be, bots where the count does not
//	            divide by four; Swiss rounds' pairing
//	arena.go    the arena's pool: four waiting players close in points
//	            and rating, not the same four twice in a row, bots after
//	            a wait; the arena's pairing
//	seating.go  players alone, one a seat: the singles' seating
//	team.go     partners (101's eşli): teams of two formed as players
//	            join (by name, an ask accepted; else in join order; an
//	            ask taken back or lapsed after AskLapse frees both),
//	            seated facing each other, leaving together, a bot
//	            partner for one left alone: the partners' seating
//	tournament.go what a tournament is made of: its Config, phases,
//	            entrants and tables, the Tournament value itself (its
//	            System, its Standings, and Tick: time passes, the step
//	            the director and the systems end on), the systems'
//	            interfaces (a pairing, a scoring, a seating) and what a
//	            page says as values (Said)
//	standing.go the standings: a player's points, matches, wins, streak,
//	            tie-breaks, and the order they are ranked in
//	points.go   what a match's places are worth: 4/2/1/0, ties shared
//	            (in twelfths of a point, exact), doubled on a streak
//
// Like every package under game, it uses the standard library only,
// does no I/O, takes no clock (times are arguments) and never changes
// what it is given.
package tourney
