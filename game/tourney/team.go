package tourney

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Partners (101's eşli): the entrants the director pairs are teams of
// two, formed as the players join. A player who joins alone is teamed
// with the first player still waiting alone, in the order they joined;
// the first of a team sits at seat 0 or 1 and the second facing them.
// A player still alone when a Swiss's first round is paired, or who
// has waited an arena's bot wait while it runs, is teamed with a bot
// (an arena without bots keeps them waiting for the next to join). A
// team leaves together: either of its players leaving takes it out of
// the pairing, and either joining again brings it back.

// Team is a partners' team: its two players in the order they were
// teamed (Second is Bot when a bot partners First).
type Team struct {
	First, Second string
}

// Lone is a player of a partners' tournament waiting for a partner.
type Lone struct {
	Player string
	Rating int
	// Since is when they joined, or came back alone.
	Since time.Time
}

// teamPrefix begins every team's id: a player's id is a key's or a
// guest's ("key:…", "guest:…"), never one of these.
const teamPrefix = "team:"

// IsTeam says whether id is a partners' team's.
func IsTeam(id string) bool { return strings.HasPrefix(id, teamPrefix) }

// TeamOf is the id of the team player plays in (ok false: none; not a
// partners' tournament, or the player is alone or unknown).
func (t *Tournament) TeamOf(player string) (id string, ok bool) {
	for tid, tm := range t.Teams {
		if player != Bot && (tm.First == player || tm.Second == player) {
			return tid, true
		}
	}
	return "", false
}

// Unit is the id the director pairs player by: their team's in
// partners, else their own.
func (t *Tournament) Unit(player string) string {
	if id, ok := t.TeamOf(player); ok {
		return id
	}
	return player
}

// Alone says whether player waits for a partner.
func (t *Tournament) Alone(player string) bool {
	return slices.ContainsFunc(t.Lone, func(l Lone) bool { return l.Player == player })
}

// Partner is the other player of player's team (Bot for a bot; ok
// false: no team).
func (t *Tournament) Partner(player string) (string, bool) {
	id, ok := t.TeamOf(player)
	if !ok {
		return "", false
	}
	if tm := t.Teams[id]; tm.First == player {
		return tm.Second, true
	}
	return t.Teams[id].First, true
}

// Seats are the players who sit at a table the director paired: each
// team's first at the seat the pairing gave it (0 or 1), its second
// facing them; a table of players is its own seats.
func (t *Tournament) Seats(tb Table) Table {
	var out Table
	for s, u := range tb {
		tm, ok := t.Teams[u]
		switch {
		case !ok:
			out[s] = u
		case s < 2:
			out[s] = tm.First
		default:
			out[s] = tm.Second
		}
	}
	return out
}

// Players counts the players in the tournament, not left: in partners
// each team's (a bot partner not counted) and those alone.
func (t *Tournament) Players() int {
	if !t.Config.Partners {
		return len(t.ids())
	}
	n := len(t.Lone)
	for _, id := range t.ids() {
		n++
		if t.Teams[id].Second != Bot {
			n++
		}
	}
	return n
}

// People are the ids of everyone the tournament names, sorted: its
// entrants (in partners the teams' players and those alone) and anyone
// else its matches name; no bot, no team.
func (t *Tournament) People() []string {
	var out []string
	var add func(id string)
	add = func(id string) {
		if tm, ok := t.Teams[id]; ok {
			add(tm.First)
			add(tm.Second)
			return
		}
		if id != Bot && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for id := range t.Joined {
		add(id)
	}
	for _, l := range t.Lone {
		add(l.Player)
	}
	for _, m := range t.Matches {
		for _, id := range m.Players {
			add(id)
		}
	}
	slices.Sort(out)
	return out
}

// joinPartners is Join in partners: a player of a team brings it back;
// one alone is teamed with the first who waits alone, or waits.
func (t *Tournament) joinPartners(id string, rating int, now time.Time) ([]Start, error) {
	if tid, ok := t.TeamOf(id); ok {
		e := t.Joined[tid]
		if e.Left {
			e.Left = false
			t.Joined[tid] = e
			t.toPool(tid, now)
		}
		return t.Tick(now), nil
	}
	switch {
	case t.Config.Kind == Swiss && t.Round > 0:
		return nil, ErrStarted
	case t.Alone(id):
		return t.Tick(now), nil
	case len(t.Lone) == 0:
		t.Lone = append(t.Lone, Lone{Player: id, Rating: rating, Since: now})
		return t.Tick(now), nil
	}
	first := t.Lone[0]
	t.Lone = t.Lone[1:]
	t.team(first, Lone{Player: id, Rating: rating}, now)
	return t.Tick(now), nil
}

// team makes a team of first and second (second's Player Bot: a bot
// partner), rated at its players' mean (a bot partner's: first's
// rating), and puts it in a running arena's pool, waiting since since.
func (t *Tournament) team(first, second Lone, since time.Time) {
	if t.Teams == nil {
		t.Teams = map[string]Team{}
	}
	id := teamPrefix + strconv.Itoa(len(t.Teams)+1)
	rating := first.Rating
	if second.Player != Bot {
		rating = (first.Rating + second.Rating) / 2
	}
	t.Teams[id] = Team{First: first.Player, Second: second.Player}
	t.Joined[id] = Entrant{Rating: rating}
	t.toPool(id, since)
}

// toPool puts a unit in a running arena's pool, unless it plays or
// waits already.
func (t *Tournament) toPool(id string, since time.Time) {
	if t.Config.Kind == Arena && t.Phase == Running && !t.busy(id) && !t.waiting(id) {
		t.Pool = append(t.Pool, Waiting{Player: id, Rating: t.Joined[id].Rating, Since: since, Points: t.points(id)})
	}
}

// botPartners teams with a bot each player alone who has waited long
// enough at now: every one as a Swiss's first round is paired, and in
// a running arena with bots those who have waited its bot wait (from
// its start at the earliest).
func (t *Tournament) botPartners(now time.Time) {
	if !t.Config.Partners || t.Phase != Running {
		return
	}
	var still []Lone
	for _, l := range t.Lone {
		since := l.Since
		if since.Before(t.Config.Start) {
			since = t.Config.Start
		}
		switch {
		case t.Config.Kind == Swiss && t.Round == 0,
			t.Config.Kind == Arena && t.Config.BotWait > 0 && now.Sub(since) >= t.Config.BotWait:
			t.team(l, Lone{Player: Bot}, since)
		default:
			still = append(still, l)
		}
	}
	t.Lone = still
}

// SeatPlaces are the places of a partners' match's four seats as a
// ranking of seats, from the places its referee gives (the teams'
// ranks, 1, 2, 1, 2): the two seats of the team first share the first
// and second places, the others the third and fourth (1, 3, 1, 3), so
// that what they are worth (Worth) is the team's place's. Places that
// are a ranking of seats already are returned as they are.
func SeatPlaces(places [4]int) [4]int {
	var standing [4]int
	for s, p := range places {
		standing[s] = -p
	}
	return Places(standing)
}

// partnersForfeit is a partners' match's forfeits: a team forfeits
// (both its seats say so) if either of its players did not come.
func partnersForfeit(f [4]bool) [4]bool {
	for s := range 2 {
		f[s] = f[s] || f[s+2]
		f[s+2] = f[s]
	}
	return f
}
