package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"okey/assets"
)

// newRoot is the tree of commands, its words in e's language. The root
// plays, so flags with no command go to play (okey --game 101), and its
// help lists play's flags beside the commands.
func newRoot(e *env) *cobra.Command {
	tr := e.tr
	var pf playFlags
	root := &cobra.Command{
		Use:     "okey",
		Short:   tr.T("cli.okey.short"),
		Long:    tr.T("cli.okey.long"),
		Example: "okey\nokey --game 101 --bots hard\nokey hand --indicator R4 R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 R12 Y12 B12 J\nokey serve --addr :2222\nokey dirs",
		Args:    noCommand,
		RunE: func(c *cobra.Command, args []string) error {
			return exitCode(playRun(c, &pf, e))
		},
	}
	root.SetFlagErrorFunc(flagError)
	root.SuggestionsMinimumDistance = 2
	root.SetVersionTemplate("okey {{.Version}}\n")
	root.PersistentFlags().Var(&choice{of: assets.Languages}, "lang", tr.T("cli.flag.lang", strings.Join(assets.Languages, ", ")))
	root.Flags().BoolP("version", "v", false, tr.T("cli.flag.version"))
	pf.bind(root, tr)
	root.AddCommand(playCmd(e), handCmd(e), simCmd(e), serveCmd(e), dirsCmd(e), verifyCmd(e), reviewCmd(e), loadCmd(e), versionCmd(e), manCmd(e), rulesCmd(e), dailyCmd(e), tourneyCmd(e))
	root.SetHelpCommand(helpCmd(e))
	root.InitDefaultHelpCmd() // in the tree now, for its flags below
	root.SetOut(e.stdout)     // where the completion scripts go, byte for byte
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			completionWords(c, e)
		}
	}
	withHelpFlag(root, tr.T("cli.flag.help"))
	inherit(root)
	_ = root.RegisterFlagCompletionFunc("lang", fixed(assets.Languages...))
	return root
}

// helpCmd is okey help COMMAND: that command's help; an unknown one is
// a usage error like any other.
func helpCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: e.tr.T("cli.help.short"),
		Long:  e.tr.T("cli.help.long"),
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []cobra.Completion
			for _, sub := range c.Root().Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, sub.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := c.Root().Find(args)
			if err != nil || target == nil || len(rest) > 0 {
				return noCommand(c.Root(), rest)
			}
			// The flags target inherits (--lang) join its own, as
			// they do when target -h parses its command line: the two
			// helps are the same.
			_ = target.InheritedFlags()
			return target.Help()
		},
	}
}

// completionWords puts cobra's completion command in the player's
// language: its summaries (the English one keeps cobra's instructions;
// bash's says the script needs the bash-completion package in every
// language). okey completion with no shell, or one it does not know, is
// a wrong command line (cobra would print the help and exit 0).
func completionWords(c *cobra.Command, e *env) {
	c.Short, c.Long = e.tr.T("cli.completion.short"), e.tr.T("cli.completion.long")
	var shells []string
	for _, sh := range c.Commands() {
		shells = append(shells, sh.Name())
	}
	c.Args = cobra.ArbitraryArgs // said by RunE, in the player's words
	c.RunE = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return &usageError{cmd: c, key: "cmd.completion.none", args: []any{strings.Join(shells, ", ")}}
		}
		return &usageError{cmd: c, key: "cmd.completion.unknown", args: []any{args[0], strings.Join(shells, ", ")}}
	}
	for _, sh := range c.Commands() {
		sh.Short = e.tr.T("cli.completion.shell", sh.Name())
		if e.lang != "en" {
			sh.Long = ""
			if sh.Name() == "bash" {
				sh.Long = e.tr.T("cmd.completion.bash")
			}
		}
		if f := sh.Flags().Lookup("no-descriptions"); f != nil {
			f.Usage = e.tr.T("cli.completion.nodesc")
		}
	}
}

// withHelpFlag gives every command of the tree its -h, --help, said in
// the player's language (cobra would add an English one).
func withHelpFlag(c *cobra.Command, usage string) {
	if c.Flags().Lookup("help") == nil {
		c.Flags().BoolP("help", "h", false, usage)
	}
	for _, sub := range c.Commands() {
		withHelpFlag(sub, usage)
	}
}

// inherit joins the flags each command inherits (--lang) to its own
// before any command line is read, so that every help lists them
// whichever way it is asked for (okey help, okey help CMD, CMD -h).
func inherit(c *cobra.Command) {
	_ = c.InheritedFlags()
	for _, sub := range c.Commands() {
		inherit(sub)
	}
}
