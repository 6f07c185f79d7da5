package ui

// The settings screen: a form of the player's choices (language, speed,
// colours, the bots, the rules), saved to the config directory with
// enter.

import (
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"okey/assets"
	"okey/bots"
	"okey/game"
	"okey/ui/pages"
	"okey/ui/problem"
)

// settingsForm is the settings screen being edited: the form (ui/pages)
// of the fields below, and the screen it returns to.
type settingsForm struct {
	*pages.Form
	back screen
}

// field is a line of the form.
type field = pages.Field

// onto returns the settings base with the fields changed on f put on
// top: the settings file takes what the player changed, never what a
// flag set for one run.
func (f *settingsForm) onto(base Settings) (Settings, error) {
	fields := settingsFields(base)
	for i := range f.Fields {
		if f.Changed(i) {
			fields[i] = f.Fields[i]
		}
	}
	return settingsOf(fields)
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

// settingsFields are the form's fields for s.
func settingsFields(s Settings) []field {
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
		return field{Label: label, Values: values, At: max(0, slices.Index(values, cur))}
	}
	f := make([]field, numFields)
	f[fLang] = choice("set.lang", assets.Languages, s.Lang)
	f[fSpeed] = choice("set.speed", Speeds, s.Speed)
	f[fTheme] = choice("set.theme", assets.Themes, s.Theme)
	for i := range 3 {
		f[fLevel1+2*i] = choice("set.level"+strconv.Itoa(i+1), bots.Levels, s.Levels[i])
		f[fName1+2*i] = field{Label: "set.name" + strconv.Itoa(i+1), Text: s.Names[i], IsText: true}
	}
	preset := "standard"
	if r.Simple104 {
		preset = "simple104"
	}
	f[fPreset] = choice("set.preset", []string{"standard", "simple104"}, preset)
	f[fPoints] = field{Label: "set.points", Values: pts, At: points - game.MinPoints}
	f[fDeal] = choice("set.deal", []string{"table", "simple"}, r.Deal.String())
	sw := func(label string, on bool) field {
		return field{Label: label, Values: onOff, At: boolAt(on)}
	}
	f[fIndicatorLast] = sw("set.indicator_last", r.IndicatorLast)
	f[fOneColour] = sw("set.one_colour_double", r.OneColourDouble)
	f[fLeaveAtZero] = sw("set.leave_at_zero", r.LeaveAtZero)
	f[fPartners] = sw("set.partners", r.Partners)
	// simple104 has no wrap-around, but the line shows the standard
	// rules' default for when the preset is switched back.
	f[fWrap] = sw("set.wrap", r.Wrap || r.Simple104)
	f[fUndo] = field{Label: "set.undo", Values: onOff, At: boolAt(s.Undo)}
	f[fGame] = choice("set.game", gameValues, gameValue(s.Game))
	add101Fields(f, s)
	return f
}

// rulesOf builds the rules of classic Okey the fields describe.
func rulesOf(f []field) (game.Rules, error) {
	if f[fPreset].Value() == "simple104" {
		return game.Simple104Rules(), nil
	}
	r := game.DefaultRules()
	r.Points = f[fPoints].At + game.MinPoints
	if f[fDeal].Value() == "simple" {
		r.Deal = game.DealSimple
	}
	r.IndicatorLast = f[fIndicatorLast].At == 1
	r.OneColourDouble = f[fOneColour].At == 1
	r.LeaveAtZero = f[fLeaveAtZero].At == 1
	r.Partners = f[fPartners].At == 1
	r.Wrap = f[fWrap].At == 1
	return r, r.Validate()
}

// settingsOf builds the settings the fields describe.
func settingsOf(f []field) (Settings, error) {
	r, err := rulesOf(f)
	if err != nil {
		return Settings{}, err
	}
	s := Settings{
		Lang: f[fLang].Value(), Speed: f[fSpeed].Value(), Theme: f[fTheme].Value(),
		Rules: r.String(),
	}
	for i := range 3 {
		s.Levels[i] = f[fLevel1+2*i].Value()
		s.Names[i] = strings.TrimSpace(f[fName1+2*i].Value())
	}
	s.Undo = f[fUndo].At == 1
	s.Game = gameOf(f[fGame].Value())
	r101, err := rules101Of(f)
	if err != nil {
		return Settings{}, err
	}
	s.Rules101 = r101.String()
	return s, s.Validate()
}

// settingsRules are the form's rules (pages.FormRules): which lines a
// game shows, which are moot, the notes on them.
type settingsRules struct{ m *Model }

// Moot reports whether field i does not apply: a rules option of
// classic Okey under simple104.
func (settingsRules) Moot(f []field, i int) bool {
	return i >= fPoints && i <= fWrap && f[fPreset].Value() == "simple104"
}

// BlankAfter groups the look, the bots and the rules.
func (settingsRules) BlankAfter(i int) bool { return i == fName3 || i == fTheme }

// Foot is the note under the form: how it saves, and for 101 where its
// rules are.
func (r settingsRules) Foot(f []field) string {
	if gameOf(f[fGame].Value()) == Game101 {
		return r.m.tr.T("set.note101")
	}
	return r.m.tr.T("set.note")
}

func (m *Model) openSettings() {
	back := m.screen
	if back == scrSettings {
		return
	}
	m.overlay = ovNone
	m.c.Held = -1
	m.settings = &settingsForm{Form: pages.NewForm(settingsFields(m.set), settingsFields(m.saved), settingsRules{m}), back: back}
	m.screen = scrSettings
}

// settingsPage is the form as a page, drawn with what the Model has now.
func (m *Model) settingsPage() pages.FormPage { return m.settings.Page(m.common()) }

func (m *Model) updateSettings(k tea.KeyPressMsg) tea.Cmd {
	switch m.settingsPage().Update(k) {
	case pages.Cancel:
		m.leaveSettings()
		m.setFlash(false, m.tr.T("status.settings.cancel"))
		return m.nextTurn()
	case pages.Save:
		return m.saveSettings()
	case pages.Close:
		m.leaveSettings()
		return m.nextTurn()
	}
	return nil
}

// saveSettings applies the form and writes it to the config directory.
func (m *Model) saveSettings() tea.Cmd {
	f := m.settings
	s, err := settingsOf(f.Fields)
	if err != nil {
		f.Err = problem.In(err, m.tr)
		return nil
	}
	saved, err := f.onto(m.saved)
	if err != nil {
		f.Err = problem.In(err, m.tr)
		return nil
	}
	old := m.set
	m.set = s
	if err := m.applySettings(); err != nil {
		m.set = old // applySettings changed nothing
		f.Err = problem.In(err, m.tr)
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

func (m *Model) renderSettings() string { return m.renderComponent(m.settingsPage()) }
