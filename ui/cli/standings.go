package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"okey/game/tourney"
)

// Recount is okey tournament standings' engine: a tournament's
// standings counted again from its matches' records, beside the ones
// the server published ("ssh HOST tournament ID --json"), so that
// anyone can check the result without a program of their own.

// Counted is a match's record as the recount takes it: the table that
// played it (the record's meta names it) and the places its replay
// ends with, seat by seat; and, where its hand has one (Scored), each
// seat's result, more being better: what a duplicate round's seats are
// scored against the field by.
type Counted struct {
	Table   int
	Places  [4]int
	Results [4]int
	Scored  bool
}

// Recounted is what the recount found: the standings counted again, in
// their order, each line beside the published one; the tables checked
// against a record and those taken as published (no record given);
// Same when every line and the order are the published ones.
type Recounted struct {
	ID        string
	Lines     []RecountLine
	Checked   []int
	Unchecked []int
	// Extra are records of tables the published matches do not name.
	Extra []int
	Same  bool
	// Field: a duplicate tournament's field scores were counted again
	// too (every published match had its record), and each line's
	// Field is beside the published one.
	Field bool
}

// RecountLine is a line of the standings counted again, and the line
// the server published for the same player or team (Published.Rank
// their place there).
type RecountLine struct {
	Name      string
	Points    tourney.Points
	Matches   int
	Wins      int
	Opponents tourney.Points
	// Field is the line's duplicate score counted again (nil: none, or
	// not counted: Recounted.Field).
	Field     *big.Rat
	Published PublishedLine
	Same      bool
}

// PublishedLine is a standings line as the server published it.
type PublishedLine struct {
	Rank      int     `json:"rank"`
	Name      string  `json:"name"`
	Twelfths  int     `json:"twelfths"`
	Matches   int     `json:"matches"`
	Wins      int     `json:"wins"`
	Rating    int     `json:"rating"`
	Opponents *string `json:"opponents,omitempty"`
	// Field is a duplicate tournament's score against the field, as
	// the page writes it ("+1.5").
	Field *string `json:"field,omitempty"`
	// Team is a partners' team's players ("" a bot partner).
	Team []string `json:"team,omitempty"`
}

// published is what the recount reads of a tournament's JSON.
type published struct {
	ID        string          `json:"id"`
	Kind      string          `json:"kind"`
	Game      string          `json:"game"`
	Duplicate bool            `json:"duplicate"`
	Partners  bool            `json:"partners"`
	Standings []PublishedLine `json:"standings"`
	Matches   []struct {
		Table   int       `json:"table"`
		Round   int       `json:"round"`
		Players [4]string `json:"players"`
		Places  [4]int    `json:"places"`
		Forfeit [4]bool   `json:"forfeit"`
	} `json:"matches"`
}

// ErrPublished is a tournament's JSON the recount cannot read.
var ErrPublished = errors.New("not a tournament's JSON (ssh HOST tournament ID --json)")

// Game is the game a tournament's published JSON names ("classic",
// "101"): what its records are replayed as.
func Game(pub []byte) (string, error) {
	var p published
	if err := json.Unmarshal(pub, &p); err != nil || p.Kind == "" {
		return "", ErrPublished
	}
	return p.Game, nil
}

// Recount counts tournament pub's standings again from recs: each
// published match whose table has a record takes the record's places
// (as the tournament takes a table's end: a team's seats share their
// team's place), the forfeits as published (the tables' word); a match
// with no record is taken as published and named Unchecked. The
// standings are counted by the tournament's own rules (game/tourney),
// players known by the names the JSON gives them, ties the published
// order leaves as it is.
func Recount(pub []byte, recs []Counted) (Recounted, error) {
	var p published
	if err := json.Unmarshal(pub, &p); err != nil || p.Kind == "" {
		return Recounted{}, ErrPublished
	}
	cfg := tourney.Config{Kind: tourney.Kind(p.Kind), Game: p.Game, Duplicate: p.Duplicate, Partners: p.Partners}
	sys := cfg.System()
	// Each line's id sorts as its published rank: a tie the rules
	// leave is ordered as the server ordered it, any other difference
	// shows.
	unit := map[string]string{}
	joined := map[string]int{}
	byID := map[string]PublishedLine{}
	for _, l := range p.Standings {
		id := fmt.Sprintf("%06d", l.Rank)
		joined[id] = l.Rating
		byID[id] = l
		unit[l.Name] = id
		for _, n := range l.Team {
			if n != "" {
				unit[n] = id
			}
		}
	}
	byTable := map[int]Counted{}
	for _, c := range recs {
		byTable[c.Table] = c
	}
	// A duplicate round's field scores need every table of the round:
	// counted again only when each published match has its record.
	results := map[int][4]int{}
	scored := p.Duplicate
	out := Recounted{ID: p.ID}
	ms := make([]tourney.Match, 0, len(p.Matches))
	for _, m := range p.Matches {
		tm := tourney.Match{Round: m.Round, Table: m.Table, Places: m.Places, Forfeit: m.Forfeit}
		for i, n := range m.Players {
			switch id, ok := unit[n]; {
			case n == "":
				tm.Players[i] = tourney.Bot
			case !ok:
				return out, fmt.Errorf("%w: table %d names %q, whom its standings do not", ErrPublished, m.Table, n)
			default:
				tm.Players[i] = id
			}
		}
		if p.Partners {
			// A team's bot partner sits in its team's seat.
			for i := range tm.Players {
				if tm.Players[i] == tourney.Bot && tm.Players[(i+2)%4] != tourney.Bot {
					tm.Players[i] = tm.Players[(i+2)%4]
				}
			}
		}
		if c, ok := byTable[m.Table]; ok {
			tm.Places = sys.Seating.Places(c.Places)
			out.Checked = append(out.Checked, m.Table)
			delete(byTable, m.Table)
			results[m.Table] = c.Results
			scored = scored && c.Scored
		} else {
			out.Unchecked = append(out.Unchecked, m.Table)
			scored = false
		}
		ms = append(ms, tm)
	}
	for t := range byTable {
		out.Extra = append(out.Extra, t)
	}
	slices.Sort(out.Extra)
	slices.Sort(out.Checked)
	slices.Sort(out.Unchecked)
	st, err := tourney.Standings(sys.Scoring.Rules(), joined, ms)
	if err != nil {
		return out, fmt.Errorf("the standings from the records: %w", err)
	}
	var field map[string]*big.Rat
	if scored {
		if field, err = tourney.FieldTotals(sys.Seating, ms, results); err != nil {
			return out, fmt.Errorf("the field scores from the records: %w", err)
		}
		out.Field = true
	}
	out.Same = len(out.Extra) == 0 && len(st) == len(p.Standings)
	for i, s := range st {
		pl, ok := byID[s.Player]
		l := RecountLine{Name: pl.Name, Points: s.Points, Matches: s.Matches, Wins: s.Wins, Opponents: s.Opponents, Field: field[s.Player], Published: pl}
		l.Same = ok && pl.Rank == i+1 && int(s.Points) == pl.Twelfths && s.Matches == pl.Matches && s.Wins == pl.Wins &&
			(pl.Opponents == nil || *pl.Opponents == s.Opponents.String()) &&
			(!out.Field || SameField(l.Field, pl.Field))
		out.Same = out.Same && l.Same
		out.Lines = append(out.Lines, l)
	}
	return out, nil
}

// SameField says whether a field score counted again is the published
// one (nil: none), as the page writes it: to two decimals.
func SameField(counted *big.Rat, published *string) bool {
	if counted == nil || published == nil {
		return counted == nil && (published == nil || *published == "-")
	}
	var pub big.Rat
	if _, ok := pub.SetString(strings.TrimPrefix(*published, "+")); !ok {
		return false
	}
	return counted.FloatString(2) == pub.FloatString(2)
}
