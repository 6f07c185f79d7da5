package ui

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"okey/assets"
	"okey/bots"
	"okey/game"
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
	fPreset
	fPoints
	fDeal
	fIndicatorLast
	fOneColour
	fLeaveAtZero
	fPartners
	fWrap
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
	pts := make([]string, 0, 17)
	for p := 5; p <= 21; p++ {
		pts = append(pts, strconv.Itoa(p))
	}
	pointsAt := 15
	if !r.Simple104 {
		pointsAt = r.Points - 5
	}
	choice := func(label string, values []string, cur string) field {
		return field{label: label, values: values, at: max(0, slices.Index(values, cur))}
	}
	f := &settingsForm{back: back, fields: make([]field, numFields)}
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
	f.fields[fPoints] = field{label: "set.points", values: pts, at: pointsAt, rule: true}
	f.fields[fDeal] = choice("set.deal", []string{"table", "simple"}, r.Deal.String())
	f.fields[fDeal].rule = true
	sw := func(label string, on bool) field {
		return field{label: label, values: onOff, at: boolAt(on), rule: true}
	}
	f.fields[fIndicatorLast] = sw("set.indicator_last", r.IndicatorLast)
	f.fields[fOneColour] = sw("set.one_colour_double", r.OneColourDouble)
	f.fields[fLeaveAtZero] = sw("set.leave_at_zero", r.LeaveAtZero)
	f.fields[fPartners] = sw("set.partners", r.Partners)
	f.fields[fWrap] = sw("set.wrap", r.Wrap || r.Simple104 && false)
	if r.Simple104 {
		f.fields[fWrap].at = 1
	}
	return f
}

// rules builds the rules the form describes.
func (f *settingsForm) rules() (game.Rules, error) {
	if f.fields[fPreset].value() == "simple104" {
		return game.Simple104Rules(), nil
	}
	r := game.DefaultRules()
	r.Points = f.fields[fPoints].at + 5
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
	m.held = -1
	m.settings = newSettingsForm(m.set, back)
	m.screen = scrSettings
}

func (m *Model) keySettings(k tea.KeyPressMsg) tea.Cmd {
	f := m.settings
	cur := &f.fields[f.at]
	f.err = ""
	switch s := k.String(); {
	case s == "ctrl+c":
		return m.quit()
	case s == "esc":
		m.leaveSettings()
		m.setFlash(false, m.tr.T("status.settings.cancel"))
		return m.nextTurn()
	case s == "enter":
		return m.saveSettings()
	case s == "up" || s == "shift+tab":
		f.at = (f.at + numFields - 1) % numFields
	case s == "down" || s == "tab":
		f.at = (f.at + 1) % numFields
	case cur.isText && s == "backspace":
		if cur.text != "" {
			_, n := utf8.DecodeLastRuneInString(cur.text)
			cur.text = cur.text[:len(cur.text)-n]
		}
	case cur.isText && k.Text != "" && k.Text != "\t":
		if utf8.RuneCountInString(cur.text+k.Text) <= MaxNameLen && printable(k.Text) {
			cur.text += k.Text
		} else {
			f.err = m.tr.T("set.err.name", MaxNameLen)
		}
	case !cur.isText && (s == "left" || s == "right" || s == "space"):
		if m.settingsMoot(f.at) {
			f.err = m.tr.T("set.err.moot")
			break
		}
		d := 1
		if s == "left" {
			d = -1
		}
		cur.at = (cur.at + d + len(cur.values)) % len(cur.values)
	case s == "q" && !cur.isText:
		m.leaveSettings()
		return m.nextTurn()
	default:
		f.err = m.tr.T("set.err.keys")
	}
	return nil
}

func (m *Model) settingsMoot(i int) bool { return m.settings.moot(i) }

// saveSettings applies the form and writes it to the config directory.
func (m *Model) saveSettings() tea.Cmd {
	f := m.settings
	s, err := f.settings()
	if err != nil {
		f.err = err.Error()
		return nil
	}
	old := m.set
	m.set = s
	if err := m.applySettings(); err != nil {
		m.set = old
		_ = m.applySettings()
		f.err = err.Error()
		return nil
	}
	m.leaveSettings()
	msg := m.tr.T("status.settings.saved")
	if s.Rules != old.Rules || s.Levels != old.Levels || s.Names != old.Names {
		msg = m.tr.T("status.settings.nextmatch")
	}
	m.setFlash(false, msg)
	dir := m.opt.ConfigDir
	save := func() tea.Msg {
		if err := SaveSettings(dir, s); err != nil {
			return savedMsg{err: err, path: dir}
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
	if m.screen == scrPlay && m.view.Phase != game.Playing {
		m.screen = scrHandOver
	}
}
