package serve

import (
	"reflect"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/seatmsg"
	"okey/ui/serve/tables"
)

// Init asks for the background and goes to the seat the player holds,
// if any (a reconnection), else to the lobby.
func (s *session) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, s.watchServer()}
	if t := s.srv.hall.Holding(s.id); t != nil {
		// A player coming back from a node that died may find their
		// table still coming up on another: asked again until it is.
		s.reseat = &reseating{id: t.TableID(), until: s.srv.cfg.Now().Add(reseatFor), quiet: true}
		cmds = append(cmds, s.joinCmd(t, -1, false))
	} else {
		s.listTables()
	}
	return tea.Batch(append(cmds, s.arm())...)
}

// watchServer tells the session when the server stops, wherever it is.
func (s *session) watchServer() tea.Cmd {
	srv, ctx := s.srv.ctx, s.ctx
	return func() tea.Msg {
		select {
		case <-srv.Done():
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
		s.newsArmed = false
		if s.listsTables() && s.listTables() {
			s.drawn = false
		}
		return s, s.arm()
	case idleMsg:
		if msg.gen != s.idleGen {
			return s, nil // a check replaced by a sooner one
		}
		s.idleAt, s.idleStop = time.Time{}, nil
		cmd := s.checkIdle(s.srv.cfg.Now())
		if cmd != nil {
			s.drawn = false
		}
		return s, tea.Batch(cmd, s.arm())
	case fromTableMsg:
		if s.sameUpdate(msg) {
			return s, s.waitTable()
		}
	}
	s.drawn = false
	m, cmd := s.update(msg)
	return m, tea.Batch(cmd, s.arm())
}

// listsTables reports whether the page shows the hall's tables (the
// lobby, and the forms over it).
func (s *session) listsTables() bool {
	return s.page == pgLobby || s.page == pgCreate || s.page == pgCode
}

// arm sets what the session sleeps on, so that it wakes only when there
// is something to do (issue 28: every session once polled the hall each
// second, 0.009% of a core each in an idle lobby): while its page lists
// the tables, a command that waits for the hall's next change; and a
// timer at the next moment the player's idleness is due to be acted on
// (checkIdle), set again only when that moment comes sooner than the one
// set. A key pressed moves the moment later, and the timer set finds
// nothing to do and is set again.
func (s *session) arm() tea.Cmd {
	var news, idle tea.Cmd
	if !s.newsArmed && s.listsTables() {
		s.newsArmed = true
		news = s.waitNews()
	}
	if due, ok := s.idleDue(); ok && (s.idleAt.IsZero() || due.Before(s.idleAt)) {
		idle = s.waitIdle(due)
	}
	return tea.Batch(news, idle)
}

// waitNews waits for the hall's first change after the one the list was
// read at; taken at most once a frame (the tty.LineScreen's gap): a hall
// where tables open and fill many times a second wakes a session in the
// lobby no more often than it can show them.
func (s *session) waitNews() tea.Cmd {
	w, seen, ctx := s.srv.hall.News, s.newsSeen, s.ctx
	next := s.listedAt.Add(time.Second / time.Duration(max(s.srv.cfg.FPS, 1)))
	return func() tea.Msg {
		if !w.After(ctx, seen) {
			return nil
		}
		if d := time.Until(next); d > 0 {
			t := time.NewTimer(d)
			defer t.Stop()
			select {
			case <-t.C:
			case <-ctx.Done():
				return nil
			}
		}
		return lobbyNewsMsg{}
	}
}

// idleDue is the next moment checkIdle could act on the player's
// idleness, as things are; false when nothing is due.
func (s *session) idleDue() (time.Time, bool) {
	cfg := &s.srv.cfg
	if s.page == pgBye {
		return time.Time{}, false
	}
	var due time.Time
	after := func(d time.Duration) {
		if t := s.lastKey.Add(d); d > 0 && (due.IsZero() || t.Before(due)) {
			due = t
		}
	}
	seated := s.at != nil && s.at.m.Seat >= 0
	if seated {
		after(cfg.ReleaseAfter)
	}
	after(cfg.IdleTimeout)
	if s.page == pgTable && seated && !s.idleAway {
		after(cfg.AwayAfter)
	}
	return due, !due.IsZero()
}

// waitIdle is a timer at due on the server's clock (Config.Now), in
// place of the one armed before. A clock set forward (the tests' clock:
// Server.clockMoved) is read again at once.
func (s *session) waitIdle(due time.Time) tea.Cmd {
	if s.idleStop != nil {
		close(s.idleStop)
	}
	stop := make(chan struct{})
	s.idleGen++
	s.idleAt, s.idleStop = due, stop
	gen, ctx, now, clock := s.idleGen, s.ctx, s.srv.cfg.Now, s.srv.clock
	return func() tea.Msg {
		for {
			moved := clock.Seen()
			d := due.Sub(now())
			if d <= 0 {
				return idleMsg{gen: gen}
			}
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-clock.Next(moved):
				t.Stop()
			case <-stop:
				t.Stop()
				return nil
			case <-ctx.Done():
				t.Stop()
				return nil
			}
		}
	}
}

// sameUpdate reports whether a table's message is the game's update the
// screen has already taken, equal in every part. A table hands every
// seat its update after every change at the table, and some change
// nothing a seat sees (another seat's refusal, a chat line while the
// seat's own did not move); an update is whole, never a difference, so
// the screen would draw again exactly what it shows. Comparing costs
// less than drawing the whole table (issue 28: in a recorded hand, 51
// of 118 updates a seat took changed nothing on its screen).
func (s *session) sameUpdate(f fromTableMsg) bool {
	return s.at != nil && f.gen == s.at.gen && s.scr != nil && s.page == pgTable &&
		f.msg.Closed == "" && f.msg.Room == nil && s.lastUpdate != nil && f.msg.Update != nil &&
		reflect.DeepEqual(*f.msg.Update, *s.lastUpdate)
}

func (s *session) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if s.in.IsMarker(msg.Content) {
			s.inputEnded = true // its end of paste is the reader's last event
			return s, nil
		}
		// A paste goes to the field being typed in: a code, a chat line.
		switch {
		case s.chatting:
			return s, editField(&s.chatIn, msg, tables.MaxChatBytes)
		case s.page == pgCode:
			s.flash = ""
			return s, editField(&s.codeIn, msg, maxCodeBytes)
		}
	case tea.PasteEndMsg:
		if s.inputEnded {
			return s, tea.Quit // the input has ended: nothing is left to hand over
		}
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		return s, s.toScreen(msg)
	case tea.BackgroundColorMsg:
		s.dark = msg.IsDark()
		s.bg = &msg
		s.st = nil
		return s, s.toScreen(msg)
	case boardMsg:
		if s.page == pgBoard && msg.b.Game == s.boardGame {
			s.board, s.boardErr = &msg.b, msg.err != nil
			if msg.err != nil {
				s.srv.log.Warn("leaderboard", "err", msg.err)
			}
		}
		return s, nil
	case dailyMsg:
		if s.page == pgDaily && msg.p.game == s.dailyGame {
			s.dailyView, s.dailyErr = &msg.p, msg.err != nil
			if msg.err != nil {
				s.srv.log.Warn("daily", "err", msg.err)
			}
		}
		return s, nil
	case dailyStartedMsg:
		return s, s.onDailyStarted(msg)
	case roomRatingsMsg:
		if msg.ids == s.roomRated {
			s.roomRatings = msg.ratings
		}
		return s, nil
	case joinedMsg:
		return s, s.onJoined(msg)
	case reseatMsg:
		return s, s.onReseat()
	case holderProbedMsg:
		return s, s.onHolderProbed(msg)
	case fromTableMsg:
		return s, s.onTable(msg)
	case seatmsg.LeaveMsg:
		return s, s.leave()
	case byeMsg:
		return s, s.quit()
	case quitMsg:
		return s, tea.Quit
	case stoppingMsg:
		return s, s.sayByeIn(s.tr.T("bye.restart"), stopGrace)
	case tea.KeyPressMsg:
		return s, s.onKey(msg)
	}
	if s.page == pgTable && s.scr != nil {
		return s, s.toScreen(msg)
	}
	return s, nil
}

// checkIdle acts on a player who has pressed no key for a while: away
// at a table (their bot plays) after AwayAfter, their seat given up and
// the connection closed after ReleaseAfter, and any session closed after
// IdleTimeout. Keys, not frames, count: a screen the table keeps
// updating is no sign that anyone is there.
func (s *session) checkIdle(now time.Time) tea.Cmd {
	cfg := &s.srv.cfg
	idle := now.Sub(s.lastKey)
	switch {
	case s.page == pgBye:
		return nil
	case s.at != nil && s.at.m.Seat >= 0 && cfg.ReleaseAfter > 0 && idle >= cfg.ReleaseAfter:
		s.srv.log.Info("away too long: seat given up", "table", s.at.t.TableID(), "name", s.name)
		leave := s.dropMembership(false)
		return tea.Batch(leave, s.sayBye(s.tr.T("bye.away", int(cfg.ReleaseAfter.Minutes()))))
	case cfg.IdleTimeout > 0 && idle >= cfg.IdleTimeout:
		s.srv.log.Info("idle: closed", "name", s.name)
		return s.sayBye(s.tr.T("bye.idle", int(cfg.IdleTimeout.Minutes())))
	case s.page == pgTable && s.at != nil && s.at.m.Seat >= 0 && !s.idleAway && cfg.AwayAfter > 0 && idle >= cfg.AwayAfter:
		if s.at.t.Send(tables.Request{Kind: tables.ReqAway, M: s.at.m}) {
			s.idleAway = true
		}
	}
	return nil
}

// toScreen passes a message to the game's screen, if one is open.
func (s *session) toScreen(msg tea.Msg) tea.Cmd {
	if s.scr == nil {
		return nil
	}
	_, cmd := s.scr.Update(msg)
	return cmd
}

// onKey dispatches a key by page.
func (s *session) onKey(k tea.KeyPressMsg) tea.Cmd {
	if s.srv.cfg.hook != nil {
		s.srv.cfg.hook(k.String(), s.name)
	}
	s.lastKey = s.srv.cfg.Now()
	s.idleAway = false
	if s.page == pgBye {
		return s.quit()
	}
	if s.chatting {
		return s.updateChat(k)
	}
	if s.code != "" && (s.page == pgLobby || s.page == pgRoom) && key.Matches(k, s.keys.ShowCode) {
		s.codeShown = !s.codeShown
		s.flash = ""
		return nil
	}
	switch s.page {
	case pgLobby:
		return s.updateLobby(k)
	case pgCreate:
		return s.updateCreate(k)
	case pgCode:
		return s.updateCode(k)
	case pgRoom:
		return s.updateRoom(k)
	case pgTable:
		return s.updateTable(k)
	case pgBoard:
		return s.updateBoard(k)
	case pgDaily:
		return s.updateDaily(k)
	case pgDupEnd:
		return s.updateDupEnd(k)
	}
	return nil
}
