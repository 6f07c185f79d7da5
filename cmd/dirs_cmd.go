package cmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"okey/kit/i18n"
	"okey/kit/store"
)

// dirsCmd is okey dirs: where the files are, so a player (or a bug
// report) can find them.
func dirsCmd(e *env) *cobra.Command {
	var stateDir, configDir string
	c := &cobra.Command{
		Use:   "dirs",
		Short: e.tr.T("cli.dirs.short"),
		Long:  e.tr.T("cli.dirs.long"),
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return exitCode(dirsRun(stateDir, configDir, e.tr, e.stdout, e.stderr))
		},
	}
	c.Flags().StringVar(&stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	c.Flags().StringVar(&configDir, "config-dir", "", e.tr.T("cli.flag.config-dir"))
	_ = c.MarkFlagDirname("state-dir")
	_ = c.MarkFlagDirname("config-dir")
	return c
}

// dirsRun prints each file's place, and whether it is there yet.
func dirsRun(stateDir, configDir string, tr *i18n.Catalog, stdout, stderr io.Writer) int {
	fail := func(key string) int {
		fmt.Fprintf(stderr, "okey dirs: %s\n", tr.T(key))
		return 1
	}
	state, err := store.StateDir(stateDir)
	if err != nil {
		return fail("cmd.err.nostatedir")
	}
	config, err := store.ConfigDir(configDir)
	if err != nil {
		return fail("cmd.err.noconfigdir")
	}
	serveDir, err := store.ServeStateDir(stateDir)
	if err != nil {
		return fail("cmd.err.nostatedir")
	}
	hostKey, err := store.HostKeyPath(stateDir)
	if err != nil {
		return fail("cmd.err.nostatedir")
	}
	rows := []struct{ what, path string }{
		{"settings", store.SettingsPath(config)},
		{"match", filepath.Join(state, store.MatchFile)},
		{"rack", filepath.Join(state, store.RackFile)},
		{"stats", filepath.Join(state, store.StatsFile)},
		{"finished", filepath.Join(state, store.FinishedDir)},
		{"tables", serveDir},
		{"hostkey", hostKey},
	}
	wide := 0
	for i, r := range rows {
		rows[i].what = tr.T("cli.dirs." + r.what)
		wide = max(wide, utf8.RuneCountInString(rows[i].what))
	}
	for _, r := range rows {
		line := r.what + strings.Repeat(" ", wide+1-utf8.RuneCountInString(r.what)) + r.path
		if _, err := os.Stat(r.path); err != nil {
			line += " " + tr.T("cli.dirs.notyet")
		}
		fmt.Fprintln(stdout, line)
	}
	return 0
}
