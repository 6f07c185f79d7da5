// Package stats is the player's statistics, kept in the state directory
// (kit/store reads and writes the file): matches and hands played and
// won, points, okey finishes, openings, by the bots' levels (casual
// matches, with undo, apart), for classic Okey and Okey 101 side by side.
// Every hand is counted once: the file remembers how far the match being
// played was counted, so a resumed match, or one whose end was never
// saved, is counted up to where its record is, and no hand twice. It
// reads the games' records and results, and nothing of ui.
package stats

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// Version is the version of the statistics file.
const Version = 1

// The record's meta keys the statistics read: when the match started
// (with its seed, it tells matches apart), and the mark of a casual
// match (undo on).
const (
	MetaStarted = "started"
	MetaUndo    = "undo"
)

// File is the statistics file.
type File struct {
	Version int `json:"version"`
	// ByBots is keyed by the bots' levels, right,top,left ("+undo" for
	// casual matches).
	ByBots map[string]*Classic `json:"by_bots"`
	// Okey101 are the figures of Okey 101, keyed as ByBots; a file
	// written before 101 was counted has none, and reads as before.
	Okey101 map[string]*Okey101 `json:"okey101,omitempty"`
	// Counting is how far the match being played is counted (in either
	// game: a match's id tells which).
	Counting *Counted `json:"counting,omitempty"`
	// Dailies are the dailies played, in the order they were begun; a
	// file written before the daily was played has none, and reads as
	// before. DailiesAside are entries that could not be read, kept as
	// they were (Damaged counts those found by this run's Parse).
	Dailies      []Daily           `json:"dailies,omitempty"`
	DailiesAside []json.RawMessage `json:"dailies_aside,omitempty"`
	Damaged      int               `json:"-"`
}

// Okey101 are the player's figures at Okey 101 against one set of
// bots. Points are the player's hand scores added up: in 101 the fewer
// the better.
type Okey101 struct {
	Matches     int `json:"matches"`
	MatchesWon  int `json:"matches_won"`
	MatchesTied int `json:"matches_tied"`
	Hands       int `json:"hands"`
	Finishes    int `json:"finishes"`
	Openings    int `json:"openings"`
	Points      int `json:"points"`
}

// Classic are the player's figures against one set of bots.
type Classic struct {
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

// Counted is how far a match has been counted.
type Counted struct {
	Match string `json:"match"`
	Hands int    `json:"hands"`
	Done  bool   `json:"done"`
}

// New is an empty statistics file.
func New() File {
	return File{Version: Version, ByBots: map[string]*Classic{}, Okey101: map[string]*Okey101{}}
}

// Parse reads a statistics file; an error for one that is not JSON or of
// another version.
func Parse(b []byte) (File, error) {
	// The dailies are read one entry at a time (parseDailies): a damaged
	// entry is set aside, not the whole file.
	type plain File
	var in struct {
		*plain
		Dailies []json.RawMessage `json:"dailies"`
	}
	var f File
	in.plain = (*plain)(&f)
	if err := json.Unmarshal(b, &in); err != nil {
		return File{}, err
	}
	f.parseDailies(in.Dailies)
	if f.Version != Version {
		return File{}, errors.New("version " + strconv.Itoa(f.Version))
	}
	if f.ByBots == nil {
		f.ByBots = map[string]*Classic{}
	}
	if f.Okey101 == nil {
		f.Okey101 = map[string]*Okey101{}
	}
	return f, nil
}

// MatchID tells a match of either game apart: its start and its seed
// (from its record's meta and header).
func MatchID(meta map[string]string, seed uint64) string {
	return meta[MetaStarted] + "/" + strconv.FormatUint(seed, 10)
}

// BotsKey is the key of a match's bots in the statistics, from its
// record's meta (both games name the levels alike).
func BotsKey(meta map[string]string) string {
	levels := make([]string, 0, game.NumSeats-1)
	for s := 1; s < game.NumSeats; s++ {
		l := meta["level"+strconv.Itoa(s)]
		if l == "" {
			l = "?"
		}
		levels = append(levels, l)
	}
	key := strings.Join(levels, ",")
	if meta[MetaUndo] == "on" {
		key += "+undo"
	}
	return key
}

// TallyClassic counts what the file does not have yet of the classic
// match with record rec, state st and the results of its hands ended so
// far; it reports whether anything was counted.
func (f *File) TallyClassic(rec *classic.Record, st classic.State, hands []classic.HandResult) bool {
	c := f.counting(rec.Meta, rec.Seed)
	key := BotsKey(rec.Meta)
	b := f.ByBots[key]
	if b == nil {
		b = &Classic{}
		f.ByBots[key] = b
	}
	changed := false
	for _, res := range hands {
		if res.Hand <= c.Hands {
			continue
		}
		c.Hands, changed = res.Hand, true
		b.Hands++
		b.PointsLost += res.Lost[0]
		if res.Winner == 0 && !res.WallOut {
			b.HandsWon++
			if res.OkeyFinish {
				b.OkeyFinishes++
			}
			if res.Win.Kind == hand.WinPairs {
				b.PairsWins++
			}
			for s := 1; s < game.NumSeats; s++ {
				b.PointsWon += res.Lost[s]
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
	return changed
}

// counting is how far the match of meta and seed is counted: a match
// not seen before starts from nothing.
func (f *File) counting(meta map[string]string, seed uint64) *Counted {
	id := MatchID(meta, seed)
	c := f.Counting
	if c == nil || c.Match != id {
		c = &Counted{Match: id}
		f.Counting = c
	}
	return c
}

// Tally101 counts what the file does not have yet of a match of Okey 101
// with record rec and the player's view v: its hands played to their end
// (a void hand, dealt again, is none), and the match once it is over.
// Hands are counted by their place on the score sheet, which a redeal
// does not share with the hand's number.
func (f *File) Tally101(rec *okey101.Record, v *okey101.View) bool {
	c := f.counting(rec.Meta, rec.Seed)
	key := BotsKey(rec.Meta)
	b := f.Okey101[key]
	if b == nil {
		b = &Okey101{}
		f.Okey101[key] = b
	}
	changed := false
	for i := c.Hands; i < len(v.Results); i++ {
		r := &v.Results[i]
		c.Hands, changed = i+1, true
		if r.Void {
			continue
		}
		b.Hands++
		b.Points += r.Lines[0].Total
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
		case game.OutcomeWon:
			b.MatchesWon++
		case game.OutcomeTied:
			b.MatchesTied++
		}
	}
	return changed
}

// played is what Keys needs of either game's figures.
type played interface{ played() int }

func (b *Classic) played() int { return max(b.Hands, b.Matches) }
func (b *Okey101) played() int { return max(b.Hands, b.Matches) }

// Keys are the bot sets of one game's figures with anything
// played, most hands first.
func Keys[S played](by map[string]S) []string {
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
