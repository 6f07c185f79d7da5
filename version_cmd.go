package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// version is what a build of okey says it is, from the build
// information the Go toolchain writes into the binary: the module's
// version and, when it was built from a repository, the commit, its time
// and whether the work tree had changes not committed. A bug report
// carries it (the crash message and the debug log print it).
type version struct {
	Module, Revision, Time string
	Modified               bool
}

// currentVersion is this binary's version.
func currentVersion() version { return versionOf(debug.ReadBuildInfo()) }

// versionOf reads a build's information; without any (a test binary
// may have none) the version is "unknown".
func versionOf(info *debug.BuildInfo, ok bool) version {
	v := version{Module: "unknown"}
	if !ok || info == nil {
		return v
	}
	if info.Main.Version != "" {
		v.Module = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// String is the version on one line: "v1.2.0 (commit 0123456789ab,
// 2026-11-23T03:58:46Z, dirty)", with what is known.
func (v version) String() string {
	var more []string
	if v.Revision != "" {
		more = append(more, "commit "+v.Revision[:min(12, len(v.Revision))])
	}
	if v.Time != "" {
		more = append(more, v.Time)
	}
	if v.Modified {
		more = append(more, "dirty")
	}
	if len(more) == 0 {
		return v.Module
	}
	return v.Module + " (" + strings.Join(more, ", ") + ")"
}

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
			page, err := mcobra.NewManPage(1, c.Root())
			if err != nil {
				return &exitError{1}
			}
			page = page.WithSection("Files", e.tr.T("cli.dirs.long"))
			_, err = fmt.Fprint(e.stdout, page.Build(roff.NewDocument()))
			return err
		},
	}
}
