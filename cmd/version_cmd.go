package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

// versionCmd is okey version, the same line as okey --version.
func versionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: e.tr.T("cli.version.short"),
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(e.stdout, "okey %s\n", currentVersion())
			return err
		},
	}
}

// manCmd is okey man: the manual page, made from the command tree (its
// descriptions and every flag), in roff for man(1): okey man | man -l -.
func manCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: e.tr.T("cli.man.short"),
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			fmt.Fprint(e.stdout, manPage(c.Root(), e.tr, currentVersion()))
			return nil
		},
	}
}
