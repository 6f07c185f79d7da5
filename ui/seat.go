package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/kit/seatmsg"
	"okey/ui/hostdaily"
	"okey/ui/seathost"
	"okey/ui/seatlink"
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
// same steps for both: the table around the game (seathost's Table: the
// seats' names and levels turned), the game on it taken in by its side
// (hosting.Game's TakeSeat: the view turned so the player sits at the
// bottom, the rack, the log with the notes beside the moves; the game
// named by seatmsg.Update's Game), then the screen moved between the
// table and the pages between hands, and what the status line says of
// it (seathost's Took).
func (m *Model) onSeatUpdate(u seatmsg.Update) tea.Cmd {
	s, name := m.seat, u.Game()
	if s == nil || name == "" || m.tableOf(name).About().Game != name {
		return nil
	}
	g, got := m.tableOf(name), s.Got
	around := s.Table(u)
	if around.Away {
		// Out of time: whatever the status said is old news now.
		m.tellNews(m.tr.T("guide.away"))
	}
	m.names, m.levels = around.Names, around.Levels
	tk := g.TakeSeat(u, s.Link, got, s.Notes(u, func(c string) string { return m.tr.T("fair.commit", c) }, func(c seatmsg.ChatLine) string { return seathost.Chat(m.tr, c) }))
	m.retable()
	if !tk.First && !tk.NewMatch && !tk.Was.Mine && tk.Now.Mine && !m.flashNews {
		m.flash = "" // the player's turn: "wait for X" is out of date (news stays)
	}
	switch {
	case tk.Now.Playing && (tk.First || tk.NewMatch || m.screen == scrHandOver || m.screen == scrMatchOver):
		m.screen = scrPlay
	case !tk.Now.Playing && (tk.First || tk.Was.Playing):
		m.endOfHand()
	}
	said := s.Took(m.tr, u, tk.First, tk.Now.HandOver, tk.Now.MatchOver, m.flash, m.words().SeatName)
	if said.Busy != "" {
		// Before a refusal: what the player did comes first.
		m.tellNews(said.Busy)
	}
	if said.Refusal != "" {
		m.setFlash(true, said.Refusal)
	}
	if said.Lost != "" {
		m.tellNews(said.Lost)
	}
	// A new match is the host's to start: the others are told so, and
	// not offered the key.
	m.keys.MatchOver.NewMatch.SetEnabled(said.NewMatch)
	// A spectator readies no hand, but after the last one goes on to
	// the final table as a player does: the key that says so works.
	m.keys.HandOver.Next.SetEnabled(!s.Watching || tk.Now.MatchOver)
	if d := s.Daily; d != nil {
		// A served daily's match is one hand of the day: n deals the
		// next, or after the last goes back to the lobby.
		m.keys.MatchOver.NewMatch.SetHelp("n", m.tr.T(hostdaily.Served{D: d}.NextKey()))
	}
	switch {
	case said.Between != "":
		m.setFlash(false, said.Between)
	case said.Clear:
		// Dealt: "the next hand waits for X" would stay on the new
		// hand's status line until a key or the player's turn.
		m.flash = ""
	}
	return s.Clock(m.now())
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
