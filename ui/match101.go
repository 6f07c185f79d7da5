package ui

import (
	"encoding/json"
	"errors"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/okey101"
	"okey/ui/play101"
	"okey/ui/play101/decide"
	"okey/ui/settings"
)

// recordGame is the game a saved record names in its header: "" for
// classic Okey (whose records name none), okey101.GameName for 101.
func recordGame(b []byte) string {
	line := b
	for i, c := range b {
		if c == '\n' {
			line = b[:i]
			break
		}
	}
	var h struct {
		Game string `json:"game"`
	}
	if json.Unmarshal(line, &h) != nil {
		return ""
	}
	return h.Game
}

// readSaved101 reads a saved record of 101 and replays it, as readSaved
// does a classic one.
func readSaved101(b []byte) (*okey101.Game, []byte, error) {
	return replaySaved(b, func(b []byte) (*okey101.Game, error) {
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			return nil, err
		}
		return okey101.Replay(rec)
	})
}

// load101 resumes a saved match of 101, or sets it aside when it cannot
// be read and starts a new match.
func (m *Model) load101(b []byte) error {
	g, torn, err := readSaved101(b)
	if err != nil && m.readOnly {
		return err
	}
	over := err == nil && g.State().Phase() == okey101.MatchOver
	if terr := m.keepTorn(torn, err, over); terr != nil {
		return terr
	}
	if err != nil {
		return m.setAsideDamaged(err, errors.Is(err, okey101.ErrRecordVersion))
	}
	if over && !m.readOnly {
		// Counted first, if its end was never counted.
		done := g.Record()
		v := g.State().View(0)
		m.tally101(&done, &v)
		if err := m.archiveFinished(done.Marshal(), torn != nil); err != nil {
			return err
		}
		return m.startMatch(m.seed)
	}
	m.adopt101(g)
	rec := g.Record()
	m.rec = rec.Marshal()
	m.seq++
	m.loadRack101()
	m.offerResumed(settings.Game101)
	return nil
}

// startMatch101 starts a new match of 101 with seed and the settings.
func (m *Model) startMatch101(seed uint64) error {
	r, err := m.set.ParsedRules101()
	if err != nil {
		return err
	}
	meta := map[string]string{"program": "okey", metaStarted: startedNow(m.now())}
	if m.set.Undo {
		meta[metaUndo] = "on"
	}
	src := m.players101()
	for s := 1; s < okey101.NumSeats; s++ {
		meta["name"+strconv.Itoa(s)] = m.set.Names[s-1]
		meta["level"+strconv.Itoa(s)] = src.Level(m.set.Levels[s-1])
	}
	g, err := okey101.NewGame(r, seed, meta)
	if err != nil {
		return err
	}
	m.nextNo++
	m.adopt101(g)
	rec := g.Record()
	m.rec = rec.Marshal()
	m.seq++
	m.screen = scrPlay
	return nil
}

// adopt101 makes g the match on the table: the names, levels and players
// from its record's meta, the view, the rack, the log.
func (m *Model) adopt101(g *okey101.Game) {
	m.cancelBots()
	rec := g.Record()
	m.c.G, m.c.View = nil, game.View{}
	m.seed = rec.Seed
	t := m.new101(g)
	src := m.players101()
	m.names[0], m.levels[0] = "", ""
	for s := 1; s < okey101.NumSeats; s++ {
		m.names[s] = cleanName(rec.Meta["name"+strconv.Itoa(s)])
		if m.names[s] == "" {
			m.names[s] = m.set.Names[s-1]
		}
		m.levels[s] = src.Level(rec.Meta["level"+strconv.Itoa(s)])
		t.Players[s] = &decide.SeatPlayer{Level: m.levels[s], Seed: rec.Seed*4 + uint64(s), Build: src.New}
	}
	m.t = t
	m.flash = ""
	m.history, m.casual = nil, rec.Meta[metaUndo] == "on"
	t.Start(g.State().View(0))
	m.tally101(&rec, &t.View)
}

// new101 is a table of 101 for the match g (nil: a served seat's)
// hosted by m, the lines of its log written to the debug log when
// there is one.
func (m *Model) new101(g *okey101.Game) *play101.Table {
	t := play101.NewTable(tableHost{m}, g)
	if m.opt.Log != nil {
		t.Logged = func(e play101.LogEntry) { m.debugMove(func() string { return t.LogText(e) }) }
	}
	return t
}

// applied101 takes in what an action did: the record, the log, the view,
// the rack, the next screen; it asks the next bot and saves.
func (m *Model) applied101(evs []okey101.Event, lines []byte) tea.Cmd {
	t := m.t
	m.rec = append(m.rec, lines...)
	for _, e := range evs {
		t.AddLog(e.Redact(0), -1)
	}
	wasMine := t.View.MyTurn()
	t.Refresh()
	if !wasMine && t.View.MyTurn() && !m.flashNews {
		m.flash = "" // "wait for X" is out of date now
	}
	over := t.View.Phase == okey101.HandOver || t.View.Phase == okey101.MatchOver
	if over { // counted before the save, which writes the statistics too
		rec := t.G.Record()
		m.tally101(&rec, &t.View)
	}
	cmds := []tea.Cmd{m.saveCmd()}
	switch {
	case over:
		m.endOfHand()
	default:
		cmds = append(cmds, m.nextTurn())
	}
	return tea.Batch(cmds...)
}

// Saving the rack.

// loadRack101 restores the saved arrangement (play101.Table.TakeRack),
// or says that the file is damaged.
func (m *Model) loadRack101() {
	b, err := m.files.ReadRack()
	if err != nil {
		return
	}
	var f play101.RackFile
	if err := json.Unmarshal(b, &f); err != nil {
		m.rackDamaged(err.Error())
		return
	}
	r, why := readSlots(f.Slots)
	if why != "" {
		m.rackDamaged(why)
		return
	}
	m.t.TakeRack(f, r)
}
