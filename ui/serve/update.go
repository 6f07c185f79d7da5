package serve

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/server/tables"
	"okey/ui/seatmsg"
	"okey/ui/serve/common"
)

// Init asks for the background and goes to the seat the player holds,
// if any (a reconnection), else to the lobby.
func (s *session) Init() tea.Cmd {
	c := &s.c
	cmds := []tea.Cmd{tea.RequestBackgroundColor, watchStop(c)}
	if t := c.Srv.Hall().Holding(c.ID); t != nil {
		// A player coming back from a node that died may find their
		// table still coming up on another: asked again until it is.
		s.reseat = &common.Reseating{ID: t.TableID(), Until: c.Srv.Now().Add(reseatFor), Quiet: true}
		cmds = append(cmds, c.Join(t, -1, false))
	} else {
		s.lobby.list(c)
	}
	return tea.Batch(append(cmds, s.arm())...)
}

// watchStop tells the session when the server stops, wherever it is.
func watchStop(c *common.Common) tea.Cmd {
	stop, ctx := c.Srv.Stopping(), c.Ctx
	return func() tea.Msg {
		select {
		case <-stop:
			return stoppingMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// Update handles a message: the window and the background for every
// page, the tables' messages, then keys by page. Every message but the
// hall's news and the idle check may change what the page shows; these
// do only when the tables listed look different, or the player has been
// idle too long. After each message the session arms what it sleeps on
// (arm).
func (s *session) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case lobbyNewsMsg:
		s.lobby.newsArmed = false
		var listed []*tables.Summary
		switch {
		case s.listsTables():
			if s.lobby.list(&s.c) {
				s.drawn = false
			}
			listed = s.lobby.tables
		case s.awaitsTourney():
			s.lobby.seen(&s.c) // waited on for a tournament's table only
			listed = s.c.Srv.Hall().List()
		}
		if cmd := s.toTourneyTable(listed); cmd != nil {
			s.drawn = false
			return s, tea.Batch(cmd, s.arm())
		}
		return s, s.arm()
	case dwellMsg:
		s.dwellArmed = false
		if cmd := s.toTourneyTable(s.c.Srv.Hall().List()); cmd != nil {
			s.drawn = false
			return s, tea.Batch(cmd, s.arm())
		}
		return s, s.arm()
	case idleMsg:
		if !s.idle.fired(msg) {
			return s, nil // a check replaced by a sooner one
		}
		cmd := s.checkIdle(s.c.Srv.Now())
		if cmd != nil {
			s.drawn = false
		}
		return s, tea.Batch(cmd, s.arm())
	case common.FromTableMsg:
		if s.at != nil && msg.Gen == s.at.Gen && s.page == common.Table && s.seat.same(msg.Msg) {
			return s, s.at.Wait()
		}
	}
	s.drawn = false
	m, cmd := s.update(msg)
	return m, tea.Batch(cmd, s.arm())
}

// listsTables reports whether the page shows the hall's tables (the
// lobby, and the forms over it).
func (s *session) listsTables() bool {
	return s.page == common.Lobby || s.page == common.Create || s.page == common.Code
}

// awaitsTourney reports whether the session watches the hall for a
// tournament's next table for its player: on the lobby, the
// tournaments' pages or a table's end page, at no table; or at a
// tournament's table whose match is over.
func (s *session) awaitsTourney() bool {
	switch {
	case s.c.Tour == nil:
		return false
	case s.at != nil:
		return s.page == common.Table && s.at.Tourney && s.seat.scr != nil && !s.seat.inPlay
	}
	return s.page == common.Lobby || s.page == common.Tourneys || s.page == common.Tourney || s.page == common.End
}

// toTourneyTable takes the player, with no key, to a tournament's table
// among listed (the hall's tables as the session last read them) that
// holds their seat (the pairing seated them: its match is dealt,
// their turn awaited), while the session awaits one (awaitsTourney): an
// arena's player goes from the end of one match to the next table as
// soon as the tournament opens it. A table they were taken to once is
// not taken to again (one who stepped away is not pulled back), nor is
// one whose match is over. The table they leave is left once the new
// one has seated them (onJoined), and not before its end has been on
// the screen for endDwell: a player whose three opponents finished
// with them is paired again at once, and would otherwise never see
// how their match ended. nil: no such table, or a wake-up at the end
// of the dwell (dwellMsg).
func (s *session) toTourneyTable(listed []*tables.Summary) tea.Cmd {
	if !s.awaitsTourney() {
		return nil
	}
	c := &s.c
	cur := ""
	if s.at != nil {
		cur = s.at.T.TableID()
	}
	h := c.Srv.Hall()
	for _, sm := range listed {
		if sm.Tourney == "" || sm.ID == cur || sm.Over || c.Went[sm.ID] || sm.Holds(c.ID) < 0 {
			continue
		}
		if t := h.Get(sm.ID); t != nil {
			if wait := s.dwellLeft(); wait > 0 {
				return s.dwell(wait)
			}
			c.GoneTo(sm.ID)
			c.Srv.Log().Info("to the tournament's next table", "tournament", sm.Tourney, "table", sm.ID, "from", cur, "name", c.Name)
			return c.Join(t, -1, false)
		}
	}
	return nil
}

// endDwell is how long a tournament's match's end stays on its
// player's screen before the next table takes them there: time to read
// the places and points (the 10 s a player may wait for their next
// table, issue 55, has room for it).
const endDwell = 5 * time.Second

// dwellMsg: a tournament match's end has been on the screen for
// endDwell.
type dwellMsg struct{}

// dwellLeft is how much longer the end of the match at the session's
// table stays on the screen before the next table may take the player
// (0: none, or not at a table).
func (s *session) dwellLeft() time.Duration {
	if s.at == nil || s.page != common.Table || s.seat.overAt.IsZero() {
		return 0
	}
	return max(0, endDwell-s.c.Srv.Now().Sub(s.seat.overAt))
}

// dwell wakes the session once wait is over, to take the player on
// then; at most one wake-up is on its way.
func (s *session) dwell(wait time.Duration) tea.Cmd {
	if s.dwellArmed {
		return nil
	}
	s.dwellArmed = true
	return tea.Tick(wait, func(time.Time) tea.Msg { return dwellMsg{} })
}

// arm sets what the session sleeps on, so that it wakes only when there
// is something to do (every session once polled the hall each second,
// 0.009% of a core each in an idle lobby): while its page lists the
// tables, a command that waits for the hall's next change; and a timer
// at the next moment the player's idleness is due to be acted on
// (checkIdle), set again only when that moment comes sooner than the one
// set. A key pressed moves the moment later, and the timer set finds
// nothing to do and is set again.
func (s *session) arm() tea.Cmd {
	var news, idle tea.Cmd
	if s.listsTables() || s.awaitsTourney() {
		news = s.lobby.waitNews(&s.c)
	}
	if s.page != common.Bye {
		seated := s.at != nil && s.at.M.Seat >= 0
		if due, ok := s.idle.due(s.c.Srv.Settings(), seated, s.page == common.Table); ok {
			idle = s.idle.wait(&s.c, due)
		}
	}
	return tea.Batch(news, idle)
}

func (s *session) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c := &s.c
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if s.in.IsMarker(msg.Content) {
			s.inputEnded = true // its end of paste is the reader's last event
			return s, nil
		}
		// A paste goes to the field being typed in: a code, a chat line.
		switch {
		case c.Chat.On:
			return s, common.EditField(&c.Chat.In, msg, tables.MaxChatBytes)
		case s.page == common.Code:
			return s, s.apply(s.entry.Update(c, msg))
		}
	case tea.PasteEndMsg:
		if s.inputEnded {
			return s, tea.Quit // the input has ended: nothing is left to hand over
		}
	case tea.WindowSizeMsg:
		c.Width, c.Height = msg.Width, msg.Height
		return s, s.seat.toScreen(msg)
	case tea.BackgroundColorMsg:
		c.Dark = msg.IsDark()
		c.Bg = &msg
		c.St = nil
		return s, s.seat.toScreen(msg)
	case common.Owned:
		p, whileShown := msg.Owner()
		if whileShown && s.page != p {
			return s, nil
		}
		return s, s.apply(s.pageOf(p).Update(c, msg))
	case common.JoinedMsg:
		return s, s.onJoined(msg)
	case common.AskAgainMsg:
		return s, s.onAskAgain(msg.J)
	case reseatMsg:
		return s, s.onReseat()
	case common.FromTableMsg:
		return s, s.onTable(msg)
	case seatmsg.LeaveMsg:
		return s, s.leave()
	case byeMsg:
		return s, s.quit()
	case quitMsg:
		return s, tea.Quit
	case stoppingMsg:
		return s, s.sayByeIn(c.Tr.T("bye.restart"), stopGrace)
	case tea.KeyPressMsg:
		return s, s.onKey(msg)
	}
	if s.page == common.Table {
		return s, s.seat.toScreen(msg)
	}
	return s, nil
}

// checkIdle acts on a player who has pressed no key for a while: away
// at a table (their bot plays) after AwayAfter, their seat given up and
// the connection closed after ReleaseAfter, and any session closed after
// IdleTimeout. Keys, not frames, count: a screen the table keeps
// updating is no sign that anyone is there.
func (s *session) checkIdle(now time.Time) tea.Cmd {
	c := &s.c
	set := c.Srv.Settings()
	idle := now.Sub(s.idle.lastKey)
	seated := s.at != nil && s.at.M.Seat >= 0
	switch {
	case s.page == common.Bye:
		return nil
	case seated && set.ReleaseAfter > 0 && idle >= set.ReleaseAfter:
		c.Srv.Log().Info("away too long: seat given up", "table", s.at.T.TableID(), "name", c.Name)
		leave := s.drop(false)
		return tea.Batch(leave, s.sayBye(c.Tr.T("bye.away", int(set.ReleaseAfter.Minutes()))))
	case set.IdleTimeout > 0 && idle >= set.IdleTimeout:
		c.Srv.Log().Info("idle: closed", "name", c.Name)
		return s.sayBye(c.Tr.T("bye.idle", int(set.IdleTimeout.Minutes())))
	case s.page == common.Table && seated && !s.idle.away && set.AwayAfter > 0 && now.Sub(s.idle.awayFrom()) >= set.AwayAfter:
		if s.at.Send(tables.Request{Kind: tables.ReqAway}) {
			s.idle.away = true
		}
	}
	return nil
}

// onKey hands a key to the page on show, or to the chat being typed.
func (s *session) onKey(k tea.KeyPressMsg) tea.Cmd {
	c := &s.c
	if hook := c.Srv.Settings().Hook; hook != nil {
		hook(k.String(), c.Name)
	}
	s.idle.lastKey = c.Srv.Now()
	if s.idle.away {
		// This session told the table its player was away: any key
		// says they are back, whether or not the table's word that
		// they are away has reached the seat's page yet. The page says
		// so only once it has that word, and a key pressed before it
		// came was lost: the player stayed away, their bot playing
		// (TestAwayMeansAway failed so in a CI run beside a busy
		// neighbour, its "?" pressed as the table marked it away).
		s.idle.away = false
		if s.at != nil && s.at.M.Seat >= 0 {
			s.at.Send(tables.Request{Kind: tables.ReqHere})
		}
	}
	if s.page == common.Bye {
		return s.quit()
	}
	if c.Chat.On {
		text, cmd := c.Chat.Update(c.Keys, k)
		if s.at != nil && tables.CleanChat(text) != "" && !s.at.Send(tables.Request{Kind: tables.ReqChat, Text: text}) {
			c.Flash = c.Tr.T("status.busy")
		}
		return cmd
	}
	if c.Code != "" && (s.page == common.Lobby || s.page == common.Room) && key.Matches(k, c.Keys.ShowCode) {
		c.CodeShown = !c.CodeShown
		c.Flash = ""
		return nil
	}
	if s.page == common.Table {
		holding := s.reseat != nil && !s.reseat.Quiet
		return s.apply(s.seat.update(c, s.at, holding, k))
	}
	if p := s.pageOf(s.page); p != nil {
		return s.apply(p.Update(c, k))
	}
	return nil
}
