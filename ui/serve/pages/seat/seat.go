package seat

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
)

// Page is the seat at a table: the session's place there (the
// membership is common.Common.At, which this page takes and ends), the
// game's own screen (screen.go), opened at the table's first update and
// given each one after, the player's keys and moves, the keys held and
// the moves sent while the table moves to another node (moving.go),
// and the lines it shows over the screen. A table's answers and
// messages come to it whatever page is on show (common.Owned).
type Page struct {
	// scr is the game's screen (nil: none open); lastUpdate the game's
	// update it took last (nil: none since it opened).
	scr        seatScreen
	lastUpdate *seatmsg.Update
	// away is set when the seat's bot plays for the player.
	away bool
	// keyed is the tournament's table the player last pressed a key at
	// (told it: ReqHere): its turn run out before that is a match lost
	// for them, after it a turn lost, so the table hears of the first
	// key there, not only of a move.
	keyed string
	// inPlay: the table's match is not over (leaving asks first);
	// leaving: q was pressed once, and q again leaves.
	inPlay, leaving bool
	// overAt is when the screen showed the match over (zero: not seen
	// over): a tournament's player reads its end for EndDwell before
	// the next table takes them.
	overAt time.Time
	// moveNote is the line the screen shows while its table moves, and
	// for a moment after (until moveNoteUntil).
	moveNote      string
	moveNoteUntil time.Time
	// resumedNote: the note is the word that the table goes on again.
	resumedNote bool
	// paused: the table said it takes no moves (its store does not take
	// its writes).
	paused bool
	// held are the keys pressed at the screen while its table moves (at
	// most maxHeld): played in order once the seat is back, never
	// dropped without a word.
	held []tea.KeyPressMsg
	// sent are the moves sent to the table that it has not yet answered
	// (the view they were made on is still the last one): a table whose
	// node dies or freezes with them on the way comes up on another
	// node at that view, and they are sent there again (resendOnUpdate:
	// at the first update after the seat is back). At most maxHeld.
	sent           []sentMove
	resendOnUpdate bool
	// dup is what the seat keeps of a duplicate table (duplicate.go).
	dup dupState
	// reseat, while a table the session sat at moves to another node,
	// is the seat being taken back (nil: none).
	reseat *common.Reseating
	// dwellArmed: a wake-up is on its way at the end of a tournament
	// match's EndDwell.
	dwellArmed bool
}

// Update takes the table's answers and messages (place.go), a leave,
// the tournament side's word that the player's next table is open,
// and the keys; anything else goes to the game's screen (its own
// commands' messages, the window's size, the background).
func (p *Page) Update(c *common.Common, msg tea.Msg) common.Turn {
	switch msg := msg.(type) {
	case common.JoinedMsg:
		return p.onJoined(c, msg)
	case common.AskAgainMsg:
		return p.onAskAgain(c, msg.J)
	case common.Reconnect:
		// A player coming back from a node that died may find their
		// table still coming up on another: asked again until it is.
		p.reseat = &common.Reseating{ID: msg.T.TableID(), Until: c.Srv.Now().Add(reseatFor), Quiet: true}
		return common.Stay(c.Join(msg.T, -1, false))
	case reseatMsg:
		return p.onReseat(c, msg.lost)
	case common.FromTableMsg:
		return p.onTable(c, msg)
	case common.LeaveTable, seatmsg.LeaveMsg:
		return p.leave(c)
	case common.HallNews:
		if p.reseating(c) {
			// The table may be up where it moved (another node
			// said it took it over): its seat asked for now.
			return common.Stay(p.reseatNow(c))
		}
		return common.Turn{Cmd: c.CallToTable(), Quiet: true}
	case dwellMsg:
		p.dwellArmed = false
		return common.Turn{Cmd: c.CallToTable(), Quiet: true}
	case common.ToTable:
		return p.toTable(c, msg)
	case tea.KeyPressMsg:
		return p.key(c, msg)
	}
	return common.Stay(p.toScreen(msg))
}

// key gives keys to the game's screen, but for the chat's, and tells
// the table an away player is back; q in a match in play asks first
// (leaveKept: the seat is kept a while, its bot playing). While the
// table moves, keys are held.
func (p *Page) key(c *common.Common, k tea.KeyPressMsg) common.Turn {
	at := c.At
	if at != nil && at.Tourney && at.M.Seat >= 0 && p.keyed != at.T.TableID() && at.Send(tables.Request{Kind: tables.ReqHere}) {
		// Said before the screen is open too: a key pressed as the
		// table comes up is one at it.
		p.keyed = at.T.TableID()
	}
	if p.scr == nil {
		return common.Turn{}
	}
	if p.away && at != nil {
		at.Send(tables.Request{Kind: tables.ReqHere})
		p.away = false
	}
	if p.heldHand() != nil && !key.Matches(k, c.Keys.Leave) {
		p.leaving = false
		return p.heldKey(c, k)
	}
	if key.Matches(k, c.Keys.Chat) && !c.TooSmall() {
		c.Chat.Open()
		p.leaving = false
		return common.Turn{}
	}
	// Leaving a match in play asks first (a q meant for something else
	// must not cost the seat); q again leaves, and the seat is kept for
	// a while, its bot playing, as for a dropped connection.
	if key.Matches(k, c.Keys.Leave) && p.inPlay && at != nil && at.M.Seat >= 0 {
		if !p.leaving {
			p.leaving = true
			return common.Turn{}
		}
		p.leaving = false
		return p.leaveKept(c)
	}
	p.leaving = false
	if at == nil && p.reseat != nil && !p.reseat.Quiet {
		if !p.reseat.Watch { // a spectator's keys only look: none is kept for a seat
			p.hold(c, k)
		}
		return common.Turn{}
	}
	_, cmd := p.scr.Update(k)
	return common.Stay(cmd)
}

// leaveKept leaves a match in play for the lobby, the seat kept a
// while for the player (its bot playing).
func (p *Page) leaveKept(c *common.Common) common.Turn {
	p.close()
	t := common.BackToLobby
	if id := c.TourneyAt(); id != "" {
		// Back to its page, whose enter takes the player back to
		// their table.
		t = common.Turn{To: common.Tourney, Pass: common.ShowTourney{ID: id}}
	}
	c.Flash = c.LeaveWords("leave.kept")
	t.Cmd = c.Drop(true)
	return t
}

// Close ends the place at the table as a connection that drops does
// (the seat is kept), and closes the screen: the session ends.
func (p *Page) Close(c *common.Common) tea.Cmd {
	p.close()
	return c.Drop(true)
}

// View draws the game's screen with the seat's lines over it; false
// while no screen is open (a table joined, its first word awaited).
func (p *Page) View(c *common.Common) (tea.View, bool) {
	if p.scr == nil || p.heldHand() != nil {
		return tea.View{}, false
	}
	return p.view(c), true
}

// Lines are the page while no screen is open: the table is awaited; or
// while a hand's end is held back, the seat's own place and score.
func (p *Page) Lines(c *common.Common) ([]string, []key.Binding) {
	if p.heldHand() != nil {
		return p.heldLines(c)
	}
	return []string{"", c.Styles().Dim.Render(c.Tr.T("room.wait"))}, nil
}

// Idle: a seated player who presses no key at the game's screen is
// away after a while (their bot plays).
func (*Page) Idle(*common.Common) common.Idleness { return common.IdleAway }

// WatchesHall: at a tournament's table whose match is over, the player
// is taken to their next table as soon as it opens; a seat waiting for
// its table to come up where it moved asks as soon as the hall hears
// of it.
func (p *Page) WatchesHall(c *common.Common) bool { return p.awaits(c) || p.reseating(c) }

// reseating reports whether the seat waits for its table to come up
// where it moved.
func (p *Page) reseating(c *common.Common) bool { return p.reseat != nil && c.At == nil }

// awaits reports whether the seat waits for the player's next
// tournament table: at a tournament's table whose match is over, or
// watching a table (an arena's player watches another's match while
// the pairing finds them theirs).
func (p *Page) awaits(c *common.Common) bool {
	return c.Tour != nil && c.At != nil && p.scr != nil && (c.At.M.Seat < 0 || c.At.Tourney && !p.inPlay)
}

// toTable obeys the tournament side's word at a tournament's table
// whose match is over: the player is taken to the next table with no
// key, once its end has been on the screen for EndDwell (a player whose
// three opponents finished with them is paired again at once, and would
// otherwise never see how their match ended). The table they leave is
// left once the new one has seated them (onJoined).
func (p *Page) toTable(c *common.Common, to common.ToTable) common.Turn {
	if !p.awaits(c) {
		return common.Turn{Quiet: true}
	}
	if wait := p.dwellLeft(c); wait > 0 {
		return common.Turn{Cmd: p.dwell(wait), Quiet: true}
	}
	return common.Stay(c.GoTo(to))
}

// EndDwell is how long a tournament's match's end stays on its
// player's screen before the next table takes them there: time to read
// the places and points (the 10 s a player may wait for their next
// table has room for it).
const EndDwell = 5 * time.Second

// dwellMsg: a tournament match's end has been on the screen for
// EndDwell.
type dwellMsg struct{}

func (dwellMsg) Owner() (common.PageID, bool) { return common.Table, false }

// dwellLeft is how much longer the end of the match stays on the screen
// before the next table may take the player (0: none).
func (p *Page) dwellLeft(c *common.Common) time.Duration {
	if p.overAt.IsZero() {
		return 0
	}
	return max(0, EndDwell-c.Srv.Now().Sub(p.overAt))
}

// dwell wakes the seat once wait is over, to ask for the next table
// then; at most one wake-up is on its way.
func (p *Page) dwell(wait time.Duration) tea.Cmd {
	if p.dwellArmed {
		return nil
	}
	p.dwellArmed = true
	return tea.Tick(wait, func(time.Time) tea.Msg { return dwellMsg{} })
}
