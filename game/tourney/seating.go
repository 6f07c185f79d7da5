package tourney

import "time"

// singles is the seating of players alone: each entrant a unit of the
// pairing, one a seat.
type singles struct{}

func (singles) Per() int                             { return 4 }
func (singles) Places(places [4]int) [4]int          { return places }
func (singles) Asks() bool                           { return false }
func (singles) FieldKey(unit string, _ int) string   { return unit }
func (singles) FieldUnit(key string) string          { return key }
func (singles) names() []string                      { return nil }
func (singles) said(Config, Pairing) []Said          { return nil }
func (singles) leave(*Tournament, string) bool       { return false }
func (singles) named(*Tournament, string, string)    {}
func (singles) tick(*Tournament, Pairing, time.Time) {}
func (singles) stop(*Tournament)                     {}
func (singles) players(t *Tournament) int            { return len(t.ids()) }

// seatUnits lays units out at a table, per of them a table: unit i at
// seat i and every per seats on (alone one seat, partners two facing
// each other); seats left over are bots'.
func seatUnits(units []string, per int) Table {
	var t Table
	for i, u := range units {
		for s := i; s < len(t); s += per {
			t[s] = u
		}
	}
	return t
}

func (singles) Pool(n int) Said { return Said{Key: "tourney.pool", Plural: true, Args: []any{n, n}} }

func (singles) forfeits(_ [4]int, forfeit [4]bool) ([4]bool, error) { return forfeit, nil }

// join enters a player, or brings back one who left; once p takes no
// newcomer (a Swiss's rounds begun) only the latter.
func (singles) join(t *Tournament, p Pairing, id string, rating int, now time.Time) ([]Start, error) {
	if !p.Open(t) {
		if e, ok := t.Joined[id]; ok && (e.Left || e.Paused) {
			e.Left, e.Paused = false, false
			t.Joined[id] = e
			return nil, nil
		}
		return nil, ErrStarted
	}
	t.Joined[id] = Entrant{Rating: rating, Name: t.Joined[id].Name}
	p.back(t, id, now, Table{})
	return t.Tick(now), nil
}

func (singles) ask(*Tournament, Pairing, Invite, time.Time) ([]Start, error) {
	return nil, ErrNoPartners
}
