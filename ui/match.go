package ui

import (
	"errors"
	"path/filepath"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"okey/game/record"
	"okey/kit/problem"
	"okey/kit/seatmsg"
	"okey/kit/store"
	"okey/ui/hosting"
	"okey/ui/saves"
	"okey/ui/seats"
	"okey/ui/settings"
	"okey/ui/stats"
	"okey/ui/table"
)

// A match's life, the same for both games: read back (load) or started
// (startMatch), its record saved as it grows (saveCmd, Flush), a new
// one started from the last (newMatchCmd), a hand's end shown
// (endOfHand). What only one game knows (its record read and replayed,
// its match made, its rack's file) its side of the table says
// (hosting.Game); the app never asks which game it is.

// Meta keys of a casual match's record.
const (
	metaUndo  = stats.MetaUndo
	metaUndos = table.MetaUndos
)

// keepLost sets aside a saved match that lost lines (lost, nil for
// none) whose first lines replayed, and tells the player which
// (saves.Files.KeepLost). A file that cannot be set aside is left as it
// is, and the match is played unsaved (cannotSave).
func (m *Model) keepLost(lost *store.Lost, over bool) {
	if lost == nil || m.readOnly {
		return
	}
	notice, err := m.saves().KeepLost(lost, over, m.saving())
	if err != nil {
		m.cannotSave(err)
		return
	}
	m.notice = append(m.notice, notice)
}

// setAsideDamaged sets aside a saved match that cannot be read (err; of
// an unknown version when version), tells the player, and starts a new
// match. Where nothing can be saved, or the file cannot be set aside,
// it is left as it is and the new match is played unsaved.
func (m *Model) setAsideDamaged(err error, version bool) error {
	if !m.saving() {
		m.notice = append(m.notice, m.tr.T("notice.save.unreadable", store.ShortPath(m.files.MatchPath()), problem.Reason(m.tr, err)))
		return m.startMatch(m.seed)
	}
	notice, err := m.saves().SetAsideDamaged(err, version)
	if err != nil {
		m.cannotSave(err)
	} else {
		m.notice = append(m.notice, notice)
	}
	return m.startMatch(m.seed)
}

// cannotSave turns saving off for this run, for err (a problem meant
// for the player: where the match is saved cannot be used), and tells
// the player, in words that say how to keep the next match.
func (m *Model) cannotSave(err error) {
	m.unsaved = err
	m.notice = append(m.notice, problem.In(err, m.tr))
}

// startMatch starts a new match of the settings' game with seed: its
// record's meta (the program, when, casual or not, the bots' names and
// levels) is the same for both games; the match is the game's side's
// to make (hosting.Game's Start).
func (m *Model) startMatch(seed uint64) error {
	m.dl = nil // a match of one's own ends the format it was played in
	t := m.tableOf(m.set.Game)
	meta := map[string]string{"program": "okey", metaStarted: startedNow(m.now())}
	if m.set.Undo {
		meta[metaUndo] = "on"
	}
	for s := 1; s < seats.N; s++ {
		meta["name"+strconv.Itoa(s)] = m.set.Names[s-1]
		meta["level"+strconv.Itoa(s)] = m.set.Levels[s-1]
	}
	rec, err := t.Start(seed, meta, m.set)
	if err != nil {
		return err
	}
	m.nextNo++
	m.rec = rec
	m.begun = false
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
	seed, err := settings.Seeds{Random: m.opt.Random, Set: m.opt.SeedSet}.Next(m.seed, m.nextNo)
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

// took takes in what an action did (p), at either table: what it adds to
// the statistics, the record's new lines, the status cleared when the
// turn has come round to the player ("wait for X" is out of date; news
// stays), the match saved, and the hand's end shown (over) or the next
// player asked.
func (m *Model) took(p hosting.Play) tea.Cmd {
	if p.Tally != nil {
		m.tally(p.Tally)
	}
	m.rec = append(m.rec, p.Lines...)
	m.begun = m.begun || p.WasMine
	if !p.WasMine && p.Mine && !m.flashNews {
		m.flash = ""
	}
	if p.Over {
		m.ended(m.rec) // the format's score kept before the save
	}
	cmds := []tea.Cmd{m.saveWith(p.Rack)}
	if p.Over {
		m.endOfHand() // the last hand first, then the final table
	} else {
		cmds = append(cmds, m.ask(p.Playing, p.Turn, p.Next))
	}
	return tea.Batch(cmds...)
}

// ended hands the end of the hand on the table (rec, its record) to
// the format it is played in, which keeps its result in the statistics;
// it reports whether the format goes on from it itself (its Next).
func (m *Model) ended(rec []byte) bool {
	over, changed := m.format().Ended(&m.stats, rec)
	m.statsChanged = changed || m.statsChanged
	return over
}

// endOfHand shows the end of the hand, read from its top (after the
// settings or the scores, if they are open: they come back to it), at
// either game's table, without the table's last word of the turn.
func (m *Model) endOfHand() {
	m.cancelBots()
	m.overlay = ovNone
	if !m.flashNews {
		// What the status said of the turn ("wait for Mehmet's move")
		// is out of date once the hand is over; news stays.
		m.flash, m.flashWarn = "", false
	}
	m.table().LetGo(hosting.LetHand)
	if m.screen == scrPlay {
		m.screen = scrHandOver
		m.pager.GotoTop()
	}
}

// quit saves what is not saved yet and stops.
func (m *Model) quit() tea.Cmd {
	if m.seat != nil {
		// A seat leaves: the holding program takes the player back to
		// where they came from.
		m.quitting = true
		m.cancelBots()
		return func() tea.Msg { return seatmsg.LeaveMsg{} }
	}
	m.quitting = true
	m.cancelBots()
	return tea.Sequence(m.saveCmd(), tea.Quit)
}

// Goodbye is the line to print after the program ends, in the player's
// language: where the match is saved, or, when it is over, that it goes
// with the finished matches; why it is not saved, if it could not be
// (flushErr is Flush's error). A read-only screen says nothing.
func (m *Model) Goodbye(flushErr error) string {
	switch {
	case flushErr != nil:
		return m.tr.T("bye.unsaved", saves.Why(m.tr, flushErr))
	case m.unsaved != nil:
		// A problem meant for the player was told in its own words.
		why := saves.Why(m.tr, m.unsaved)
		if p := (*problem.Problem)(nil); errors.As(m.unsaved, &p) {
			why = m.tr.T("save.unsaved")
		}
		return m.tr.T("bye.unsaved", why)
	case m.readOnly, !m.hasMatch(): // nothing on the table: nothing saved
		return ""
	case m.MatchOver():
		// Every other quit says where the match is; quitting from the
		// final table said nothing: it says where the match
		// goes and what the next start does — the daily's next hand, or
		// the match paused for the daily back, or a new match.
		done := store.ShortPath(filepath.Join(m.files.StateDir(), store.FinishedDir))
		switch {
		case m.dl != nil && !m.dl.Last():
			return m.tr.T("matchover.bye.daily", done)
		case m.dl != nil && m.paused:
			return m.tr.T("matchover.bye.paused", done)
		}
		return m.tr.T("matchover.bye", done)
	}
	return m.tr.T("bye.saved", store.ShortPath(m.files.MatchPath()))
}

// recordGame is the game a saved record names in its header, as
// record.ReadHeader reads it ("" when its first line is no header).
func recordGame(b []byte) string {
	h, _ := record.ReadHeader(b)
	return string(h.Kind)
}
