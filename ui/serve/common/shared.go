package common

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
	"okey/server/hall"
	"okey/server/tables"
	"okey/ui/layout"
	"okey/ui/theme"
)

// Common is the one value a session hands each of its pages: who the
// player is, the screen's size, the words, the keys and the styles, the
// line of news under the page, and the server (through ServerSide).
// The session keeps it; a page reads it, and sets only the flash line,
// the language and the chat being typed.
type Common struct {
	Srv ServerSide
	Ctx context.Context
	ID  string // identity
	// Code is a guest's resume code ("" for a key); CodeShown: the guest
	// asked to see it (v); it hides again when they sit down at the
	// table.
	Code      string
	CodeShown bool
	Name      string
	Addr      string
	// Link is the browser link the session came in by ("": not a
	// linked browser): the player may unlink it from its own page.
	Link string
	Port string // the server's port the connection came in on
	// SeenSince is when the cluster first saw the session's key, in
	// Unix nanoseconds, once the store has said (0: not yet, or a guest):
	// a key from the loopback counts by itself only once it is old
	// enough (SeatAddr).
	SeenSince atomic.Int64

	Tr   *i18n.Catalog
	Keys Keys
	Dark bool
	Bg   *tea.BackgroundColorMsg
	// St is the session's own style sheet, for its dark or light
	// background (nil: not built yet).
	St *theme.Styles

	Width, Height int
	// Flash is the line of news under the page.
	Flash string
	// Chat is the line being typed at a table or in its waiting room.
	Chat ChatBox
	// Tour is the server's tournaments (nil: it runs none).
	Tour TourneySide
	// Went are the tournaments' tables the session took its player to
	// without a key, by number: once each, so one who stepped away is
	// not pulled back (nil: none yet).
	Went map[string]bool

	// asking are the tables a seat (or a watch) is asked of now, its
	// answer not yet taken in (Join; SeatAnswered): one request a table
	// at a time.
	asking map[string]bool
	// token names this session to a table it asks for its seat again
	// after the table moved (Rejoin), drawn at the first such ask.
	token string

	// At is the table the session is at (nil: none): the seat's page
	// takes it and ends it; any page may leave it (Drop).
	At *Membership
	// Arrived is when the session last took its player to a table with
	// no key (a tournament's next table): the away clock counts from
	// then, not from a key pressed before minutes of waiting on a page
	// for the pairing, which would have their bot play their match.
	Arrived time.Time
	// KeyAfterMatch is where the player's keys stand since their last
	// tournament match ended (its end seen at its table): a key pressed
	// since (KeyedAfter) makes them present at their next table as
	// they are taken there, as a key at it does (the tournament's away
	// rule counts keys since the table opened or the last match ended).
	KeyAfterMatch KeyAfter
	// News is the session's wait on the hall's news.
	News HallWatch
}

// KeyAfter is where a player's keys stand since their last tournament
// match ended (Common.KeyAfterMatch).
type KeyAfter uint8

// The stands: no tournament match ended since the last table taken to
// (keys before a first table count for nothing), one ended, and a key
// pressed since.
const (
	NoMatchEnded KeyAfter = iota
	MatchEnded
	KeyedAfter
)

// GoneTo notes that the session took its player to tournament table id.
func (c *Common) GoneTo(id string) {
	if c.Went == nil {
		c.Went = map[string]bool{}
	}
	c.Went[id] = true
}

// SeatAnswered notes that the answer to the seat asked of table id was
// taken in (the seat's page, as it takes a JoinedMsg).
func (c *Common) SeatAnswered(id string) { delete(c.asking, id) }

// SetLang loads the words and the keys of lang (English if it has none).
func (c *Common) SetLang(lang string) {
	tr, err := i18n.Load(lang)
	if err != nil {
		tr = i18n.MustLoad("en")
	}
	c.Tr = tr
	c.Keys = NewKeys(tr)
}

// ToggleLang switches the session's language between English and
// Turkish (l on the session's own pages).
func (c *Common) ToggleLang() {
	if c.Tr.Lang == "en" {
		c.SetLang("tr")
	} else {
		c.SetLang("en")
	}
}

// ToggleCode takes v on a page that shows a guest's resume code in its
// header's place (the lobby, a waiting room): it is shown, or hidden
// again. False: k is not that key, or the player is no guest.
func (c *Common) ToggleCode(k tea.KeyPressMsg) bool {
	if c.Code == "" || !key.Matches(k, c.Keys.ShowCode) {
		return false
	}
	c.CodeShown = !c.CodeShown
	c.Flash = ""
	return true
}

// OtherKey takes a key a page of the lobby's has no use of its own
// for: l switches the language; any other is said to mean nothing here.
func (c *Common) OtherKey(k tea.KeyPressMsg) {
	if key.Matches(k, c.Keys.Lang) {
		c.ToggleLang()
		return
	}
	c.Flash = c.Tr.T("status.unknownkey", k.String())
}

// Styles is the session's style sheet, built when the background is
// known and kept until it changes.
func (c *Common) Styles() *theme.Styles {
	if c.St == nil {
		p, err := theme.Load("default")
		if err != nil {
			p = theme.Palette{}
		}
		c.St = theme.New(p, c.Dark, c.Srv.Settings().NoColor)
	}
	return c.St
}

// TooSmall says the terminal is smaller than a page needs: a terminal
// standing up (layout.IsPortrait, a phone held upright) is not.
func (c *Common) TooSmall() bool {
	return !layout.IsPortrait(c.Width, c.Height) && (c.Width < layout.MinWidth || c.Height < layout.MinHeight)
}

// Tap is the catalogue key name, or its touch variant (name + ".tap")
// on a terminal standing up (layout.IsPortrait, a phone held upright),
// whose words name the taps a player sees rather than keys.
func (c *Common) Tap(name string) string {
	if layout.IsPortrait(c.Width, c.Height) {
		return name + ".tap"
	}
	return name
}

// GameName is a game's name in the player's words: classic Okey, Okey
// 101.
func (c *Common) GameName(name string) string {
	if name == string(game.Okey101) {
		return c.Tr.T("val.okey101")
	}
	return c.Tr.T("val.classic")
}

// RulesName is a table's rules preset in the player's words ("okul
// usulü (104 taş)", not "simple104"); one the words lack is shown as
// written.
func (c *Common) RulesName(rules string) string {
	key := "rules." + strings.ReplaceAll(rules, "=", "_")
	if c.Tr.Has(key) {
		return c.Tr.T(key)
	}
	return rules
}

// LevelName is a bot's level as the forms offer it; a level the
// table's game lacks says which of its levels plays (tables.LevelPlays):
// at 101 one its bots lack.
func (c *Common) LevelName(g, level string) string {
	name := c.Tr.T("level." + level)
	if plays := tables.LevelPlays(g, level); plays != level {
		where := "101"
		if g != string(game.Okey101) {
			where = c.Tr.T("val.classic")
		}
		name += " (" + where + ": " + c.Tr.T("level."+plays) + ")"
	}
	return name
}

// PageWidth and PageRows are the room a page's lines have: the width
// but the margin the session draws them with, and the rows between the
// header and a key bar of two lines with the flash line above it.
func (c *Common) PageWidth() int { return max(1, c.Width-2) }
func (c *Common) PageRows() int  { return max(1, c.Height-3-MaxKeyLines) }

// SSHTo is the command that reaches this server by ssh, as the player
// types it: the port their connection came in on, and HOST for the
// address they connect to, which the server cannot know.
func SSHTo(port string) string {
	if port != "" && port != "22" {
		return "ssh -p " + port + " HOST"
	}
	return "ssh HOST"
}

// Sleep waits d unless ctx ends first; it reports whether d passed (no
// wait always passes: a read asked for now is made).
func Sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// DupDeals says a number of deals with the words of key (its ".one"
// for one deal): "2 deals × 4 seats = 8 hands".
func (c *Common) DupDeals(key string, deals int) string {
	if deals == 1 {
		return c.Tr.T(key + ".one")
	}
	return c.Tr.T(key, deals, 4*deals)
}

// SeatWord says who holds a seat.
func (c *Common) SeatWord(p seatmsg.Player, owner string) string {
	switch {
	case owner == "":
		return c.Tr.T("seat.bot", c.Tr.T("level."+p.Level))
	case p.Kind == seatmsg.Human:
		return p.Name
	case p.Kind == seatmsg.Awaited:
		// A tournament's seat held for a player not come yet: whose
		// it is, and that they are not here yet.
		if p.Name == "" {
			return c.Tr.T("lobby.awaited")
		}
		return p.Name + " (" + c.Tr.T("lobby.awaited") + ")"
	}
	return p.Name + " (" + c.Tr.T("lobby.away") + ")"
}

// WithShowCode puts the key that shows or hides a guest's resume code
// in a page's key bar, before its last key, named for what it does now.
func (c *Common) WithShowCode(keys []key.Binding) []key.Binding {
	if c.Code == "" || len(keys) == 0 {
		return keys
	}
	show := c.Keys.ShowCode
	if c.CodeShown {
		show.SetHelp("v", c.Tr.T("lobby.key.hidecode"))
	}
	out := append([]key.Binding(nil), keys[:len(keys)-1]...)
	return append(out, show, keys[len(keys)-1])
}

// OpenRefused says why a table was not opened, in the player's words.
// A refusal that is not the hall's rule (the store slow to answer, or
// worse) is logged with the error as it came, and the player is told in
// words: a store that did not answer in time is asked again later.
func (c *Common) OpenRefused(err error) string {
	var full *hall.FullError
	switch {
	case errors.Is(err, hall.ErrStoreSlow):
		c.Srv.Log().Warn("a table not opened: the store did not answer in time", "name", c.Name, "err", err)
		return c.Tr.T("lobby.storeslow")
	case errors.As(err, &full):
		if full.Frees.IsZero() {
			return c.Tr.T("lobby.hallfull")
		}
		mins := int(full.Frees.Sub(c.Srv.Now()).Minutes()) + 1
		return c.Tr.T("lobby.hallfull.in", max(1, mins))
	case errors.Is(err, hall.ErrYourTables):
		return c.Tr.T("lobby.yourtables")
	case errors.Is(err, hall.ErrAddrTables):
		return c.Tr.T("lobby.addrtables")
	}
	c.Srv.Log().Warn("a table not opened", "name", c.Name, "err", err)
	return c.Tr.T("lobby.cannotopen", err.Error())
}

// NewField is a one-line text field: a code's or the chat's. Its cursor
// does not blink (a blink is a frame a second for every session typing),
// and ctrl+v does not read a clipboard (it would be the server's): a
// terminal's own paste arrives as a paste.
func NewField(runes int) textinput.Model {
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

// EditField hands a field a key or a paste, and keeps it to its cap in
// bytes (its CharLimit caps the letters).
func EditField(f *textinput.Model, msg tea.Msg, maxBytes int) tea.Cmd {
	var cmd tea.Cmd
	*f, cmd = f.Update(msg)
	if v := f.Value(); len(v) > maxBytes {
		f.SetValue(safetext.CutBytes(v, maxBytes))
		f.CursorEnd()
	}
	return cmd
}

// ChatBox is the chat line being typed, at a table or in its waiting
// room, or on a tournament's page: on while it is typed.
type ChatBox struct {
	On bool
	In textinput.Model
	// To is the tournament the line goes to ("": the table the
	// session is at).
	To string
}

// Open starts a chat line to the table.
func (b *ChatBox) Open() {
	b.On, b.To = true, ""
	b.In.Reset()
}

// OpenTo starts a chat line to tournament id's chat.
func (b *ChatBox) OpenTo(id string) {
	b.On, b.To = true, id
	b.In.Reset()
}

// Update edits the line: enter ends it and gives its text to send, esc
// drops it, any other key edits it.
func (b *ChatBox) Update(keys Keys, k tea.KeyPressMsg) (send string, cmd tea.Cmd) {
	switch {
	case key.Matches(k, keys.Cancel):
		b.On = false
	case key.Matches(k, keys.Send):
		b.On = false
		return b.In.Value(), nil
	default:
		return "", EditField(&b.In, k, tables.MaxChatBytes)
	}
	return "", nil
}

// ChatLine is the chat being typed, as the status line shows it.
func (c *Common) ChatLine() string {
	return c.Tr.T("chat.prompt") + " " + c.Chat.In.View()
}
