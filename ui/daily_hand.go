package ui

import (
	"encoding/json"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/okey101"
	"okey/game/record"
	"okey/ui/playdaily"
	"okey/ui/stats"
)

// putDaily keeps the entry in the statistics.
func (m *Model) putDaily() {
	m.dl.entry = m.stats.PutDaily(m.dl.entry)
	m.statsChanged = true
}

// dailyHandEnded takes in the end of the daily's hand on the table
// (rec, its record): its score is kept in the entry, once. A record
// whose hand is not over (a void deal of 101, dealt again) adds
// nothing; it reports whether the daily's hand is over.
func (m *Model) dailyHandEnded(rec []byte) bool {
	d := m.dl
	if d == nil {
		return false
	}
	s, err := playdaily.Score(d.set.Game, rec)
	if err != nil {
		return false
	}
	d.recs[d.hand] = rec
	if d.entry.First()-1+len(d.entry.Scores) < d.hand {
		d.entry.Scores = append(d.entry.Scores, s)
		m.putDaily()
	}
	return true
}

// dailyOfRecord is the daily a saved record is a hand of (its meta),
// taken up again with its entry in the statistics; nil when the record
// is no daily's or the app only looks. A hand whose entry is gone (the
// statistics set aside meanwhile) goes on as practice, counted from
// that hand.
func (m *Model) dailyOfRecord(b []byte) *dailyState {
	if m.readOnly {
		return nil
	}
	meta := recordMeta(b)
	if meta[daily.MetaDaily] == "" {
		return nil
	}
	var named daily.Named
	var err error
	if recordGame(b) == string(game.Okey101) {
		var r okey101.Record
		if r, err = okey101.ParseRecord(b); err == nil {
			named, err = daily.Identify101(r)
		}
	} else {
		var r classic.Record
		if r, err = classic.ParseRecord(b); err == nil {
			named, err = daily.IdentifyClassic(r)
		}
	}
	if err != nil {
		m.notice = append(m.notice, m.tr.T("daily.damaged", err.Error()))
		return nil
	}
	d := &dailyState{set: named.Set, hand: named.Hand.N, recs: map[int][]byte{}}
	if fp, err := named.Set.Fingerprint(); err == nil {
		d.short = fp.Short()
	}
	e, ok := m.stats.Daily(meta[metaDailyID])
	if !ok || e.Date != named.Set.Date.String() || e.Game != string(named.Set.Game) {
		e = stats.Daily{ID: meta[metaDailyID], Date: named.Set.Date.String(), Game: string(named.Set.Game),
			Practice: true, Hands: len(named.Set.Hands), From: named.Hand.N}
		if e.ID == "" {
			e.ID = startedNow(m.now())
		}
		m.notice = append(m.notice, m.tr.T("daily.lost", named.Hand.N))
		d.why = "daily.why.lost"
	} else if e.Practice {
		d.why = "daily.why.again"
	}
	d.entry = e
	m.dl = d
	m.putDaily()
	return d
}

// recordMeta is the meta of a record's header (nil when it has none).
func recordMeta(b []byte) map[string]string {
	line, _, _ := strings.Cut(string(b), "\n")
	var h struct {
		Meta map[string]string `json:"meta"`
	}
	if json.Unmarshal([]byte(line), &h) != nil {
		return nil
	}
	return h.Meta
}

// recordGame is the game a saved record names in its header, as
// record.ReadHeader reads it ("" when its first line is no header).
func recordGame(b []byte) string {
	h, _ := record.ReadHeader(b)
	return string(h.Kind)
}

// metaDailyID is the record's meta key of the daily's entry in the
// statistics (its id), which ties a paused hand to its earlier hands'
// results.
const metaDailyID = "daily_id"
