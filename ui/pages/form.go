package pages

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/kit/safetext"
	"okey/ui/canvas"
)

// The settings form of both games: lines of choices and names, a cursor
// that moves over the lines shown, values that turn with ←→, names
// typed in (name.go). The form knows nothing of what its fields mean:
// its owner builds the fields, says which are shown and which are moot
// (FormRules), and reads the fields back when the player saves.

// Field is one line of a form: a choice among values, or a name typed
// in.
type Field struct {
	Label  string   // catalog key of the label
	Values []string // the choices (shown through the catalog's val.* keys)
	At     int      // the choice
	Text   string   // a name, for text fields
	IsText bool
}

// Value is the field's choice, or its name.
func (f *Field) Value() string {
	if f.IsText {
		return f.Text
	}
	return f.Values[f.At]
}

// FormRules are what the form's owner decides about its fields, as they
// stand now.
type FormRules interface {
	// Hidden reports whether field i is left off the form.
	Hidden(fields []Field, i int) bool
	// Moot reports whether field i does not apply: shown as "—", not
	// changed.
	Moot(fields []Field, i int) bool
	// Note is what follows the value of field i ("" for nothing).
	Note(fields []Field, i int) string
	// BlankAfter reports whether a blank line follows field i when the
	// page has room for one.
	BlankAfter(i int) bool
	// Foot is the note under the form, when no error and no name is
	// being typed.
	Foot(fields []Field) string
}

// Form is a settings form being edited.
type Form struct {
	Fields []Field
	At     int
	// Err is what was wrong with the last key or the save, "" for
	// nothing.
	Err   string
	rules FormRules
	// was holds each field as the form opened, to save only what the
	// player changed; stored each field as the settings file has it, to
	// mark a value that is this run's only (nil: the same as was).
	was, stored []Field
	// name edits the text of the name field nameAt (-1: none yet); its
	// value is copied into the field at every edit.
	name   textinput.Model
	nameAt int
}

// NewForm is a form of fields at its first line; stored are the fields
// as the settings file has them (nil: as fields).
func NewForm(fields, stored []Field, rules FormRules) *Form {
	return &Form{Fields: fields, was: slices.Clone(fields), stored: stored, rules: rules, nameAt: -1}
}

// Changed reports whether field i differs from how the form opened.
func (f *Form) Changed(i int) bool {
	return f.Fields[i].At != f.was[i].At || f.Fields[i].Text != f.was[i].Text
}

// runOnly reports whether field i shows a value for this run only (a
// flag's) that saving leaves as the file has it.
func (f *Form) runOnly(i int) bool {
	return f.stored != nil && !f.Changed(i) && f.Fields[i].Value() != f.stored[i].Value()
}

// shown counts the fields on the form.
func (f *Form) shown() int {
	n := 0
	for i := range f.Fields {
		if !f.rules.Hidden(f.Fields, i) {
			n++
		}
	}
	return n
}

// Step moves the cursor by d (±1) to the next field shown.
func (f *Form) Step(d int) {
	for range f.Fields {
		f.At = (f.At + d + len(f.Fields)) % len(f.Fields)
		if !f.rules.Hidden(f.Fields, f.At) {
			return
		}
	}
}

// nameField is the editor of the field under the cursor, a name field,
// holding that field's text.
func (f *Form) nameField() *textinput.Model {
	if f.nameAt != f.At {
		f.name, f.nameAt = NewNameField(f.Fields[f.At].Text), f.At
	}
	return &f.name
}

// Page is the form drawn and driven with c.
func (f *Form) Page(c *Common) FormPage { return FormPage{c: c, f: f} }

// FormPage is a form as a page.
type FormPage struct {
	c *Common
	f *Form
}

// Update handles a key: up and down choose a line, ←→ change a choice,
// a name takes what is typed; save, cancel and leave are the host's
// (Save, Cancel, Close).
func (p FormPage) Update(k tea.KeyPressMsg) Result {
	f := p.f
	cur := &f.Fields[f.At]
	f.Err = ""
	keys := p.c.Keys.Settings
	switch {
	case key.Matches(k, keys.Cancel):
		return Cancel
	case key.Matches(k, keys.Save):
		return Save
	case key.Matches(k, keys.Up):
		f.Step(-1)
	case key.Matches(k, keys.Down):
		f.Step(1)
	case cur.IsText && NameEditKey(f.nameField(), k):
		p.editName(k)
	case !cur.IsText && (key.Matches(k, keys.Prev) || key.Matches(k, keys.Next)):
		if f.rules.Moot(f.Fields, f.At) {
			f.Err = p.c.Tr.T("set.err.moot")
			break
		}
		d := 1
		if key.Matches(k, keys.Prev) {
			d = -1
		}
		cur.At = (cur.At + d + len(cur.Values)) % len(cur.Values)
	case !cur.IsText && key.Matches(k, keys.Leave):
		return Close
	default:
		f.Err = p.c.Tr.T("set.err.keys")
	}
	return None
}

// Paste hands a paste to the name under the cursor; on any other line
// a paste means nothing.
func (p FormPage) Paste(msg tea.PasteMsg) {
	f := p.f
	if !f.Fields[f.At].IsText {
		return
	}
	f.Err = ""
	p.editName(msg)
}

// editName hands the name under the cursor a key or a paste and says
// in Err what of it was kept out.
func (p FormPage) editName(msg tea.Msg) {
	f := p.f
	in := f.nameField()
	switch EditName(in, msg) {
	case NameTooLong:
		f.Err = p.c.Tr.T("set.err.name", safetext.MaxNameLen)
	case NameBadChars:
		f.Err = p.c.Tr.T("set.err.name.chars")
	}
	f.Fields[f.At].Text = in.Value()
}

// ShortHelp: choose a line, change it, save, cancel.
func (p FormPage) ShortHelp() []key.Binding { return p.c.Keys.Settings.ShortHelp() }

// Lines are the form: a title, a line a field shown (the cursor's
// marked, a moot one dimmed, a value for this run only noted), and the
// note under it, wrapped onto the lines the page has left.
func (p FormPage) Lines() []string {
	f, st, tr, page := p.f, p.c.St, p.c.Tr, p.c.Lay.Page
	lines := []string{st.Title.Render(tr.T("set.title"))}
	// A blank line after a group when the page has room for them and a
	// line to spare above and below.
	labelW := 0
	for _, fl := range f.Fields {
		labelW = max(labelW, canvas.Width(tr.T(fl.Label)))
	}
	labelW = min(labelW, page.W/2)
	// A label longer than its column (a narrow page, a phone held
	// upright) takes a line of its own, its value under it.
	shown := f.shown()
	for i, fl := range f.Fields {
		if !f.rules.Hidden(f.Fields, i) && canvas.Width(tr.T(fl.Label)) > labelW {
			shown++
		}
	}
	roomy := page.H >= len(lines)+1+shown+2+2+2
	if page.H > len(lines)+shown+2 {
		lines = append(lines, "") // under the title, when there is room
	}
	for i, fl := range f.Fields {
		if f.rules.Hidden(f.Fields, i) {
			continue
		}
		moot := f.rules.Moot(f.Fields, i)
		val, edit := "", "" // edit: the name being typed, styled by its editor
		switch {
		case moot:
			val = "—"
		case fl.IsText && i == f.At:
			edit = p.nameView()
		case fl.IsText:
			val = fl.Text
		default:
			val = "< " + ValName(p.c, fl.Value()) + " >" + f.rules.Note(f.Fields, i)
		}
		mark, lst := "  ", st.Text
		if i == f.At {
			mark, lst = "> ", st.Turn
		}
		label := tr.T(fl.Label)
		if canvas.Width(label) > labelW {
			head := mark + canvas.Cut(label, page.W-2)
			if moot {
				lines = append(lines, st.Dim.Render(head))
			} else {
				lines = append(lines, lst.Render(head))
			}
			mark, label = "  ", ""
		}
		line := mark + canvas.Fit(label, labelW) + "  " + val
		switch {
		case moot:
			lines = append(lines, st.Dim.Render(line))
		case f.runOnly(i):
			w := page.W - canvas.Width(line) - canvas.Width(edit)
			lines = append(lines, lst.Render(line)+edit+st.Dim.Render(p.runOnlyNote(f.stored[i], w)))
		default:
			lines = append(lines, lst.Render(line)+edit)
		}
		if roomy && f.rules.BlankAfter(i) {
			lines = append(lines, "")
		}
	}
	if len(lines)+2 <= page.H { // the note keeps its line
		lines = append(lines, "")
	}
	note, nst := f.rules.Foot(f.Fields), st.Dim
	switch {
	case f.Err != "":
		note, nst = f.Err, st.Warn
	case f.Fields[f.At].IsText:
		note = tr.T("set.note.name", p.c.Keys.Settings.Erase.Help().Key)
	}
	// The note wraps onto the lines the page has left, and is cut
	// between words on the last of them.
	wrapped := canvas.Wrap(note, page.W)
	room := max(1, page.H-len(lines))
	if len(wrapped) > room {
		wrapped = append(wrapped[:room-1], canvas.Cut(strings.Join(wrapped[room-1:], " "), page.W))
	}
	for _, s := range wrapped {
		lines = append(lines, nst.Render(s))
	}
	return lines
}

// nameView draws the name field under the cursor with its editor's
// cursor, in the style of the line under the cursor.
func (p FormPage) nameView() string {
	f := p.f
	in := f.name // a copy: drawing changes nothing
	if f.nameAt != f.At {
		in = NewNameField(f.Fields[f.At].Text)
	}
	st := in.Styles()
	st.Focused.Text = p.c.St.Turn
	in.SetStyles(st)
	return in.View()
}

// runOnlyNote marks a value given for this run only, with what the
// settings file keeps (stored) when there is room for it in w columns,
// in fewer words when not (what enter saves is the part to keep), then
// without it, and not at all when even that does not fit.
func (p FormPage) runOnlyNote(stored Field, w int) string {
	was := stored.Text
	if !stored.IsText {
		was = ValName(p.c, stored.Value())
	} else if was == "" {
		was = "—"
	}
	for _, note := range []string{p.c.Tr.T("set.runonly", was), p.c.Tr.T("set.runonly.compact", was), p.c.Tr.T("set.runonly.short")} {
		if note = "  " + note; canvas.Width(note) <= w {
			return note
		}
	}
	return ""
}

// ValName is a settings value in the player's language.
func ValName(c *Common, v string) string {
	if c.Tr.Has("val." + v) {
		return c.Tr.T("val." + v)
	}
	return v
}
