package cmd

import (
	"runtime/debug"
	"strings"
	"time"
)

// version is what a build of okey says it is: the module's version
// and, when the build knows them, the commit, the commit's time and
// whether the work tree had changes not committed. The Go toolchain
// writes them into the binary when it builds in a repository with VCS
// stamping on; a build without it (GOFLAGS=-buildvcs=false, a build
// from a source archive) is given them at link time instead, as a
// release build does (docs/play.md shows the command):
//
//	go build -ldflags "-X main.release=v1.2.0 -X main.commit=$(git rev-parse HEAD)
//	  -X main.commitTime=$(git log -1 --format=%cI) -X main.modified=false"
//
// What the link gives wins over what the toolchain stamped. A bug
// report carries the version (the crash message and the debug log
// print it), and okey man dates its page by the commit's time.
type version struct {
	Module, Revision, Time string
	Modified               bool
}

// Link is what a build was given at link time with -ldflags -X on the
// main package's variables (see version), which main hands to Main: the
// release's version, the commit's hash, its time (RFC 3339) and "true"
// for a work tree with changes not committed. Empty: not given. The
// variables stay in main so that a release script's -X main.release
// names the same thing it always did.
type Link struct {
	Release, Commit, CommitTime, Modified string
}

// fromLink is what Main was given; a test binary has nothing linked.
var fromLink Link

// currentVersion is this binary's version.
func currentVersion() version {
	v := versionOf(debug.ReadBuildInfo())
	return v.linked(fromLink.Release, fromLink.Commit, fromLink.CommitTime, fromLink.Modified)
}

// linked is v with what the link gave (empty: not given).
func (v version) linked(release, commit, commitTime, modified string) version {
	if release != "" {
		v.Module = release
	}
	if commit != "" {
		v.Revision = commit
		v.Modified = false // the stamp's mark was of another commit
	}
	if commitTime != "" {
		v.Time = commitTime
	}
	if modified != "" {
		v.Modified = modified == "true" || modified == "dirty"
	}
	return v
}

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
// commit time 2026-11-23T03:58:46Z, dirty)", with what is known.
func (v version) String() string {
	var more []string
	if v.Revision != "" {
		more = append(more, "commit "+v.Revision[:min(12, len(v.Revision))])
	}
	if v.Time != "" {
		more = append(more, "commit time "+v.Time)
	}
	if v.Modified {
		more = append(more, "dirty")
	}
	if len(more) == 0 {
		return v.Module
	}
	return v.Module + " (" + strings.Join(more, ", ") + ")"
}

// Date is the day of the commit (2026-11-23), or "" when the build does
// not know it: the man page's date, never the day it was built.
func (v version) Date() string {
	if t, err := time.Parse(time.RFC3339, v.Time); err == nil {
		return t.UTC().Format(time.DateOnly)
	}
	return ""
}
