package cmd

import (
	"fmt"
	"io"
	"os"

	"okey/door"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/kit/store"
	"okey/server/keep"
)

// serveFlags are okey serve's flags beside the server's configuration.
type serveFlags struct {
	stateDir, debugLog string
	// secret is the file of the cluster's secret (--cluster-secret).
	secret string
	// proxies are the trusted proxies' addresses or networks
	// (--proxy-protocol).
	proxies []string
	// shared are the addresses or networks the operator names as shared
	// by several people (--shared-addr).
	shared []string
	// web is the browser door's (serve_web.go).
	web webFlags
	// sealStore asks for the store to be sealed, once, instead of
	// served (--seal-store).
	sealStore bool
}

// checkServe completes and checks okey serve's configuration. ok is
// false when the command should stop with code 2 (1 for a file that
// cannot be read), having said why on one line.
func checkServe(cfg door.Config, f serveFlags, tr *i18n.Catalog, stderr io.Writer) (door.Config, int, bool) {
	stateDir, secret := f.stateDir, f.secret
	fail := func(format string, a ...any) (door.Config, int, bool) {
		fmt.Fprintf(stderr, "okey serve: "+format+"\n", a...)
		return door.Config{}, 2, false
	}
	// A file given that cannot be read is a runtime failure, as a
	// record given to okey verify is: the command line is right.
	failed := func(key string, a ...any) (door.Config, int, bool) {
		fmt.Fprintf(stderr, "okey serve: %s\n", tr.T(key, a...))
		return door.Config{}, 1, false
	}
	dir, err := store.ServeStateDir(stateDir)
	if err != nil {
		return failed("cmd.err.nostatedir")
	}
	cfg.StateDir = dir
	if cfg.HostKey == "" {
		if cfg.HostKey, err = store.HostKeyPath(stateDir); err != nil {
			return failed("cmd.err.nostatedir")
		}
	}
	if secret != "" {
		if cfg.Store.Secret, err = keep.ReadSecret(secret); err != nil {
			return failed("cmd.serve.secret", problem.Sys(tr, err))
		}
	}
	if cfg.AuthorizedKeys != "" {
		if _, err := os.Stat(cfg.AuthorizedKeys); err != nil {
			return failed("cmd.serve.keys", problem.Sys(tr, err))
		}
	}
	if cfg.TrustedProxies, err = door.ParseProxies(f.proxies); err != nil {
		return fail("%v", err)
	}
	if cfg.SharedAddrs, err = door.ParseShared(f.shared); err != nil {
		return fail("%v", err)
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	if err := checkWeb(f.web); err != nil {
		return fail("%v", err)
	}
	return cfg, 0, true
}
