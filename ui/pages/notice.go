package pages

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
	"okey/ui/layout"
)

// Notice tells what must be told before playing (a damaged save set
// aside, a settings file that could not be read); any key but quit
// closes it.
type Notice struct {
	c     *Common
	notes []string
}

// NewNotice is the notice of notes, each in the player's language.
func NewNotice(c *Common, notes []string) Notice { return Notice{c: c, notes: notes} }

// Update: quit quits, any other key goes on.
func (p Notice) Update(k tea.KeyPressMsg) Result {
	if key.Matches(k, p.c.Keys.Notice.Quit) {
		return Quit
	}
	return Close
}

// Lines are a title, then each note wrapped.
func (p Notice) Lines() []string {
	st := p.c.St
	lines := []string{st.Warn.Render(p.c.Tr.T("notice.title")), ""}
	for _, n := range p.notes {
		for _, s := range canvas.Wrap(n, p.c.TextW()) {
			lines = append(lines, st.Text.Render(s))
		}
		lines = append(lines, "")
	}
	return lines
}

// ShortHelp is quitting; the bar is Foot's words, since any key goes on.
func (p Notice) ShortHelp() []key.Binding { return []key.Binding{p.c.Keys.Notice.Quit} }

// Foot is the notice's bottom line: any key goes on, q quits.
func (p Notice) Foot() string {
	return p.c.St.Bold.Render(canvas.Cut(p.c.Tr.T("notice.keys"), p.c.Lay.Help.W))
}

// TooSmall stands in for every screen while the terminal is smaller
// than the layout's least. No key acts on what the player cannot see:
// only quitting (and growing the terminal) does anything.
type TooSmall struct {
	c    *Common
	w, h int
}

// NewTooSmall is the notice for a w×h terminal.
func NewTooSmall(c *Common, w, h int) TooSmall { return TooSmall{c: c, w: w, h: h} }

// Update: only quitting does anything.
func (p TooSmall) Update(k tea.KeyPressMsg) Result {
	if key.Matches(k, p.c.Keys.TooSmall.Quit) {
		return Quit
	}
	return None
}

// Lines are the notice and its key, wrapped to the terminal.
func (p TooSmall) Lines() []string {
	q := p.c.Keys.TooSmall.Quit.Help()
	return canvas.Wrap(p.c.Tr.T("toosmall", layout.MinWidth, layout.MinHeight, layout.PortraitW, layout.PortraitH, p.w, p.h)+"\n"+q.Key+" "+q.Desc, max(1, p.w))
}

// ShortHelp is quitting, which the lines name.
func (p TooSmall) ShortHelp() []key.Binding { return []key.Binding{p.c.Keys.TooSmall.Quit} }

// View is the lines centred on the terminal.
func (p TooSmall) View() string {
	lines := p.Lines()
	c := canvas.New(p.w, p.h)
	y := max(0, (p.h-len(lines))/2)
	for i, l := range lines {
		c.Put(max(0, (p.w-canvas.Width(l))/2), y+i, p.c.St.Warn.Render(l))
	}
	return c.String()
}

// Locked says another game plays in the state directory dir (by process
// pid, 0 unknown), and two would overwrite each other's save: this one
// may look at that match, read only, when there is one (look), or quit.
type Locked struct {
	c    *Common
	dir  string
	pid  int
	look bool
}

// NewLocked is the locked screen; look tells whether there is a match to
// look at.
func NewLocked(c *Common, dir string, pid int, look bool) Locked {
	return Locked{c: c, dir: dir, pid: pid, look: look}
}

// Update: quit quits; look closes the page onto the match, if any.
func (p Locked) Update(k tea.KeyPressMsg) Result {
	keys := p.c.Keys.Locked
	switch {
	case key.Matches(k, keys.Quit):
		return Quit
	case key.Matches(k, keys.Look) && p.look:
		return Close
	}
	return None
}

// Lines say whose the directory is, and that there is nothing to look
// at when there is not.
func (p Locked) Lines() []string {
	st, tr := p.c.St, p.c.Tr
	who := p.dir
	if p.pid > 0 {
		who += " (" + tr.T("locked.pid", strconv.Itoa(p.pid)) + ")"
	}
	lines := []string{st.Warn.Render(tr.T("locked.title")), ""}
	for _, s := range canvas.Wrap(tr.T("locked.body", who), p.c.TextW()) {
		lines = append(lines, st.Text.Render(s))
	}
	if !p.look {
		lines = append(lines, "", st.Dim.Render(tr.T("locked.nothing")))
	}
	return lines
}

// ShortHelp: looking when there is a match, quitting.
func (p Locked) ShortHelp() []key.Binding {
	if !p.look {
		return []key.Binding{p.c.Keys.Locked.Quit}
	}
	return []key.Binding{p.c.Keys.Locked.Look, p.c.Keys.Locked.Quit}
}
