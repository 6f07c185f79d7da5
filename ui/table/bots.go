package table

import "errors"

// A bot that fails MaxBotFailures times in a row is replaced by plain
// moves for the rest of the match, at either game's table: a broken bot
// never stalls the table, nor slows it down by a timeout at every turn.
const MaxBotFailures = 3

// ErrNoAnswer is a bot's failure to answer in time, at either table.
var ErrNoAnswer = errors.New("no answer in time")
