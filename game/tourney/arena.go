package tourney

import (
	"cmp"
	"slices"
	"time"
)

// PairArena seats the pool's players four by four (in partners, teams
// two by two), as soon as enough wait: ordered by points and then
// rating, each table takes neighbours in that order, so players meet
// others close to them; a table's worth that sat together at each
// one's last table is broken up by swapping its last with the next in
// order, where there is one. Fewer left over keep waiting, unless the
// longest waiting of them has waited botWait (0: never): then they sit
// together with bots in the empty seats. It returns the tables and who
// still waits, and changes nothing it is given.
func PairArena(pool []Waiting, now time.Time, botWait time.Duration, partners bool) (tables []Table, still []Waiting) {
	return pairArena(pool, now, botWait, seatingOf(partners))
}

// pairArena is PairArena with the units seated by s.
func pairArena(pool []Waiting, now time.Time, botWait time.Duration, s Seating) (tables []Table, still []Waiting) {
	n := s.Per()
	order := slices.Clone(pool)
	slices.SortFunc(order, func(a, b Waiting) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Rating, a.Rating), a.Since.Compare(b.Since), cmp.Compare(a.Player, b.Player))
	})
	ids := func(ws []Waiting) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = w.Player
		}
		return out
	}
	for len(order) >= n {
		group := order[:n]
		if metAll(group) {
			for k := n; k < len(order); k++ {
				group[n-1], order[k] = order[k], group[n-1]
				if !metAll(group) {
					break
				}
				group[n-1], order[k] = order[k], group[n-1]
			}
		}
		tables = append(tables, seatUnits(ids(group), n))
		order = order[n:]
	}
	if len(order) > 0 && botWait > 0 && slices.ContainsFunc(order, func(w Waiting) bool { return now.Sub(w.Since) >= botWait }) {
		return append(tables, seatUnits(ids(order), n)), nil
	}
	return tables, order
}

// metAll says whether a table's worth of players all sat together at
// each one's last table.
func metAll(group []Waiting) bool {
	for _, w := range group {
		met := 0
		for _, o := range group {
			if o.Player != w.Player && slices.Contains(w.Last, o.Player) {
				met++
			}
		}
		if met < len(group)-1 {
			return false
		}
	}
	return true
}

// arena is the arena's pairing: a pool of those waiting, four (or two
// teams) seated together as soon as they wait, bots after the wait,
// until the end time.
type arena struct{}

func (arena) Kind() Kind                { return Arena }
func (arena) Open(*Tournament) bool     { return true }
func (arena) End(c Config) time.Time    { return c.Start.Add(c.Length) }
func (arena) pairsAll(*Tournament) bool { return false }

func (arena) botWait(c Config) time.Duration { return c.BotWait }

func (arena) Unopened(t *Tournament, players Table, now time.Time) {
	for _, p := range players {
		if p != Bot && !slices.ContainsFunc(t.Pool, func(w Waiting) bool { return w.Player == p }) {
			t.Pool = append(t.Pool, Waiting{Player: p, Rating: t.Joined[p].Rating, Since: now})
		}
	}
}

func (arena) Progress(l Listed, now time.Time) Said {
	return Said{Key: "tourney.when.ends", Args: []any{SaidLeft(l.End.Sub(now))}}
}

func (arena) GivenUp(*Tournament) string { return "tourney.givenup.arena" }

func (arena) said(c Config) []Said {
	out := []Said{{Key: "tourney.rules.arena", Args: []any{SaidSpan(c.Length)}}}
	if c.BotWait > 0 {
		out = append(out, Said{Key: "tourney.rules.bots", Args: []any{SaidLevel(c.BotLevel), SaidWait(c.BotWait)}})
	} else {
		out = append(out, Said{Key: "tourney.rules.nobots"})
	}
	// A bot earns nothing for its player: the match is lost, and the
	// player paused until they are back.
	return append(out, Said{Key: "tourney.rules.away.arena", Args: []any{SaidWait(c.Back), SaidOver(c.AwayFor())}})
}

func (arena) teamAway() Said { return Said{Key: "tourney.rules.teams.away.arena"} }

func (arena) lone(c Config) Said {
	if c.BotWait > 0 {
		return Said{Key: "tourney.rules.teams.arena", Args: []any{SaidWait(c.BotWait)}}
	}
	return Said{Key: "tourney.rules.teams.nobots"}
}

// start puts everyone in the pool.
func (arena) start(t *Tournament, now time.Time) {
	for _, id := range t.ids() {
		t.Pool = append(t.Pool, Waiting{Player: id, Rating: t.Joined[id].Rating, Since: now})
	}
}

// back puts a unit in a running arena's pool at its points, unless it
// left or is paused, plays or waits already, with the others of the table it comes
// from (not to be seated with all of them again).
func (a arena) back(t *Tournament, unit string, since time.Time, from Table) {
	if e := t.Joined[unit]; t.Phase != Running || e.Left || e.Paused || a.busy(t, unit) || a.waiting(t, unit) {
		return
	}
	var last []string
	for _, o := range from {
		if o != unit && o != Bot && !slices.Contains(last, o) {
			last = append(last, o)
		}
	}
	t.Pool = append(t.Pool, Waiting{Player: unit, Rating: t.Joined[unit].Rating, Since: since, Last: last, Points: a.points(t, unit)})
}

func (arena) tick(t *Tournament, s Seating, now time.Time) []Start {
	if t.Phase == Running && !now.Before(t.Config.Start.Add(t.Config.Length)) {
		t.Phase, t.Pool = Ending, nil
		s.stop(t) // nobody is teamed now: an asker found no partner
	}
	if t.Phase == Ending {
		if len(t.Playing) == 0 {
			t.Phase = Finished
		}
		return nil
	}
	tables, still := pairArena(t.Pool, now, t.Config.BotWait, s)
	t.Pool = still
	out := make([]Start, len(tables))
	for i, tb := range tables {
		out[i] = Start{Players: tb}
	}
	return out
}

// points are a unit's points now.
func (arena) points(t *Tournament, id string) Points {
	st, err := t.Standings()
	if err != nil {
		return 0
	}
	for _, s := range st {
		if s.Player == id {
			return s.Points
		}
	}
	return 0
}

func (arena) busy(t *Tournament, id string) bool {
	return slices.ContainsFunc(t.Playing, func(p Playing) bool { return slices.Contains(p.Players[:], id) })
}

func (arena) waiting(t *Tournament, id string) bool {
	return slices.ContainsFunc(t.Pool, func(w Waiting) bool { return w.Player == id })
}
