package stats

import (
	"encoding/json"
	"fmt"
	"slices"

	"okey/game"
	"okey/game/daily"
)

// Daily is one daily played, kept for the daily's streak and trend: its
// day and game, for the record or as practice, the player's score hand
// by hand as the hands end, and par once it is known. A daily is one
// entry from its first hand to its last, however often it was paused;
// played again it is another entry, marked practice.
type Daily struct {
	// ID tells one play of a daily from another: when it started.
	ID   string `json:"id"`
	Date string `json:"date"`
	Game string `json:"game"`
	// Practice: played again, or a day other than today, not for the
	// record.
	Practice bool `json:"practice,omitempty"`
	// Hands is how many hands the day's set has.
	Hands int `json:"hands"`
	// From is the first hand counted (1 unless the earlier hands'
	// results were lost: a damaged statistics file set aside while the
	// daily was paused).
	From int `json:"from,omitempty"`
	// Scores are the player's scores of the hands ended, from hand
	// From on, in the game's own measure (bots/par's).
	Scores []int `json:"scores"`
	// Par is par hand by hand, once measured (all the day's hands).
	Par []int `json:"par,omitempty"`
}

// First is the number of the first hand counted.
func (d Daily) First() int { return max(d.From, 1) }

// Done reports whether every hand of the daily has ended.
func (d Daily) Done() bool { return d.First()-1+len(d.Scores) >= d.Hands }

// Against is the result against par hand by hand, more being better in
// both games (bots/par's Against), for the hands ended; ok is false
// until par is known.
func (d Daily) Against() (hands []int, total int, ok bool) {
	if len(d.Par) != d.Hands {
		return nil, 0, false
	}
	for i, s := range d.Scores {
		p := d.Par[d.First()-1+i]
		a := s - p
		if d.Game == string(game.Okey101) {
			a = p - s
		}
		hands = append(hands, a)
		total += a
	}
	return hands, total, true
}

// check says what is wrong with an entry read back, nil for nothing.
func (d Daily) check() error {
	g, err := game.ParseKind(d.Game)
	if err != nil {
		return err
	}
	if _, err := daily.ParseDate(d.Date); err != nil {
		return err
	}
	switch {
	case d.ID == "":
		return fmt.Errorf("no id")
	case d.Hands != daily.Hands(g):
		return fmt.Errorf("%d hands, not %d", d.Hands, daily.Hands(g))
	case d.From < 0 || d.From > d.Hands:
		return fmt.Errorf("from hand %d", d.From)
	case d.First()-1+len(d.Scores) > d.Hands:
		return fmt.Errorf("%d scores", len(d.Scores))
	case len(d.Par) != 0 && len(d.Par) != d.Hands:
		return fmt.Errorf("%d hands of par", len(d.Par))
	}
	return nil
}

// Daily is the entry with id, and whether there is one.
func (f *File) Daily(id string) (Daily, bool) {
	for _, d := range f.Dailies {
		if d.ID == id {
			return d, true
		}
	}
	return Daily{}, false
}

// Recorded is the entry for the record of the daily of game on date,
// and whether there is one: a daily counts once.
func (f *File) Recorded(game, date string) (Daily, bool) {
	for _, d := range f.Dailies {
		if !d.Practice && d.Game == game && d.Date == date {
			return d, true
		}
	}
	return Daily{}, false
}

// PutDaily keeps d, in place of the entry with its id if there is one.
// An entry for the record of a day already recorded under another id (a
// second machine sharing the state directory, a file merged by hand)
// is kept as practice: a daily counts once. It returns d as kept.
func (f *File) PutDaily(d Daily) Daily {
	if r, ok := f.Recorded(d.Game, d.Date); ok && r.ID != d.ID && !d.Practice {
		d.Practice = true
	}
	d.Scores = slices.Clone(d.Scores)
	d.Par = slices.Clone(d.Par)
	for i := range f.Dailies {
		if f.Dailies[i].ID == d.ID {
			f.Dailies[i] = d
			return d
		}
	}
	f.Dailies = append(f.Dailies, d)
	return d
}

// parseDailies reads the dailies of a statistics file: an entry that
// cannot be read, or reads as no daily (a day that does not exist, more
// scores than hands), is set aside in DailiesAside, kept as it was,
// and counted in Damaged for the player to be told.
func (f *File) parseDailies(raw []json.RawMessage) {
	f.Dailies = nil
	for _, r := range raw {
		var d Daily
		err := json.Unmarshal(r, &d)
		if err == nil {
			err = d.check()
		}
		if err != nil {
			f.DailiesAside = append(f.DailiesAside, r)
			f.Damaged++
			continue
		}
		f.Dailies = append(f.Dailies, d)
	}
}
