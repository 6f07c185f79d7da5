package i18n

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"okey/game/tile"
)

// How tiles read in running text, in a catalogue's language.
//
// English writes a tile as the records do (R7, K13, J). Turkish writes
// the colour as a word (kırmızı 7, siyah 13): in the notation's letters
// a Turkish reader takes K for kırmızı (red) where it means black,
// and "kırmızı yedi" is how players say a tile
// aloud anyway. A catalogue says which it wants ("tile.style = words").
// Turkish also puts the case on the word itself, after an apostrophe
// for a name or a tile (Zeynep'in, kırmızı 7'yi) and straight onto a
// common noun (okeyi); English, which has no case endings, gets the
// word unchanged. Tiles drawn on the rack and the table keep the
// notation: the help's legend explains it.

// TileWords reports whether running text writes a tile's colour as a
// word.
func (c *Catalog) TileWords() bool { return c.T("tile.style") == "words" }

// Suffixes reports whether the language puts a case ending on a name.
func (c *Catalog) Suffixes() bool { return c.Lang == "tr" }

// Sfx is a proper name, a tile or a number with the case ending cs:
// "Zeynep'in", "kırmızı 7'yi" in Turkish, the word itself in English.
func (c *Catalog) Sfx(word string, cs Case) string {
	if !c.Suffixes() {
		return word
	}
	return Suffixed(word, cs)
}

// NounEnding is the case ending cs of a common noun, written onto it
// without an apostrophe ("okey" + "i"): "" in English.
func (c *Catalog) NounEnding(word string, cs Case) string {
	if !c.Suffixes() || cs == Nominative {
		return ""
	}
	return Ending(word, cs)
}

// Face is a tile's face in running text: "R7", or "kırmızı 7" (its
// words held together by a no-break space).
func (c *Catalog) Face(t tile.Tile) string {
	if !c.TileWords() || !t.Valid() || t == tile.FalseJoker {
		return t.String()
	}
	return keepTogether(c.T("tile.face", c.T("colour."+string(t.Colour().Letter())), t.Value()))
}

// keepTogether joins the words of a tile with no-break spaces: a
// wrapped line never parts "kırmızı" from its "7'yi".
func keepTogether(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }

// Tile names tile t of a hand whose okey is okey, in case cs: "R7",
// "R5 (okey)", "J (as R5)"; "kırmızı 7'yi", "okeyi (kırmızı 5)",
// "sahte okeyi (kırmızı 5)".
func (c *Catalog) Tile(t, okey tile.Tile, cs Case) string {
	switch {
	case t == tile.NoTile:
		return "-"
	case t == tile.FalseJoker && okey != tile.NoTile:
		return c.T("tile.false", c.Face(okey), c.NounEnding("okey", cs))
	case t == tile.FalseJoker:
		return c.T("tile.joker") + c.NounEnding("okey", cs)
	case okey != tile.NoTile && t == okey:
		return c.T("tile.okey", c.Face(t), c.NounEnding("okey", cs))
	}
	return c.Sfx(c.Face(t), cs)
}

// Tiles writes tiles of a hand whose okey is okey in a row. English
// writes each as the notation does (R4 R5 OK, J for a false joker);
// Turkish writes a run's colour once (kırmızı 4-5-okey), a set's value
// once (siyah-sarı-mavi 7), and otherwise tiles of one colour in a row
// under one colour word (sarı 2 2, siyah 1 5).
func (c *Catalog) Tiles(ts []tile.Tile, okey tile.Tile) string {
	isOkey := func(t tile.Tile) bool { return okey != tile.NoTile && t == okey }
	if !c.TileWords() {
		parts := make([]string, len(ts))
		for i, t := range ts {
			switch {
			case isOkey(t):
				parts[i] = c.T("tile.okey.short")
			case t == tile.FalseJoker:
				parts[i] = c.T("tile.joker.short")
			default:
				parts[i] = t.String()
			}
		}
		return strings.Join(parts, " ")
	}
	// What each tile plays as: a false joker as the okey's face; an okey
	// as nothing in particular.
	var real []tile.Tile
	for _, t := range ts {
		switch {
		case isOkey(t):
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
	if sameColour && !isRun(ts, okey) {
		// Tiles of one colour that are not a run are written as the
		// tiles left are (mavi 2 4): "mavi 2-4" reads as a run.
		sameColour = false
	}
	colour := func(t tile.Tile) string { return c.T("colour." + string(t.Colour().Letter())) }
	word := func(t tile.Tile, run bool) string {
		switch {
		case isOkey(t):
			return c.T("tile.okey.short")
		case t == tile.FalseJoker:
			return c.T("tile.joker.short")
		case run:
			return strconv.Itoa(t.Value())
		}
		return colour(t)
	}
	parts := make([]string, len(ts))
	switch {
	case sameColour && !sameValue:
		for i, t := range ts {
			parts[i] = word(t, true)
		}
		return keepTogether(colour(real[0]) + " " + strings.Join(parts, "-"))
	case sameValue && len(ts) >= 3:
		for i, t := range ts {
			parts[i] = word(t, false)
		}
		return keepTogether(strings.Join(parts, "-") + " " + strconv.Itoa(real[0].Value()))
	}
	var groups []string
	last := tile.NoTile
	for _, t := range ts {
		switch {
		case isOkey(t):
			groups, last = append(groups, c.T("tile.okey.short")), tile.NoTile
		case !t.Valid() || t == tile.FalseJoker:
			groups, last = append(groups, c.Tile(t, okey, Nominative)), tile.NoTile
		case last != tile.NoTile && last.Colour() == t.Colour():
			groups[len(groups)-1] += "\u00a0" + strconv.Itoa(t.Value())
			last = t
		default:
			groups, last = append(groups, c.Face(t)), t
		}
	}
	return strings.Join(groups, ", ")
}

// isRun reports whether tiles ts of a hand whose okey is okey stand in
// a row, as a run written in order does: each value one above the one
// before (13 then 1, as a run that wraps), an okey in any place, a
// false joker as the okey's face.
func isRun(ts []tile.Tile, okey tile.Tile) bool {
	first, at := 0, -1
	for i, t := range ts {
		v := 0
		switch {
		case okey != tile.NoTile && t == okey:
			continue
		case t == tile.FalseJoker && okey != tile.NoTile:
			v = okey.Value()
		case !t.Valid() || t == tile.FalseJoker:
			return false
		default:
			v = t.Value()
		}
		if at < 0 {
			first, at = v, i
			continue
		}
		if v != (first-1+i-at)%13+1 {
			return false
		}
	}
	return true
}

// UpFirst writes the first letter of a sentence as a capital where
// tiles are written in words (in Turkish, i as İ): a message may begin
// with a tile ("kırmızı 7'yi aldın" → "Kırmızı 7'yi aldın"). A key's
// letter ("f again finishes", "h ipucu verir") stays as it is.
func (c *Catalog) UpFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if !c.TileWords() || r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	if next, _ := utf8.DecodeRuneInString(s[n:]); !unicode.IsLetter(next) {
		return s // one letter: a key
	}
	if c.Suffixes() {
		return string(unicode.TurkishCase.ToUpper(r)) + s[n:]
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// TilesIn is Tiles with the case ending cs on the row's last word:
// "kırmızı 4-5-6'ya" after a number (with the apostrophe, as a tile
// takes it), "mavi 9-okeye" after the okey (a common noun, without
// one); English, which has no case endings, gets the row unchanged.
func (c *Catalog) TilesIn(ts []tile.Tile, okey tile.Tile, cs Case) string {
	s := c.Tiles(ts, okey)
	if !c.Suffixes() || cs == Nominative || s == "" {
		return s
	}
	if r, _ := utf8.DecodeLastRuneInString(s); unicode.IsDigit(r) {
		return Suffixed(s, cs)
	}
	return s + Ending(s, cs)
}
