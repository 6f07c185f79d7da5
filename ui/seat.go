package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"okey/ui/hostdaily"
	"okey/ui/hosting"
	"okey/ui/keymap"
	"okey/ui/safetext"
	"okey/ui/seathost"
	"okey/ui/seatlink"
	"okey/ui/seatmsg"
)

// A seat at a table the model does not own (okey serve): the same table
// screen, driven by the views a table hands this seat (seatmsg.Update), its
// moves sent to the table as intents. The table is the referee; the
// model owns no game, runs no bot, saves nothing.
//
// The screen always shows its own seat at the bottom, as seat 0: the
// views and names are turned round (rotate) so that the player's seat
// comes first, and the actions turned back before they leave. A
// spectator watches from seat 0's place with the public view.

// seatTickMsg redraws the turn's clock once a second (seatlink's).
type seatTickMsg = seatlink.TickMsg

// unknownKey says that k does nothing here; to a spectator, that only
// the players move.
func (m *Model) unknownKey(k tea.KeyPressMsg) {
	if m.Watching() {
		m.setFlash(true, m.tr.T("status.watching"))
		return
	}
	here := m.table().About().Name
	for _, g := range m.games {
		a := g.About()
		if a.Name == here || m.screen != scrPlay {
			continue
		}
		if b, ok := keymap.OtherGame(k, a.Keys); ok {
			m.setFlash(true, m.tr.T("status.othergame", k.String(), m.tr.T(a.Name), b.Help().Desc, m.tr.T(here)))
			return
		}
	}
	m.setFlash(true, m.tr.T("status.unknownkey", k.String()))
}

// seatSent tells the player what came of an intent, if it did not go;
// it reports whether it went.
func (m *Model) seatSent(st seatlink.Sent) bool {
	if st == seatlink.Gone {
		return true
	}
	m.setFlash(st != seatlink.Waiting, m.tr.T(st.Key()))
	return false
}

// seatNewMatch asks the table for a new match.
func (m *Model) seatNewMatch() tea.Cmd {
	if !m.seat.Host {
		m.setFlash(true, m.tr.T("status.hostonly"))
		return nil
	}
	m.seatSent(m.seat.Ask(seatmsg.Intent{Kind: seatmsg.IntentNewMatch}))
	return nil
}

// onSeatUpdate takes in what a table of either game says now, the
// same steps for both: the table around the game (seatTable), the game
// on it taken in by its side (hosting.Game's TakeSeat: the view turned so
// the player sits at the bottom, the rack, the log with the notes
// beside the moves), then the screen moved between the table and the
// pages between hands, and the rest of the update (seatTook).
func (m *Model) onSeatUpdate(u seatmsg.Update) tea.Cmd {
	s := m.seat
	g := m.servedGame(u)
	if s == nil || g == nil {
		return nil
	}
	got := s.Got
	m.seatTable(u)
	tk := g.TakeSeat(u, s.Link, got, s.Notes(u, func(c string) string { return m.tr.T("fair.commit", c) }, func(c seatmsg.ChatLine) string { return seathost.Chat(m.tr, c) }))
	m.retable()
	if !tk.First && !tk.NewMatch {
		m.seatTurn(tk.Was.Mine, tk.Now.Mine)
	}
	switch {
	case tk.Now.Playing && (tk.First || tk.NewMatch || m.screen == scrHandOver || m.screen == scrMatchOver):
		m.screen = scrPlay
	case !tk.Now.Playing && (tk.First || tk.Was.Playing):
		m.endOfHand()
	}
	return m.seatTook(u, tk.First, tk.Now.HandOver, tk.Now.MatchOver)
}

// servedGame is the game whose view u brings (seatmsg.Update's Game,
// the name a game's records and its side's About give it), nil for an
// update without one.
func (m *Model) servedGame(u seatmsg.Update) hosting.Game {
	name := u.Game()
	if name == "" {
		return nil
	}
	for _, g := range m.games {
		if g.About().Game == name {
			return g
		}
	}
	return nil
}

// seatTable takes in the table around the game from an update of
// either game (seatlink.Link.Take): the players' names and levels
// (turned, as the view is), who is ready, the host, the clock.
func (m *Model) seatTable(u seatmsg.Update) {
	m.seat.Daily = u.Daily
	if m.seat.Take(u) {
		// Out of time: whatever the status said is old news now.
		m.tellNews(m.tr.T("guide.away"))
	}
	for r, p := range m.seat.Players {
		m.names[r] = safetext.Name(p.Name)
		m.levels[r] = p.Level
	}
}

// seatTurn clears the status when an update of either game makes it
// the player's turn: "wait for X" is out of date (news stays).
func (m *Model) seatTurn(wasMine, mine bool) {
	if !wasMine && mine && !m.flashNews {
		m.flash = ""
	}
}

// seatTook ends taking in an update of either game: a refusal told
// once (not the ones made before the screen opened), whom the table
// waits for between hands and after the match, a new match offered to
// the host only, and the clock kept going.
func (m *Model) seatTook(u seatmsg.Update, first, handOver, matchOver bool) tea.Cmd {
	s := m.seat
	if say := s.Refusal(m.tr, u.Refused, u.RefusedSeq, first); say != "" {
		m.setFlash(true, say)
	}
	// A new match is the host's to start: the others are told so, and
	// not offered the key.
	m.keys.MatchOver.NewMatch.SetEnabled(s.Host && !s.Watching)
	if d := s.Daily; d != nil {
		// A served daily's match is one hand of the day: n deals the
		// next, or after the last goes back to the lobby.
		m.keys.MatchOver.NewMatch.SetHelp("n", m.tr.T(hostdaily.Served{D: d}.NextKey()))
	}
	switch {
	case handOver:
		var names []string
		for _, i := range s.NotReady() {
			names = append(names, m.words().SeatName(i))
		}
		if len(names) == 0 {
			m.sayBetween(m.tr.T("seat.dealing"))
		} else {
			m.sayBetween(m.tr.T("seat.waiting", strings.Join(names, ", ")))
		}
	case matchOver && !s.Host:
		m.sayBetween(m.tr.T("seat.waithost"))
	case s.Between != "" && m.flash == s.Between:
		// Dealt: "the next hand waits for X" would stay on the new
		// hand's status line until a key or the player's turn.
		m.flash = ""
	}
	return s.Clock()
}

// sayBetween tells text on the status line between hands, noted as
// such so that the deal takes it away.
func (m *Model) sayBetween(text string) {
	m.setFlash(false, text)
	m.seat.Between = text
}

// onSeatTick keeps the clock going while a turn is timed.
func (m *Model) onSeatTick() tea.Cmd {
	if m.seat == nil {
		return nil
	}
	return m.seat.OnTick(m.quitting)
}

// levelText is the second line of a seat's panel: the bot's level, or
// at a server's table whether a person or a bot holds the seat.
func (m *Model) levelText(seat int) string {
	if m.seat == nil {
		return m.tr.T("level." + m.levels[seat])
	}
	return m.seat.Level(m.tr, seat, m.table().Phase().HandOver)
}

// ResumeCodeLine is the guest's resume code, said in the player's
// language, for the holding program to show.
func (m *Model) ResumeCodeLine(code string) string { return m.tr.T("seat.code", code) }

// seatClock is the time seat has left to move, for its panel
// (seathost's Clock).
func (m *Model) seatClock(seat int) string {
	if m.seat == nil {
		return ""
	}
	p := m.table().Phase()
	return m.seat.PanelClock(m.tr, m.now(), p.Playing, p.Turn, seat)
}
