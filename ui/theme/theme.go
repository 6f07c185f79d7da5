// Package theme builds the game's one style sheet from a colour theme
// (assets/themes), the terminal's background (dark or light) and
// NO_COLOR, and renders tiles with it.
//
// Tiles are drawn from ASCII letters, digits and box-drawing characters
// only, 5 columns by 3 lines (SmallTile; on a wide, tall terminal the
// table draws them 7 by 5, BigTile, the face in the middle):
//
//	┌───┐   ┌R5─┐   ┌OK─┐   ┌J──┐   ╔═══╗   ┏━━━┓
//	│R7 │   │OK │   │K9 │   │R5 │   ║K12║   ┃B3 ┃
//	└───┘   └───┘   └───┘   └───┘   ╚═══╝   ┗━━━┛
//	plain   okey    okey    false   under   picked
//	        (R5)    as K9   joker   cursor  up
//
// so that nothing rests on colour: the letter names the colour, the
// frame tells the cursor and the tile picked up. The okey reads OK (its
// own face on the top edge), or, where it stands for a tile (in a
// winning hand), that tile under an OK edge; a false joker shows the
// face it plays as under a J edge. An okey and a false joker of the
// same face never look alike.
package theme

import (
	"bufio"
	"bytes"
	"fmt"
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/assets"
	"okey/game/tile"
)

// Palette is a theme read from assets: each role has a colour for light
// and one for dark backgrounds.
type Palette map[string][2]string

// roles every theme must define.
var roles = []string{
	"tile.face", "tile.red", "tile.yellow", "tile.blue", "tile.black", "tile.frame",
	"cursor", "held", "okey", "accent", "text", "dim", "warn", "good", "turn.bg", "title",
}

// Load reads the named theme from the embedded assets.
func Load(name string) (Palette, error) {
	b, err := assets.FS.ReadFile("themes/" + name + ".theme")
	if err != nil {
		return nil, fmt.Errorf("theme %q: unknown (known: %s)", name, strings.Join(assets.Themes, ", "))
	}
	return Parse(b)
}

// Parse reads a theme: "role = light dark" lines, # comments.
func Parse(b []byte) (Palette, error) {
	p := Palette{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		f := strings.Fields(v)
		if !ok || len(f) != 2 {
			return nil, fmt.Errorf("theme line %d: want \"role = light dark\"", n)
		}
		p[strings.TrimSpace(k)] = [2]string{f[0], f[1]}
	}
	for _, r := range roles {
		if _, ok := p[r]; !ok {
			return nil, fmt.Errorf("theme: role %q missing", r)
		}
	}
	return p, nil
}

// Frame is how a tile's edge is drawn.
type Frame uint8

// The frames of a tile.
const (
	FramePlain    Frame = iota
	FrameCursor         // the rack cursor is on it
	FrameHeld           // picked up, waiting to be put down
	FrameDim            // a tile out of reach (another player's stack)
	FrameSelected       // chosen into a group (the 101 table)
	numFrames
)

// Label marks a tile on its top edge.
type Label uint8

// The labels of a tile.
const (
	LabelNone   Label = iota
	LabelOkey         // the okey, wild: reads OK, its own face on the edge
	LabelOkeyAs       // an okey standing for the face shown (in a winning hand)
	LabelFalse        // a false joker: plays as the okey's face
	numLabels
)

// Styles is the style sheet: every style the screens use.
type Styles struct {
	Dark, NoColor bool

	Text, Dim, Bold, Title, Accent, Warn, Good, Okey lipgloss.Style
	// Turn marks the seat to move (reverse video under NO_COLOR).
	Turn lipgloss.Style
	// Panel frames the rack; Box frames the wall, BoxActive the wall
	// when the player is to draw from it.
	Panel, Box, BoxActive Border
	// Key is a key name in the help and status lines.
	Key lipgloss.Style
	// Mark is a mark on a tile's bottom edge (TileMarked).
	Mark lipgloss.Style

	face    [tile.NumColours]lipgloss.Style
	frame   [numFrames]lipgloss.Style
	tiles   map[tileKey][]string
	inline  map[tile.Tile]string
	helpKey lipgloss.Style
	helpSep lipgloss.Style
}

type tileKey struct {
	size  TileSize
	t     tile.Tile // the face shown
	frame Frame
	label Label
	mark  byte // on the bottom edge, 0 for none
}

// New builds the style sheet of a palette for a dark or light background;
// noColor gives styles without any colour (NO_COLOR), where bold, faint
// and reverse video carry what colour would.
func New(p Palette, dark, noColor bool) *Styles {
	ld := lipgloss.LightDark(dark)
	c := func(role string) color.Color {
		v := p[role]
		return ld(lipgloss.Color(v[0]), lipgloss.Color(v[1]))
	}
	s := &Styles{Dark: dark, NoColor: noColor, tiles: map[tileKey][]string{}}
	base := lipgloss.NewStyle()
	if noColor {
		s.Text = base
		s.Dim = base.Faint(true)
		s.Bold = base.Bold(true)
		s.Title = base.Bold(true)
		s.Accent = base.Bold(true)
		s.Warn = base.Bold(true)
		s.Good = base.Bold(true)
		s.Okey = base.Bold(true)
		s.Turn = base.Reverse(true).Bold(true)
		s.Key = base.Bold(true)
		s.borders()
		for i := range s.face {
			s.face[i] = base.Bold(true)
		}
		s.frame[FramePlain] = base
		s.frame[FrameCursor] = base.Bold(true)
		s.frame[FrameHeld] = base.Bold(true)
		s.frame[FrameDim] = base.Faint(true)
		s.frame[FrameSelected] = base.Bold(true)
		s.Mark = base.Bold(true).Reverse(true)
		s.helpKey = base.Bold(true)
		s.helpSep = base.Faint(true)
		return s
	}
	// Plain words are in the terminal's own colour: as readable as the
	// player made their terminal, and sent in no colour at all (a
	// served session's bytes a second: docs/studies/serving-performance.md);
	// "text" is the words' colour on the turn's marker, whose ground
	// is the theme's.
	s.Text = base
	s.Dim = base.Foreground(c("dim"))
	s.Bold = base.Bold(true)
	s.Title = base.Foreground(c("title")).Bold(true)
	s.Accent = base.Foreground(c("accent")).Bold(true)
	s.Warn = base.Foreground(c("warn")).Bold(true)
	s.Good = base.Foreground(c("good")).Bold(true)
	s.Okey = base.Foreground(c("okey")).Bold(true)
	s.Turn = base.Foreground(c("text")).Background(c("turn.bg")).Bold(true)
	s.Key = base.Foreground(c("accent")).Bold(true)
	s.borders()
	faceBg := c("tile.face")
	for i, role := range []string{"tile.red", "tile.yellow", "tile.blue", "tile.black"} {
		s.face[i] = base.Foreground(c(role)).Background(faceBg).Bold(true)
	}
	s.frame[FramePlain] = base.Foreground(c("tile.frame"))
	s.frame[FrameCursor] = base.Foreground(c("cursor")).Bold(true)
	s.frame[FrameHeld] = base.Foreground(c("held")).Bold(true)
	s.frame[FrameDim] = base.Foreground(c("dim")).Faint(true)
	s.frame[FrameSelected] = base.Foreground(c("good")).Bold(true)
	s.Mark = base.Foreground(c("good")).Bold(true).Reverse(true)
	s.helpKey = base.Foreground(c("accent")).Bold(true)
	s.helpSep = base.Foreground(c("dim"))
	return s
}

// borders builds the frames from the text styles.
func (s *Styles) borders() {
	s.Panel = newBorder(lipgloss.RoundedBorder(), s.Dim, s.Accent)
	s.Box = newBorder(lipgloss.NormalBorder(), s.Dim, s.Accent)
	s.BoxActive = newBorder(lipgloss.NormalBorder(), s.Key, s.Accent)
}

// Border is a frame of the style sheet: its characters, the style of its
// edges and of a title set in its top edge. Its edges are drawn once per
// width and title, and looked up after.
type Border struct {
	lipgloss.Border
	Edge, Title lipgloss.Style
	drawn       map[edgeKey]string
	left, right string // the sides, drawn
}

func newBorder(b lipgloss.Border, edge, title lipgloss.Style) Border {
	return Border{Border: b, Edge: edge, Title: title, drawn: map[edgeKey]string{},
		left: edge.Render(b.Left), right: edge.Render(b.Right)}
}

type edgeKey struct {
	bottom bool
	w      int
	title  string
}

// TopLine is the top edge of a frame w columns wide, with title (cut to
// fit, "" for none) after its first corner and one edge character.
func (b Border) TopLine(w int, title string) string {
	k := edgeKey{w: w, title: title}
	if s, ok := b.drawn[k]; ok {
		return s
	}
	s := b.topLine(w, title)
	b.keep(k, s)
	return s
}

// keep remembers a drawn edge, a bounded number of them.
func (b Border) keep(k edgeKey, s string) {
	if len(b.drawn) > maxDrawnEdges {
		clear(b.drawn)
	}
	b.drawn[k] = s
}

// maxDrawnEdges bounds the edges a Border remembers.
const maxDrawnEdges = 64

func (b Border) topLine(w int, title string) string {
	if title == "" {
		return b.Edge.Render(b.TopLeft + strings.Repeat(b.Top, max(0, w-2)) + b.TopRight)
	}
	title = ansi.Truncate(title, max(0, w-4), "…")
	rest := max(0, w-3-ansi.StringWidth(title))
	return b.Edge.Render(b.TopLeft+b.Top) + b.Title.Render(title) + b.Edge.Render(strings.Repeat(b.Top, rest)+b.TopRight)
}

// BottomLine is the bottom edge of a frame w columns wide.
func (b Border) BottomLine(w int) string {
	k := edgeKey{bottom: true, w: w}
	if s, ok := b.drawn[k]; ok {
		return s
	}
	s := b.Edge.Render(b.BottomLeft + strings.Repeat(b.Bottom, max(0, w-2)) + b.BottomRight)
	b.keep(k, s)
	return s
}

// Sides are the left and right edges, one line of them.
func (b Border) Sides() (left, right string) { return b.left, b.right }

// HelpStyles are the key and separator styles for the help bar.
func (s *Styles) HelpStyles() (key, sep lipgloss.Style) { return s.helpKey, s.helpSep }

// TileW and TileH are a small tile's size on screen (SmallTile), the
// size of the pages between hands and of the table on a terminal of
// ordinary size.
const (
	TileW = 5
	TileH = 3
)

// TileSize is a tile's size on screen, columns by lines. The table
// chooses it per frame from the terminal's size (layout), so that a
// wide, tall terminal shows tiles one can read from afar rather than
// a small table in an empty screen.
type TileSize struct{ W, H int }

// The sizes a tile is drawn in: the small one fits 80×24, the big one
// a terminal with room for a table of them.
var (
	SmallTile = TileSize{TileW, TileH}
	BigTile   = TileSize{7, MaxTileH}
)

// MaxTileH is the tallest tile's height (BigTile's): what a drawing may
// hold a tile's lines in without allocating.
const MaxTileH = 5

var edges = [numFrames][6]string{
	// top-left, horizontal, top-right, vertical, bottom-left, bottom-right
	FramePlain:    {"┌", "─", "┐", "│", "└", "┘"},
	FrameCursor:   {"╔", "═", "╗", "║", "╚", "╝"},
	FrameHeld:     {"┏", "━", "┓", "┃", "┗", "┛"},
	FrameDim:      {"┌", "─", "┐", "│", "└", "┘"},
	FrameSelected: {"╭", "─", "╮", "│", "╰", "╯"},
}

// Tile renders face t (NoTile: an empty slot) as three lines of TileW
// columns. The label goes on the top edge.
func (s *Styles) Tile(t tile.Tile, f Frame, l Label) [3]string { return s.TileMarked(t, f, l, 0) }

// TileMarked is Tile with mark, an ASCII character (0 for none), in the
// middle of the bottom edge: on the 101 rack, the group a tile is
// chosen into.
func (s *Styles) TileMarked(t tile.Tile, f Frame, l Label, mark byte) [3]string {
	r := s.TileIn(SmallTile, t, f, l, mark)
	return [3]string{r[0], r[1], r[2]}
}

// TileIn is TileMarked in size sz: sz.H lines of sz.W columns, the
// face on the middle line. The lines are the sheet's own, drawn once
// and shared: the caller must not change them.
func (s *Styles) TileIn(sz TileSize, t tile.Tile, f Frame, l Label, mark byte) []string {
	k := tileKey{sz, t, f, l, mark}
	if r, ok := s.tiles[k]; ok {
		return r
	}
	r := s.renderTile(sz, t, f, l)
	if mark != 0 {
		e, fr := edges[f], s.frame[f]
		left := (sz.W - 3) / 2
		r[len(r)-1] = fr.Render(e[4]+strings.Repeat(e[1], left)) + s.Mark.Render(string(rune(mark))) +
			fr.Render(strings.Repeat(e[1], sz.W-3-left)+e[5])
	}
	s.tiles[k] = r
	return r
}

// EmptySlot renders an empty rack slot: blank, or an empty frame under the
// cursor.
func (s *Styles) EmptySlot(f Frame) [3]string {
	r := s.EmptySlotIn(SmallTile, f)
	return [3]string{r[0], r[1], r[2]}
}

// EmptySlotIn is EmptySlot in size sz.
func (s *Styles) EmptySlotIn(sz TileSize, f Frame) []string {
	if f == FramePlain {
		k := tileKey{size: sz, t: tile.NoTile, frame: f, label: numLabels}
		if r, ok := s.tiles[k]; ok {
			return r
		}
		r := make([]string, sz.H)
		for i := range r {
			r[i] = strings.Repeat(" ", sz.W)
		}
		s.tiles[k] = r
		return r
	}
	return s.TileIn(sz, tile.NoTile, f, LabelNone, 0)
}

// renderTile draws a tile of size sz: its edges, its face on the
// middle line (the small tile's one inner line), centred in the
// frame's inside, the label on the top edge.
func (s *Styles) renderTile(sz TileSize, t tile.Tile, f Frame, l Label) []string {
	e := edges[f]
	fr := s.frame[f]
	inner := sz.W - 2
	pad := (inner - faceW) / 2 // columns before the face on a big tile
	// faceStyle is the style of face t's inside: its colour on the
	// tile's ground.
	faceStyle := func(t tile.Tile) lipgloss.Style {
		st := s.Bold
		if t.Valid() && t != tile.FalseJoker {
			st = s.face[t.Colour()]
		}
		if f == FrameDim && s.NoColor {
			st = st.Faint(true)
		}
		return st
	}
	// faceText is a face as the frame's inside in its colour.
	faceText := func(t tile.Tile) string {
		txt := t.String()
		txt += strings.Repeat(" ", max(0, faceW-len(txt)))
		return faceStyle(t).Render(strings.Repeat(" ", pad) + txt + strings.Repeat(" ", inner-pad-faceW))
	}
	// label is the top edge between the corners: a mark, then edge.
	label := func(mark string) string {
		return s.Okey.Render(mark) + fr.Render(strings.Repeat(e[1], inner-len(mark)))
	}
	edge := fr.Render(strings.Repeat(e[1], inner))
	var top, mid string
	switch {
	case t == tile.NoTile:
		top, mid = edge, strings.Repeat(" ", inner)
	case l == LabelOkey:
		// The wild okey reads OK; its own face is on the top edge.
		txt := t.String()
		top = s.faceEdge(t, f).Render(txt) + fr.Render(strings.Repeat(e[1], inner-len(txt)))
		mid = s.Okey.Render(strings.Repeat(" ", pad) + okeyMark + strings.Repeat(" ", inner-pad-len(okeyMark)))
	case l == LabelOkeyAs:
		top, mid = label(okeyMark), faceText(t)
	case l == LabelFalse:
		top, mid = label(falseMark), faceText(t)
	default:
		top, mid = edge, faceText(t)
	}
	r := make([]string, sz.H)
	r[0] = fr.Render(e[0]) + top + fr.Render(e[2])
	side := fr.Render(e[3])
	// The lines above and below the face (a big tile's) are its ground.
	blank := side + strings.Repeat(" ", inner) + side
	if t != tile.NoTile && l != LabelOkey {
		blank = side + faceStyle(t).Render(strings.Repeat(" ", inner)) + side
	}
	for i := 1; i < sz.H-1; i++ {
		r[i] = blank
	}
	r[(sz.H-1)/2] = side + mid + side
	r[sz.H-1] = fr.Render(e[4] + strings.Repeat(e[1], inner) + e[5])
	return r
}

// The marks of the okey and the false joker, and the width of a face.
const (
	okeyMark  = "OK"
	falseMark = "J"
	faceW     = TileW - 2
)

// faceEdge is the style of a face written on a tile's edge: its colour,
// without the tile's background.
func (s *Styles) faceEdge(t tile.Tile, f Frame) lipgloss.Style {
	if s.NoColor || !t.Valid() || t == tile.FalseJoker {
		return s.frame[f]
	}
	return s.frame[f].Foreground(s.face[t.Colour()].GetForeground()).Bold(true)
}

// Inline renders a tile on one line, for logs and messages: its notation
// in its colour ("R7"), the okey marked ("R5 okey" is left to the caller).
func (s *Styles) Inline(t tile.Tile) string {
	if r, ok := s.inline[t]; ok {
		return r
	}
	var r string
	if !t.Valid() || t == tile.FalseJoker || s.NoColor {
		r = s.Bold.Render(t.String())
	} else {
		r = s.face[t.Colour()].Render(t.String())
	}
	if s.inline == nil {
		s.inline = map[tile.Tile]string{}
	}
	s.inline[t] = r // a tile is drawn once and looked up after
	return r
}
