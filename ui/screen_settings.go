package ui

// The settings screen: a form of the player's choices (language, speed,
// colours, the bots, the rules), saved to the config directory with
// enter.

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/assets"
	"okey/bots"
	"okey/game"
	"okey/ui/canvas"
)

// field is one line of the settings screen: a choice among values, or a
// name typed in.
type field struct {
	label  string   // catalog key of the label
	values []string // the choices (shown through the catalog's val.* keys)
	at     int      // the choice
	text   string   // a name, for text fields
	isText bool
	rule   bool // a rules option, moot under simple104
}

func (f *field) value() string {
	if f.isText {
		return f.text
	}
	return f.values[f.at]
}

// settingsForm is the settings screen being edited.
type settingsForm struct {
	fields []field
	at     int
	err    string
	back   screen // the screen to return to
	// was holds each field as the form opened, to save only what the
	// player changed.
	was []field
	// stored holds each field as the settings file has it: a field the
	// player leaves alone is saved so, and where this run's value (a
	// flag's) differs, the line says so.
	stored []field
	// name edits the text of the name field nameAt (-1: none yet); its
	// value is copied into the field at every edit.
	name   textinput.Model
	nameAt int
}

// nameField is the editor of the field under the cursor, a name field,
// holding that field's text.
func (f *settingsForm) nameField() *textinput.Model {
	if f.nameAt != f.at {
		f.name, f.nameAt = newNameField(f.fields[f.at].text), f.at
	}
	return &f.name
}

// editName hands the name under the cursor a key or a paste and says
// in f.err what of it was kept out.
func (m *Model) editName(msg tea.Msg) {
	f := m.settings
	in := f.nameField()
	switch editName(in, msg) {
	case nameTooLong:
		f.err = m.tr.T("set.err.name", MaxNameLen)
	case nameBadChars:
		f.err = m.tr.T("set.err.name.chars")
	}
	f.fields[f.at].text = in.Value()
}

// runOnly reports whether field i shows a value for this run only (a
// flag's) that saving leaves as the file has it.
func (f *settingsForm) runOnly(i int) bool {
	return f.stored != nil && !f.changed(i) && f.fields[i].value() != f.stored[i].value()
}

// changed reports whether field i differs from how the form opened.
func (f *settingsForm) changed(i int) bool {
	return f.fields[i].at != f.was[i].at || f.fields[i].text != f.was[i].text
}

// onto returns the settings base with the fields changed on f put on
// top: the settings file takes what the player changed, never what a
// flag set for one run.
func (f *settingsForm) onto(base Settings) (Settings, error) {
	g := newSettingsForm(base, f.back)
	for i := range f.fields {
		if f.changed(i) {
			g.fields[i] = f.fields[i]
		}
	}
	return g.settings()
}

// Indices of the settings fields.
const (
	fLang = iota
	fSpeed
	fTheme
	fLevel1
	fName1
	fLevel2
	fName2
	fLevel3
	fName3
	fGame
	fPreset
	fPoints
	fDeal
	fIndicatorLast
	fOneColour
	fLeaveAtZero
	fPartners
	fWrap
	fOpen
	fProgressive
	fOkeyPair
	fIslek
	fHands
	fPartners101
	fHouse
	// fUndo is last: both games have it, after their own rules.
	fUndo
	numFields
)

var onOff = []string{"off", "on"}

func boolAt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func newSettingsForm(s Settings, back screen) *settingsForm {
	r, err := game.ParseRules(s.Rules)
	if err != nil {
		r = game.DefaultRules()
	}
	pts := make([]string, 0, game.MaxPoints-game.MinPoints+1)
	for p := game.MinPoints; p <= game.MaxPoints; p++ {
		pts = append(pts, strconv.Itoa(p))
	}
	points := game.DefaultRules().Points // simple104 has none: show the default
	if !r.Simple104 {
		points = r.Points
	}
	choice := func(label string, values []string, cur string) field {
		return field{label: label, values: values, at: max(0, slices.Index(values, cur))}
	}
	f := &settingsForm{back: back, fields: make([]field, numFields), nameAt: -1}
	f.fields[fLang] = choice("set.lang", assets.Languages, s.Lang)
	f.fields[fSpeed] = choice("set.speed", Speeds, s.Speed)
	f.fields[fTheme] = choice("set.theme", assets.Themes, s.Theme)
	for i := range 3 {
		f.fields[fLevel1+2*i] = choice("set.level"+strconv.Itoa(i+1), bots.Levels, s.Levels[i])
		f.fields[fName1+2*i] = field{label: "set.name" + strconv.Itoa(i+1), text: s.Names[i], isText: true}
	}
	preset := "standard"
	if r.Simple104 {
		preset = "simple104"
	}
	f.fields[fPreset] = choice("set.preset", []string{"standard", "simple104"}, preset)
	f.fields[fPoints] = field{label: "set.points", values: pts, at: points - game.MinPoints, rule: true}
	f.fields[fDeal] = choice("set.deal", []string{"table", "simple"}, r.Deal.String())
	f.fields[fDeal].rule = true
	sw := func(label string, on bool) field {
		return field{label: label, values: onOff, at: boolAt(on), rule: true}
	}
	f.fields[fIndicatorLast] = sw("set.indicator_last", r.IndicatorLast)
	f.fields[fOneColour] = sw("set.one_colour_double", r.OneColourDouble)
	f.fields[fLeaveAtZero] = sw("set.leave_at_zero", r.LeaveAtZero)
	f.fields[fPartners] = sw("set.partners", r.Partners)
	// simple104 has no wrap-around, but the line shows the standard
	// rules' default for when the preset is switched back.
	f.fields[fWrap] = sw("set.wrap", r.Wrap || r.Simple104)
	f.fields[fUndo] = field{label: "set.undo", values: onOff, at: boolAt(s.Undo)}
	f.fields[fGame] = choice("set.game", gameValues, gameValue(s.Game))
	add101Fields(f, s)
	f.was = slices.Clone(f.fields)
	return f
}

// rules builds the rules the form describes.
func (f *settingsForm) rules() (game.Rules, error) {
	if f.fields[fPreset].value() == "simple104" {
		return game.Simple104Rules(), nil
	}
	r := game.DefaultRules()
	r.Points = f.fields[fPoints].at + game.MinPoints
	if f.fields[fDeal].value() == "simple" {
		r.Deal = game.DealSimple
	}
	r.IndicatorLast = f.fields[fIndicatorLast].at == 1
	r.OneColourDouble = f.fields[fOneColour].at == 1
	r.LeaveAtZero = f.fields[fLeaveAtZero].at == 1
	r.Partners = f.fields[fPartners].at == 1
	r.Wrap = f.fields[fWrap].at == 1
	return r, r.Validate()
}

// settings builds the settings the form describes.
func (f *settingsForm) settings() (Settings, error) {
	r, err := f.rules()
	if err != nil {
		return Settings{}, err
	}
	s := Settings{
		Lang: f.fields[fLang].value(), Speed: f.fields[fSpeed].value(), Theme: f.fields[fTheme].value(),
		Rules: r.String(),
	}
	for i := range 3 {
		s.Levels[i] = f.fields[fLevel1+2*i].value()
		s.Names[i] = strings.TrimSpace(f.fields[fName1+2*i].value())
	}
	s.Undo = f.fields[fUndo].at == 1
	s.Game = gameOf(f.fields[fGame].value())
	r101, err := f.rules101()
	if err != nil {
		return Settings{}, err
	}
	s.Rules101 = r101.String()
	return s, s.Validate()
}

// moot reports whether field i does not apply (a rules option under
// simple104).
func (f *settingsForm) moot(i int) bool {
	return f.fields[i].rule && f.fields[fPreset].value() == "simple104"
}

func (m *Model) openSettings() {
	back := m.screen
	if back == scrSettings {
		return
	}
	m.overlay = ovNone
	m.c.held = -1
	m.settings = newSettingsForm(m.set, back)
	m.settings.stored = newSettingsForm(m.saved, back).fields
	m.screen = scrSettings
}

func (m *Model) updateSettings(k tea.KeyPressMsg) tea.Cmd {
	f := m.settings
	cur := &f.fields[f.at]
	f.err = ""
	keys := m.keys.Settings
	switch {
	case key.Matches(k, keys.Cancel):
		m.leaveSettings()
		m.setFlash(false, m.tr.T("status.settings.cancel"))
		return m.nextTurn()
	case key.Matches(k, keys.Save):
		return m.saveSettings()
	case key.Matches(k, keys.Up):
		f.step(-1)
	case key.Matches(k, keys.Down):
		f.step(1)
	case cur.isText && nameEditKey(f.nameField(), k):
		m.editName(k)
	case !cur.isText && (key.Matches(k, keys.Prev) || key.Matches(k, keys.Next)):
		if f.moot(f.at) {
			f.err = m.tr.T("set.err.moot")
			break
		}
		d := 1
		if key.Matches(k, keys.Prev) {
			d = -1
		}
		cur.at = (cur.at + d + len(cur.values)) % len(cur.values)
	case !cur.isText && key.Matches(k, keys.Leave):
		m.leaveSettings()
		return m.nextTurn()
	default:
		f.err = m.tr.T("set.err.keys")
	}
	return nil
}

// saveSettings applies the form and writes it to the config directory.
func (m *Model) saveSettings() tea.Cmd {
	f := m.settings
	s, err := f.settings()
	if err != nil {
		f.err = say(err, m.tr)
		return nil
	}
	saved, err := f.onto(m.saved)
	if err != nil {
		f.err = say(err, m.tr)
		return nil
	}
	old := m.set
	m.set = s
	if err := m.applySettings(); err != nil {
		m.set = old // applySettings changed nothing
		f.err = say(err, m.tr)
		return nil
	}
	m.saved = saved
	m.leaveSettings()
	msg := m.tr.T("status.settings.saved")
	if s.Rules != old.Rules || s.Levels != old.Levels || s.Names != old.Names {
		msg = m.tr.T("status.settings.nextmatch")
	}
	m.setFlash(false, msg)
	files := m.files
	save := func() tea.Msg {
		if err := saveSettings(files, saved); err != nil {
			return savedMsg{err: err, path: files.SettingsPath()}
		}
		return nil
	}
	return tea.Batch(save, m.nextTurn())
}

// leaveSettings goes back to the screen the settings were opened from,
// or to the end of the hand if it ended meanwhile.
func (m *Model) leaveSettings() {
	m.screen = m.settings.back
	m.settings = nil
	if m.screen == scrPlay && !m.playing() {
		m.screen = scrHandOver
	}
}

func (m *Model) renderSettings() string {
	f := m.settings
	lines := []string{m.st.Title.Render(m.tr.T("set.title"))}
	// A blank line after the look and after the bots when the page has
	// room for them and a line to spare above and below.
	shown := f.shown()
	roomy := m.lay.Page.H >= len(lines)+1+shown+2+2+2
	if m.lay.Page.H > len(lines)+shown+2 {
		lines = append(lines, "") // under the title, when there is room
	}
	labelW := 0
	for _, fl := range f.fields {
		labelW = max(labelW, canvas.Width(m.tr.T(fl.label)))
	}
	labelW = min(labelW, m.lay.Page.W/2)
	for i, fl := range f.fields {
		if f.hidden(i) {
			continue
		}
		val, edit := "", "" // edit: the name being typed, styled by its editor
		switch {
		case f.moot(i):
			val = "—"
		case fl.isText && i == f.at:
			edit = m.nameView(f)
		case fl.isText:
			val = fl.text
		default:
			val = "< " + m.valName(fl.value()) + " >" + m.level101Note(f, i)
		}
		mark := "  "
		st := m.st.Text
		if i == f.at {
			mark = "> "
			st = m.st.Turn
		}
		line := mark + canvas.Fit(m.tr.T(fl.label), labelW) + "  " + val
		switch {
		case f.moot(i):
			lines = append(lines, m.st.Dim.Render(line))
		case f.runOnly(i):
			w := m.lay.Page.W - canvas.Width(line) - canvas.Width(edit)
			lines = append(lines, st.Render(line)+edit+m.st.Dim.Render(m.runOnlyNote(f.stored[i], w)))
		default:
			lines = append(lines, st.Render(line)+edit)
		}
		if (i == fName3 || i == fTheme) && roomy {
			lines = append(lines, "")
		}
	}
	if len(lines)+2 <= m.lay.Page.H { // the note keeps its line
		lines = append(lines, "")
	}
	note, st := m.tr.T("set.note"), m.st.Dim
	switch {
	case f.err != "":
		note, st = f.err, m.st.Warn
	case f.fields[f.at].isText:
		note = m.tr.T("set.note.name", m.keys.Settings.Erase.Help().Key)
	case gameOf(f.fields[fGame].value()) == Game101:
		note = m.tr.T("set.note101")
	}
	// The note wraps onto the lines the page has left, and is cut
	// between words on the last of them.
	wrapped := canvas.Wrap(note, m.lay.Page.W)
	room := max(1, m.lay.Page.H-len(lines))
	if len(wrapped) > room {
		wrapped = append(wrapped[:room-1], canvas.Cut(strings.Join(wrapped[room-1:], " "), m.lay.Page.W))
	}
	for _, s := range wrapped {
		lines = append(lines, st.Render(s))
	}
	return m.renderPage(lines, m.keyBar(m.keys.Settings.ShortHelp()))
}

// nameView draws the name field under the cursor with its editor's
// cursor, in the style of the line under the cursor.
func (m *Model) nameView(f *settingsForm) string {
	in := f.name // a copy: drawing changes nothing
	if f.nameAt != f.at {
		in = newNameField(f.fields[f.at].text)
	}
	st := in.Styles()
	st.Focused.Text = m.st.Turn
	in.SetStyles(st)
	return in.View()
}

// runOnlyNote marks a value given for this run only, with what the
// settings file keeps (stored) when there is room for it in w columns,
// without it when not, and not at all when even that does not fit.
func (m *Model) runOnlyNote(stored field, w int) string {
	was := stored.text
	if !stored.isText {
		was = m.valName(stored.value())
	} else if was == "" {
		was = "—"
	}
	for _, note := range []string{m.tr.T("set.runonly", was), m.tr.T("set.runonly.short")} {
		if note = "  " + note; canvas.Width(note) <= w {
			return note
		}
	}
	return ""
}

// valName is a settings value in the player's language.
func (m *Model) valName(v string) string {
	if m.tr.Has("val." + v) {
		return m.tr.T("val." + v)
	}
	return v
}
