package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"okey/ui/store"
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
			return exitCode(dirsRun(stateDir, configDir, e.stdout, e.stderr))
		},
	}
	c.Flags().StringVar(&stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	c.Flags().StringVar(&configDir, "config-dir", "", e.tr.T("cli.flag.config-dir"))
	_ = c.MarkFlagDirname("state-dir")
	_ = c.MarkFlagDirname("config-dir")
	return c
}

// dirsRun prints each file's place, and whether it is there yet.
func dirsRun(stateDir, configDir string, stdout, stderr io.Writer) int {
	state, err := store.StateDir(stateDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	config, err := store.ConfigDir(configDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	serveDir, err := store.ServeStateDir(stateDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	hostKey, err := store.HostKeyPath(stateDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	rows := []struct{ what, path string }{
		{"settings", store.SettingsPath(config)},
		{"match in play", filepath.Join(state, store.MatchFile)},
		{"rack arrangement", filepath.Join(state, store.RackFile)},
		{"statistics", filepath.Join(state, store.StatsFile)},
		{"finished matches", filepath.Join(state, store.FinishedDir)},
		{"okey serve's tables", serveDir},
		{"okey serve's host key", hostKey},
	}
	for _, r := range rows {
		line := fmt.Sprintf("%-22s %s", r.what, r.path)
		if _, err := os.Stat(r.path); err != nil {
			line += " (not yet)"
		}
		fmt.Fprintln(stdout, line)
	}
	return 0
}
