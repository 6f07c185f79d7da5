package ui

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/keymap"
	"okey/ui/pages"
	"okey/ui/playclassic"
	"okey/ui/rack"
	"okey/ui/seatmsg"
	"okey/ui/seats"
	"okey/ui/table"
)

// A seat at a table the model does not own (okey serve): the same table
// screen, driven by the views a table hands this seat (SeatUpdate), its
// moves sent to the table as intents. The table is the referee; the
// model owns no game, runs no bot, saves nothing.
//
// The screen always shows its own seat at the bottom, as seat 0: the
// views and names are turned round (rotate) so that the player's seat
// comes first, and the actions turned back before they leave. A
// spectator watches from seat 0's place with the public view.

// The seat's messages are package seatmsg's (both games share them);
// these names keep them where okey serve has always found them.
type (
	SeatKind   = seatmsg.Kind
	SeatPlayer = seatmsg.Player
	HandEnd    = seatmsg.HandEnd
	ChatLine   = seatmsg.ChatLine
	SeatUpdate = seatmsg.Update
	IntentKind = seatmsg.IntentKind
	Intent     = seatmsg.Intent
	LeaveMsg   = seatmsg.LeaveMsg
	Fairness   = seatmsg.Fairness
)

// Who holds a seat, and what a seat asks of its table (seatmsg's).
const (
	SeatBot        = seatmsg.Bot
	SeatHuman      = seatmsg.Human
	SeatAway       = seatmsg.Away
	IntentAct      = seatmsg.IntentAct
	IntentNewMatch = seatmsg.IntentNewMatch
	IntentPlay101  = seatmsg.IntentPlay101
	IntentReady    = seatmsg.IntentReady
)

// SeatOptions start the screen of a seat at a table.
type SeatOptions struct {
	// Lang and Theme are the player's; NoColor draws without colour.
	Lang, Theme string
	NoColor     bool
	// Seat is the seat at the table, -1 to watch.
	Seat int
	// Send hands an intent to the table without blocking; false when
	// the table could not take it now.
	Send func(Intent) bool
	// Keys are keys the holding program handles itself (the chat, say),
	// shown in the help bar and on the help page.
	Keys []key.Binding
	// Dark is the terminal's background, if known.
	Dark bool
	// Badge is said in the header (a guest's resume code, say).
	Badge string
	// Record is the command that prints the table's finished match's
	// record, shown with the match's seed and salt so the player can
	// check them ("" to say nothing of it).
	Record string
	// Settle is as Options.Settle: 0 is the default, negative none.
	Settle time.Duration
	// Log is as Options.Log: the seat's debug log, nil for none.
	Log *slog.Logger
}

// seatLink is what a seat's model knows of its table.
type seatLink struct {
	opt SeatOptions
	// rot is the table's seat shown at the bottom (0 for a spectator).
	rot      int
	watching bool
	got      bool // an update has come
	players  [game.NumSeats]SeatPlayer
	ready    [game.NumSeats]bool
	host     bool
	deadline time.Time
	ticking  bool
	chatSeq  uint64
	refused  uint64
	hands    int // hands of the match taken in
	// view101 is the latest view of a 101 table (turned); world a state
	// that agrees with it, to try the player's actions on before they
	// go (worldOK: there is one; a spectator has none).
	view101 okey101.View
	world   okey101.State
	worldOK bool
	// pending is the slot of a discard sent and not yet seen done, -1.
	pending     int
	pendingTile tile.Tile
	// waiting is set from an intent sent until the next update.
	waiting bool
	// fair is the match's commitment as last told.
	fair Fairness
	// between is what the status line was told between hands (whom the
	// next hand waits for): once a hand is dealt it is old news.
	between string
}

// seatTickMsg redraws the turn's clock once a second.
type seatTickMsg struct{}

// NewSeat builds the table screen of a seat at a table it does not own.
// It shows nothing but a wait until the table's first SeatUpdate.
func NewSeat(opt SeatOptions) (*Model, error) {
	set := DefaultSettings(opt.Lang)
	if opt.Theme != "" {
		set.Theme = opt.Theme
	}
	if err := set.Validate(); err != nil {
		return nil, err
	}
	if opt.Send == nil {
		return nil, errors.New("ui: a seat needs a table to send its moves to")
	}
	if opt.Seat >= game.NumSeats {
		return nil, fmt.Errorf("ui: seat %d: no such seat", opt.Seat)
	}
	m := &Model{
		opt: Options{Settings: set, Saved: set, NoColor: opt.NoColor, Now: time.Now, Log: opt.Log},
		set: set, saved: set, now: time.Now,
		asking: -1, dark: opt.Dark, lastOK: true,
		screen: scrPlay, settle: settleFor(opt.Settle),
	}
	m.opt.NewBot = bots.New
	m.opt.BotTimeout = defaultBotTimeout
	m.seat = &seatLink{opt: opt, rot: max(0, opt.Seat), watching: opt.Seat < 0, pending: -1}
	m.c = m.newClassic()
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.bar = pages.NewBar()
	if err := m.applySettings(); err != nil {
		return nil, err
	}
	m.c.Rack = rack.New()
	m.c.Cursor = 0
	return m, nil
}

// seatKeys fits the key map to a seat: what the table decides (the
// settings, undo) or what the server does not keep (the statistics) is
// switched off, and q leaves the table.
func (m *Model) seatKeys() {
	if m.seat == nil {
		return
	}
	k := &m.keys
	for _, b := range []*key.Binding{&k.Table.Settings, &k.Table.Stats, &k.Table.Undo,
		&k.HandOver.Settings, &k.HandOver.Stats, &k.MatchOver.Settings, &k.MatchOver.Stats, &k.MatchOver.Game,
		&k.Table101.Settings, &k.Table101.Stats,
		// the review reads the match's record, which a seat does not hold
		&k.HandOver.Review, &k.MatchOver.Review, &k.Info.Saved} {
		b.SetEnabled(false)
	}
	leave := m.tr.T("key.leave")
	for _, b := range []*key.Binding{&k.Table.Quit, &k.HandOver.Quit, &k.MatchOver.Quit, &k.TooSmall.Quit, &k.ForceQuit,
		&k.Table101.Quit, &k.Choose101.Quit, &k.Overlay.Quit, &k.Info.Quit} {
		b.SetHelp(b.Help().Key, leave)
	}
	k.HandOver.Next.SetHelp(k.HandOver.Next.Help().Key, m.tr.T("key.ready"))
	if m.seat.watching {
		// A spectator holds no rack: only the keys that look (the
		// stacks, the scores, the help) and leave stay, so the key bar
		// and the help page show nothing that does not work for them.
		for _, b := range []*key.Binding{&k.Table.Draw, &k.Table.Take, &k.Table.Discard, &k.Table.Finish,
			&k.Table.Show, &k.Table.Hint, &k.Table.Pick, &k.Table.Cancel, &k.HandOver.Next, &k.MatchOver.NewMatch,
			&k.Table.Move, &k.Table.Sort, &k.Table.Group, &k.Table.Left, &k.Table.Right, &k.Table.Up, &k.Table.Down,
			&k.Table.SortColour, &k.Table.SortValue, &k.Table.Runs, &k.Table.Pairs,
			&k.Table101.Draw, &k.Table101.Take, &k.Table101.GiveBack, &k.Table101.AddGroup, &k.Table101.Lay,
			&k.Table101.LayOff, &k.Table101.TakeBack, &k.Table101.Discard, &k.Table101.Finish, &k.Table101.Hint,
			&k.Table101.Select, &k.Table101.Pick, &k.Table101.Cancel,
			&k.Table101.Move, &k.Table101.Sort, &k.Table101.Group, &k.Table101.Left, &k.Table101.Right,
			&k.Table101.Up, &k.Table101.Down, &k.Table101.SortColour, &k.Table101.SortValue, &k.Table101.Runs,
			&k.Table101.Pairs} {
			b.SetEnabled(false)
		}
	}
}

// unknownKey says that k does nothing here; to a spectator, that only
// the players move.
func (m *Model) unknownKey(k tea.KeyPressMsg) {
	if m.Watching() {
		m.setFlash(true, m.tr.T("status.watching"))
		return
	}
	here := m.table().name()
	for _, g := range m.tables() {
		if g.name() == here || m.screen != scrPlay {
			continue
		}
		if b, ok := keymap.OtherGame(k, g.keys()); ok {
			m.setFlash(true, m.tr.T("status.othergame", k.String(), m.tr.T(g.name()), b.Help().Desc, m.tr.T(here)))
			return
		}
	}
	m.setFlash(true, m.tr.T("status.unknownkey", k.String()))
}

// hostKeys are the holding program's keys, for the help bar and page.
func (m *Model) hostKeys() []key.Binding {
	if m.seat == nil {
		return nil
	}
	return m.seat.opt.Keys
}

// Watching reports whether the screen is a spectator's.
func (m *Model) Watching() bool { return m.seat != nil && m.seat.watching }

// leave is quitting, for a seat: the holding program takes the player
// back to where they came from.
func (m *Model) leave() tea.Cmd {
	m.quitting = true
	m.cancelBots()
	return func() tea.Msg { return LeaveMsg{} }
}

// seatAct sends the player's action to the table; the next update says
// what came of it.
func (m *Model) seatAct(a game.Action) tea.Cmd {
	s := m.seat
	if s.watching {
		m.setFlash(true, m.tr.T("status.watching"))
		return nil
	}
	if s.waiting {
		m.setFlash(false, m.tr.T("status.sent"))
		return nil
	}
	a.Seat = s.rot
	if !s.opt.Send(Intent{Kind: IntentAct, Action: a, Hand: m.c.View.Hand}) {
		m.setFlash(true, m.tr.T("status.busy"))
		return nil
	}
	s.waiting = true
	m.c.Held = -1
	if a.Kind == game.ActDiscard || a.Kind == game.ActFinish {
		s.pending, s.pendingTile = m.c.Cursor, a.Tile
	}
	return nil
}

// seatNewMatch asks the table for a new match.
func (m *Model) seatNewMatch() tea.Cmd {
	s := m.seat
	if !s.host {
		m.setFlash(true, m.tr.T("status.hostonly"))
		return nil
	}
	if !s.opt.Send(Intent{Kind: IntentNewMatch}) {
		m.setFlash(true, m.tr.T("status.busy"))
	}
	return nil
}

// onSeatUpdate takes in what the table says now: the names, the view
// (turned so the player sits at the bottom), the hands, the chat, a
// refusal, and moves between the table and the pages between hands.
func (m *Model) onSeatUpdate(u SeatUpdate) tea.Cmd {
	s := m.seat
	if s == nil {
		return nil
	}
	first := !s.got
	m.takeTable(u.Players, u.Ready, u.Host, u.Deadline)
	if len(u.Hands) != s.hands || first {
		m.history = m.history[:0]
		for _, h := range u.Hands {
			m.history = append(m.history, playclassic.HandScore{Result: playclassic.RotateResult(h.Result, s.rot), Scores: seats.TurnAll(h.Scores, s.rot)})
		}
		s.hands = len(u.Hands)
	}

	old := m.c.View
	v := playclassic.RotateView(*u.View, s.rot)
	newMatch := !first && (v.Hand < old.Hand || (len(u.Hands) == 0 && old.Hand > 1))
	if first || newMatch {
		m.c.View = v
		m.c.Log = m.c.Log[:0]
		m.c.NewHandRack()
		for i, e := range v.History {
			m.c.AddLog(e, i)
		}
	} else {
		// A discard sent leaves the slot it was thrown from, not another
		// copy of the tile.
		if s.pending >= 0 && v.Counts[s.pendingTile] < old.Counts[s.pendingTile] && m.c.Rack.Slots[s.pending] == s.pendingTile {
			m.c.Rack.Slots[s.pending] = tile.NoTile
		}
		wasMine := old.MyTurn()
		m.c.TakeView(v)
		if v.Hand == old.Hand {
			seen := min(len(old.History), len(v.History))
			for i := seen; i < len(v.History); i++ {
				m.c.AddLog(v.History[i], i)
			}
		}
		if !wasMine && v.MyTurn() && !m.flashNews {
			m.flash = ""
		}
	}
	s.pending = -1
	if note := m.takeFair(u.Fair); note != "" {
		m.c.Log = append(m.c.Log, playclassic.LogEntry{Note: note, Hand: v.Hand})
	}
	for _, c := range m.newChat(u.Chat) {
		p := chatAt(c, len(m.c.Log), func(i int) (bool, bool, int, int) {
			e := &m.c.Log[i]
			return e.Chat, e.Note == "", table.DealKey(e.Hand, 0), e.At
		})
		m.c.Log = slices.Insert(m.c.Log, p, playclassic.LogEntry{Note: m.chatText(c), Chat: true, Hand: c.Hand, At: c.At})
	}
	m.c.TrimLog()
	m.takeRefusal(u.Refused, u.RefusedSeq, first)

	switch {
	case v.Phase == game.Playing && (first || newMatch || m.screen == scrHandOver || m.screen == scrMatchOver):
		m.screen = scrPlay
	case v.Phase != game.Playing && (first || old.Phase == game.Playing):
		m.endOfHand()
		m.screen = scrHandOver
	}
	return m.seatBetween(v.Phase == game.HandOver, v.Phase == game.MatchOver)
}

// takeTable takes in the table around the game from an update: the
// players (turned, as the view is), who is ready, the host, the clock.
func (m *Model) takeTable(players [game.NumSeats]SeatPlayer, ready [game.NumSeats]bool, host bool, deadline time.Time) {
	s := m.seat
	wasAway := s.got && s.players[0].Kind == SeatAway
	s.got = true
	s.waiting = false
	for i := range game.NumSeats {
		p := players[i]
		r := m.turned(i)
		s.players[r] = p
		s.ready[r] = ready[i]
		m.names[r] = cleanName(p.Name)
		m.levels[r] = p.Level
	}
	s.host = host
	s.deadline = deadline
	if !s.watching && !wasAway && s.players[0].Kind == SeatAway {
		// Out of time: whatever the status said is old news now.
		m.tellNews(m.tr.T("guide.away"))
	}
}

// newChat is the chat lines not taken in yet.
func (m *Model) newChat(chat []ChatLine) []ChatLine {
	s := m.seat
	var out []ChatLine
	for _, c := range chat {
		if c.Seq > s.chatSeq {
			s.chatSeq = c.Seq
			out = append(out, c)
		}
	}
	return out
}

// chatAt is where chat line c goes in a log (seatmsg.ChatAt).
func chatAt(c ChatLine, n int, entry func(i int) (chat, event bool, deal, at int)) int {
	return seatmsg.ChatAt(c, n, entry)
}

// chatText is a chat line as the log says it.
func (m *Model) chatText(c ChatLine) string {
	return m.tr.T("log.chat", cleanName(c.Name), c.Text)
}

// takeRefusal says a refusal of the table's once (not the ones made
// before the screen opened).
func (m *Model) takeRefusal(text string, seq uint64, first bool) {
	s := m.seat
	if seq <= s.refused {
		return
	}
	s.refused = seq
	switch {
	case first || text == "":
	case strings.HasPrefix(text, "err.why.") && m.tr.Has(text): // a refusal's reason, by its key
		m.setFlash(true, m.tr.T("status.refused", m.tr.T(text)))
	case m.tr.Has(text): // the table's own words, by their key
		m.setFlash(true, m.tr.T(text))
	case m.tr.T("err.raw") == "yes":
		m.setFlash(true, m.tr.T("status.refused", text))
	default: // an error in English the words do not know
		m.setFlash(true, m.tr.T("status.refused", m.tr.T("err.why.other")))
	}
}

// seatBetween says, between hands and after the match, whom the table
// waits for, offers a new match to the host only, and keeps the clock
// going.
func (m *Model) seatBetween(handOver, matchOver bool) tea.Cmd {
	s := m.seat
	// A new match is the host's to start: the others are told so, and
	// not offered the key.
	m.keys.MatchOver.NewMatch.SetEnabled(s.host && !s.watching)
	switch {
	case handOver:
		m.sayWaiting()
	case matchOver && !s.host:
		m.sayBetween(m.tr.T("seat.waithost"))
	case s.between != "" && m.flash == s.between:
		// Dealt: "the next hand waits for X" would stay on the new
		// hand's status line until a key or the player's turn.
		m.flash = ""
	}
	if !s.deadline.IsZero() && !s.ticking {
		s.ticking = true
		return seatTick()
	}
	return nil
}

func seatTick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return seatTickMsg{} })
}

// sayWaiting tells, between hands, whom the next hand waits for.
func (m *Model) sayWaiting() {
	s := m.seat
	var names []string
	for i, p := range s.players {
		if p.Kind == SeatHuman && !s.ready[i] {
			names = append(names, m.seatName(i))
		}
	}
	switch {
	case len(names) == 0:
		m.sayBetween(m.tr.T("seat.dealing"))
	default:
		m.sayBetween(m.tr.T("seat.waiting", strings.Join(names, ", ")))
	}
}

// sayBetween tells text on the status line between hands, noted as
// such so that the deal takes it away.
func (m *Model) sayBetween(text string) {
	m.setFlash(false, text)
	m.seat.between = text
}

// onSeatTick keeps the clock going while a turn is timed.
func (m *Model) onSeatTick() tea.Cmd {
	if m.seat == nil || m.seat.deadline.IsZero() || m.quitting {
		if m.seat != nil {
			m.seat.ticking = false
		}
		return nil
	}
	return seatTick()
}

// turned is where the table's seat s sits on this screen.
func (m *Model) turned(s int) int {
	if m.seat == nil {
		return s
	}
	return (s - m.seat.rot + game.NumSeats) % game.NumSeats
}

// seatClock is the time the seat to move has left, for its panel.
func (m *Model) seatClock(seat int) string {
	playing, _, turn := m.seatPhase()
	if m.seat == nil || m.seat.deadline.IsZero() || !playing || turn != seat {
		return ""
	}
	left := max(0, int(m.seat.deadline.Sub(m.now()).Round(time.Second)/time.Second))
	return " · " + m.tr.T("panel.clock", left)
}

// seatPhase is where the match on the screen stands, of either game:
// a hand being played, a hand over, and whose turn it is.
func (m *Model) seatPhase() (playing, handOver bool, turn int) {
	playing, handOver, turn, _ = m.table().phase()
	return playing, handOver, turn
}

// seatGuide is what a seat's guide says before anything else: a
// spectator is watching; a player whose bot plays for them may take
// over again.
func (m *Model) seatGuide() string {
	switch {
	case m.seat == nil:
		return ""
	case m.seat.watching:
		_, _, turn := m.seatPhase()
		return m.tr.T("guide.watching", m.nameIn(turn, i18n.Locative))
	case m.seat.players[0].Kind == SeatAway:
		return m.tr.T("guide.away")
	}
	return ""
}

// seatBadge is the seat's badge for the header.
func (m *Model) seatBadge() string {
	if m.seat == nil || m.seat.opt.Badge == "" {
		return ""
	}
	return " · " + m.seat.opt.Badge
}

// levelText is the second line of a seat's panel: the bot's level, or
// at a server's table whether a person or a bot holds the seat.
func (m *Model) levelText(seat int) string {
	if m.seat == nil {
		return m.tr.T("level." + m.levels[seat])
	}
	p := m.seat.players[seat]
	switch p.Kind {
	case SeatHuman:
		if _, handOver, _ := m.seatPhase(); handOver && m.seat.ready[seat] {
			return m.tr.T("seat.ready")
		}
		if p.Rated {
			return m.tr.T("seat.human.rated", p.Rating)
		}
		return m.tr.T("seat.human")
	case SeatAway:
		return m.tr.T("seat.away")
	}
	return m.tr.T("seat.bot", m.tr.T("level."+p.Level))
}

// ResumeCodeLine is the guest's resume code, said in the player's
// language, for the holding program to show.
func (m *Model) ResumeCodeLine(code string) string { return m.tr.T("seat.code", code) }

// CleanName makes a name from outside (an SSH user name) safe to show:
// control and format characters go, and it is cut to MaxNameLen
// columns.
func CleanName(s string) string { return cleanName(s) }
