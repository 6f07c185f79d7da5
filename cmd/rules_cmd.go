package cmd

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/ui/settings"
)

// rulesCmd is okey rules: the whole rules of a game, from the same
// embedded text the ? page ends with, so that a player who has only the
// binary has them too (RULES.md stays the reference in the repository;
// TestRulesTextAgreesWithRulesMD keeps the two together).
func rulesCmd(e *env) *cobra.Command {
	var game string
	c := &cobra.Command{
		Use:     "rules",
		Short:   e.tr.T("cli.rules.short"),
		Long:    e.tr.T("cli.rules.long"),
		Example: "okey rules\nokey rules --game 101 --lang tr\nokey rules | grep -i okey",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			tty := isTerminal(e.stdout)
			width := 80
			if f := fileOf(e.stdout); f != nil && tty {
				if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
					width = min(w, 100)
				}
			}
			return exitCode(rulesRun(game, e.tr, tty, width, e.getenv, e.stdout, e.stderr))
		},
	}
	c.Flags().StringVar(&game, "game", settings.GameClassic, e.tr.T("cli.flag.rules.game", gameNames()))
	_ = c.RegisterFlagCompletionFunc("game", fixed(settings.Games...))
	return c
}

// rulesRun writes the rules of game in tr's language, wrapped to width.
// On a terminal (tty) they go through the player's pager, as git and man
// do: $PAGER, else less; the text is long, plain and read once, which a
// pager with its own keys and search serves better than a screen of
// ours. Without a pager, or piped, they are written plainly.
func rulesRun(game string, tr *i18n.Catalog, tty bool, width int, getenv func(string) string, stdout, stderr io.Writer) int {
	g, err := settings.ParseGame(game)
	if err != nil {
		fmt.Fprintf(stderr, "okey rules: %s\n", problem.Say(err, tr.Lang))
		return 2
	}
	text := formatRules(i18n.Rules(tr.Lang, g), width)
	if tty && page(text, getenv, stdout, stderr) {
		return 0
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		fmt.Fprintf(stderr, "okey rules: %s\n", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
		return 1
	}
	return 0
}

// formatRules lays the rules' text out for a terminal of width columns:
// a blank line before each heading, points hanging after their dash,
// every line wrapped between words.
func formatRules(text string, width int) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "# "):
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(ansi.Wordwrap(strings.TrimPrefix(line, "# "), width, "") + "\n")
		case strings.HasPrefix(line, "- "):
			body := ansi.Wordwrap(strings.TrimPrefix(line, "- "), width-2, "")
			b.WriteString("- " + strings.ReplaceAll(body, "\n", "\n  ") + "\n")
		default:
			b.WriteString(ansi.Wordwrap(line, width, "") + "\n")
		}
	}
	return b.String()
}

// page shows text through $PAGER (run by the shell, as git runs it) or
// less, and reports whether it did; false when there is none, or it
// could not start, so the caller writes the text itself.
func page(text string, getenv func(string) string, stdout, stderr io.Writer) bool {
	pager := strings.TrimSpace(getenv("PAGER"))
	var cmd *exec.Cmd
	switch {
	case pager == "" || pager == "cat":
		less, err := exec.LookPath("less")
		if pager == "cat" || err != nil {
			return false
		}
		cmd = exec.Command(less)
		if getenv("LESS") == "" {
			// Quit at once when the text fits; keep it on the screen.
			cmd.Env = append(os.Environ(), "LESS=FRX")
		}
	default:
		cmd = exec.Command("sh", "-c", pager)
	}
	cmd.Stdin = strings.NewReader(text)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		return false
	}
	_ = cmd.Wait() // a pager quit early (q) is no error of ours
	return true
}
