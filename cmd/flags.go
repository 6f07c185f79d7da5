package cmd

import (
	"errors"
	"slices"
	"strings"

	"okey/bots/decide101"
	"okey/bots/expertclassic"
	"okey/kit/i18n"
	"okey/ui/settings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagError says a parse error of pflag in the player's words, from its
// type: an unknown flag (a long one written with one dash named with
// its two-dash form), a flag without its value, a value the flag does
// not take, a malformed flag.
func flagError(c *cobra.Command, err error) error {
	path := c.CommandPath()
	u := &usageError{cmd: c, err: err}
	var (
		notExist *pflag.NotExistError
		noValue  *pflag.ValueRequiredError
		badValue *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		given := "--" + notExist.GetSpecifiedName()
		if short := notExist.GetSpecifiedShortnames(); short != "" {
			name, _, _ := strings.Cut(short, "=")
			if len(name) > 1 && c.Flags().Lookup(name) != nil {
				u.key, u.args = "cli.err.dashes", []any{"-" + name, name, path}
				return u
			}
			given = "-" + name
		}
		u.key, u.args = "cli.err.unknown", []any{given, path, path}
		if near := nearFlag(c, strings.TrimLeft(given, "-")); near != "" {
			u.key, u.args = "cli.err.unknown.maybe", []any{given, path, "--" + near, path}
		}
	case errors.As(err, &noValue):
		name := "--" + noValue.GetSpecifiedName()
		if noValue.GetSpecifiedShortnames() != "" {
			name = "-" + noValue.GetSpecifiedName()
		}
		u.key, u.args = "cli.err.noarg", []any{name, path}
	case errors.As(err, &badValue):
		u.key, u.args = "cli.err.value", []any{"--" + badValue.GetFlag().Name, badValue.GetValue(), path}
		var of notOneOf
		if errors.As(err, &of) {
			u.key, u.args = "cli.err.value.of", []any{"--" + badValue.GetFlag().Name, badValue.GetValue(), strings.Join(of, ", ")}
		}
	case errors.As(err, &syntax):
		u.key, u.args = "cli.err.syntax", []any{syntax.GetSpecifiedFlag()}
	default:
		return err
	}
	return u
}

// noCommand refuses a word where a command was expected, naming the
// closest command when one is close.
func noCommand(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if s := c.SuggestionsFor(args[0]); len(s) > 0 {
		return &usageError{cmd: c, key: "cli.err.command.maybe", args: []any{args[0], strings.Join(s, ", ")}}
	}
	return &usageError{cmd: c, key: "cli.err.command", args: []any{args[0]}}
}

// noArgs refuses any argument, as a usage error in the player's words.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return &usageError{cmd: c, key: "err.args", args: []any{args[0]}}
	}
	return nil
}

// fixed completes a flag's value from a list.
func fixed(values ...string) cobra.CompletionFunc {
	return cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp)
}

// choice is a flag that takes one of a few words, refused as a bad value
// by the parser otherwise.
type choice struct {
	v  string
	of []string
}

func (c *choice) String() string { return c.v }

func (c *choice) Type() string { return "string" }

func (c *choice) Set(s string) error {
	if !slices.Contains(c.of, s) {
		return notOneOf(c.of)
	}
	c.v = s
	return nil
}

// notOneOf is a choice's refusal of a word: the words it takes, which
// the error names (okey --lang de says en, tr).
type notOneOf []string

func (n notOneOf) Error() string { return "not one of " + strings.Join(n, ", ") }

// nearFlag is the flag of c (its own or inherited) a name it does not
// have was likely meant for: one the name begins (--dat for --date),
// else one an edit away (two for a name of six letters or more), the
// closest, then the first in order; never a hidden flag. "" when none
// is close.
func nearFlag(c *cobra.Command, name string) string {
	if len(name) < 2 {
		return ""
	}
	limit := 1
	if len(name) >= 6 {
		limit = 2
	}
	best, bestD := "", limit+1
	seen := func(f *pflag.Flag) {
		if f.Hidden || f.Name == name {
			return
		}
		d := editDistance(name, f.Name)
		if strings.HasPrefix(f.Name, name) {
			d = 0
		}
		if d < bestD || d == bestD && best != "" && f.Name < best {
			best, bestD = f.Name, d
		}
	}
	c.Flags().VisitAll(seen)
	c.InheritedFlags().VisitAll(seen)
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes
// (flags' names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// given is the set of flags given on the command line.
func given(fs *pflag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { set[f.Name] = true })
	return set
}

// levelsHelp is a --bots flag's help, key's words with the levels of
// each game, named once when both games have the same (key + ".same").
func levelsHelp(tr *i18n.Catalog, key string, classicLevels, levels101 []string) string {
	if slices.Equal(classicLevels, levels101) {
		return tr.T(key+".same", strings.Join(classicLevels, ", "))
	}
	if more, ok := beyond(classicLevels, levels101); ok {
		return tr.T(key+".more", strings.Join(classicLevels, ", "), strings.Join(more, ", "))
	}
	return tr.T(key, strings.Join(classicLevels, ", "), strings.Join(levels101, ", "))
}

// knownLevels names every game's levels once, as okey sim's error for
// an unknown one says them whichever game it runs: classic's, then
// those 101 has beyond them.
func knownLevels(tr *i18n.Catalog) string {
	if more, ok := beyond(expertclassic.Levels, decide101.Levels); ok && len(more) > 0 {
		return tr.T("cli.levels.more", strings.Join(expertclassic.Levels, ", "), strings.Join(more, ", "))
	}
	return strings.Join(expertclassic.Levels, ", ")
}

// beyond is what long has after short, when it begins with short.
func beyond(short, long []string) ([]string, bool) {
	if len(long) < len(short) || !slices.Equal(long[:len(short)], short) {
		return nil, false
	}
	return long[len(short):], true
}

// gameNames lists the games for a flag's help.
func gameNames() string { return strings.Join(settings.Games, ", ") }
