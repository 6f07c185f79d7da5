package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"okey/kit/problem"
	"okey/server/keep"

	"github.com/spf13/cobra"
)

// serveSecretCmd is okey serve secret FILE: a new cluster secret, for
// every node of a cluster to be given; with --add, --promote or --drop,
// a step of changing the secret of a cluster that stays up
// (docs/cluster.md).
func serveSecretCmd(e *env) *cobra.Command {
	var add, promote, drop bool
	c := &cobra.Command{
		Use:     "secret FILE",
		Short:   e.tr.T("cli.serve.secret.short"),
		Long:    e.tr.T("cli.serve.secret.long"),
		Example: "okey serve secret okey.secret\nscp okey.secret node2: && scp okey.secret node3:\nokey serve secret --add okey.secret",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return &usageError{cmd: c, key: "err.serve.secret.args"}
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			fail := func(key string, a ...any) error {
				fmt.Fprintf(e.stderr, "okey serve secret: %s\n", e.tr.T(key, a...))
				return exitCode(1)
			}
			step := map[bool]string{add: "add", promote: "promote", drop: "drop"}[true]
			if (add && promote) || (add && drop) || (promote && drop) {
				return &usageError{cmd: c, key: "err.serve.secret.steps"}
			}
			if step != "" {
				return changeSecret(e, args[0], step, fail)
			}
			s, err := keep.NewSecret()
			if err == nil {
				err = keep.WriteSecret(args[0], s)
			}
			if errors.Is(err, fs.ErrExist) {
				return fail("err.serve.secret.exists", args[0])
			}
			if err != nil {
				return fail("cmd.serve.secret.write", problem.Sys(e.tr, err))
			}
			fmt.Fprintln(e.stdout, e.tr.T("cli.serve.secret.done", args[0], s.Fingerprint()))
			return nil
		},
	}
	fs := c.Flags()
	fs.BoolVar(&add, "add", false, e.tr.T("cli.flag.serve.secret.add"))
	fs.BoolVar(&promote, "promote", false, e.tr.T("cli.flag.serve.secret.promote"))
	fs.BoolVar(&drop, "drop", false, e.tr.T("cli.flag.serve.secret.drop"))
	return c
}

// changeSecret takes the secret file at path one step on in changing
// the cluster's secret (keep/rotate.go), replacing the file whole.
func changeSecret(e *env, path, step string, fail func(string, ...any) error) error {
	s, err := keep.ReadSecret(path)
	if err != nil {
		return fail("cmd.serve.secret", problem.Sys(e.tr, err))
	}
	switch step {
	case "add":
		s, err = s.AddKey()
	case "promote":
		s, err = s.PromoteKey()
	default:
		s, err = s.DropKey()
	}
	switch {
	case errors.Is(err, keep.ErrTwoKeys):
		return fail("err.serve.secret.two")
	case errors.Is(err, keep.ErrNoNewKey):
		return fail("err.serve.secret.one")
	case err != nil:
		return fail("cmd.serve.secret.write", problem.Sys(e.tr, err))
	}
	if err := keep.ReplaceSecret(path, s); err != nil {
		return fail("cmd.serve.secret.write", problem.Sys(e.tr, err))
	}
	fmt.Fprintln(e.stdout, e.tr.T("cli.serve.secret."+step, path, strings.Join(s.Fingerprints(), ", ")))
	return nil
}
