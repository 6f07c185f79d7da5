package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"okey/kit/i18n"
)

// The manual page is written here from the command tree rather than by
// mango, whose pages gave every short flag two dashes (--h), passed text
// through a printf (%AppData% came out as %!A(MISSING)ppData), left
// UTF-8 to troff and dated the page by the day of the build. A page of one command tree is a few roff requests; writing
// them keeps each of those right in one place, tested by rendering the
// page with groff (TestManPageRenders).

// manPage is the roff source of okey's manual page in tr's language:
// the root's description and flags, every command with its own, the
// exit statuses and the files. It is dated by the commit (v.Date), and
// undated when the build does not know it.
func manPage(root *cobra.Command, tr *i18n.Catalog, v version) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH OKEY 1 %s %s %s\n", roffQuote(v.Date()), roffQuote("okey "+v.Module), roffQuote(tr.T("cmd.man.manual")))
	section(&b, tr.T("cmd.man.name"))
	b.WriteString("okey \\- " + roffText(root.Short) + "\n")
	section(&b, tr.T("cmd.man.synopsis"))
	b.WriteString(".B okey\n.RI [ " + roffText(tr.T("cmd.man.flags")) + " ]\n.br\n")
	b.WriteString(".B okey\n.I " + roffText(tr.T("cmd.man.command")) + "\n.RI [ " + roffText(tr.T("cmd.man.flags")) + " ]\n")
	section(&b, tr.T("cmd.man.description"))
	paragraphs(&b, root.Long)
	section(&b, tr.T("cmd.man.options"))
	flags(&b, root.Flags(), root.PersistentFlags())
	section(&b, tr.T("cmd.man.commands"))
	for _, c := range manCommands(root) {
		fmt.Fprintf(&b, ".SS %s\n", roffQuote(c.CommandPath()+strings.TrimPrefix(c.Use, c.Name())))
		if c.Long != "" {
			paragraphs(&b, c.Long)
		} else {
			paragraphs(&b, c.Short)
		}
		if c.Example != "" {
			b.WriteString(".PP\n" + roffText(tr.T("cmd.man.examples")) + ":\n.PP\n.RS 4\n.nf\n")
			cont := false // a line continued with \ indents the next, as the help does
			for _, ln := range strings.Split(c.Example, "\n") {
				if cont {
					ln = "  " + ln
				}
				b.WriteString(roffLine(ln) + "\n")
				cont = strings.HasSuffix(ln, "\\")
			}
			b.WriteString(".fi\n.RE\n")
		}
		flags(&b, c.LocalNonPersistentFlags())
	}
	section(&b, tr.T("cmd.man.exit"))
	paragraphs(&b, tr.T("cmd.man.exit.text"))
	section(&b, tr.T("cmd.man.files"))
	paragraphs(&b, tr.T("cli.dirs.long"))
	section(&b, tr.T("cmd.man.environment"))
	paragraphs(&b, tr.T("cmd.man.environment.text"))
	return b.String()
}

// manCommands are the commands of the page: every available command
// under root, depth first, help's and the hidden ones left out.
func manCommands(root *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, c := range root.Commands() {
		if !c.IsAvailableCommand() || c.Name() == "help" {
			continue
		}
		out = append(out, c)
		out = append(out, manCommands(c)...)
	}
	return out
}

// section starts a section of the page.
func section(b *strings.Builder, title string) {
	b.WriteString(".SH " + roffQuote(strings.ToUpper(title)) + "\n")
}

// paragraphs writes text whose paragraphs are separated by a blank
// line; a line of its own starting with spaces (a JSON shape) is set
// as it is.
func paragraphs(b *strings.Builder, text string) {
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		b.WriteString(".PP\n")
		for _, ln := range strings.Split(p, "\n") {
			if strings.HasPrefix(ln, " ") {
				b.WriteString(".nf\n" + roffLine(strings.TrimSpace(ln)) + "\n.fi\n")
				continue
			}
			b.WriteString(roffLine(ln) + "\n")
		}
	}
}

// flags writes each flag of the sets, as the help does: -h, --help,
// with its value's type, and its usage; hidden ones left out.
func flags(b *strings.Builder, sets ...*pflag.FlagSet) {
	seen := map[string]bool{}
	for _, fs := range sets {
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Hidden || seen[f.Name] {
				return
			}
			seen[f.Name] = true
			name := `\fB\-\-` + roffText(f.Name) + `\fR`
			if f.Shorthand != "" {
				name = `\fB\-` + roffText(f.Shorthand) + `\fR, ` + name
			}
			if t := f.Value.Type(); t != "bool" {
				name += ` \fI` + roffText(t) + `\fR`
			}
			b.WriteString(".TP\n" + name + "\n" + roffLine(f.Usage) + "\n")
		})
	}
}

// roffLine is a line of text for roff: escaped, and a line that would
// start with a control character (. or ') made text.
func roffLine(s string) string {
	s = roffText(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// roffText escapes text for roff: a backslash, a minus (written \- so
// that flags can be searched and copied), and every character past
// ASCII as its Unicode escape (\[u00E7]), which groff and mandoc read
// whatever the page's encoding, without warnings.
func roffText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r == '\t':
			b.WriteString(" ")
		case r > 126:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// roffQuote is an argument of a request: in double quotes (a quote in
// it doubled).
func roffQuote(s string) string {
	return `"` + strings.ReplaceAll(roffText(s), `"`, `""`) + `"`
}
