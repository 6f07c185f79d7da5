package tile

import (
	"fmt"
	"strconv"
	"strings"
)

// Colour is one of the four tile colours, in the order red, yellow, blue,
// black. The order is the order of the sort keys and of the notation.
type Colour uint8

// The four colours of the tiles.
const (
	Red Colour = iota
	Yellow
	Blue
	Black
)

// NumColours is the number of tile colours.
const NumColours = 4

// NumValues is the highest tile value; values run 1..NumValues.
const NumValues = 13

var colourLetters = [NumColours]byte{'R', 'Y', 'B', 'K'}

// Letter is the colour's letter in the tile notation (R, Y, B, K).
func (c Colour) Letter() byte {
	if c >= NumColours {
		return '?'
	}
	return colourLetters[c]
}

// String names the colour in English, for messages.
func (c Colour) String() string {
	switch c {
	case Red:
		return "red"
	case Yellow:
		return "yellow"
	case Blue:
		return "blue"
	case Black:
		return "black"
	}
	return "colour(" + strconv.Itoa(int(c)) + ")"
}

// Tile is a tile face. Coloured faces are numbered colour*13 + value-1
// (R1 is 0, K13 is 51); FalseJoker is 52. The two physical copies of a
// face are indistinguishable, so the engine tracks faces and counts.
type Tile uint8

// Special tiles.
const (
	// FalseJoker is the sahte okey, written J. It is not wild: it plays
	// as the okey's face.
	FalseJoker Tile = NumColoured
	// NoTile marks the absence of a tile (an empty stack top, a hidden
	// tile in a view, no okey under simple104).
	NoTile Tile = 0xFF
)

// NumColoured is the number of coloured faces, R1 to K13: the faces a
// natural tile can play as.
const NumColoured = NumColours * NumValues

// NumFaces is the number of distinct tile faces: the coloured ones and J.
const NumFaces = NumColoured + 1

// NumTiles is the size of the full set: two copies of every face.
const NumTiles = 2 * NumFaces

// NewTile returns the coloured tile of colour c and value v (1..13).
func NewTile(c Colour, v int) Tile {
	return Tile(int(c)*NumValues + v - 1)
}

// Valid reports whether t is a real face (a coloured tile or J).
func (t Tile) Valid() bool { return t <= FalseJoker }

// Colour is the tile's colour; meaningless for J and NoTile.
func (t Tile) Colour() Colour { return Colour(t / NumValues) }

// Value is the tile's value 1..13; 0 for J and NoTile.
func (t Tile) Value() int {
	if t >= FalseJoker {
		return 0
	}
	return int(t%NumValues) + 1
}

// String writes the tile in the notation: R7, K13, J; "-" for NoTile.
func (t Tile) String() string {
	switch {
	case t <= FalseJoker:
		return names[t]
	case t == NoTile:
		return "-"
	}
	return "?" + strconv.Itoa(int(t))
}

// names holds every face's notation, so that writing a tile does not
// allocate (batches write millions).
var names = func() (n [NumFaces]string) {
	for t := range Tile(FalseJoker) {
		n[t] = string(t.Colour().Letter()) + strconv.Itoa(t.Value())
	}
	n[FalseJoker] = "J"
	return n
}()

// MarshalText writes the tile in the notation, so that JSON carries "R7".
func (t Tile) MarshalText() ([]byte, error) {
	if !t.Valid() && t != NoTile {
		return nil, fmt.Errorf("tile %d: not a tile", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads the notation; "-" reads as NoTile.
func (t *Tile) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*t = NoTile
		return nil
	}
	p, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// Next is the tile one above t in its colour, 13 wrapping to 1: the okey
// made by indicator t. It returns NoTile for J and NoTile.
func (t Tile) Next() Tile {
	if t >= FalseJoker {
		return NoTile
	}
	if t.Value() == NumValues {
		return NewTile(t.Colour(), 1)
	}
	return t + 1
}

// prev is the tile one below t in its colour, 1 wrapping to 13: the
// indicator that makes okey t.
func (t Tile) prev() Tile {
	if t >= FalseJoker {
		return NoTile
	}
	if t.Value() == 1 {
		return NewTile(t.Colour(), NumValues)
	}
	return t - 1
}

// ParseError reports a token that is not a tile.
type ParseError struct {
	Token  string
	Reason string   // why, in English
	Why    ParseWhy // why, for a message in another language
}

// ParseWhy is why a token is not a tile.
type ParseWhy uint8

// The reasons a token is not a tile.
const (
	WhyEmpty   ParseWhy = iota + 1 // nothing there
	WhyColour                      // the first letter is no colour
	WhyNoValue                     // a colour without a value
	WhyValue                       // the value is no number from 1 to 13
)

func (e *ParseError) Error() string {
	return fmt.Sprintf("%q is not a tile: %s", e.Token, e.Reason)
}

// ParseTile reads one tile in the notation, case-insensitive: R1..K13 or
// J, surrounding spaces allowed.
func ParseTile(s string) (Tile, error) {
	return parse(s)
}

// Parse is ParseTile for bytes: the one tile parser, which batches call
// on every token. It allocates only to report an error.
func Parse(b []byte) (Tile, error) {
	return parse(b)
}

// parse reads a tile from a string or bytes without converting either:
// the common spellings are read in place, and only a bad token is copied
// into its error.
func parse[S string | []byte](s S) (Tile, error) {
	lo, hi := 0, len(s)
	for lo < hi && isSpace(s[lo]) {
		lo++
	}
	for hi > lo && isSpace(s[hi-1]) {
		hi--
	}
	tok := s[lo:hi]
	if len(tok) == 0 {
		return NoTile, &ParseError{Token: string(s), Reason: "empty", Why: WhyEmpty}
	}
	if len(tok) == 1 && tok[0]|0x20 == 'j' {
		return FalseJoker, nil
	}
	var c Colour
	switch tok[0] | 0x20 {
	case 'r':
		c = Red
	case 'y':
		c = Yellow
	case 'b':
		c = Blue
	case 'k':
		c = Black
	default:
		return NoTile, &ParseError{Token: string(tok), Reason: "the colour must be R, Y, B or K (or J for a false joker)", Why: WhyColour}
	}
	num := tok[1:]
	if len(num) == 0 {
		return NoTile, &ParseError{Token: string(tok), Reason: "the value is missing (1 to 13)", Why: WhyNoValue}
	}
	v := 0
	for i := 0; i < len(num); i++ {
		d := num[i]
		if d < '0' || d > '9' {
			return NoTile, &ParseError{Token: string(tok), Reason: "the value must be a number from 1 to 13", Why: WhyValue}
		}
		if v <= NumValues {
			v = v*10 + int(d-'0')
		}
	}
	if v < 1 || v > NumValues || len(num) > 2 {
		return NoTile, &ParseError{Token: string(tok), Reason: "the value must be from 1 to 13", Why: WhyValue}
	}
	return NewTile(c, v), nil
}

// isSeparator reports whether b separates tiles in a list: a space, a
// comma, a tab or a line end.
func isSeparator(b byte) bool {
	return b == ' ' || b == ',' || b == '\t' || b == '\n' || b == '\r'
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// ParseTiles reads tiles separated by spaces or commas. The error names
// the first bad token.
func ParseTiles(s string) ([]Tile, error) {
	return AppendTiles(nil, []byte(s))
}

// AppendTiles reads tiles separated by spaces or commas from b and
// appends them to dst; with a dst of room enough it does not allocate.
// The error names the first bad token.
func AppendTiles(dst []Tile, b []byte) ([]Tile, error) {
	for i := 0; i < len(b); {
		for i < len(b) && isSeparator(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isSeparator(b[j]) {
			j++
		}
		if j == i {
			break
		}
		t, err := parse(b[i:j])
		if err != nil {
			return dst, err
		}
		dst = append(dst, t)
		i = j
	}
	return dst, nil
}

// FormatTiles writes tiles in the notation separated by spaces.
func FormatTiles(ts []Tile) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// Counts holds how many copies of each face a collection of tiles has.
// It is a value type: copying it copies the collection.
type Counts [NumFaces]uint8

// CountsOf counts the tiles of ts, ignoring NoTile.
func CountsOf(ts []Tile) Counts {
	var c Counts
	for _, t := range ts {
		if t.Valid() {
			c[t]++
		}
	}
	return c
}

// Total is the number of tiles counted.
func (c *Counts) Total() int {
	n := 0
	for _, k := range c {
		n += int(k)
	}
	return n
}

// Tiles lists the counted tiles in face order.
func (c *Counts) Tiles() []Tile {
	out := make([]Tile, 0, c.Total())
	for f, k := range c {
		for range k {
			out = append(out, Tile(f))
		}
	}
	return out
}

// TileSet is a set of faces as a bit mask, bit t for tile t.
type TileSet uint64

// Has reports whether t is in the set.
func (s TileSet) Has(t Tile) bool { return t.Valid() && s&(1<<t) != 0 }

// With returns the set with t added.
func (s TileSet) With(t Tile) TileSet {
	if !t.Valid() {
		return s
	}
	return s | 1<<t
}

// Tiles lists the faces of the set in order.
func (s TileSet) Tiles() []Tile {
	var out []Tile
	for t := Tile(0); t <= FalseJoker; t++ {
		if s.Has(t) {
			out = append(out, t)
		}
	}
	return out
}
