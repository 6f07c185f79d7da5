package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"okey/bots"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/playclassic"
	"okey/ui/rack"
	"okey/ui/settings"
	"okey/ui/store"
)

// load resumes from a saved record, or sets it aside when it cannot be
// read and starts a new match.
func (m *Model) load(b []byte) error {
	if recordGame(b) == okey101.GameName {
		return m.load101(b)
	}
	rec, g, torn, err := readSaved(b)
	if err != nil && m.readOnly {
		return err
	}
	over := err == nil && g.State().Phase() == game.MatchOver
	if terr := m.keepTorn(torn, err, over); terr != nil {
		return terr
	}
	if err != nil {
		return m.setAsideDamaged(err, errors.Is(err, game.ErrRecordVersion))
	}
	if over && !m.readOnly {
		// Counted first, if its end was never counted.
		done := g.Record()
		m.tally(&done, g.State(), playclassic.History(done))
		if err := m.archiveFinished(done.Marshal(), torn != nil); err != nil {
			return err
		}
		return m.startMatch(m.seed)
	}
	m.adopt(g, rec.Seed)
	full := g.Record()
	m.rec = full.Marshal()
	m.seq++
	m.loadRack()
	m.offerResumed(settings.GameClassic)
	return nil
}

// offerResumed shows the resume screen of a saved match of which: a new
// match from it is of the same game, for this run (the settings file
// keeps its own; g switches, as ever).
func (m *Model) offerResumed(which string) {
	m.set.Game = which
	m.screen = scrResume
}

// keepTorn sets aside a saved match whose last line was broken (torn,
// nil for none) when the lines before it replayed (readErr nil), and
// tells the player: the file as it was is kept, and the match goes on
// from the line before — or, when those lines end the match (over), it
// is filed with the finished ones (archiveFinished).
func (m *Model) keepTorn(torn []byte, readErr error, over bool) error {
	if readErr != nil || torn == nil || m.readOnly {
		return nil
	}
	path := m.files.MatchPath()
	aside, aerr := m.files.SetAsideMatch("torn", m.now())
	if aerr != nil {
		return fmt.Errorf("the saved match %s ends in a broken line, and it cannot be set aside (%v); move it away and start again", path, aerr)
	}
	key := "notice.torn"
	if over {
		key = "notice.torn.over"
	}
	m.notice = append(m.notice, m.tr.T(key, store.ShortPath(path), canvas.Cut(string(torn), maxTornShown), store.ShortPath(aside)))
	return nil
}

// archiveFinished files a finished match with the finished ones: the
// saved file itself, or, when a torn last line had that file set aside
// whole (setAside), rec, the record of the lines that replayed.
func (m *Model) archiveFinished(rec []byte, setAside bool) error {
	var err error
	if setAside {
		_, err = m.files.ArchiveMatchRecord(rec, "finished", m.now())
	} else {
		_, err = m.files.ArchiveMatch("finished", m.now())
	}
	if err != nil {
		return fmt.Errorf("archiving the finished match %s: %w", m.files.MatchPath(), err)
	}
	return nil
}

// setAsideDamaged sets aside a saved match that cannot be read (err; of
// an unknown version when version), tells the player, and starts a new
// match.
func (m *Model) setAsideDamaged(err error, version bool) error {
	why := "damaged"
	if version {
		why = "unknown-version"
	}
	path := m.files.MatchPath()
	aside, aerr := m.files.SetAsideMatch(why, m.now())
	if aerr != nil {
		return fmt.Errorf("the saved match %s cannot be read (%v) nor set aside (%v); move it away and start again", path, err, aerr)
	}
	reason := m.tr.T("record.damaged", m.reason(err))
	if version {
		reason = m.tr.T("record.version")
	}
	m.notice = append(m.notice, m.tr.T("notice.damaged", store.ShortPath(path), reason, store.ShortPath(aside)))
	return m.startMatch(m.seed)
}

// maxTornShown is how much of a broken last line the player is shown.
const maxTornShown = 60

// readSaved reads a saved record and replays it. When only its last line
// is broken (a write cut short: not even JSON), it replays the lines
// before and returns the broken line as torn.
func readSaved(b []byte) (rec game.Record, g *game.Game, torn []byte, err error) {
	type saved struct {
		rec game.Record
		g   *game.Game
	}
	s, torn, err := replaySaved(b, func(b []byte) (saved, error) {
		rec, err := game.ParseRecord(b)
		if err != nil {
			return saved{rec: rec}, err
		}
		g, err := game.Replay(rec)
		return saved{rec, g}, err
	})
	return s.rec, s.g, torn, err
}

// replaySaved replays the saved record b with replay. When only its last
// line is broken (a write cut short: not even JSON), it replays the lines
// before and returns the broken line as torn; any other error is the
// whole record's.
func replaySaved[R any](b []byte, replay func([]byte) (R, error)) (r R, torn []byte, err error) {
	r, err = replay(b)
	if err == nil {
		return r, nil, nil
	}
	// Blank lines at the end are no part of the last line (the records
	// read without them).
	body := bytes.TrimRight(b, " \t\r\n")
	i := bytes.LastIndexByte(body, '\n')
	if i < 0 || json.Valid(body[i+1:]) {
		return r, nil, err // a whole line that is wrong: damaged
	}
	r2, err2 := replay(b[:i+1])
	if err2 != nil {
		return r, nil, err
	}
	return r2, body[i+1:], nil
}

// adopt makes g the match being played: names, levels and bots from its
// record's meta, the view, the rack.
func (m *Model) adopt(g *game.Game, seed uint64) {
	m.cancelBots()
	m.t = nil
	m.seed = seed
	meta := g.Record().Meta
	m.names[0] = ""
	m.levels[0] = ""
	for s := 1; s < game.NumSeats; s++ {
		m.names[s] = cleanName(meta["name"+strconv.Itoa(s)])
		if m.names[s] == "" {
			m.names[s] = m.set.Names[s-1]
		}
		m.levels[s] = meta["level"+strconv.Itoa(s)]
		if m.levels[s] != "" {
			m.levels[s] = bots.Current(m.levels[s]) // a merged level plays as the one it joined
		}
		if m.levels[s] == "" {
			m.levels[s] = m.set.Levels[s-1]
		}
		if _, err := m.opt.NewBot(m.levels[s], bots.Options{Seed: seed}); err != nil {
			m.levels[s] = bots.Levels[0] // a record naming a level this build lacks
		}
	}
	rec := g.Record()
	m.history = playclassic.History(rec)
	m.casual = meta[metaUndo] == "on"
	m.tally(&rec, g.State(), m.history)
	m.flash = ""
	m.c.Adopt(g, seed, m.levels, m.opt.NewBot)
}

// startMatch starts a new match with seed and the current settings.
func (m *Model) startMatch(seed uint64) error {
	if m.set.Is101() {
		return m.startMatch101(seed)
	}
	r, err := game.ParseRules(m.set.Rules)
	if err != nil {
		return err
	}
	meta := map[string]string{"program": "okey", metaStarted: startedNow(m.now())}
	if m.set.Undo {
		meta[metaUndo] = "on"
	}
	for s := 1; s < game.NumSeats; s++ {
		meta["name"+strconv.Itoa(s)] = m.set.Names[s-1]
		meta["level"+strconv.Itoa(s)] = m.set.Levels[s-1]
	}
	g, err := game.NewGame(r, seed, meta)
	if err != nil {
		return err
	}
	m.nextNo++
	m.adopt(g, seed)
	rec := g.Record()
	m.rec = rec.Marshal()
	m.seq++
	m.screen = scrPlay
	return nil
}

// newMatchCmd starts a new match; the old record is archived under why,
// whole, before the new one is first saved (whichever of the saves of
// either runs first).
func (m *Model) newMatchCmd(why string) tea.Cmd {
	if m.readOnly {
		m.setFlash(true, m.tr.T("status.readonly"))
		return nil
	}
	m.cancelBots()
	old := m.rec
	seed, err := m.nextSeed()
	if err == nil {
		err = m.startMatch(seed)
	}
	if err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	m.files.RetireMatch(m.seq, old, why, m.now())
	m.setFlash(false, m.tr.T("status.newmatch"))
	return tea.Batch(m.saveCmd(), m.nextTurn())
}

// applied takes in what an action did: the record, the log, the view,
// the rack, the next screen, and asks the next bot.
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
	if !wasMine && m.c.View.MyTurn() && !m.flashNews {
		m.flash = "" // "wait for X", "welcome back" are out of date now
	}
	cmds := []tea.Cmd{m.saveCmd()}
	switch m.c.View.Phase {
	case game.HandOver, game.MatchOver:
		m.endOfHand() // the last hand first, then the final table
	default:
		cmds = append(cmds, m.nextTurn())
	}
	return tea.Batch(cmds...)
}

// endOfHand shows the end of the hand, read from its top (after the
// settings or the scores, if they are open: they come back to it), at
// either game's table.
func (m *Model) endOfHand() {
	m.cancelBots()
	m.overlay = ovNone
	m.table().endHand()
	if m.screen == scrPlay {
		m.screen = scrHandOver
		m.pager.GotoTop()
	}
}

// Saving.

// rackJSON is the rack's arrangement as saved; nil (nothing to save)
// if it cannot be written, which only an invalid tile would cause.
func (m *Model) rackJSON() []byte { return m.table().rackJSON() }

// loadRack restores the saved arrangement when it belongs to this hand
// and holds this hand's tiles; otherwise the rack stays sorted.
func (m *Model) loadRack() {
	b, err := m.files.ReadRack()
	if err != nil {
		return
	}
	if why := m.c.LoadRack(b, readSlots); why != "" {
		m.rackDamaged(why)
	}
}

// readSlots reads a saved rack's slots, or says why they cannot be a
// rack: both games save their racks so.
func readSlots(slots []tile.Tile) (rack.Rack, string) {
	var r rack.Rack
	if len(slots) != rack.NumSlots {
		return r, fmt.Sprintf("%d slots, not %d", len(slots), rack.NumSlots)
	}
	copy(r.Slots[:], slots)
	for _, t := range r.Slots {
		if t != tile.NoTile && !t.Valid() {
			return r, fmt.Sprintf("no tile %d", int(t))
		}
	}
	return r, ""
}

// rackDamaged sets aside a saved arrangement of the rack that cannot be
// read (why) and tells the player, as a damaged match is: the rack
// starts sorted, and the file as it was is kept rather than silently
// overwritten by the next save.
func (m *Model) rackDamaged(why string) {
	if m.readOnly {
		return
	}
	path := m.files.RackPath()
	aside, err := m.files.SetAsideRack(m.now())
	if err != nil {
		m.notice = append(m.notice, m.tr.T("notice.rack.kept", store.ShortPath(path), why, err.Error()))
		return
	}
	m.notice = append(m.notice, m.tr.T("notice.rack.damaged", store.ShortPath(path), why, store.ShortPath(aside)))
}

// saveCmd saves the record and the rack as they stand, in a command.
func (m *Model) saveCmd() tea.Cmd {
	if !m.hasMatch() || !m.saving() {
		return nil
	}
	m.seq++
	seq, data, rack, stats, files := m.seq, m.rec, m.rackJSON(), m.statsJSON(), m.files
	return func() tea.Msg {
		if err := files.SaveMatch(seq, data); err != nil {
			return savedMsg{err: err, path: files.MatchPath()}
		}
		if stats != nil {
			if err := files.SaveStats(seq, stats); err != nil {
				return savedMsg{err: err, path: files.StatsPath()}
			}
		}
		if rack == nil {
			return savedMsg{}
		}
		if err := files.SaveRack(seq, rack); err != nil {
			return savedMsg{err: err, path: files.RackPath()}
		}
		return savedMsg{}
	}
}

// Flush writes the record and the rack if the last snapshot has not been
// written yet; the command calls it after the program ends.
func (m *Model) Flush() error {
	if !m.hasMatch() || !m.saving() {
		return nil
	}
	if err := m.files.SaveMatch(m.seq, m.rec); err != nil {
		return err
	}
	if stats := m.statsJSON(); stats != nil {
		if err := m.files.SaveStats(m.seq, stats); err != nil {
			return err
		}
	}
	if rack := m.rackJSON(); rack != nil {
		return m.files.SaveRack(m.seq, rack)
	}
	return nil
}
