package serve

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/server/hall"
	"okey/server/tables"
	"okey/ui/i18n"
	"okey/ui/layout"
	"okey/ui/safetext"
	"okey/ui/seatmsg"
	"okey/ui/theme"
)

// shared is the one value a session hands each of its pages: who the
// player is, the screen's size, the words, the keys and the styles, the
// line of news under the page, and the server (through serverSide).
// The session keeps it; a page reads it, and sets only the flash line,
// the language and the chat being typed.
type shared struct {
	srv serverSide
	ctx context.Context
	id  string // identity
	// code is a guest's resume code ("" for a key); codeShown: the guest
	// asked to see it (v); it hides again when they sit down at the
	// table.
	code      string
	codeShown bool
	name      string
	addr      string
	port      string // the server's port the connection came in on
	// seenSince is when the cluster first saw the session's key, in
	// Unix nanoseconds, once the store has said (0: not yet, or a guest):
	// a key from the loopback counts by itself only once it is old
	// enough (seatAddr).
	seenSince atomic.Int64

	tr   *i18n.Catalog
	keys sessionKeys
	dark bool
	bg   *tea.BackgroundColorMsg
	// st is the session's own style sheet, for its dark or light
	// background (nil: not built yet).
	st *theme.Styles

	width, height int
	// flash is the line of news under the page.
	flash string
	// chat is the line being typed at a table or in its waiting room.
	chat chatBox
	// tour is the server's tournaments (nil: it runs none).
	tour tourneySide
	// went are the tournaments' tables the session took its player to
	// without a key, by number: once each, so one who stepped away is
	// not pulled back (nil: none yet).
	went map[string]bool
}

// goneTo notes that the session took its player to tournament table id.
func (c *shared) goneTo(id string) {
	if c.went == nil {
		c.went = map[string]bool{}
	}
	c.went[id] = true
}

// setLang loads the words and the keys of lang (English if it has none).
func (c *shared) setLang(lang string) {
	tr, err := i18n.Load(lang)
	if err != nil {
		tr = i18n.MustLoad("en")
	}
	c.tr = tr
	c.keys = newSessionKeys(tr)
}

// toggleLang switches the session's language between English and
// Turkish (l on the session's own pages).
func (c *shared) toggleLang() {
	if c.tr.Lang == "en" {
		c.setLang("tr")
	} else {
		c.setLang("en")
	}
}

// otherKey takes a key a page of the lobby's has no use of its own
// for: l switches the language; any other is said to mean nothing here.
func (c *shared) otherKey(k tea.KeyPressMsg) {
	if key.Matches(k, c.keys.Lang) {
		c.toggleLang()
		return
	}
	c.flash = c.tr.T("status.unknownkey", k.String())
}

// styles is the session's style sheet, built when the background is
// known and kept until it changes.
func (c *shared) styles() *theme.Styles {
	if c.st == nil {
		p, err := theme.Load("default")
		if err != nil {
			p = theme.Palette{}
		}
		c.st = theme.New(p, c.dark, c.srv.Settings().NoColor)
	}
	return c.st
}

func (c *shared) tooSmall() bool { return c.width < layout.MinWidth || c.height < layout.MinHeight }

// gameName is a game's name in the player's words: classic Okey, Okey
// 101.
func (c *shared) gameName(name string) string {
	if name == string(game.Okey101) {
		return c.tr.T("val.okey101")
	}
	return c.tr.T("val.classic")
}

// rulesName is a table's rules preset in the player's words ("okul
// usulü (104 taş)", not "simple104"); one the words lack is shown as
// written.
func (c *shared) rulesName(rules string) string {
	key := "rules." + strings.ReplaceAll(rules, "=", "_")
	if c.tr.Has(key) {
		return c.tr.T(key)
	}
	return rules
}

// dupDeals says a number of deals with the words of key (its ".one"
// for one deal): "2 deals × 4 seats = 8 hands".
func (c *shared) dupDeals(key string, deals int) string {
	if deals == 1 {
		return c.tr.T(key + ".one")
	}
	return c.tr.T(key, deals, 4*deals)
}

// seatWord says who holds a seat.
func (c *shared) seatWord(p seatmsg.Player, owner string) string {
	switch {
	case owner == "":
		return c.tr.T("seat.bot", c.tr.T("level."+p.Level))
	case p.Kind == seatmsg.Human:
		return p.Name
	case p.Kind == seatmsg.Awaited:
		// A tournament's seat held for a player not come yet: whose
		// it is, and that they are not here yet.
		if p.Name == "" {
			return c.tr.T("lobby.awaited")
		}
		return p.Name + " (" + c.tr.T("lobby.awaited") + ")"
	}
	return p.Name + " (" + c.tr.T("lobby.away") + ")"
}

// withShowCode puts the key that shows or hides a guest's resume code
// in a page's key bar, before its last key, named for what it does now.
func (c *shared) withShowCode(keys []key.Binding) []key.Binding {
	if c.code == "" || len(keys) == 0 {
		return keys
	}
	show := c.keys.ShowCode
	if c.codeShown {
		show.SetHelp("v", c.tr.T("lobby.key.hidecode"))
	}
	out := append([]key.Binding(nil), keys[:len(keys)-1]...)
	return append(out, show, keys[len(keys)-1])
}

// openRefused says why a table was not opened, in the player's words.
func (c *shared) openRefused(err error) string {
	var full *hall.FullError
	switch {
	case errors.As(err, &full):
		if full.Frees.IsZero() {
			return c.tr.T("lobby.hallfull")
		}
		mins := int(full.Frees.Sub(c.srv.Now()).Minutes()) + 1
		return c.tr.T("lobby.hallfull.in", max(1, mins))
	case errors.Is(err, hall.ErrYourTables):
		return c.tr.T("lobby.yourtables")
	case errors.Is(err, hall.ErrAddrTables):
		return c.tr.T("lobby.addrtables")
	}
	return c.tr.T("lobby.cannotopen", err.Error())
}

// seatAddr is the address a session's seats count by, for the tables
// one address may hold seats at and the one-seat rule: the address it
// came from, except that a key from the loopback counts by itself.
// Behind a tunnel (the docs' ssh -R) or a proxy that sends no PROXY
// header, every player arrives from the loopback: counted by it, all of
// them together would hold seats at TablesPerAddr tables. A key is one
// player's; guests from the loopback cannot be told apart, and share
// the loopback's count. (Wrong codes are counted by the address still,
// keys and guests together: a key is free to make, and a budget per key
// would be none.)
//
// A key is free to make, though: a key counts by itself only once the
// cluster has known it for loopbackKeyAge. Before, it shares the
// loopback's count with the guests, so that one client making keys by
// the dozen behind a tunnel opens no more tables than a guest would
// (TestHostileClients' flood, from the loopback).
func (c *shared) seatAddr() string {
	if c.code != "" {
		return c.addr
	}
	ip, err := netip.ParseAddr(c.addr)
	if err != nil || !ip.IsLoopback() {
		return c.addr
	}
	if seen := c.seenSince.Load(); seen != 0 && c.srv.Now().Sub(time.Unix(0, seen)) >= loopbackKeyAge {
		return c.id
	}
	return c.addr
}

// loopbackKeyAge is how long the cluster must have known a key from the
// loopback before it counts by itself for seats and tables (seatAddr).
const loopbackKeyAge = time.Hour

// newField is a one-line text field: a code's or the chat's. Its cursor
// does not blink (a blink is a frame a second for every session typing),
// and ctrl+v does not read a clipboard (it would be the server's): a
// terminal's own paste arrives as a paste.
func newField(runes int) textinput.Model {
	f := textinput.New()
	f.Prompt = ""
	f.CharLimit = runes
	f.KeyMap.Paste.SetEnabled(false)
	st := f.Styles()
	st.Cursor.Blink = false
	f.SetStyles(st)
	f.Focus()
	return f
}

// editField hands a field a key or a paste, and keeps it to its cap in
// bytes (its CharLimit caps the letters).
func editField(f *textinput.Model, msg tea.Msg, maxBytes int) tea.Cmd {
	var cmd tea.Cmd
	*f, cmd = f.Update(msg)
	if v := f.Value(); len(v) > maxBytes {
		f.SetValue(safetext.CutBytes(v, maxBytes))
		f.CursorEnd()
	}
	return cmd
}

// chatBox is the chat line being typed, at a table or in its waiting
// room: on while it is typed.
type chatBox struct {
	on bool
	in textinput.Model
}

// open starts a chat line.
func (b *chatBox) open() {
	b.on = true
	b.in.Reset()
}

// update edits the line: enter ends it and gives its text to send, esc
// drops it, any other key edits it.
func (b *chatBox) update(keys sessionKeys, k tea.KeyPressMsg) (send string, cmd tea.Cmd) {
	switch {
	case key.Matches(k, keys.Cancel):
		b.on = false
	case key.Matches(k, keys.Send):
		b.on = false
		return b.in.Value(), nil
	default:
		return "", editField(&b.in, k, tables.MaxChatBytes)
	}
	return "", nil
}

// chatLine is the chat being typed, as the status line shows it.
func (c *shared) chatLine() string {
	return c.tr.T("chat.prompt") + " " + c.chat.in.View()
}
