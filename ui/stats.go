package ui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"

	"okey/game"
	"okey/game/hand"
	"okey/game/meld"
	"okey/game/okey101"
	"okey/ui/store"
)

// The player's statistics, kept in the state directory: matches and
// hands played and won, points, okey finishes, by the bots' levels
// (casual matches, with undo, apart). Every hand is counted once: the
// file remembers how far the match being played was counted, so a
// resumed match, or one whose end was never saved, is counted up to
// where its record is, and no hand twice.

// statsVersion is the version of the statistics file.
const statsVersion = 1

// metaStarted is the record's meta key of when the match started, which
// with its seed tells matches apart.
const metaStarted = "started"

// statsFile is the statistics file.
type statsFile struct {
	Version int `json:"version"`
	// ByBots is keyed by the bots' levels, right,top,left ("+undo" for
	// casual matches).
	ByBots map[string]*botStats `json:"by_bots"`
	// Okey101 are the figures of Okey 101, keyed as ByBots; a file
	// written before 101 was counted has none, and reads as before.
	Okey101 map[string]*stats101 `json:"okey101,omitempty"`
	// Counting is how far the match being played is counted (in either
	// game: a match's id tells which).
	Counting *counted `json:"counting,omitempty"`
}

// stats101 are the player's figures at Okey 101 against one set of
// bots. Points are the player's hand scores added up: in 101 the fewer
// the better.
type stats101 struct {
	Matches     int `json:"matches"`
	MatchesWon  int `json:"matches_won"`
	MatchesTied int `json:"matches_tied"`
	Hands       int `json:"hands"`
	Finishes    int `json:"finishes"`
	Openings    int `json:"openings"`
	Points      int `json:"points"`
}

// botStats are the player's figures against one set of bots.
type botStats struct {
	Matches      int `json:"matches"`
	MatchesWon   int `json:"matches_won"`
	MatchesTied  int `json:"matches_tied"`
	Hands        int `json:"hands"`
	HandsWon     int `json:"hands_won"`
	OkeyFinishes int `json:"okey_finishes"`
	PairsWins    int `json:"pairs_wins"`
	PointsLost   int `json:"points_lost"`
	PointsWon    int `json:"points_won"`
}

// counted is how far a match has been counted.
type counted struct {
	Match string `json:"match"`
	Hands int    `json:"hands"`
	Done  bool   `json:"done"`
}

// loadStats reads the statistics; a file that cannot be read is set
// aside (when saves work) and counting starts again, with a notice.
func (m *Model) loadStats() {
	m.stats = statsFile{Version: statsVersion, ByBots: map[string]*botStats{}, Okey101: map[string]*stats101{}}
	b, err := m.files.ReadStats()
	if errors.Is(err, fs.ErrNotExist) || err != nil && !m.saving() {
		return
	}
	var s statsFile
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err == nil && s.Version != statsVersion {
		err = errors.New("version " + strconv.Itoa(s.Version))
	}
	if err != nil {
		path := store.ShortPath(m.files.StatsPath())
		if aside, aerr := m.files.SetAsideStats(m.now()); aerr == nil {
			m.notice = append(m.notice, m.tr.T("notice.stats", path, err.Error(), store.ShortPath(aside)))
		}
		return
	}
	if s.ByBots == nil {
		s.ByBots = map[string]*botStats{}
	}
	if s.Okey101 == nil {
		s.Okey101 = map[string]*stats101{}
	}
	m.stats = s
}

// matchID tells a match of either game apart: its start and its seed
// (from its record's meta and header).
func matchID(meta map[string]string, seed uint64) string {
	return meta[metaStarted] + "/" + strconv.FormatUint(seed, 10)
}

// botsKey is the key of a match's bots in the statistics, from its
// record's meta (both games name the levels alike).
func botsKey(meta map[string]string) string {
	levels := make([]string, 0, game.NumSeats-1)
	for s := 1; s < game.NumSeats; s++ {
		l := meta["level"+strconv.Itoa(s)]
		if l == "" {
			l = "?"
		}
		levels = append(levels, l)
	}
	key := strings.Join(levels, ",")
	if meta[metaUndo] == "on" {
		key += "+undo"
	}
	return key
}

// tally counts what the statistics do not have yet of the match with
// record rec, state st and hands hs; it reports whether anything was
// counted.
func (m *Model) tally(rec *game.Record, st game.State, hs []handScore) bool {
	if m.readOnly {
		return false
	}
	c := m.counting(rec.Meta, rec.Seed)
	key := botsKey(rec.Meta)
	b := m.stats.ByBots[key]
	if b == nil {
		b = &botStats{}
		m.stats.ByBots[key] = b
	}
	changed := false
	for _, h := range hs {
		if h.res.Hand <= c.Hands {
			continue
		}
		c.Hands, changed = h.res.Hand, true
		b.Hands++
		b.PointsLost += h.res.Lost[0]
		if h.res.Winner == 0 && !h.res.WallOut {
			b.HandsWon++
			if h.res.OkeyFinish {
				b.OkeyFinishes++
			}
			if h.res.Win.Kind == hand.WinPairs {
				b.PairsWins++
			}
			for s := 1; s < game.NumSeats; s++ {
				b.PointsWon += h.res.Lost[s]
			}
		}
	}
	if mr := st.MatchResult(); mr != nil && !c.Done {
		c.Done, changed = true, true
		b.Matches++
		switch mr.Outcome[0] {
		case game.OutcomeWon:
			b.MatchesWon++
		case game.OutcomeTied:
			b.MatchesTied++
		}
	}
	m.statsChanged = m.statsChanged || changed
	return changed
}

// counting is how far the match of meta and seed is counted: a match
// not seen before starts from nothing.
func (m *Model) counting(meta map[string]string, seed uint64) *counted {
	id := matchID(meta, seed)
	c := m.stats.Counting
	if c == nil || c.Match != id {
		c = &counted{Match: id}
		m.stats.Counting = c
	}
	return c
}

// tally101 counts what the statistics do not have yet of a match of
// Okey 101 with record rec and the player's view v: its hands played to
// their end (a void hand, dealt again, is none), and the match once it
// is over. Hands are counted by their place on the score sheet, which a
// redeal does not share with the hand's number.
func (m *Model) tally101(rec *okey101.Record, v *okey101.View) bool {
	if m.readOnly || m.seat != nil {
		return false
	}
	c := m.counting(rec.Meta, rec.Seed)
	key := botsKey(rec.Meta)
	b := m.stats.Okey101[key]
	if b == nil {
		b = &stats101{}
		m.stats.Okey101[key] = b
	}
	changed := false
	for i := c.Hands; i < len(v.Results); i++ {
		r := &v.Results[i]
		c.Hands, changed = i+1, true
		if r.Void {
			continue
		}
		b.Hands++
		b.Points += r.Scores[0]
		if !r.WallOut && r.Finisher == 0 {
			b.Finishes++
		}
		if r.Lines[0].Opened != meld.NotOpened {
			b.Openings++
		}
	}
	if mr := v.Match; mr != nil && !c.Done {
		c.Done, changed = true, true
		b.Matches++
		switch mr.Outcome[0] {
		case okey101.OutcomeWon:
			b.MatchesWon++
		case okey101.OutcomeTied:
			b.MatchesTied++
		}
	}
	m.statsChanged = m.statsChanged || changed
	return changed
}

// statsJSON is the statistics as saved, nil when unchanged since the
// last save.
func (m *Model) statsJSON() []byte {
	if !m.statsChanged {
		return nil
	}
	b, err := json.MarshalIndent(m.stats, "", "  ")
	if err != nil {
		return nil
	}
	m.statsChanged = false
	return append(b, '\n')
}

// played is what statsKeys needs of either game's figures.
type played interface{ played() int }

func (b *botStats) played() int { return max(b.Hands, b.Matches) }
func (b *stats101) played() int { return max(b.Hands, b.Matches) }

// statsKeys are the bot sets of one game's figures with anything
// played, most hands first.
func statsKeys[S played](by map[string]S) []string {
	keys := make([]string, 0, len(by))
	for k, b := range by {
		if b.played() > 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b string) int {
		if d := by[b].played() - by[a].played(); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return keys
}

// startedNow is the start of a new match, for its record.
func startedNow(now time.Time) string { return now.UTC().Format(time.RFC3339Nano) }
