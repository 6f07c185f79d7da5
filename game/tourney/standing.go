package tourney

import (
	"cmp"
	"fmt"
	"slices"
)

// Bot is the id of a seat a bot fills: it plays, its place counts for
// the others' places, and it is in no standings.
const Bot = ""

// Match is one match of a tournament as its record ends it: the
// players at its four seats (Bot for a bot) and their places. Forfeit
// marks the seats lost for want of their player: not come in time (a
// bot played for them), or away from it (Away: the seat's bot played
// a turn their player let run out with no key pressed at the table, or
// they were gone from it too long); they score nothing for it, no
// place, no win, no streak. In
// partners a team's id is at two seats facing each other, which share
// a place: the team scores once, what that place is worth.
type Match struct {
	Round int // the Swiss round, from 1; 0 in an arena
	// Table is the server's number of the table that played it, by
	// which its record is found.
	Table   int
	Players [4]string
	Places  [4]int
	Forfeit [4]bool
	// Away marks which of the forfeits were the player away from a
	// seat they came to (a page marks it apart from one never come).
	Away [4]bool `json:",omitzero"`
}

// Standing is one player's line: points (doubled while on a streak),
// matches played, wins (first places, shared ones too), the current
// streak of wins, and the tie-breaks.
type Standing struct {
	Player  string
	Rating  int
	Points  Points
	Matches int
	Wins    int
	Streak  int
	// Opponents is the Swiss tie-break (Buchholz): the sum, over the
	// player's matches, of the final points of the three others at the
	// table (a bot counts nothing).
	Opponents Points
}

// OnFire says whether the player's next win counts double: two wins in
// a row and more.
func (s Standing) OnFire() bool { return s.Streak >= streakFrom }

// streakFrom is how many wins in a row put a player on a streak: from
// then on, each win's points count double until a match is not won
// (the arena's fire).
const streakFrom = 2

// Rules say which of the tournament's options count in the standings.
type Rules struct {
	// Streaks doubles the points of a win made on a streak (the arena).
	Streaks bool
	// Opponents counts the Swiss tie-break (Buchholz), which then ranks
	// equal points first. An arena, whose players meet whoever waits
	// when they do, breaks its ties by wins: the others' points would
	// rank a player by whom the pool happened to seat them with.
	Opponents bool
}

// Standings adds matches, in the order they ended, up into every
// player's line, ranked: the players given (those who joined, with
// their ratings) and anyone else a match names. A match whose places
// are not a ranking is an error: standings computed past it would be
// wrong.
func Standings(rules Rules, joined map[string]int, matches []Match) ([]Standing, error) {
	by := map[string]*Standing{}
	line := func(id string) *Standing {
		s, ok := by[id]
		if !ok {
			s = &Standing{Player: id, Rating: joined[id]}
			by[id] = s
		}
		return s
	}
	for id := range joined {
		line(id)
	}
	if err := walk(rules, matches, line, nil); err != nil {
		return nil, err
	}
	// Buchholz: each match's others at their final points.
	for _, m := range matches {
		if !rules.Opponents {
			break
		}
		for seat, id := range m.Players {
			if id == Bot || slices.Index(m.Players[:], id) < seat {
				continue
			}
			for o, oid := range m.Players {
				if oid != id && oid != Bot && slices.Index(m.Players[:], oid) == o {
					by[id].Opponents += by[oid].Points
				}
			}
		}
	}
	out := make([]Standing, 0, len(by))
	for _, s := range by {
		out = append(out, *s)
	}
	slices.SortFunc(out, Ranked)
	return out, nil
}

// Scored is one match in a player's sheet: what it earned them, and
// why that is not its place's worth — a win on a streak, doubled, or a
// forfeit, which earns nothing (Away: lost away from the table, not
// for want of coming to it).
type Scored struct {
	Points  Points
	Doubled bool
	Forfeit bool
	Away    bool `json:",omitempty"`
}

// Sheets are each player's matches as they ended, what each earned
// them (lichess's arena sheet: "4 2 4 0 8 8"), counted as Standings
// counts them; a player who has played none has no sheet.
func Sheets(rules Rules, matches []Match) (map[string][]Scored, error) {
	by := map[string]*Standing{}
	line := func(id string) *Standing {
		s, ok := by[id]
		if !ok {
			s = &Standing{Player: id}
			by[id] = s
		}
		return s
	}
	out := map[string][]Scored{}
	err := walk(rules, matches, line, func(id string, sc Scored) { out[id] = append(out[id], sc) })
	return out, err
}

// walk adds matches, in the order they ended, up into the lines line
// gives (each player's, made as first met), and hands each player's
// result of each match to each (nil: none wanted). A match whose places
// are not a ranking is an error.
func walk(rules Rules, matches []Match, line func(string) *Standing, each func(string, Scored)) error {
	for n, m := range matches {
		worth, err := Worth(m.Places)
		if err != nil {
			return fmt.Errorf("match %d: %w", n+1, err)
		}
		for seat, id := range m.Players {
			if id == Bot || slices.Index(m.Players[:], id) < seat {
				continue // a bot, or a team's second seat
			}
			s := line(id)
			s.Matches++
			won := m.Places[seat] == 1 && !m.Forfeit[seat]
			sc := Scored{Points: worth[seat], Forfeit: m.Forfeit[seat], Away: m.Forfeit[seat] && m.Away[seat]}
			switch {
			case sc.Forfeit:
				sc.Points = 0
			case won && rules.Streaks && s.OnFire():
				sc.Points *= 2
				sc.Doubled = true
			}
			s.Points += sc.Points
			if won {
				s.Wins++
				s.Streak++
			} else {
				s.Streak = 0
			}
			if each != nil {
				each(id, sc)
			}
		}
	}
	return nil
}

// Ranked orders standings best first: points; then the Swiss tie-break
// (the others' points, 0 for all where it is not counted); then wins; then fewer matches (the same points
// made in fewer); then rating; then the id, so that the order is
// always the same.
func Ranked(a, b Standing) int {
	return cmp.Or(
		cmp.Compare(b.Points, a.Points),
		cmp.Compare(b.Opponents, a.Opponents),
		cmp.Compare(b.Wins, a.Wins),
		cmp.Compare(a.Matches, b.Matches),
		cmp.Compare(b.Rating, a.Rating),
		cmp.Compare(a.Player, b.Player),
	)
}
