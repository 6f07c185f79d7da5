package pages

import (
	"slices"
	"unicode"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/kit/safetext"
	"okey/ui/canvas"
)

// The bots' names on the settings form are typed into bubbles'
// textinput (a paste arrives whole, the cursor moves with ←→, home and
// end), kept to the caps every name has (package safetext):
// safetext.MaxNameLen columns (a wide letter counts two), safetext.MaxNameBytes bytes, no
// control or format characters.

// Printable reports whether s has no control or format characters.
func Printable(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// NewNameField is the editor of a name on the settings form, holding
// name with the cursor at its end. Its cursor does not blink (a frame
// twice a second for nothing), and ctrl+v reads no clipboard: a
// terminal's own paste arrives as a paste, here and over SSH. Up, down
// and tab are the form's (they choose a line), never suggestions.
func NewNameField(name string) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = safetext.MaxNameBytes // no name has more letters than bytes
	for _, b := range []*key.Binding{&in.KeyMap.Paste, &in.KeyMap.AcceptSuggestion,
		&in.KeyMap.NextSuggestion, &in.KeyMap.PrevSuggestion} {
		b.SetEnabled(false)
	}
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	in.Focus()
	in.SetValue(name)
	in.CursorEnd()
	return in
}

// NameEditKey reports whether k edits a name or moves in it (beside the
// letters typed, which every key with text is).
func NameEditKey(in *textinput.Model, k tea.KeyPressMsg) bool {
	km := &in.KeyMap
	return k.Text != "" || key.Matches(k, km.CharacterForward, km.CharacterBackward, km.WordForward,
		km.WordBackward, km.DeleteWordBackward, km.DeleteWordForward, km.DeleteAfterCursor,
		km.DeleteBeforeCursor, km.DeleteCharacterBackward, km.DeleteCharacterForward, km.LineStart, km.LineEnd)
}

// Why a name field kept part of what was typed or pasted out.
type NameRefusal uint8

const (
	NameTaken    NameRefusal = iota // all of it went in
	NameTooLong                     // the name reached its caps
	NameBadChars                    // control or format characters
)

// EditName hands the name field a key or a paste, then keeps the name
// to its caps: of what went in at the cursor, control and format
// characters are left out, and the rest only as far as it fits (a long
// paste is cut, not refused whole). It says what was kept out, if
// anything.
func EditName(in *textinput.Model, msg tea.Msg) NameRefusal {
	old, oldPos := []rune(in.Value()), in.Position()
	*in, _ = in.Update(msg) // a cursor that does not blink asks for nothing
	now, pos := []rune(in.Value()), in.Position()
	if len(now) <= len(old) {
		return NameTaken // a letter erased, the cursor moved: the caps hold
	}
	head, tail := old[:oldPos], old[oldPos:]
	if pos < oldPos || !slices.Equal(now[:oldPos], head) || !slices.Equal(now[pos:], tail) {
		// Not an insertion at the cursor (textinput never does this);
		// keep the name as it was rather than guess.
		in.SetValue(string(old))
		in.SetCursor(oldPos)
		return NameTooLong
	}
	added := now[oldPos:pos]
	why := NameTaken
	keep := make([]rune, 0, len(added))
	for _, r := range added {
		if Printable(string(r)) {
			keep = append(keep, r)
		} else {
			why = NameBadChars
		}
	}
	fits := func(n int) bool {
		s := string(head) + string(keep[:n]) + string(tail)
		return canvas.Width(s) <= safetext.MaxNameLen && len(s) <= safetext.MaxNameBytes
	}
	n := len(keep)
	for n > 0 && !fits(n) {
		n--
	}
	if n < len(keep) && why == NameTaken {
		why = NameTooLong
	}
	if why != NameTaken {
		in.SetValue(string(head) + string(keep[:n]) + string(tail))
		in.SetCursor(oldPos + n)
	}
	return why
}
