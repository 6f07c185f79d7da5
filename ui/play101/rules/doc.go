// Package rules is Okey 101's rules on the settings form, apart from
// its table (ui/play101) so that the settings (ui/settings) read them
// without the table: the form's lines of the rules (the opening's
// threshold, the house rules' combinations) and the rules read back
// from them (Of). The form itself, and where these lines stand on it,
// are the app's.
//
// It imports the referee of 101 (game/okey101) and ui/pages (a form's
// line), and nothing of ui or of ui/play101.
package rules
