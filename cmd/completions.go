package cmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"okey/bots/decide101"
	"okey/bots/expertclassic"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/ui/settings"
)

// The values the shell completes for the flags that take words of
// their own: the games, languages, themes and
// speeds (fixed), the bots' levels and the rules' options (lists,
// comma-separated, of the game --game names, else of both), tiles for
// --indicator, records (*.okey) for okey review and okey verify.

// listOf completes a comma-separated list: the element being typed,
// from words, after those already typed; once, a word already typed
// (an option, with or without its value) is not offered again.
func listOf(words func(c *cobra.Command) []string, once bool) cobra.CompletionFunc {
	return func(c *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		i := strings.LastIndex(toComplete, ",")
		typed, last := toComplete[:i+1], toComplete[i+1:]
		var names []string // an option typed with its value is typed
		for _, t := range strings.Split(typed, ",") {
			name, _, _ := strings.Cut(t, "=")
			names = append(names, name)
		}
		var out []cobra.Completion
		for _, w := range words(c) {
			name, _, _ := strings.Cut(w, "=")
			if strings.HasPrefix(w, last) && !(once && slices.Contains(names, name)) {
				out = append(out, typed+w)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// gamesOf are the games whose words a flag of c takes: the one --game
// names, else both.
func gamesOf(c *cobra.Command) []string {
	if f := c.Flags().Lookup("game"); f != nil && f.Changed {
		if g, err := settings.ParseGame(f.Value.String()); err == nil {
			return []string{g}
		}
	}
	return settings.Games
}

// levelWords are the bots' levels of the games of c.
func levelWords(c *cobra.Command) []string {
	var out []string
	for _, g := range gamesOf(c) {
		levels := expertclassic.Levels
		if g == settings.Game101 {
			levels = decide101.Levels
		}
		for _, l := range levels {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out
}

// ruleWords are the rules' options of the games of c as they are typed:
// a switch whole (no_wrap), an option with a value up to its = (points=).
func ruleWords(c *cobra.Command) []string {
	var out []string
	for _, g := range gamesOf(c) {
		opts := classic.RuleOptions
		if g == settings.Game101 {
			opts = okey101.RuleOptions
		}
		for _, o := range opts {
			o, _, _ = strings.Cut(o, " ")
			o = strings.TrimSuffix(o, "N")
			if !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	return out
}

// tiles completes a tile: R1 to K13.
func tiles(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, colour := range "RYBK" {
		for n := 1; n <= 13; n++ {
			if t := fmt.Sprintf("%c%d", colour, n); strings.HasPrefix(t, strings.ToUpper(toComplete)) {
				out = append(out, t)
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeBotsAndRules registers --bots and --rules's completions on c.
func completeBotsAndRules(c *cobra.Command) {
	if c.Flags().Lookup("bots") != nil {
		_ = c.RegisterFlagCompletionFunc("bots", listOf(levelWords, false))
	}
	_ = c.RegisterFlagCompletionFunc("rules", listOf(ruleWords, true))
}
