package ui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
)

// A name field takes keys and pastes at its cursor and keeps a name to
// its caps: columns (a wide letter counts two), bytes, no control or
// format characters; what does not fit of a paste is cut, and the
// field says why.
func TestEditNameKeepsTheCaps(t *testing.T) {
	paste := func(s string) tea.Msg { return tea.PasteMsg{Content: s} }
	cases := []struct {
		name    string
		start   string
		cursor  int // runes from the start; -1 for the end
		msgs    []tea.Msg
		want    string
		wantPos int
		why     nameRefusal
	}{
		{"typed", "Ali", -1, []tea.Msg{keyMsg("x")}, "Alix", 4, nameTaken},
		{"pasted whole", "", -1, []tea.Msg{paste("Ayşe")}, "Ayşe", 4, nameTaken},
		{"pasted at the cursor", "Aye", 2, []tea.Msg{paste("ş")}, "Ayşe", 3, nameTaken},
		{"typed in the middle", "Mhmet", 1, []tea.Msg{keyMsg("e")}, "Mehmet", 2, nameTaken},
		{"a long paste is cut", "", -1, []tea.Msg{paste("Abdurrahmangazi")}, "Abdurrahmang", 12, nameTooLong},
		{"cut before the tail", "AB", 1, []tea.Msg{paste("0123456789xyz")}, "A0123456789B", 11, nameTooLong},
		{"wide letters count two", "", -1, []tea.Msg{paste("李明李明李明李")}, "李明李明李明", 6, nameTooLong},
		{"wide letters that fit", "", -1, []tea.Msg{paste("李明")}, "李明", 2, nameTaken},
		{"an emoji counts two", "Ayşe Hanım", -1, []tea.Msg{paste("😀😀")}, "Ayşe Hanım😀", 11, nameTooLong},
		{"a letter past the cap", "Abdurrahmang", -1, []tea.Msg{keyMsg("a")}, "Abdurrahmang", 12, nameTooLong},
		{"format characters left out", "", -1, []tea.Msg{paste("\u202eZeynep\u200b")}, "Zeynep", 6, nameBadChars},
		{"control characters left out", "", -1, []tea.Msg{paste("Ze\x1b[31mynep")}, "Ze[31mynep", 10, nameTaken},
		{"lines become spaces", "", -1, []tea.Msg{paste("Ali\nVeli")}, "Ali Veli", 8, nameTaken},
		{"bytes capped too", "", -1, []tea.Msg{paste("e" + strings.Repeat("\u0301", 40))}, "e" + strings.Repeat("\u0301", 23), 24, nameTooLong},
		{"erased", "Ali", -1, []tea.Msg{keyMsg("backspace")}, "Al", 2, nameTaken},
		{"moved and erased", "Ali", -1, []tea.Msg{keyMsg("left"), keyMsg("backspace")}, "Ai", 1, nameTaken},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := newNameField(c.start)
			if c.cursor >= 0 {
				in.SetCursor(c.cursor)
			}
			var why nameRefusal
			for _, msg := range c.msgs {
				why = editName(&in, msg)
			}
			got := in.Value()
			if got != c.want || in.Position() != c.wantPos || why != c.why {
				t.Fatalf("got %q at %d (%d), want %q at %d (%d)", got, in.Position(), why, c.want, c.wantPos, c.why)
			}
			if canvas.Width(got) > MaxNameLen || len(got) > MaxNameBytes || !printable(got) {
				t.Fatalf("%q breaks the caps", got)
			}
		})
	}
}

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
		if m.settings.fields[fLang].value() != lang {
			t.Fatalf("%s: a paste changed the language", lang)
		}
		for m.settings.at != fName2 {
			press(t, m, "down")
		}
		for range len("Mehmet") {
			press(t, m, "backspace")
		}
		m.Update(tea.PasteMsg{Content: "李明"})
		press(t, m, "left")
		press(t, m, "left")
		m.Update(tea.PasteMsg{Content: "Dr "})
		if got := m.settings.fields[fName2].text; got != "Dr 李明" {
			t.Fatalf("%s: the name is %q", lang, got)
		}
		out := plain(m)
		if !strings.Contains(out, "Dr 李明") {
			t.Fatalf("%s: the name is not on the form:\n%s", lang, out)
		}
		m.Update(tea.PasteMsg{Content: "Abdurrahmangazi"})
		cut := m.tr.T("set.err.name", MaxNameLen)
		if !strings.Contains(plain(m), cut) || m.settings.fields[fName2].text != "Dr Abdur李明" {
			t.Fatalf("%s: a long paste: %q, and no %q:\n%s", lang, m.settings.fields[fName2].text, cut, plain(m))
		}
		m.Update(tea.PasteMsg{Content: "\u202e"}) // a direction override
		chars := m.tr.T("set.err.name.chars")
		if !strings.Contains(plain(m), chars) || m.settings.fields[fName2].text != "Dr Abdur李明" {
			t.Fatalf("%s: a format character: %q, and no %q:\n%s", lang, m.settings.fields[fName2].text, chars, plain(m))
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
		var s Settings
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
	for m.settings.at != fName1 {
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
