package arenaclassic

import (
	"time"

	"okey/bots/internal/arenastat"
	"okey/game/classic"
)

// tally is what a run has counted so far, cluster by cluster (a deal's
// four hands, or a match's four rotations): sums and cluster sums, never
// a list of hands, so a run of any length keeps the same few kilobytes.
type tally struct {
	cfg                           *Config
	clusters                      int
	units, hands, wallOut, capped int
	won, okey, pairs, shown, lost [classic.NumSeats]int
	share, net                    [classic.NumSeats]arenastat.Ratio
	parts                         [numParts][classic.NumSeats]arenastat.Ratio
	matchWin, first, handsIn      [classic.NumSeats]arenastat.Ratio
	wins, firsts                  [classic.NumSeats]float64
	// pending holds the plays of clusters not yet complete.
	pending map[int][]play
}

func newTally(cfg *Config) *tally {
	return &tally{cfg: cfg, pending: map[int][]play{}}
}

// add files one hand or match; a cluster is counted once all its plays
// are in, so that an interrupted run reports whole clusters only.
func (t *tally) add(p *play) {
	k := p.unit / classic.NumSeats
	t.pending[k] = append(t.pending[k], *p)
	if len(t.pending[k]) < min(classic.NumSeats, t.cfg.units()-k*classic.NumSeats) {
		return
	}
	var won, net, mw, first, hands [classic.NumSeats]float64
	var parts [numParts][classic.NumSeats]float64
	decided, n, plays := 0.0, 0.0, 0.0
	for i := range t.pending[k] {
		q := &t.pending[k][i]
		t.units++
		t.hands += q.hands
		t.wallOut += q.wallOut
		t.capped += q.capped
		decided += float64(q.decided)
		n += float64(q.hands)
		plays++
		for j := range classic.NumSeats {
			t.won[j] += q.won[j]
			t.okey[j] += q.okey[j]
			t.pairs[j] += q.pairs[j]
			t.shown[j] += q.shown[j]
			t.lost[j] += q.lost[j]
			t.wins[j] += q.matchWin[j]
			t.firsts[j] += q.first[j]
			won[j] += float64(q.won[j])
			net[j] += q.net[j]
			for k := range parts {
				parts[k][j] += q.parts[k][j]
			}
			mw[j] += q.matchWin[j]
			first[j] += q.first[j]
			hands[j] += q.handsIn[j]
		}
	}
	for j := range classic.NumSeats {
		t.share[j].Add(won[j], decided)
		t.net[j].Add(net[j], n)
		for k := range parts {
			t.parts[k][j].Add(parts[k][j], n)
		}
		if t.cfg.Matches > 0 {
			t.matchWin[j].Add(mw[j], plays)
			t.first[j].Add(first[j], plays)
			t.handsIn[j].Add(hands[j], plays)
		}
	}
	t.clusters++
	delete(t.pending, k)
}

// summarise turns the tally into the table.
func (t *tally) summarise(times *[classic.NumSeats]arenastat.TimeHist, elapsed time.Duration) Result {
	r := Result{Hands: t.hands, WallOut: t.wallOut, Capped: t.capped, ElapsedS: elapsed.Seconds()}
	if t.cfg.Matches > 0 {
		r.Matches = t.units
	}
	decided := t.hands - t.wallOut
	for j, name := range t.cfg.Bots {
		b := BotResult{
			Name: name, Won: t.won[j], OkeyFinishes: t.okey[j], PairsWins: t.pairs[j],
			Gosterme: t.shown[j],
		}
		if decided > 0 {
			b.WinShare = float64(t.won[j]) / float64(decided)
			_, b.CI95 = t.share[j].Share()
		}
		if t.hands > 0 {
			b.PointsLostPerHand = float64(t.lost[j]) / float64(t.hands)
			b.NetPointsPerHand, b.NetCI95 = t.net[j].Mean()
			b.PlayPointsPerHand, b.PlayCI95 = t.parts[partPlay][j].Mean()
			b.GostermePointsPerHand, b.GostermeCI95 = t.parts[partGosterme][j].Mean()
			b.OkeyFinishPointsPerHand, b.OkeyFinishCI95 = t.parts[partOkey][j].Mean()
			b.PairsPointsPerHand, b.PairsCI95 = t.parts[partPairs][j].Mean()
		}
		if t.cfg.Matches > 0 {
			m := &Match{Wins: t.wins[j], Firsts: t.firsts[j]}
			if t.units > 0 {
				m.WinShare, m.CI95 = t.matchWin[j].Share()
				m.FirstShare, m.FirstCI95 = t.first[j].Share()
				m.HandsPerMatch, m.HandsCI95 = t.handsIn[j].Mean()
			}
			b.Match = m
		}
		b.DecisionTimes = times[j].Times()
		r.Bots = append(r.Bots, b)
	}
	return r
}
