package ui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"okey/ui/settings"

	tea "charm.land/bubbletea/v2"
)

// On the settings form a bot's name takes a paste (as a terminal's
// bracketed paste arrives), the cursor moves in it, and the name is
// saved; a paste anywhere else changes nothing. Both languages say
// why a long paste was cut.
func TestSettingsNamesTakeAPaste(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		m := newTestModel(t, 80, 24, func(o *Options) { o.Settings.Lang = lang })
		drain(t, m, m.Init())
		m.Update(tea.PasteMsg{Content: "ignored"}) // at the table: nothing
		press(t, m, "o")
		m.Update(tea.PasteMsg{Content: "ignored"}) // on the language: nothing
		if m.settings.Fields[settings.FieldLang].Value() != lang {
			t.Fatalf("%s: a paste changed the language", lang)
		}
		for m.settings.At != settings.FieldName2 {
			press(t, m, "down")
		}
		for range len("Mehmet") {
			press(t, m, "backspace")
		}
		m.Update(tea.PasteMsg{Content: "李明"})
		press(t, m, "left")
		press(t, m, "left")
		m.Update(tea.PasteMsg{Content: "Dr "})
		if got := m.settings.Fields[settings.FieldName2].Text; got != "Dr 李明" {
			t.Fatalf("%s: the name is %q", lang, got)
		}
		out := plain(m)
		if !strings.Contains(out, "Dr 李明") {
			t.Fatalf("%s: the name is not on the form:\n%s", lang, out)
		}
		m.Update(tea.PasteMsg{Content: "Abdurrahmangazi"})
		cut := m.tr.T("set.err.name", MaxNameLen)
		if !strings.Contains(plain(m), cut) || m.settings.Fields[settings.FieldName2].Text != "Dr Abdur李明" {
			t.Fatalf("%s: a long paste: %q, and no %q:\n%s", lang, m.settings.Fields[settings.FieldName2].Text, cut, plain(m))
		}
		m.Update(tea.PasteMsg{Content: "\u202e"}) // a direction override
		chars := m.tr.T("set.err.name.chars")
		if !strings.Contains(plain(m), chars) || m.settings.Fields[settings.FieldName2].Text != "Dr Abdur李明" {
			t.Fatalf("%s: a format character: %q, and no %q:\n%s", lang, m.settings.Fields[settings.FieldName2].Text, chars, plain(m))
		}
		if w, line := maxLineWidth(plain(m)); w > 80 {
			t.Fatalf("%s: a line of %d columns: %q", lang, w, line)
		}
		press(t, m, "enter")
		if m.screen == scrSettings {
			t.Fatalf("%s: not saved:\n%s", lang, plain(m))
		}
		b, err := os.ReadFile(m.files.SettingsPath())
		if err != nil {
			t.Fatal(err)
		}
		var s settings.Settings
		if err := json.Unmarshal(b, &s); err != nil || s.Names[1] != "Dr Abdur李明" {
			t.Fatalf("%s: settings file: %s (%v)", lang, b, err)
		}
	}
}

// A name emptied is refused on saving, in the player's language, and
// the form stays open with what was typed.
func TestSettingsEmptyNameRefused(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	press(t, m, "o")
	for m.settings.At != settings.FieldName1 {
		press(t, m, "down")
	}
	for range 10 {
		press(t, m, "backspace")
	}
	press(t, m, " ")
	press(t, m, "enter")
	if m.screen != scrSettings || !strings.Contains(plain(m), "has no name") {
		t.Fatalf("an empty name saved:\n%s", plain(m))
	}
}
