// Package settings holds what the player's settings mean, for both
// games: the Settings value and its file (read, with a damaged file set
// aside; written; the defaults), this run's flags on top of them
// (Overrides), the game of a new match and the --game every command
// reads, and the settings form's lines: what each line holds, the
// settings a form describes, which lines each game shows. The form is
// drawn and edited by ui/pages; the app opens it and acts on its result.
//
//	form.go      the form's lines (Field*), Fields and Of, Onto (only what
//	             the player changed is saved), FormRules (pages.FormRules)
//	flags.go     Overrides: a run's flags on the settings, checked; Seeds,
//	             where a run's matches take their seeds from (--seed)
//	settings.go  the games, the speeds, Settings and their checks, Load and Save
//
// Each game's lines of rules are its own package's (playclassic's and
// play101/rules' Fields and Of); this package puts them in their
// place. It imports ui/pages, ui/canvas, kit/store, kit/problem, both
// games' sides of the table (for their lines only), the referees,
// bots and assets; never package ui.
package settings
