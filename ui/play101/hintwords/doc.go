// Package hintwords is Okey 101's hint in the player's words, apart
// from the table (ui/play101) that asks for it: the hint's facts
// (bots/decide101's) said plan first, step by step, each step with
// its tiles (and the key that plays it), then why; and a finish's plan
// previewed. What it is written with (the language, the seats' names,
// the hand's okey) comes in Words.
//
// It imports the referee of 101 (game/okey101, game/okey101/meld, game/tile),
// bots/decide101, ui/table (the seats' words) and kit/i18n, and
// nothing of ui or of ui/play101.
package hintwords
