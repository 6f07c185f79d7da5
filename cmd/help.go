package cmd

import (
	"bytes"
	"io"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"

	"okey/kit/i18n"
)

// titles is the writer the help is written to: fang writes its section
// titles (USAGE, EXAMPLES, COMMANDS, FLAGS) in English whatever the
// language of the text under them, each title in a write of its own, so
// a write whose only visible text is one of them gets the catalogue's
// title instead. It is a terminal when the stream it writes to is one,
// so that fang styles the help on a terminal; to a pipe or a file it
// writes plain text, its lines without fang's padding.
type titles struct {
	w  io.Writer
	tr *i18n.Catalog
}

// sectionTitles are fang's titles, as it writes them, and their keys.
var sectionTitles = map[string]string{
	"USAGE":    "cli.title.usage",
	"EXAMPLES": "cli.title.examples",
	"COMMANDS": "cli.title.commands",
	"FLAGS":    "cli.title.flags",
}

func (t *titles) Write(p []byte) (int, error) {
	out := p
	word := strings.TrimSpace(ansi.Strip(string(p)))
	if key, ok := sectionTitles[word]; ok {
		out = bytes.Replace(p, []byte(word), []byte(t.tr.T(key)), 1)
	}
	if f := fileOf(t.w); f != nil && isTerminal(f) {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
			out = wrapItems(out, w)
		}
	} else {
		// fang pads every line to the width of the text; plain text
		// for a pipe or a file ends its lines where the words do.
		out = trailingSpaces.ReplaceAll(out, []byte("\n"))
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// trailingSpaces are the spaces at the end of a line.
var trailingSpaces = regexp.MustCompile(` +\n`)

// Read, Close and Fd make titles a terminal's file when it writes to
// one (fang and colorprofile ask for term.File).
func (t *titles) Read(p []byte) (int, error) {
	if r, ok := t.w.(io.Reader); ok {
		return r.Read(p)
	}
	return 0, io.EOF
}

func (t *titles) Close() error { return nil }

func (t *titles) Fd() uintptr {
	if f := fileOf(t.w); f != nil {
		return f.Fd()
	}
	return ^uintptr(0)
}

// wrapItems wraps the lines of p wider than width: fang writes a
// command or a flag and its description on one line whatever the
// terminal's width, so a long description is wrapped between words and
// its next lines start under its first (after the key and the run of
// spaces that follows it). Styles carry over, being ANSI-aware.
func wrapItems(p []byte, width int) []byte {
	lines := strings.Split(string(p), "\n")
	changed := false
	for i, line := range lines {
		if ansi.StringWidth(line) <= width {
			continue
		}
		col := descriptionColumn(ansi.Strip(line))
		if col <= 0 || col > width-20 {
			lines[i] = ansi.Wrap(line, width, "")
		} else {
			// Between words only: ansi.Wrap also breaks after a
			// hyphen, which would split --game or 1-250.
			rest := ansi.Cut(line, col, ansi.StringWidth(line))
			rest = strings.ReplaceAll(rest, "-", nbHyphen)
			rest = strings.ReplaceAll(ansi.Wrap(rest, width-col, ""), nbHyphen, "-")
			lines[i] = ansi.Cut(line, 0, col) + strings.ReplaceAll(rest, "\n", "\n"+strings.Repeat(" ", col))
		}
		changed = true
	}
	if !changed {
		return p
	}
	return []byte(strings.Join(lines, "\n"))
}

// nbHyphen stands for a hyphen while a description is wrapped.
const nbHyphen = "\u2011"

// descriptionColumn is where an item's description starts in a plain
// line: after the indent, the key (which may hold single spaces) and a
// run of at least two spaces; 0 when the line is not an item.
func descriptionColumn(line string) int {
	r := []rune(line)
	i := 0
	for i < len(r) && r[i] == ' ' {
		i++
	}
	for ; i+1 < len(r); i++ {
		if r[i] == ' ' && r[i+1] == ' ' {
			for i < len(r) && r[i] == ' ' {
				i++
			}
			if i == len(r) {
				return 0
			}
			return ansi.StringWidth(string(r[:i]))
		}
	}
	return 0
}
