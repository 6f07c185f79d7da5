package serve

import (
	tea "charm.land/bubbletea/v2"

	"okey/server/tables"
	"okey/ui/pages"
	"okey/ui/serve/common"
	"okey/ui/serve/pages/seat"
)

// Init asks for the background and goes to the seat the player holds,
// if any (a reconnection), else to the lobby.
func (s *session) Init() tea.Cmd {
	c := &s.c
	cmds := []tea.Cmd{tea.RequestBackgroundColor, watchStop(c)}
	if t := c.Srv.Hall().Holding(c.ID); t != nil {
		cmds = append(cmds, s.apply(s.seat.Update(c, common.Reconnect{T: t})))
	} else {
		cmds = append(cmds, s.apply(common.BackToLobby))
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

// Update handles a message: what every page shares here (update), the
// rest by the page on show or the page it is for. A page's turn may
// say that nothing it shows changed (the hall's news with the same
// tables, an update the table's screen has already taken): the frame
// drawn last is kept. After each message the session arms what it
// sleeps on (arm).
func (s *session) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd, quiet := s.update(msg)
	if !quiet {
		s.drawn = false
	}
	return s, tea.Batch(cmd, s.arm())
}

// arm sets what the session sleeps on, so that it wakes only when there
// is something to do rather than polling the hall: while its page watches
// the hall (common.Watcher), a command that waits for the hall's next
// change; and a timer at the next moment the player's idleness is due to
// be acted on (checkIdle), set again only when that moment comes sooner
// than the one set. A key pressed moves the moment later, and the timer
// set finds nothing to do and is set again. While a tournament runs, a
// wake every few seconds to find those just over (watchEnds).
func (s *session) arm() tea.Cmd {
	c := &s.c
	var news, idle tea.Cmd
	p := s.pageOf(s.page)
	if w, ok := p.(common.Watcher); ok && w.WatchesHall(c) {
		news = c.News.Wait(c.Ctx, c.Srv.Hall(), c.Srv.Settings().FPS)
	}
	if how := common.IdleOf(c, p); how != common.IdleOver {
		seated := c.At != nil && c.At.M.Seat >= 0
		if due, ok := s.idle.due(c.Srv.Settings(), seated, how == common.IdleAway, c.Arrived); ok {
			idle = s.idle.wait(c, due)
		}
	}
	return tea.Batch(news, idle, s.watchEnds())
}

// update takes what every page shares: the input's end, the window and
// the background, the hall's news, the idle check, the server
// stopping, the keys (chat, idleness); a message one page's command
// brought goes to that page, anything else to the page on show. quiet:
// nothing shown changed.
func (s *session) update(msg tea.Msg) (cmd tea.Cmd, quiet bool) {
	c := &s.c
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if s.in.IsMarker(msg.Content) {
			s.inputEnded = true // its end of paste is the reader's last event
			return nil, false
		}
		if c.Chat.On { // a paste goes to the chat line being typed
			return common.EditField(&c.Chat.In, msg, tables.MaxChatBytes), false
		}
	case tea.PasteEndMsg:
		if s.inputEnded {
			return tea.Quit, false // the input has ended: nothing is left to hand over
		}
	case tea.WindowSizeMsg:
		c.Width, c.Height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		c.Dark = msg.IsDark()
		c.Bg = &msg
		c.St = nil
	case common.HallNews:
		c.News.Came(c.Srv.Hall())
	case idleMsg:
		if !s.idle.fired(msg) {
			return nil, true // a check replaced by a sooner one
		}
		cmd := s.checkIdle()
		return cmd, cmd == nil
	case common.Owned:
		p, whileShown := msg.Owner()
		if whileShown && s.page != p {
			return nil, false
		}
		return s.turn(s.pageOf(p).Update(c, msg))
	case endsMsg:
		return s.onEnds()
	case overMsg:
		return s.tellOver(msg), false
	case byeMsg:
		return s.quit(), false
	case quitMsg:
		return tea.Quit, false
	case stoppingMsg:
		return s.sayBye(c.Tr.T("bye.restart"), StopGrace), false
	case replacedMsg:
		if msg.web {
			return s.sayBye(c.Tr.T("bye.replaced.web"), 0), false
		}
		return s.sayBye(c.Tr.T("bye.replaced"), 0), false
	case tea.KeyPressMsg:
		if cmd, done := s.onKey(msg); done {
			return cmd, false
		}
	case tea.MouseClickMsg:
		// A click on the key bar at the screen's foot is its key, as a
		// tap on it is in the browser door (whose page reads the bar
		// itself): only the game's screen, which asks for the mouse,
		// gets clicks over SSH.
		if m := msg.Mouse(); m.Button == tea.MouseLeft {
			if k, ok := pages.KeyAt(s.View().Content, m.X, m.Y); ok {
				return s.update(k)
			}
		}
	}
	return s.turn(s.pageOf(s.page).Update(c, msg))
}

// StopGrace is how long the goodbye of a stopping server is shown: the
// door waits that long for its sessions to end by themselves.
const StopGrace = seat.StopGrace

// turn applies a page's turn; quiet: it said nothing shown changed.
func (s *session) turn(t common.Turn) (tea.Cmd, bool) {
	return s.apply(t), t.Quiet
}

// checkIdle acts on a player who has pressed no key for a while: away
// at a table (their bot plays) after AwayAfter, where the page on show
// counts so (the game's screen), their seat given up and the connection
// closed after ReleaseAfter, and any session closed after IdleTimeout.
// Keys, not frames, count: a screen the table keeps updating is no sign
// that anyone is there.
func (s *session) checkIdle() tea.Cmd {
	c := &s.c
	now := c.Srv.Now()
	set := c.Srv.Settings()
	idle := now.Sub(s.idle.lastKey)
	seated := c.At != nil && c.At.M.Seat >= 0
	how := common.IdleOf(c, s.pageOf(s.page))
	switch {
	case how == common.IdleOver:
		return nil
	case seated && set.ReleaseAfter > 0 && idle >= set.ReleaseAfter:
		c.Srv.Log().Info("away too long: seat given up", "table", c.At.T.TableID(), "name", c.Name)
		why := "bye.away"
		if c.At.Tourney {
			// The seat given up is the match lost: said, not left
			// for the tournament's page to tell them later.
			why = "bye.away.tourney"
		}
		leave := c.Drop(false)
		return tea.Batch(leave, s.sayBye(c.Tr.T(why, int(set.ReleaseAfter.Minutes())), 0))
	case set.IdleTimeout > 0 && idle >= set.IdleTimeout:
		c.Srv.Log().Info("idle: closed", "name", c.Name)
		return s.sayBye(c.Tr.T("bye.idle", int(set.IdleTimeout.Minutes())), 0)
	case how == common.IdleAway && seated && !s.idle.away && set.AwayAfter > 0 && now.Sub(s.idle.awayFrom(c.Arrived)) >= set.AwayAfter:
		if c.At.Send(tables.Request{Kind: tables.ReqAway}) {
			s.idle.away = true
		}
	}
	return nil
}

// onKey takes what a key means on every page: the test's hook, the
// player not idle (nor away) any more, the chat line being typed
// (done: the key is taken).
func (s *session) onKey(k tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	c := &s.c
	if hook := c.Srv.Settings().Hook; hook != nil {
		hook(k.String(), c.Name)
	}
	s.idle.lastKey = c.Srv.Now()
	if c.KeyAfterMatch == common.MatchEnded {
		c.KeyAfterMatch = common.KeyedAfter
	}
	if s.idle.away {
		// This session told the table its player was away: any key
		// says they are back, whether or not the table's word that
		// they are away has reached the seat's page yet: the page says
		// so only once it has that word, and a key pressed before it
		// came would be lost, the player left away with a bot playing.
		s.idle.away = false
		if c.At != nil && c.At.M.Seat >= 0 {
			c.At.Send(tables.Request{Kind: tables.ReqHere})
		}
	}
	if !c.Chat.On {
		return nil, false
	}
	to := c.Chat.To
	text, cmd := c.Chat.Update(c.Keys, k)
	if to != "" && tables.CleanChat(text) != "" {
		return c.SayTourney(to, text), true
	}
	if to == "" && c.At != nil && tables.CleanChat(text) != "" && !c.At.Send(tables.Request{Kind: tables.ReqChat, Text: text}) {
		c.Flash = c.Tr.T("status.busy")
	}
	return cmd, true
}
