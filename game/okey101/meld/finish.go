package meld

import (
	"fmt"

	"okey/game/tile"
)

// Status is where a player stands in a hand of 101: not opened yet, or
// opened with runs and sets, or with pairs.
type Status uint8

// The statuses.
const (
	NotOpened Status = iota
	OpenedMelds
	OpenedPairs
)

func (s Status) String() string {
	switch s {
	case OpenedMelds:
		return "opened with melds"
	case OpenedPairs:
		return "opened with pairs"
	}
	return "not opened"
}

// MarshalText writes the status's name, so JSON carries "opened with pairs".
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status's name.
func (s *Status) UnmarshalText(b []byte) error {
	for _, x := range []Status{NotOpened, OpenedMelds, OpenedPairs} {
		if string(b) == x.String() {
			*s = x
			return nil
		}
	}
	return fmt.Errorf("%q is not a status (not opened, opened with melds, opened with pairs)", b)
}

// Turn is what the analysis of a turn needs beyond the rack and the
// table: where the player stands and the rules that bind the turn.
type Turn struct {
	Status Status
	// Threshold is the value an opening with melds must reach now (101,
	// open=N, or with progressive one more than the highest opening so
	// far).
	Threshold int
	// OkeyPair lets two okeys pair.
	OkeyPair bool
	// Taken is the previous discard taken this turn and not yet used, or
	// tile.NoTile: a player who has not opened must open with it, one who
	// has must put it on the table.
	Taken tile.Tile
}

// StepKind is what a step of a plan does.
type StepKind uint8

// The steps of a turn on the table.
const (
	// StepOpen opens with Melds (runs and sets, or pairs).
	StepOpen StepKind = iota + 1
	// StepLay lays down new Melds (or pairs) after opening.
	StepLay
	// StepLayOff lays Tile off onto table meld Meld at End.
	StepLayOff
	// StepTakeBack puts Tile in the place of an okey of table meld Meld
	// and takes the okey into the rack.
	StepTakeBack
)

func (k StepKind) String() string {
	switch k {
	case StepOpen:
		return "open"
	case StepLay:
		return "lay"
	case StepLayOff:
		return "lay off"
	case StepTakeBack:
		return "take back"
	}
	return "step"
}

// MarshalText writes the step's name.
func (k StepKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a step's name.
func (k *StepKind) UnmarshalText(b []byte) error {
	for _, x := range []StepKind{StepOpen, StepLay, StepLayOff, StepTakeBack} {
		if string(b) == x.String() {
			*k = x
			return nil
		}
	}
	return fmt.Errorf("meld: unknown step %q", b)
}

// Step is one action on the table. Meld indexes the table as it stands
// when the step is made: the melds laid earlier in the turn are appended
// to it in the order they were laid.
type Step struct {
	Kind  StepKind  `json:"kind"`
	Melds []Meld    `json:"melds,omitempty"`
	Meld  int       `json:"meld"`
	Tile  tile.Tile `json:"tile"`
	End   End       `json:"end"`
}

// Plan is a way to finish the turn: the steps in order, then the
// discard.
type Plan struct {
	Steps []Step `json:"steps"`
	// Pairs is set when the plan opens with pairs; OpenValue is the
	// opening's value (melds) or number of pairs, 0 for a player who had
	// opened.
	Pairs     bool `json:"pairs,omitempty"`
	OpenValue int  `json:"open_value,omitempty"`
	// Discard is the last tile, thrown to finish.
	Discard tile.Tile `json:"discard"`
	// OkeyFinish is set when Discard is an okey (the hand's score
	// doubles).
	OkeyFinish bool `json:"okey_finish,omitempty"`
}

// finishing modes: what the player may lay this turn and what counts.
type fmode uint8

const (
	modeMelds     fmode = iota // opened with melds: new runs and sets, lay-offs
	modePairs                  // opened with pairs: new pairs, lay-offs
	modeOpenMelds              // opens with melds now: their value counts
	modeOpenPairs              // opens with pairs now: their number counts
)

// pairsMode reports whether the mode lays pairs (and no runs or sets).
func (m fmode) pairsMode() bool { return m == modePairs || m == modeOpenPairs }

// tableSet is a set of the table as the finish search sees it.
type tableSet struct {
	meld  int
	have  uint8 // colours of its real tiles
	room  uint8 // tiles it can still take (4 - size)
	okeys uint8 // okeys it holds, each freed by a real tile of a colour it lacks
}

// hooks is the table as the finish search sees it, by colour and value.
type hooks struct {
	// inject[c][v]: runs of colour c whose high end is v-1: a tile at v
	// may go on above them, and then more above it.
	inject [tile.NumColours][tile.NumValues + 2]uint8
	// absorb[c][v]: runs of colour c whose low end is v: a chain of tiles
	// of c ending at v-1 may go on below them.
	absorb [tile.NumColours][tile.NumValues + 2]uint8
	// freed[c][v]: okeys on runs and pairs standing for c, v.
	freed [tile.NumColours][tile.NumValues + 2]uint8
	sets  [tile.NumValues + 1][]tableSet
	// frees is the most okeys the table could give back.
	frees int
	// runs lists the table runs by colour, for the plan.
	runs []int
}

func (a Analyzer) hooksOf(table []Meld) *hooks {
	h := &hooks{}
	for i, m := range table {
		if !m.wellFormed() {
			continue
		}
		switch m.Kind {
		case Run:
			c, lo, hi := m.RunColour(), m.Low(), m.High()
			if hi < tile.NumValues {
				h.inject[c][hi+1]++
			}
			if lo > 1 {
				h.absorb[c][lo]++
			}
			h.runs = append(h.runs, i)
			for k, x := range m.Tiles {
				if a.IsOkey(x) {
					h.freed[c][m.As[k].Value()]++
					h.frees++
				}
			}
		case Pair:
			for k, x := range m.Tiles {
				if a.IsOkey(x) && m.As[k].Valid() {
					p := m.As[k]
					h.freed[p.Colour()][p.Value()]++
					h.frees++
				}
			}
		case Set:
			ts := tableSet{meld: i, have: m.colours(), room: uint8(max(0, 4-len(m.Tiles)))}
			for _, x := range m.Tiles {
				if a.IsOkey(x) {
					ts.okeys++
				}
			}
			h.frees += int(ts.okeys)
			v := m.SetValue()
			h.sets[v] = append(h.sets[v], ts)
		}
	}
	h.frees = min(h.frees, 2)
	return h
}
