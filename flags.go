package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

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
	case errors.As(err, &noValue):
		name := "--" + noValue.GetSpecifiedName()
		if noValue.GetSpecifiedShortnames() != "" {
			name = "-" + noValue.GetSpecifiedName()
		}
		u.key, u.args = "cli.err.noarg", []any{name, path}
	case errors.As(err, &badValue):
		u.key, u.args = "cli.err.value", []any{"--" + badValue.GetFlag().Name, badValue.GetValue(), path}
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
		return fmt.Errorf("not one of %s", strings.Join(c.of, ", "))
	}
	c.v = s
	return nil
}

// given is the set of flags given on the command line.
func given(fs *pflag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { set[f.Name] = true })
	return set
}

// gameNames lists the games for a flag's help.
func gameNames() string { return strings.Join(settings.Games, ", ") }
