package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"okey/ui/store"
)

const dirsUsage = `usage: okey dirs [flags]

Prints where okey keeps its files, and whether each is there yet: the
settings (the config directory), the match in play, the rack's
arrangement, the statistics and the finished matches (the state
directory), and okey serve's tables and host key. --state-dir and
--config-dir say where to look, as they do for okey play and okey serve.

Flags:
`

// dirsMain is okey dirs: where the files are, so a player (or a bug
// report) can find them.
func dirsMain(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("okey dirs", flag.ContinueOnError)
	stateDir := fs.String("state-dir", "", "the state directory (default $XDG_STATE_HOME/okey)")
	configDir := fs.String("config-dir", "", "the settings' directory (default: the user's config directory + /okey)")
	rest, code, ok := parseInterleaved(fs, args, dirsUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "okey dirs: unexpected argument %q (okey dirs -h for help)\n", rest[0])
		return 2
	}
	state, err := store.StateDir(*stateDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	config, err := store.ConfigDir(*configDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	serveDir, err := store.ServeStateDir(*stateDir)
	if err != nil {
		fmt.Fprintf(stderr, "okey dirs: %v\n", err)
		return 1
	}
	hostKey, err := store.HostKeyPath(*stateDir)
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
