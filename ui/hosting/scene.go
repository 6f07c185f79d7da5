package hosting

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"

	"okey/ui/layout"
	"okey/ui/overlays"
	"okey/ui/pages"
	"okey/ui/seatlink"
	"okey/ui/table"
)

// Scene is everything a game's side draws its table screen with, and
// reads a key or a click with, that the app knows, as it stands now:
// handed down as one value for a frame (Game.Render) or a key
// (Game.Key), so that the side reads values and never calls back up
// into the app. The app fills it anew for every frame and
// key (in one Scene of its own, so that a frame allocates none); a side
// never keeps it. The Painter and the Bar are the app's caches of
// pieces drawn before, not the app's state: drawing through them
// changes nothing the player sees.
type Scene struct {
	// Lay is the screen's layout; W and H the terminal's size (101's
	// table lays itself out from it).
	Lay  layout.Screen
	W, H int
	// Look is the words, the style sheet, its paint cache and the key
	// map (Words, St, Painter, Keys, Paint, Reason): the one the app
	// keeps up to date, which the side and its table hold too. Bar
	// draws a key bar and keeps what it drew.
	*table.Look
	Bar *pages.Bar
	// Frame is what the table draws with that only the app knows (the
	// seat asked, the clocks, the levels).
	Frame table.Frame
	// Status is what the status line is made of.
	Status Status
	// Overlay is the page over the table, if one is.
	Overlay Overlay
	// Badge is a seat's badge for the header ("" for none); HostKeys
	// the holding program's keys.
	Badge string
	// Hand is the header's words for the hand in place of the match's
	// own count ("" for that): a daily's hand is its match's first, and
	// the count to say is the daily's.
	Hand     string
	HostKeys []key.Binding
	// ReadOnly: another game holds the state directory, and this one
	// only looks. Casual: the match allows undo. SeatGot: a served
	// seat has had its table's first view.
	ReadOnly, Casual, SeatGot bool
	// OnTable: the table is on show (not a page between hands; a hint's
	// answer is told only there).
	OnTable bool

	// What a key is pressed with beyond the drawing: Seat is the link to
	// a served table the app does not own (nil for a match played
	// here), which the side's actions are sent through; Ctx is the
	// bots' questions' context (a hint's among them), Seed the match's.
	Seat *seatlink.Link
	Ctx  context.Context
	Seed uint64
}

// Status is what the status line is made of: the message of the last
// key or move (Flash, a warning when Warn), else the guide — the app's
// own (Guide: the screen only looks, a served seat's) or, when that is
// "", the game's.
type Status struct {
	Flash string
	Warn  bool
	Guide string
}

// Page names the page over the table.
type Page uint8

// The pages over the table.
const (
	NoPage Page = iota
	HelpPage
	BrowsePage
)

// Overlay is the page over the table on show (Which; NoPage for none),
// as far as it has been scrolled (Scroll, the app's, which the side only
// reads: a pointer, so that a frame does not copy the viewport within);
// the keys that scroll and close it are the key map's (the Look's
// Keys.Overlay), not copied here: a key copied them at every press.
type Overlay struct {
	Which  Page
	Scroll *pages.Scroll
}

// KeyBar draws bindings as the bottom line.
func (sc *Scene) KeyBar(b []key.Binding) string { return sc.Bar.View(b, sc.Lay.Help.W) }

// PageW is the width page text wraps at.
func (sc *Scene) PageW() int { return sc.Lay.Page.W - layout.PageX }

// Common is what the shared pages are drawn with, from the scene.
func (sc *Scene) Common() *pages.Common {
	return &pages.Common{Tr: sc.Words.Tr, St: sc.St, Keys: sc.Keys, Lay: sc.Lay}
}

// MayUndo reports whether the player may take a discard back now
// (playing: a hand is being played at the side's table): the match is
// casual and this screen does not only look. The side builds the undo
// only then (Reply's Cmd with Req table.ReqUndo); the app says why not
// otherwise, by the same three conditions.
func (sc *Scene) MayUndo(playing bool) bool { return !sc.ReadOnly && sc.Casual && playing }

// StatusText is what the status says: the last message, or else, while
// a hand is being played, the app's guide or the game's (g, asked only
// when nothing else is to be said).
func (sc *Scene) StatusText(playing bool, g Guide) (string, table.Style) {
	s := &sc.Status
	switch {
	case s.Flash != "" && s.Warn:
		return s.Flash, table.Warn
	case s.Flash != "":
		return s.Flash, table.Accent
	}
	guide := ""
	switch {
	case !playing:
	case s.Guide != "":
		guide = s.Guide
	default:
		guide = g.Guide()
	}
	return sc.Words.Tr.UpFirst(guide), table.Bold
}

// HeaderKeys are the keys a table's header names: the help, the
// settings, and quitting (short at a table played here; a seat's q
// leaves the table, and says so).
func (sc *Scene) HeaderKeys(help, settings, quit key.Binding) string {
	if !sc.Frame.Served {
		quit.SetHelp(quit.Help().Key, sc.Words.Tr.T("key.quit.short"))
	}
	parts := make([]string, 0, 3)
	for _, b := range []key.Binding{help, settings, quit} {
		if b.Enabled() {
			parts = append(parts, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// Paged is a game's side as the pages over its table see it: what the
// ? page says of the game (Help, its table's keys, its name for the
// rules), the discard stacks, and how many lines the status takes
// under a page w columns wide.
type Paged interface {
	Help(w int) (title string, howTo []string)
	Keys() [][]key.Binding
	Game() string
	Browse(w int) []string
	OverlayStatus(sc *Scene, w int) []string
}

// OverlayStatusH is how many lines the status may take under a page
// over a table w columns wide: two, and three standing up (narrower
// than layout.MinWidth), where the Turkish of a turn's choices needs
// them.
func OverlayStatusH(w int) int {
	if w < layout.MinWidth {
		return 3
	}
	return 2
}

// OverlayPage is the page over the table whole (the ? page: the game's
// keys, how to play it, the whole rules; or the stacks) and the area it
// scrolls in: the page area, shorter by the lines the status under it
// takes past one. Nil lines: no page is over the table.
func (sc *Scene) OverlayPage(p Paged) ([]string, layout.Rect) {
	area := sc.Lay.Page
	if n := len(p.OverlayStatus(sc, sc.W)); n > 1 {
		area.H -= n - 1
	}
	w := sc.PageW()
	switch sc.Overlay.Which {
	case HelpPage:
		title, howTo := p.Help(w)
		c := sc.Common()
		out := overlays.KeyPage(c, sc.Words.Tr.T(title), p.Keys(), sc.HostKeys, w)
		out = append(append(out, ""), howTo...)
		return append(out, overlays.Rules(c, p.Game(), w)...), area
	case BrowsePage:
		return p.Browse(w), area
	}
	return nil, area
}

// Overlaid is what of the page over the table shows, where its
// top-left corner goes, and its keys.
func (sc *Scene) Overlaid(p Paged) (shown []string, at layout.Rect, bar []key.Binding) {
	lines, area := sc.OverlayPage(p)
	o := &sc.Overlay
	return overlays.Shown(o.Scroll, area, lines), area, overlays.Bar(o.Scroll, sc.Keys.Overlay, area, lines)
}
