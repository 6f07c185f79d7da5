package ui

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/playclassic"
	"okey/ui/seatlink"
	"okey/ui/settings"
	"okey/ui/store"
)

// Classic Okey's table hosted: what its side (ui/playclassic) asks of
// the app — a move played here or sent to a served table, a save, a
// page opened, a bot or the hint asked in a command — and the hooks by
// which the app hands it its messages, keys and screens (tableGame).

// updateTable handles a key on the table (and its overlays).
func (m *Model) updateTable(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	// A discard that would throw a win away asks first: the same key
	// again on the same tile confirms it.
	confirmed := m.c.LetConfirmGo()
	if m.overlay != ovNone && m.updateOverlay(k) {
		return nil
	}
	keys := m.keys.Table
	if cmd, ok := m.tableKey(k, keys.Common(), m.c.MoveCursor); ok {
		return cmd
	}
	return m.doClassic(m.c.Key(k, keys, m.readOnly, confirmed), k)
}

// onClickClassic is onClick at classic Okey's table.
func (m *Model) onClickClassic(msg tea.MouseClickMsg) tea.Cmd {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft || m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	m.flash = ""
	return m.doClassic(m.c.Click(m.lay, mo.X, mo.Y, m.readOnly), tea.KeyPressMsg{})
}

// doClassic does what a key (k) or a click (the zero key) at classic's
// table asks of the app: a move and the hint are classic's; the rest is
// what both tables ask alike (asked).
func (m *Model) doClassic(a playclassic.Ask, k tea.KeyPressMsg) tea.Cmd {
	switch a.Do {
	case playclassic.DoPlay:
		return m.act(a.Act)
	case playclassic.DoHint:
		return m.c.Hint(m.ctx, m.seed, m.opt.NewBot, m.opt.BotTimeout)
	}
	cmd, _ := m.asked(a.Do, k)
	return cmd
}

// act plays the player's action a: on the match here, or sent to a
// served table.
func (m *Model) act(a game.Action) tea.Cmd {
	if m.seat != nil {
		m.seatSent(m.c.Send(m.seat.Link, a))
		return nil
	}
	evs, lines, ok := m.c.Play(a)
	if !ok {
		return nil
	}
	return m.applied(evs, lines)
}

// onBotMove plays a bot's answer, or a plain legal move for a bot that
// failed, and asks the next.
func (m *Model) onBotMove(msg playclassic.BotMoveMsg) tea.Cmd {
	if cmd, play := m.answered(msg.ID, msg.Seat); !play {
		return cmd
	}
	evs, lines, news, ok := m.c.PlayBot(msg)
	if news != "" {
		m.tellNews(news)
	}
	if !ok {
		return nil
	}
	return m.applied(evs, lines)
}

// The match's life at classic's table (match.go holds what both games'
// share).

// readSaved reads a saved classic record and replays it (a torn last
// line left out: store.Replay).
func (s classicTable) readSaved(b []byte) (readBack, []byte, error) {
	m := s.m
	type read struct {
		rec game.Record
		g   *game.Game
	}
	r, torn, err := store.Replay(b, func(b []byte) (read, error) {
		rec, err := game.ParseRecord(b)
		if err != nil {
			return read{rec: rec}, err
		}
		g, err := game.Replay(rec)
		return read{rec, g}, err
	})
	if err != nil {
		return readBack{version: errors.Is(err, game.ErrRecordVersion)}, torn, err
	}
	g := r.g
	done := g.Record()
	return readBack{
		over:  g.State().Phase() == game.MatchOver,
		done:  done.Marshal(),
		tally: func() { m.tally(&done, g.State(), playclassic.History(done)) },
		adopt: func() { m.adopt(g, r.rec.Seed) },
	}, torn, nil
}

// start starts a new match of classic Okey with seed and meta, the
// settings' rules.
func (s classicTable) start(seed uint64, meta map[string]string) error {
	r, err := game.ParseRules(s.m.set.Rules)
	if err != nil {
		return err
	}
	g, err := game.NewGame(r, seed, meta)
	if err != nil {
		return err
	}
	s.m.adopt(g, seed)
	return nil
}

// adopt makes g the match being played: names, levels
// (playclassic.SeatLevel) and bots from its record's meta, the view,
// the rack.
func (m *Model) adopt(g *game.Game, seed uint64) {
	rec := g.Record()
	m.adopting(seed, rec.Meta)
	m.seatsFrom(rec.Meta, func(l string, s int) string {
		return playclassic.SeatLevel(l, m.set.Levels[s-1], seed, m.opt.NewBot)
	})
	m.history = playclassic.History(rec)
	m.tally(&rec, g.State(), m.history)
	m.c.Adopt(g, seed, m.levels, m.opt.NewBot)
}

// applied takes in what an action did: the record, the log, the hands'
// scores (counted as a hand ends), the view, the rack; then what both
// tables do (took).
func (m *Model) applied(evs []game.Event, lines []byte) tea.Cmd {
	m.rec = append(m.rec, lines...)
	for _, e := range evs {
		m.c.AddLog(e.Redact(0), -1)
	}
	if h := playclassic.AppendHand(m.history, m.c.G.State(), m.c.View.Phase); len(h) > len(m.history) {
		n := len(m.history)
		m.history = h
		rec := m.c.G.Record()
		m.tally(&rec, m.c.G.State(), h[n:])
	}
	wasMine := m.c.View.MyTurn()
	m.c.Refresh()
	v := &m.c.View
	return m.took(wasMine, v.MyTurn(), v.Phase == game.HandOver || v.Phase == game.MatchOver)
}

// classicTable is classic Okey's side of the Model (tableGame): the
// hooks by which the app hands the classic table its messages, keys and
// screens. It also stands in while no match is on the screen yet.
type classicTable struct{ m *Model }

func (s classicTable) present() bool { return s.m.c.G != nil }

func (s classicTable) phase() (playing, handOver bool, turn int, over bool) {
	m := s.m
	v := &m.c.View
	over = m.c.G != nil && m.c.G.State().Phase() == game.MatchOver
	return v.Phase == game.Playing, v.Phase == game.HandOver, v.Turn, over
}

func (s classicTable) update(msg tea.Msg) (tea.Cmd, bool) {
	m := s.m
	switch msg := msg.(type) {
	case playclassic.BotMoveMsg:
		return m.onBotMove(msg), true
	case playclassic.HintMsg:
		m.c.OnHint(msg, m.screen == scrPlay)
		return nil, true
	case playclassic.UndoneMsg:
		return m.onUndone(m.c.Undone(msg)), true
	}
	return nil, false
}

func (s classicTable) key(k tea.KeyPressMsg) (tea.Cmd, bool) {
	m := s.m
	switch m.screen {
	case scrResume:
		return m.updateResume(k), true
	case scrHandOver:
		return m.updateHandOver(k), true
	case scrMatchOver:
		return m.updateMatchOver(k), true
	case scrScores:
		return m.updateScores(k), true
	}
	return m.updateTable(k), true
}

func (s classicTable) render() (string, bool) {
	m := s.m
	switch m.screen {
	case scrResume:
		return m.renderResume(), true
	case scrHandOver:
		return m.renderHandOver(), true
	case scrMatchOver:
		return m.renderMatchOver(), true
	case scrScores:
		return m.renderScores(), true
	}
	return m.renderTable(), true
}

func (s classicTable) name() string                        { return "val.classic" }
func (s classicTable) keys() [][]key.Binding               { return s.m.keys.Table.FullHelp() }
func (s classicTable) click(msg tea.MouseClickMsg) tea.Cmd { return s.m.onClickClassic(msg) }

func (s classicTable) warm() tea.Cmd {
	if s.m.c.G == nil {
		return nil
	}
	return s.m.warmAnalysis()
}
func (s classicTable) serves(u SeatUpdate) bool { return u.View != nil }
func (s classicTable) endHand()                 { s.m.c.Held = -1 }

// takeSeat takes in a served classic table's update: the hands' scores
// (turned, as the view is) when their number changed or at the first
// view, then the game (playclassic.Table.TakeUpdate) and the notes.
func (s classicTable) takeSeat(u SeatUpdate, got bool, n seatlink.Notes) seatlink.Taken {
	m, l := s.m, s.m.seat
	if len(u.Hands) != l.hands || !got {
		m.history = playclassic.ServedHistory(m.history, u.Hands, l.Rot)
		l.hands = len(u.Hands)
	}
	tk := m.c.TakeUpdate(u, l.Link, !got)
	m.c.TakeNotes(n)
	return tk
}

func (s classicTable) header(withKeys bool) string { return s.m.headerClassic(withKeys) }
func (s classicTable) overlayLines() []string      { return s.m.overlayLinesClassic() }
func (s classicTable) scoreLines() []string        { return s.m.scoreLines() }
func (s classicTable) rackJSON() []byte            { return s.m.c.RackJSON() }
func (s classicTable) ask(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd {
	return s.m.c.Ask(ctx, id, seat, delay, timeout)
}

func (s classicTable) game() string                   { return settings.GameClassic }
func (s classicTable) botLevel(l string) string       { return l }
func (s classicTable) takeRack(b []byte) (why string) { return s.m.c.LoadRack(b) }
func (s classicTable) undo() tea.Cmd                  { return s.m.c.Undo() }

func (s classicTable) record() []byte {
	rec := s.m.c.G.Record()
	return rec.Marshal()
}

// warmAnalysis builds hand analysis's tables (a tenth of a second, once
// a process) in the background while the first frame is on screen, so
// the player's first hint or sort does not wait for them.
func (m *Model) warmAnalysis() tea.Cmd {
	an, rack := m.c.View.Analyzer, m.c.View.Rack
	return func() tea.Msg {
		if h, err := an.NewHand(rack); err == nil && h.Len() >= playclassic.HandTiles {
			an.Distance(h)
		}
		return nil
	}
}

// newClassic is an empty classic table hosted by m, the lines of its
// log written to the debug log when there is one.
func (m *Model) newClassic() playclassic.Table {
	t := playclassic.NewTable(tableHost{m})
	if m.opt.Log != nil {
		t.Logged = func(e playclassic.LogEntry) { m.debugMove(func() string { return m.logText(e) }) }
	}
	return t
}
