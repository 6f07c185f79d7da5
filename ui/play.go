package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"okey/game/hand"
	"okey/game/tile"

	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
)

// keyPlay handles a key on the table.
func (m *Model) keyPlay(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	if m.overlay != ovNone {
		was := m.overlay
		m.overlay = ovNone
		switch {
		case key.Matches(k, m.keys.Quit):
			return m.quit()
		case was == ovHelp && key.Matches(k, m.keys.Help), was == ovBrowse && key.Matches(k, m.keys.Browse),
			key.Matches(k, m.keys.Cancel):
			return nil
		}
		// Any other key closes the page and does what it says.
	}
	keys := m.keys
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Help):
		m.overlay = ovHelp
	case key.Matches(k, keys.Settings):
		m.openSettings()
	case key.Matches(k, keys.Left):
		m.moveCursor(-1, 0)
	case key.Matches(k, keys.Right):
		m.moveCursor(1, 0)
	case key.Matches(k, keys.Up):
		m.moveCursor(0, -1)
	case key.Matches(k, keys.Down):
		m.moveCursor(0, 1)
	case key.Matches(k, keys.Pick):
		m.pick()
		return m.saveCmd()
	case key.Matches(k, keys.Cancel):
		if m.held >= 0 {
			m.held = -1
			m.setFlash(false, m.tr.T("status.putback"))
		} else {
			m.setFlash(false, m.tr.T("status.nocancel"))
		}
	case key.Matches(k, keys.Draw):
		return m.tryDraw()
	case key.Matches(k, keys.Take):
		return m.tryTake()
	case key.Matches(k, keys.Discard):
		return m.tryDiscard(false)
	case key.Matches(k, keys.Finish):
		return m.tryDiscard(true)
	case key.Matches(k, keys.Show):
		return m.tryShow()
	case key.Matches(k, keys.SortColour):
		m.arrange(m.sorter().ByColour(m.rack.Tiles()), "status.sorted.colour")
		return m.saveCmd()
	case key.Matches(k, keys.SortValue):
		m.arrange(m.sorter().ByValue(m.rack.Tiles()), "status.sorted.value")
		return m.saveCmd()
	case key.Matches(k, keys.Runs):
		return m.arrangeBy(hand.ArrangeRuns)
	case key.Matches(k, keys.Pairs):
		return m.arrangeBy(hand.ArrangePairs)
	case key.Matches(k, keys.Hint):
		m.hint()
	case key.Matches(k, keys.Browse):
		m.overlay = ovBrowse
	default:
		m.setFlash(true, m.tr.T("status.unknownkey", k.String()))
	}
	return nil
}

func (m *Model) sorter() sorter { return sorter{an: m.view.Analyzer} }

// moveCursor moves along the rack (dx, wrapping from row to row) or
// between the rows (dy).
func (m *Model) moveCursor(dx, dy int) {
	if dx != 0 {
		m.cursor = (m.cursor + dx + RackSlots) % RackSlots
	}
	if dy != 0 {
		m.cursor = (m.cursor + RackCols) % RackSlots
	}
}

// pick picks up the tile under the cursor, or puts the tile picked up
// down at the cursor.
func (m *Model) pick() {
	if m.held < 0 {
		t := m.rack.Slots[m.cursor]
		if t == tile.NoTile {
			m.setFlash(true, m.tr.T("status.pick.empty"))
			return
		}
		m.held = m.cursor
		m.setFlash(false, m.tr.T("status.picked", m.tileName(t)))
		return
	}
	from := m.held
	m.held = -1
	if from == m.cursor {
		m.setFlash(false, m.tr.T("status.putback"))
		return
	}
	m.rack.Move(from, m.cursor)
	m.fresh = -1
}

// arrange lays out groups on the rack.
func (m *Model) arrange(groups [][]tile.Tile, msg string) {
	m.held, m.fresh = -1, -1
	m.rack.Pack(groups)
	m.setFlash(false, m.tr.T(msg))
}

func (m *Model) arrangeBy(mode hand.ArrangeMode) tea.Cmd {
	groups, ok := m.sorter().Arranged(m.rack.Tiles(), mode)
	name := "status.runs"
	if mode == hand.ArrangePairs {
		name = "status.pairs"
	}
	if !ok {
		m.setFlash(true, m.tr.T(name+".none"))
		return nil
	}
	m.arrange(groups, name)
	return m.saveCmd()
}

// whyNotMyMove says why a move cannot be made now, or "".
func (m *Model) whyNotMyMove() string {
	v := &m.view
	switch {
	case v.Phase != game.Playing:
		return m.tr.T("status.notplaying")
	case !v.Active[0]:
		return m.tr.T("status.youleft")
	case v.Turn != 0:
		return m.tr.T("status.wait", m.seatName(v.Turn))
	}
	return ""
}

func (m *Model) tryDraw() tea.Cmd {
	if why := m.whyNotMyMove(); why != "" {
		m.setFlash(true, why)
		return nil
	}
	v := &m.view
	if v.Stage == game.MustDiscard {
		m.setFlash(true, m.tr.T("status.mustdiscard"))
		return nil
	}
	if v.WallLeft == 0 {
		return m.act(game.EndHandAction(0))
	}
	return m.act(game.DrawAction(0))
}

func (m *Model) tryTake() tea.Cmd {
	if why := m.whyNotMyMove(); why != "" {
		m.setFlash(true, why)
		return nil
	}
	v := &m.view
	if v.Stage == game.MustDiscard {
		m.setFlash(true, m.tr.T("status.mustdiscard"))
		return nil
	}
	if v.Top(v.Previous) == tile.NoTile {
		m.setFlash(true, m.tr.T("status.take.empty", m.seatName(v.Previous)))
		return nil
	}
	return m.act(game.TakeAction(0))
}

func (m *Model) tryDiscard(finish bool) tea.Cmd {
	if why := m.whyNotMyMove(); why != "" {
		m.setFlash(true, why)
		return nil
	}
	if m.view.Stage == game.MustDraw {
		m.setFlash(true, m.tr.T("status.mustdraw"))
		return nil
	}
	t := m.rack.Slots[m.cursor]
	if t == tile.NoTile {
		m.setFlash(true, m.tr.T("status.discard.empty"))
		return nil
	}
	a := game.DiscardAction(0, t)
	if finish {
		a = game.FinishAction(0, t)
	}
	evs, lines, err := m.g.Apply(a)
	if err != nil {
		m.refuse(err, t)
		return nil
	}
	m.held = -1
	m.rack.Slots[m.cursor] = tile.NoTile
	return m.applied(evs, lines)
}

func (m *Model) tryShow() tea.Cmd {
	v := &m.view
	if v.Legal.Show {
		return m.act(game.ShowAction(0))
	}
	switch {
	case !v.Rules.HasOkey():
		m.setFlash(true, m.tr.T("status.show.norules"))
	case v.Phase != game.Playing:
		m.setFlash(true, m.tr.T("status.notplaying"))
	case v.Shown[0]:
		m.setFlash(true, m.tr.T("status.show.done"))
	case v.Acted[0]:
		m.setFlash(true, m.tr.T("status.show.late"))
	default:
		m.setFlash(true, m.tr.T("status.show.notile", m.tileName(v.Indicator)))
	}
	return nil
}

// hint tells the suggested discard and the distance to a win.
func (m *Model) hint() {
	v := &m.view
	an := v.Analyzer
	h, err := an.NewHand(v.Rack)
	if err != nil || v.Phase != game.Playing {
		m.setFlash(true, m.tr.T("status.hint.none"))
		return
	}
	if len(v.Rack) == 15 {
		d := an.BestDiscard(h)
		if !d.Tile.Valid() || v.Counts[d.Tile] == 0 {
			m.setFlash(true, m.tr.T("status.hint.none"))
			return
		}
		// The cursor goes to the tile, so x (or f) acts on the hint.
		if m.rack.Slots[m.cursor] != d.Tile {
			if i := slices.Index(m.rack.Slots[:], d.Tile); i >= 0 {
				m.cursor = i
			}
		}
		switch {
		case d.Wins:
			m.setFlash(false, m.tr.T("status.hint.wins", m.tileName(d.Tile)))
		case d.Distance == 1:
			m.setFlash(false, m.tr.T("status.hint.discard1", m.tileName(d.Tile)))
		default:
			m.setFlash(false, m.tr.T("status.hint.discard", m.tileName(d.Tile), d.Distance))
		}
		return
	}
	d := an.Distance(h)
	switch {
	case d <= 0:
		m.setFlash(false, m.tr.T("status.hint.won"))
	case d == 1:
		m.setFlash(false, m.tr.T("status.hint.one"))
	default:
		m.setFlash(false, m.tr.T("status.hint.dist", d))
	}
}

// notWinning explains a refused finish: how far the 14 tiles left
// without t are from a win.
func (m *Model) notWinning(t tile.Tile) string {
	an := m.view.Analyzer
	rest := m.view.Counts
	if rest[t] > 0 {
		rest[t]--
	}
	h, err := an.HandOf(rest)
	if err != nil {
		return m.tr.T("status.notwinning", m.tileName(t))
	}
	switch d := an.Distance(h); d {
	case 0: // cannot happen: the reducer refused; say it plainly
		return m.tr.T("status.notwinning", m.tileName(t))
	case 1:
		return m.tr.T("status.notwinning.one", m.tileName(t))
	default:
		return m.tr.T("status.notwinning.dist", m.tileName(t), d)
	}
}

// refuse tells the player why the game refused their action.
func (m *Model) refuse(err error, t tile.Tile) {
	if errors.Is(err, game.ErrNotWinning) {
		m.setFlash(true, m.notWinning(t))
		return
	}
	m.setFlash(true, m.tr.T("status.refused", err.Error()))
}

// act plays the player's action a.
func (m *Model) act(a game.Action) tea.Cmd {
	evs, lines, err := m.g.Apply(a)
	if err != nil {
		m.refuse(err, a.Tile)
		return nil
	}
	m.held = -1
	return m.applied(evs, lines)
}

// applied takes in what an action did: the record, the log, the view,
// the rack, the next screen, and asks the next bot.
func (m *Model) applied(evs []game.Event, lines []byte) tea.Cmd {
	m.rec = append(m.rec, lines...)
	for _, e := range evs {
		m.addLog(e.Redact(0))
	}
	wasMine := m.view.MyTurn()
	m.refresh()
	if !wasMine && m.view.MyTurn() && m.flashWarn {
		m.flash = "" // "wait for X" is out of date now
	}
	cmds := []tea.Cmd{m.saveCmd()}
	switch m.view.Phase {
	case game.HandOver:
		m.endOfHand(scrHandOver)
	case game.MatchOver:
		m.endOfHand(scrHandOver) // the last hand first, then the final table
	default:
		cmds = append(cmds, m.nextTurn())
	}
	return tea.Batch(cmds...)
}

func (m *Model) endOfHand(s screen) {
	m.cancelBots()
	m.overlay = ovNone
	m.held = -1
	if m.screen != scrSettings {
		m.screen = s
	}
}

// refresh reads the view again and brings the rack in step with it.
func (m *Model) refresh() {
	hand := m.view.Hand
	m.view = m.g.State().View(0)
	if m.view.Hand != hand {
		m.newHandRack()
		m.log = m.log[:0]
		for _, e := range m.view.History {
			m.addLog(e)
		}
		return
	}
	added := m.rack.Reconcile(m.view.Counts)
	if m.held >= 0 && m.rack.Slots[m.held] == tile.NoTile {
		m.held = -1
	}
	m.fresh = -1
	if len(added) == 1 {
		m.fresh = added[0]
		m.cursor = added[0]
	}
}

// newHandRack lays out a freshly dealt rack, sorted by colour.
func (m *Model) newHandRack() {
	m.rack = NewRack()
	m.rack.Reconcile(m.view.Counts)
	m.rack.Pack(m.sorter().ByColour(m.rack.Tiles()))
	m.cursor, m.held, m.fresh = 0, -1, -1
}

// rackFile is the saved arrangement of the rack.
type rackFile struct {
	Hand   int         `json:"hand"`
	Cursor int         `json:"cursor"`
	Slots  []tile.Tile `json:"slots"`
}

func (m *Model) rackJSON() []byte {
	b, _ := json.Marshal(rackFile{Hand: m.view.Hand, Cursor: m.cursor, Slots: m.rack.Slots[:]})
	return b
}

// loadRack restores the saved arrangement when it belongs to this hand
// and holds this hand's tiles; otherwise the rack stays sorted.
func (m *Model) loadRack() {
	b, err := os.ReadFile(m.rackPath())
	if err != nil {
		return
	}
	var f rackFile
	if json.Unmarshal(b, &f) != nil || f.Hand != m.view.Hand || len(f.Slots) != RackSlots {
		return
	}
	var r Rack
	copy(r.Slots[:], f.Slots)
	for _, t := range r.Slots {
		if t != tile.NoTile && !t.Valid() {
			return
		}
	}
	r.Reconcile(m.view.Counts)
	m.rack = r
	if f.Cursor >= 0 && f.Cursor < RackSlots {
		m.cursor = f.Cursor
	}
}

func (m *Model) addLog(e game.Event) {
	if e.Kind == game.EvHandOver || e.Kind == game.EvMatchOver {
		return
	}
	m.log = append(m.log, logEntry{ev: e, hand: m.g.State().HandNumber()})
	if len(m.log) > 200 {
		m.log = append(m.log[:0], m.log[len(m.log)-100:]...)
	}
}

// Bots.

// seatBot is a seat's bot, built afresh for every decision with a seed
// drawn from the match's seed, the seat, the hand and the moves so far. A
// match resumed from its record then plays on exactly as it would have
// without the interruption: no random source is carried over from one
// decision to the next. (The bots' own memory is a cache of analysis and
// never changes a decision.) Questions never share a bot, so a cancelled
// one still finishing cannot disturb the next.
type seatBot struct {
	level string
	seed  uint64
	build func(level string, opt bots.Options) (bots.Bot, error)
}

func (s *seatBot) Level() string { return s.level }

func (s *seatBot) Decide(ctx context.Context, v game.View) (game.Action, error) {
	seed := game.NewSeed(s.seed ^ uint64(v.Hand)<<40 ^ uint64(len(v.History))<<8 ^ uint64(v.Stage))
	b, err := s.build(s.level, bots.Options{Seed: seed})
	if err != nil {
		return game.Action{}, fmt.Errorf("seat %d: %w", v.Seat, err)
	}
	return b.Decide(ctx, v)
}

// cancelBots cancels every question under way; their answers will be
// dropped.
func (m *Model) cancelBots() {
	m.cancel()
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.askID++
	m.asking = -1
}

// nextTurn asks the bot to move, if it is a bot's turn on the table.
func (m *Model) nextTurn() tea.Cmd {
	v := &m.view
	if m.screen != scrPlay || v.Phase != game.Playing || m.asking >= 0 || v.Turn == 0 {
		return nil
	}
	return m.ask(v.Turn)
}

// ask asks the bot of seat for its move in a goroutine. The answer comes
// back no sooner than the speed's pause, so that the move before it stays
// on screen for a moment.
func (m *Model) ask(seat int) tea.Cmd {
	m.askID++
	m.asking = seat
	id, bot, view, ctx := m.askID, m.bots[seat], m.g.State().View(seat), m.ctx
	delay := speedDelay(m.set.Speed)
	return func() tea.Msg {
		start := time.Now()
		a, err := bot.Decide(ctx, view)
		if wait := delay - time.Since(start); wait > 0 && err == nil {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
			}
		}
		return botMoveMsg{id: id, seat: seat, act: a, err: err}
	}
}

// onBotMove plays a bot's answer, or a plain legal move for a bot that
// failed, and asks the next.
func (m *Model) onBotMove(msg botMoveMsg) tea.Cmd {
	if msg.id != m.askID {
		return nil // stale: a new hand, a quit or a newer question
	}
	m.asking = -1
	v := &m.view
	if v.Phase != game.Playing || v.Turn != msg.seat {
		return m.nextTurn()
	}
	a := msg.act
	if msg.err == nil && a.Seat == msg.seat {
		evs, lines, err := m.g.Apply(a)
		if err == nil {
			return m.applied(evs, lines)
		}
		msg.err = err
	}
	// A bot that fails or answers wrong must not stop the game: play a
	// plain legal move for it and say so.
	fb, ok := fallbackMove(m.g.State().View(msg.seat))
	if !ok {
		m.setFlash(true, m.tr.T("status.botstuck", m.seatName(msg.seat), msg.err.Error()))
		return nil
	}
	m.setFlash(true, m.tr.T("status.botfail", m.seatName(msg.seat), msg.err.Error()))
	evs, lines, err := m.g.Apply(fb)
	if err != nil {
		m.setFlash(true, m.tr.T("status.botstuck", m.seatName(msg.seat), err.Error()))
		return nil
	}
	return m.applied(evs, lines)
}

// fallbackMove is a plain legal move for a view: draw, take or end the
// hand, or discard the highest tile.
func fallbackMove(v game.View) (game.Action, bool) {
	l := v.Legal
	switch {
	case l.Draw:
		return game.DrawAction(v.Seat), true
	case l.Take:
		return game.TakeAction(v.Seat), true
	case l.EndHand:
		return game.EndHandAction(v.Seat), true
	case l.Discard && len(v.Rack) > 0:
		return game.DiscardAction(v.Seat, v.Rack[len(v.Rack)-1]), true
	}
	return game.Action{}, false
}

// Hand over and match over.

func (m *Model) keyHandOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	switch {
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.Next) && m.view.Phase == game.MatchOver:
		m.screen = scrMatchOver
		return nil
	case key.Matches(k, m.keys.Next):
		m.screen = scrPlay
		evs, lines, err := m.g.Apply(game.NextHandAction())
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", err.Error()))
			return nil
		}
		return m.applied(evs, lines)
	case key.Matches(k, m.keys.Settings):
		m.openSettings()
		return nil
	}
	m.setFlash(true, m.tr.T("status.handover.keys"))
	return nil
}

func (m *Model) keyMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	switch {
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.NewMatch):
		return m.newMatchCmd("finished")
	case key.Matches(k, m.keys.Settings):
		m.openSettings()
		return nil
	}
	m.setFlash(true, m.tr.T("status.matchover.keys"))
	return nil
}

// seatName is how the log and the screens name a seat.
func (m *Model) seatName(s int) string {
	if s == 0 {
		return m.tr.T("you")
	}
	if s < 0 || s >= game.NumSeats {
		return "?"
	}
	return m.names[s]
}

// tileName writes a tile for messages: R7, or R5 (okey), J (R5).
func (m *Model) tileName(t tile.Tile) string {
	v := &m.view
	switch {
	case t == tile.NoTile:
		return "-"
	case t == tile.FalseJoker && v.Okey != tile.NoTile:
		return m.tr.T("tile.false", v.Okey.String())
	case v.Okey != tile.NoTile && t == v.Okey:
		return m.tr.T("tile.okey", t.String())
	}
	return t.String()
}

var _ = strings.TrimSpace
