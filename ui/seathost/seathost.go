// Package seathost is a seat's screen's hold on a served table it does
// not own (okey serve), as the app's Model hosts it: the link to the
// table (ui/seatlink: the seats turned, who holds them, the clock, the
// commitment), what the holding program gave it (its own keys, a badge,
// the command that prints the finished match's record) and the served
// daily's hand the table plays. What a seat says of itself — the
// header's badge, a seat's panel clock and level, the guide's first
// word, the commitment's lines, the chat as the log says it — is
// written here from values handed in, and so is what an update comes
// to around the game (took.go: the seats' names and levels turned,
// what the status line says after it); the Model keeps the screen.
//
// It may import ui/seatlink, kit/seatmsg, ui/seats, ui/pages, kit/i18n,
// kit/safetext, the Charm libraries and the standard library; never
// package ui.
package seathost

import (
	"time"

	"charm.land/bubbles/v2/key"

	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
	"okey/ui/pages"
	"okey/ui/seatlink"
)

// Seat is the screen's hold on its table; a nil *Seat is a match
// played here, and says nothing.
type Seat struct {
	*seatlink.Link
	// Keys are keys the holding program handles itself (the chat, say);
	// Badge is said in the header; Record is the command that prints
	// the table's finished match's record ("" to say nothing of it).
	Keys   []key.Binding
	Badge  string
	Record string
	// Daily is the served daily's hand the table plays (nil: not a
	// daily table): the header and the page between hands say it.
	Daily *seatmsg.Daily
	// lostTold: the player was told the table counts the match lost
	// for them (Said.Lost), once.
	lostTold bool
	// busyTold is the last deal whose expert played at hard's level,
	// the server busy, that the player was told of (Said.Busy).
	busyTold seatmsg.ServerBusy
}

// HostKeys are the holding program's keys, for the help bar and page.
func (s *Seat) HostKeys() []key.Binding {
	if s == nil {
		return nil
	}
	return s.Keys
}

// Of is the link to the table, nil for a match played here.
func (s *Seat) Of() *seatlink.Link {
	if s == nil {
		return nil
	}
	return s.Link
}

// HeaderBadge is the seat's badge for the header ("" for none).
func (s *Seat) HeaderBadge() string {
	if s == nil || s.Badge == "" {
		return ""
	}
	return " · " + s.Badge
}

// PanelClock is the time seat has left to move, for its panel: said only
// while a hand is being played (playing) and it is that seat's turn
// (turn), on a timed table.
func (s *Seat) PanelClock(tr *i18n.Catalog, now time.Time, playing bool, turn, seat int) string {
	if s == nil {
		return ""
	}
	left, timed := s.Left(now)
	if !timed || !playing || turn != seat {
		return ""
	}
	return " · " + tr.T("panel.clock", left)
}

// Guide is what a seat's guide says before anything else: a spectator
// is watching (at, the seat to move named in the locative); a player
// whose bot plays for them may take over again.
func (s *Seat) Guide(tr *i18n.Catalog, at func() string) string {
	switch {
	case s == nil:
		return ""
	case s.Watching:
		return tr.T("guide.watching", at())
	case s.Players[0].Kind == seatmsg.Away:
		return tr.T("guide.away")
	}
	return ""
}

// Chat is a chat line as the log says it.
func Chat(tr *i18n.Catalog, c seatmsg.ChatLine) string {
	return tr.T("log.chat", safetext.Name(c.Name), c.Text)
}

// Fair are the page's lines about a served match's commitment (the
// package game/fair): the commitment, and after the match (reveal) the
// seed, the salt and how to check them. A local match has none: the
// player holds its record.
func (s *Seat) Fair(c *pages.Common, reveal bool) []string {
	if s == nil || s.Link == nil || s.Link.Fair.Commit == "" {
		return nil
	}
	f, tr, dim := s.Link.Fair, c.Tr, c.St.Dim
	if !reveal || f.Seed == "" {
		return []string{"", dim.Render(tr.T("fair.commit", f.Commit))}
	}
	out := []string{"", dim.Render(tr.T("fair.committed", f.Commit)), dim.Render(tr.T("fair.reveal", f.Seed, f.Salt))}
	if s.Record != "" {
		out = append(out, dim.Render(tr.T("fair.check", s.Record)))
	}
	return out
}
