package serve

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/ssh"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/daily"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
	"okey/ui/theme"
)

// The served daily (issue 44, point 4), a page of the lobby (d): the
// day's commitment, the player's own day, today's board and yesterday's
// final one with its revealed secret; enter plays the day, once. The
// day is the UTC day of the server's clock; its secret is made by the
// first node that needs it (keep's DailyBook), its par measured in the
// background by every node that shows the day, kept once.

// today is the daily's day: the UTC date of the server's clock.
func (s *Server) today() daily.Date { return daily.DateOf(s.cfg.Now().UTC()) }

// dailySet is the served set of g on d and its commitment, the secret
// made if no node has made it yet.
func (s *Server) dailySet(ctx context.Context, g daily.Game, d daily.Date) (daily.Set, daily.Commitment, error) {
	rnd := s.cfg.Random
	if rnd == nil {
		rnd = tables.DefaultRandom // crypto/rand
	}
	sec, err := s.daily.Secret(ctx, g, d, rnd)
	if err != nil {
		return daily.Set{}, daily.Commitment{}, err
	}
	set, err := daily.NewServed(g, d, sec)
	return set, daily.Commit(g, d, sec), err
}

// ensurePar measures the par of set in the background and keeps it,
// once a process for each day and game (the store keeps the first).
// Par is measured at the daily table (tables.DailyPar): the hard bot in
// the player's seat meets the very bots a player meets, asked the same
// questions, so a score against par is the player's play alone.
func (s *Server) ensurePar(set daily.Set, c daily.Commitment) {
	k := string(set.Game) + " " + set.Date.String()
	if _, was := s.dailyPar.LoadOrStore(k, true); was {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, 5*time.Minute)
		defer cancel()
		if _, ok, err := s.daily.Par(ctx, set.Game, set.Date); ok || err != nil {
			return
		}
		start := time.Now()
		hands, err := tables.DailyPar(ctx, string(set.Game), tables.NewDailyPlan(set, c, "par"))
		total := 0
		for _, h := range hands {
			total += h
		}
		if err == nil {
			err = s.daily.SetPar(ctx, set.Game, set.Date, hands)
		}
		if err != nil {
			s.dailyPar.Delete(k) // tried again when next shown
			s.log.Error("daily: par", "game", set.Game, "date", set.Date, "err", err)
			return
		}
		s.log.Info("daily: par kept", "game", set.Game, "date", set.Date, "total", total, "took", time.Since(start).Round(time.Millisecond))
	}()
}

// dailyPage is the daily's page as read from the store.
type dailyPage struct {
	game   daily.Game
	today  daily.Date
	commit daily.Commitment
	// mine is the player's own day (begun: they have claimed it).
	mine   keep.DailyResult
	begun  bool
	board  keep.DailyBoard
	secret daily.Secret
	// yesterday's board and secret (revealed: a daily was dealt).
	past     keep.DailyBoard
	revealed bool
}

// dailyMsg is the daily's page read.
type dailyMsg struct {
	p   dailyPage
	err error
}

// readDaily reads the daily's page of the session's game, in a command.
func (s *session) readDaily() tea.Cmd {
	s.dailyView, s.dailyErr = nil, false
	srv, g, me, ctx := s.srv, s.dailyGame, s.id, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		p := dailyPage{game: g, today: srv.today()}
		set, commit, err := srv.dailySet(c, g, p.today)
		if err != nil {
			return dailyMsg{p: p, err: err}
		}
		srv.ensurePar(set, commit)
		p.commit = commit
		if p.mine, _, p.begun, err = srv.daily.Result(c, g, p.today, me); err != nil {
			return dailyMsg{p: p, err: err}
		}
		if p.board, err = srv.daily.BoardOf(c, g, p.today, me); err != nil {
			return dailyMsg{p: p, err: err}
		}
		y := p.today.AddDays(-1)
		sec, err := srv.daily.Reveal(c, g, y, p.today)
		switch {
		case errors.Is(err, keep.ErrNoDaily):
		case err != nil:
			return dailyMsg{p: p, err: err}
		default:
			p.secret, p.revealed = sec, true
			if ys, err := daily.NewServed(g, y, sec); err == nil {
				srv.ensurePar(ys, daily.Commit(g, y, sec))
			}
			if p.past, err = srv.daily.BoardOf(c, g, y, me); err != nil {
				return dailyMsg{p: p, err: err}
			}
		}
		return dailyMsg{p: p}
	}
}

// dailyStartedMsg: the player's day claimed (or refused).
type dailyStartedMsg struct {
	game daily.Game
	set  daily.Set
	c    daily.Commitment
	err  error
}

// startDaily claims the player's day in a command: once a day, in the
// whole cluster.
func (s *session) startDaily() tea.Cmd {
	srv, g, id, name, ctx := s.srv, s.dailyGame, s.id, s.name, s.ctx
	return func() tea.Msg {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		d := srv.today()
		set, commit, err := srv.dailySet(c, g, d)
		if err != nil {
			return dailyStartedMsg{game: g, err: err}
		}
		err = srv.daily.Claim(c, g, d, keep.DailyResult{ID: id, Name: name, Guest: strings.HasPrefix(id, keep.GuestPrefix)})
		return dailyStartedMsg{game: g, set: set, c: commit, err: err}
	}
}

// onDailyStarted opens the player's daily table, or takes them back to
// the one they left, or says why not.
func (s *session) onDailyStarted(m dailyStartedMsg) tea.Cmd {
	if s.page != pgDaily {
		return nil
	}
	if errors.Is(m.err, keep.ErrPlayedToday) {
		// Begun before: their table, if it is still open, is theirs to
		// go back to; else the day is played.
		for _, sum := range s.srv.hall.List() {
			if sum.Daily && sum.Game == string(m.game) && sum.Holds(s.id) >= 0 {
				if t := s.srv.hall.Get(sum.ID); t != nil {
					s.page = pgLobby
					return s.joinCmd(t, 0, false)
				}
			}
		}
		s.flash = s.tr.T("served.played")
		return nil
	}
	if m.err != nil {
		s.srv.log.Warn("daily: start", "err", m.err)
		s.flash = s.tr.T("served.error")
		return nil
	}
	t, err := s.srv.hall.Create(tables.DailyConfig(m.game, tables.NewDailyPlan(m.set, m.c, s.id), newCode()), s.id, s.addr)
	if err != nil {
		// The day stays claimed: it is begun, and the board shows it
		// begun with no hand; said, so the player knows.
		s.srv.log.Warn("daily: no table", "err", err)
		s.flash = s.openRefused(err)
		return nil
	}
	s.page = pgLobby
	return s.joinCmd(t, 0, false)
}

// updateDaily: tab the other game, enter plays, esc goes back.
func (s *session) updateDaily(k tea.KeyPressMsg) tea.Cmd {
	s.flash = ""
	switch {
	case key.Matches(k, s.keys.Back):
		s.page = pgLobby
		s.listTables()
	case key.Matches(k, s.keys.BoardGame):
		if s.dailyGame == daily.Classic {
			s.dailyGame = daily.Okey101
		} else {
			s.dailyGame = daily.Classic
		}
		return s.readDaily()
	case key.Matches(k, s.keys.Play):
		if s.srv.overloaded() {
			s.srv.turnedAway.Add(1)
			s.flash = s.tr.T("lobby.busy", retryMinutes)
			return nil
		}
		return s.startDaily()
	case key.Matches(k, s.keys.Lang):
		s.toggleLang()
	default:
		s.flash = s.tr.T("status.unknownkey", k.String())
	}
	return nil
}

// openDaily opens the daily's page from the lobby.
func (s *session) openDaily() tea.Cmd {
	if s.srv.daily == nil {
		s.flash = s.tr.T("served.none")
		return nil
	}
	if s.dailyGame == "" {
		s.dailyGame = daily.Classic
	}
	s.page = pgDaily
	return s.readDaily()
}

// dailyRows is how many players of today's board the page lists, and
// of yesterday's: both fit 80×24 with the rest.
const (
	dailyRows     = 6
	dailyPastRows = 3
)

// dailyLines draws the daily's page.
func (s *session) dailyLines(st *theme.Styles) ([]string, []key.Binding) {
	k := s.keys
	keys := []key.Binding{k.Play, k.BoardGame, k.Back, k.Lang}
	lines := []string{st.Bold.Render(s.tr.T("served.title", s.gameName(string(s.dailyGame)))), ""}
	switch {
	case s.dailyErr:
		return append(lines, st.Warn.Render(s.tr.T("served.error"))), keys
	case s.dailyView == nil:
		return append(lines, st.Dim.Render(s.tr.T("served.reading"))), keys
	}
	p := s.dailyView
	g := p.game
	lines = append(lines,
		st.Text.Render(s.tr.T("served.today", p.today.String(), g.Hands())),
		st.Text.Render(s.tr.T("served.commit", p.commit.Short())))
	switch {
	case !p.begun:
		lines = append(lines, st.Bold.Render(s.tr.T("served.notyet")))
	case len(p.mine.Hands) == 0:
		lines = append(lines, st.Bold.Render(s.tr.T("served.begun")))
	default:
		row, ok := rowOf(p.board, s.id)
		if ok {
			lines = append(lines, st.Bold.Render(s.tr.T("served.mine", len(row.Hands), g.Hands(), signed(row.Field), s.parWord(row))))
		}
	}
	lines = append(lines, "", st.Bold.Render(s.tr.T("served.board", len(p.board.Rows))))
	lines = append(lines, s.dailyBoardLines(st, p.board, dailyRows)...)
	lines = append(lines, "")
	if !p.revealed {
		lines = append(lines, st.Dim.Render(s.tr.T("served.nopast")))
		return lines, keys
	}
	lines = append(lines,
		st.Bold.Render(s.tr.T("served.past", p.past.Date.String(), len(p.past.Rows))),
		st.Dim.Render(s.tr.T("served.secret", p.secret.String())))
	lines = append(lines, s.dailyBoardLines(st, p.past, dailyPastRows)...)
	return lines, keys
}

// dailyBoardLines are the first n rows of a day's board, the player's
// own in bold (and their place after, if it is further down).
func (s *session) dailyBoardLines(st *theme.Styles, b keep.DailyBoard, n int) []string {
	if len(b.Rows) == 0 {
		return []string{st.Dim.Render(s.tr.T("served.empty"))}
	}
	g := b.Game
	out := []string{st.Dim.Render(padTo("#", 3) + " " + padTo(s.tr.T("board.player"), boardName+2) + " " +
		padLeft(s.tr.T("served.hands"), 6) + " " + padLeft(s.tr.T("served.field"), 8) + " " + padLeft(s.tr.T("served.par"), 6))}
	row := func(i int) string {
		r := b.Rows[i]
		name := r.Name
		if r.Guest {
			name = s.tr.T("served.guest", name)
		}
		vsPar := "—"
		if r.HasPar && len(r.Hands) > 0 {
			vsPar = fmt.Sprintf("%+d", r.Par)
		}
		line := padTo(fmt.Sprintf("%d.", r.Place), 3) + " " + padTo(tables.CutWidth(name, boardName+2), boardName+2) + " " +
			padLeft(fmt.Sprintf("%d/%d", len(r.Hands), g.Hands()), 6) + " " + padLeft(signed(r.Field), 8) + " " + padLeft(vsPar, 6)
		if r.ID == s.id {
			return st.Bold.Render(line)
		}
		return st.Text.Render(line)
	}
	for i := range min(n, len(b.Rows)) {
		out = append(out, row(i))
	}
	if b.Place > n {
		out = append(out, row(b.Place-1))
	}
	return out
}

// rowOf is me's row of a board.
func rowOf(b keep.DailyBoard, me string) (keep.DailyRow, bool) {
	if b.Place == 0 {
		return keep.DailyRow{}, false
	}
	return b.Rows[b.Place-1], true
}

// parWord is a row against par, or that par is still measured.
func (s *session) parWord(r keep.DailyRow) string {
	if !r.HasPar {
		return s.tr.T("served.parwait")
	}
	return s.tr.T("served.vspar", fmt.Sprintf("%+d", r.Par))
}

// signed is a duplicate score with its sign and one decimal.
func signed(x float64) string {
	if x > -0.05 && x < 0.05 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// dailyUsage is the one line a wrong "daily" command gets.
const dailyUsage = "usage: daily GAME DATE HAND — your hand HAND (from 1) of the daily of GAME (classic, 101) on DATE (YYYY-MM-DD, UTC), once that day is over"

// dailyCommand prints a player's hand of a served daily, once its day is
// over, with the day's secret in its meta for okey verify (ssh -p PORT
// HOST daily classic 2026-11-24 1). Only a key's: a guest has no
// identity a second connection could prove.
func (s *Server) dailyCommand(sess ssh.Session, args []string, fail func(int, string, ...any) bool) bool {
	if len(args) != 3 {
		return fail(2, "%s", dailyUsage)
	}
	g, err := daily.ParseGame(args[0])
	if err != nil {
		return fail(2, "%s", dailyUsage)
	}
	d, err := daily.ParseDate(args[1])
	if err != nil {
		return fail(2, "%s", dailyUsage)
	}
	n, err := strconv.Atoi(args[2])
	if err != nil || n < 1 || n > g.Hands() {
		return fail(2, "%s", dailyUsage)
	}
	if s.daily == nil {
		return fail(1, "this server keeps no daily (it has no state directory)")
	}
	id, code := identityOf(sess)
	if code != "" {
		return fail(1, "a daily's hands go to the SSH key that played them: connect with it")
	}
	ctx, cancel := keep.EngineCtx()
	defer cancel()
	today := s.today()
	rec, ok, err := s.daily.Record(ctx, g, d, today, id, n)
	switch {
	case errors.Is(err, keep.ErrNotOver):
		return fail(1, "the daily of %s is not over: its hands are given out from %s (UTC)", d, d.AddDays(1))
	case errors.Is(err, keep.ErrNoDaily):
		return fail(1, "no daily of %s was dealt here on %s", g, d)
	case err != nil:
		s.log.Error("daily: a record", "err", err)
		return fail(1, "the daily's record cannot be read just now: try again soon")
	case !ok:
		return fail(1, "you played no hand %d of the daily of %s %s here", n, g, d)
	}
	if _, err := sess.Write(rec); err != nil {
		s.log.Warn("daily record", "err", err)
		sess.Exit(1)
		return true
	}
	s.log.Info("daily record", "game", g, "date", d, "hand", n, "addr", hostOf(sess.RemoteAddr()))
	sess.Exit(0)
	return true
}
