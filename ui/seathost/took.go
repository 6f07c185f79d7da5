package seathost

import (
	"strings"

	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/kit/seatmsg"
	"okey/ui/seats"
)

// Around is the table around the game as an update tells it, turned so
// the player sits first: the seats' names (made safe to draw) and
// levels, and whether the player's time ran out (Away: whatever the
// status said is old news).
type Around struct {
	Names, Levels [seats.N]string
	Away          bool
}

// Table takes in the table around the game from an update of either
// game (seatlink.Link.Take): the served daily's hand, the players and
// their levels (turned, as the view is), who is ready, the host, the
// clock.
func (s *Seat) Table(u seatmsg.Update) Around {
	s.Daily = u.Daily
	a := Around{Away: s.Take(u)}
	for r, p := range s.Players {
		a.Names[r] = safetext.Name(p.Name)
		a.Levels[r] = p.Level
	}
	return a
}

// Said is what the status line and the final table's new match key say
// after an update was taken in (Took), for the screen to show.
type Said struct {
	// Refusal is the table's refusal, told once as a warning ("" none).
	Refusal string
	// Between is whom the table waits for between hands and after the
	// match ("" nothing to say); Clear: the status still says the last
	// such word, out of date now that the hand is dealt.
	Between string
	Clear   bool
	// NewMatch: the new match's key is offered (the host's alone).
	NewMatch bool
	// Lost is said once, as news, when the table counts the match lost
	// for the player, away from their seat too long ("" nothing new).
	Lost string
	// Busy is said once a deal, as news, when a seat's expert bot
	// played at hard's level, the server having no search slot free
	// ("" nothing new): seatmsg.Update's ServerBusy.
	Busy string
}

// Took says what an update of either game comes to on the status line
// (first: the screen's first; handOver, matchOver: where the game on
// the table stands; status: what the status line says now; name names
// a seat): a refusal told once (not the ones made before the screen
// opened), whom the table waits for between hands and after the match,
// a new match offered to the host only. What is said between hands is
// noted (Between), so that the deal takes it away.
func (s *Seat) Took(tr *i18n.Catalog, u seatmsg.Update, first, handOver, matchOver bool, status string, name func(seat int) string) Said {
	said := Said{Refusal: s.Refusal(tr, u.Refused, u.RefusedSeq, first), NewMatch: s.Host && !s.Watching}
	if u.AwayLost && !s.lostTold {
		s.lostTold = true
		said.Lost = tr.T("seat.awaylost")
	}
	said.Busy = s.busy(tr, u.ServerBusy, first, name)
	switch {
	case handOver:
		var names []string
		for _, i := range s.NotReady() {
			names = append(names, name(i))
		}
		said.Between = tr.T("seat.dealing")
		if len(names) > 0 {
			said.Between = tr.T("seat.waiting", strings.Join(names, ", "))
		}
	case matchOver && u.OneMatch && s.Watching:
		// "the tournament will take you to your next table" is its
		// players' news, not a spectator's.
		said.Between = tr.T("status.matchover.watching")
	case matchOver && u.OneMatch && u.AwayLost:
		// No next table comes by itself to one whose bot played: the
		// tournament's page says how to come back.
		said.Between = tr.T("seat.onematch.lost")
	case matchOver && u.OneMatch:
		said.Between = tr.T("seat.onematch")
	case matchOver && !s.Host:
		said.Between = tr.T("seat.waithost")
	case s.Link.Between != "" && said.Refusal == "" && said.Busy == "" && status == s.Link.Between:
		// (A refusal or a busy server told now is what the status
		// says instead.)
		said.Clear = true
	}
	if said.Between != "" {
		s.Link.Between = said.Between
	}
	return said
}

// busy is what the player is told of b, the deal's first move an
// expert bot played at hard's level, the server busy: once a deal, and
// not for a deal the screen opened on (first: news from before the
// player came). A player whose bot plays for them is told once they
// are back, if the deal goes on: till then the status line says how to
// come back (guide.away), which matters more to them. "" nothing new.
func (s *Seat) busy(tr *i18n.Catalog, b *seatmsg.ServerBusy, first bool, name func(seat int) string) string {
	if b == nil || b.Hand == s.busyTold.Hand && b.Redeal == s.busyTold.Redeal {
		return ""
	}
	if !first && !s.Watching && s.Players[0].Kind == seatmsg.Away {
		return ""
	}
	s.busyTold = *b
	switch seat := s.Turned(b.Seat); {
	case first:
		return ""
	case seat == 0 && !s.Watching:
		return tr.T("seat.busy.you")
	default:
		return tr.T("seat.busy", name(seat))
	}
}
