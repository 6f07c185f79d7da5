package main

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"okey/ui/i18n"
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
	if !isTerminal(t.w) {
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
	if f, ok := t.w.(*os.File); ok {
		return f.Fd()
	}
	return ^uintptr(0)
}
