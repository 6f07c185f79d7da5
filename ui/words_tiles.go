package ui

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/play101"
)

// How tiles and names read in running text, in the player's language.
//
// English writes a tile as the records do (R7, K13, J). Turkish writes
// the colour as a word (kırmızı 7, siyah 13): in the notation's letters
// a Turkish reader takes K for kırmızı (red) where it means black
// (issue 31, point 9), and "kırmızı yedi" is how players say a tile
// aloud anyway. A catalogue says which it wants ("tile.style = words").
// Turkish also puts the case on the word itself, after an apostrophe
// for a name or a tile (Zeynep'in, kırmızı 7'yi) and straight onto a
// common noun (okeyi): the code asks for the case, i18n.Suffixed writes
// it, and English, which has no case endings, gets the word unchanged.
// Tiles drawn on the rack and the table keep the notation: the help's
// legend explains it.

// tileWords reports whether running text writes a tile's colour as a
// word.
func (m *Model) tileWords() bool { return m.tr.T("tile.style") == "words" }

// suffixes reports whether the language puts a case ending on a name.
func (m *Model) suffixes() bool { return m.tr.Lang == "tr" }

// sfx is a proper name, a tile or a number with the case ending c:
// "Zeynep'in", "kırmızı 7'yi" in Turkish, the word itself in English.
func (m *Model) sfx(word string, c i18n.Case) string {
	if !m.suffixes() {
		return word
	}
	return i18n.Suffixed(word, c)
}

// ending is the case ending c of a common noun, written onto it without
// an apostrophe ("okey" + "i"): "" in English.
func (m *Model) ending(word string, c i18n.Case) string {
	if !m.suffixes() || c == i18n.Nominative {
		return ""
	}
	return i18n.Ending(word, c)
}

// nameIn is seat s's name with the case ending c: "Zeynep'in". The
// player's own seat has its own ("you") messages and never comes here
// in a sentence about a third person.
func (m *Model) nameIn(s int, c i18n.Case) string { return m.sfx(m.seatName(s), c) }

// faceText is a tile's face in running text: "R7", or "kırmızı 7".
func (m *Model) faceText(t tile.Tile) string {
	if !m.tileWords() || !t.Valid() || t == tile.FalseJoker {
		return t.String()
	}
	return keepTogether(m.tr.T("tile.face", m.tr.T("colour."+string(t.Colour().Letter())), t.Value()))
}

// keepTogether joins the words of a tile with no-break spaces: a
// wrapped line never parts "kırmızı" from its "7'yi".
func keepTogether(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }

// tileIn names tile t of a hand whose okey is okey, in case c: "R7",
// "R5 (okey)", "J (as R5)"; "kırmızı 7'yi", "okeyi (kırmızı 5)",
// "sahte okeyi (kırmızı 5)".
func (m *Model) tileIn(t, okey tile.Tile, c i18n.Case) string {
	switch {
	case t == tile.NoTile:
		return "-"
	case t == tile.FalseJoker && okey != tile.NoTile:
		return m.tr.T("tile.false", m.faceText(okey), m.ending("okey", c))
	case t == tile.FalseJoker:
		return m.tr.T("tile.joker") + m.ending("okey", c)
	case okey != tile.NoTile && t == okey:
		return m.tr.T("tile.okey", m.faceText(t), m.ending("okey", c))
	}
	return m.sfx(m.faceText(t), c)
}

// tileCase is tileIn in the classic hand on the table.
func (m *Model) tileCase(t tile.Tile, c i18n.Case) string { return m.tileIn(t, m.c.view.Okey, c) }

// tileCase101 is tileIn in the 101 hand on the table.
func (m *Model) tileCase101(t tile.Tile, c i18n.Case) string { return m.tileIn(t, m.t.view.Okey, c) }

// tilesIn writes tiles of a hand whose okey is okey in a row. English
// writes each as the notation does (R4 R5 OK, J for a false joker);
// Turkish writes a run's colour once (kırmızı 4-5-okey), a set's value
// once (siyah-sarı-mavi 7), and otherwise each tile in words.
func (m *Model) tilesIn(ts []tile.Tile, okey tile.Tile) string {
	if !m.tileWords() {
		return play101.TilesOf(ts, okey)
	}
	// What each tile plays as: a false joker as the okey's face; an okey
	// as nothing in particular.
	var real []tile.Tile
	for _, t := range ts {
		switch {
		case t == okey && okey != tile.NoTile:
		case t == tile.FalseJoker && okey != tile.NoTile:
			real = append(real, okey)
		case t.Valid() && t != tile.FalseJoker:
			real = append(real, t)
		}
	}
	sameColour, sameValue := len(real) >= 2, len(real) >= 2
	for _, t := range real[min(1, len(real)):] {
		sameColour = sameColour && t.Colour() == real[0].Colour() && t != real[0]
		sameValue = sameValue && t.Value() == real[0].Value()
	}
	word := func(t tile.Tile, run bool) string {
		switch {
		case t == okey && okey != tile.NoTile:
			return m.tr.T("tile.okey.short")
		case t == tile.FalseJoker:
			return m.tr.T("tile.joker.short")
		case run:
			return strconv.Itoa(t.Value())
		}
		return m.tr.T("colour." + string(t.Colour().Letter()))
	}
	parts := make([]string, len(ts))
	switch {
	case sameColour && !sameValue:
		for i, t := range ts {
			parts[i] = word(t, true)
		}
		return keepTogether(m.tr.T("colour."+string(real[0].Colour().Letter())) + " " + strings.Join(parts, "-"))
	case sameValue && len(ts) >= 3:
		for i, t := range ts {
			parts[i] = word(t, false)
		}
		return keepTogether(strings.Join(parts, "-") + " " + strconv.Itoa(real[0].Value()))
	}
	// Otherwise tiles of one colour in a row share their colour word
	// ("sarı 2 2, siyah 1 5"); an okey and a false joker stand alone.
	var groups []string
	last := tile.NoTile
	for _, t := range ts {
		switch {
		case t == okey && okey != tile.NoTile:
			groups, last = append(groups, m.tr.T("tile.okey.short")), tile.NoTile
		case !t.Valid() || t == tile.FalseJoker:
			groups, last = append(groups, m.tileIn(t, okey, i18n.Nominative)), tile.NoTile
		case last != tile.NoTile && last.Colour() == t.Colour():
			groups[len(groups)-1] += "\u00a0" + strconv.Itoa(t.Value())
			last = t
		default:
			groups, last = append(groups, m.faceText(t)), t
		}
	}
	return strings.Join(groups, ", ")
}

// upFirst writes the first letter of a sentence as a capital where
// tiles are written in words (in Turkish, i as İ): a message may begin
// with a tile ("kırmızı 7'yi aldın" → "Kırmızı 7'yi aldın"). A key's
// letter ("f again finishes", "h ipucu verir") stays as it is.
func (m *Model) upFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if !m.tileWords() || r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	if next, _ := utf8.DecodeRuneInString(s[n:]); !unicode.IsLetter(next) {
		return s // one letter: a key
	}
	if m.suffixes() {
		return string(unicode.TurkishCase.ToUpper(r)) + s[n:]
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
