package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"slices"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/game/tourney"
)

// maxStandings is the most of a tournament's JSON read.
const maxStandings = 4 << 20

// fetchStandings asks the server at addr for tournament id's standings
// as a script does: ssh HOST tournament ID --json.
func fetchStandings(ctx context.Context, addr, id string) (standingsJSON, error) {
	var out standingsJSON
	priv, err := newKey()
	if err != nil {
		return out, err
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return out, err
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	raw, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return out, err
	}
	defer raw.Close()
	raw.SetDeadline(time.Now().Add(time.Minute))
	cc, chans, reqs, err := gossh.NewClientConn(raw, addr, &gossh.ClientConfig{
		User: "lgcheck", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		return out, fmt.Errorf("handshake: %w", err)
	}
	conn := gossh.NewClient(cc, chans, reqs)
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		return out, fmt.Errorf("session: %w", err)
	}
	defer sess.Close()
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return out, err
	}
	if err := sess.Start("tournament " + id + " --json"); err != nil {
		return out, fmt.Errorf("tournament %s: %w", id, err)
	}
	b, err := io.ReadAll(io.LimitReader(stdout, maxStandings+1))
	if err != nil {
		return out, fmt.Errorf("tournament %s: %w", id, err)
	}
	if len(b) > maxStandings {
		return out, fmt.Errorf("tournament %s: an answer over %d bytes", id, maxStandings)
	}
	if err := sess.Wait(); err != nil {
		return out, fmt.Errorf("tournament %s: %w", id, err)
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return out, fmt.Errorf("tournament %s: %w", id, err)
	}
	return out, nil
}

// standingsJSON is what "tournament ID --json" says, as far as the
// check reads it.
type standingsJSON struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Phase     string `json:"phase"`
	Standings []struct {
		Name     string `json:"name"`
		Twelfths int    `json:"twelfths"`
		Matches  int    `json:"matches"`
		Wins     int    `json:"wins"`
	} `json:"standings"`
	Playing []struct {
		Table   int       `json:"table"`
		Players [4]string `json:"players"`
	} `json:"playing"`
	Matches []matchJSON `json:"matches"`
}

// matchJSON is one match the standings count.
type matchJSON struct {
	Table   int       `json:"table"`
	Players [4]string `json:"players"`
	Places  [4]int    `json:"places"`
	Forfeit [4]bool   `json:"forfeit"`
}

// TourneyCheck is the tournament's standings at its end checked
// against its matches and against what the load's players saw.
type TourneyCheck struct {
	// Phase is the tournament's at the check ("finished" once over).
	Phase string
	// Matches are the matches the standings count, Abandoned those of
	// them counted abandoned (a table lost with no end: every player's
	// seat forfeit, nobody's win), Forfeits the seats forfeit in the
	// others (a player not come in time).
	Matches, Abandoned, Forfeits int
	// Twice are the tables the standings count more than once.
	Twice []int
	// Lost counts the matches players saw end that the standings do not
	// count for them (each player's matches seen over, less those the
	// standings count as played at their seat, where more).
	Lost int
	// Unseen counts the players' matches the standings count that the
	// player did not see end (forfeit, abandoned, or the end missed while
	// it dialled again).
	Unseen int
	// Wrong are the standings' lines that are not what the matches add
	// up to (name: said, recounted).
	Wrong []string
	// AtKill are the tables in play when a node was killed; Resumed
	// those of them whose match was played out, AbandonedAtKill those
	// counted abandoned, and NotCounted those the standings have not
	// counted at all.
	AtKill                               []int
	Resumed, AbandonedAtKill, NotCounted int
	// Err is why the standings could not be checked ("": they were).
	Err string
}

// OK says whether the standings lost nothing and counted nothing
// twice, and every match in play at a kill was counted.
func (c TourneyCheck) OK() bool {
	return c.Err == "" && c.Phase == string(tourney.Finished) && len(c.Twice) == 0 && c.Lost == 0 && len(c.Wrong) == 0 && c.NotCounted == 0
}

// abandoned says whether a match was counted abandoned: every player's
// seat forfeit and every place first.
func abandoned(players [4]string, places [4]int, forfeit [4]bool) bool {
	for i, p := range players {
		if p != "" && !forfeit[i] || places[i] != 1 {
			return false
		}
	}
	return true
}

// check checks the standings sj against its own matches (recounted by
// game/tourney's arithmetic, the players named as the JSON names them),
// against the matches each of the load's players saw end (ends, by
// name), and the tables in play at a kill (atKill).
func (sj standingsJSON) check(ends map[string]int, atKill []int) TourneyCheck {
	c := TourneyCheck{Phase: sj.Phase, Matches: len(sj.Matches), AtKill: atKill}
	seen := map[int]int{}
	var ms []tourney.Match
	played := map[string]int{}  // each player's matches played at their seat, as counted
	counted := map[string]int{} // and all of each player's
	for _, m := range sj.Matches {
		seen[m.Table]++
		if seen[m.Table] == 2 {
			c.Twice = append(c.Twice, m.Table)
		}
		if abandoned(m.Players, m.Places, m.Forfeit) {
			c.Abandoned++
		} else {
			for i, p := range m.Players {
				if p != "" && m.Forfeit[i] {
					c.Forfeits++
				}
			}
		}
		for i, p := range m.Players {
			if p != "" {
				counted[p]++
				if !m.Forfeit[i] {
					played[p]++
				}
			}
		}
		ms = append(ms, tourney.Match{Table: m.Table, Players: m.Players, Places: m.Places, Forfeit: m.Forfeit})
	}
	again, err := tourney.Standings(tourney.Rules{Streaks: sj.Kind == string(tourney.Arena)}, nil, ms)
	if err != nil {
		c.Err = err.Error()
		return c
	}
	want := map[string]tourney.Standing{}
	for _, s := range again {
		want[s.Player] = s
	}
	for _, l := range sj.Standings {
		w, ok := want[l.Name]
		if !ok && l.Matches == 0 {
			continue // joined, no match yet
		}
		if int(w.Points) != l.Twelfths || w.Matches != l.Matches || w.Wins != l.Wins {
			c.Wrong = append(c.Wrong, fmt.Sprintf("%s: %d/12 points, %d matches, %d wins; recounted %d/12, %d, %d",
				l.Name, l.Twelfths, l.Matches, l.Wins, w.Points, w.Matches, w.Wins))
		}
		delete(want, l.Name)
	}
	for name, w := range want {
		c.Wrong = append(c.Wrong, fmt.Sprintf("%s: no line; recounted %d/12 points, %d matches", name, w.Points, w.Matches))
	}
	slices.Sort(c.Wrong)
	for name, n := range ends {
		c.Lost += max(0, n-played[name])
	}
	for name, n := range ends {
		c.Unseen += max(0, counted[name]-n)
	}
	for _, n := range atKill {
		i := slices.IndexFunc(sj.Matches, func(m matchJSON) bool { return m.Table == n })
		switch {
		case i < 0:
			c.NotCounted++
		case abandoned(sj.Matches[i].Players, sj.Matches[i].Places, sj.Matches[i].Forfeit):
			c.AbandonedAtKill++
		default:
			c.Resumed++
		}
	}
	return c
}

// summary is the standings' check in a few words.
func (c TourneyCheck) summary() string {
	if c.Err != "" {
		return "not checked: " + c.Err
	}
	verdict := "nothing lost or counted twice"
	if !c.OK() {
		verdict = fmt.Sprintf("WRONG: phase %s, %d tables counted twice %v, %d matches seen ended but not counted, %d lines not the matches' sum %v, %d in play at the kill not counted",
			c.Phase, len(c.Twice), c.Twice, c.Lost, len(c.Wrong), c.Wrong[:min(3, len(c.Wrong))], c.NotCounted)
	}
	return fmt.Sprintf("%d matches (%d abandoned, %d seats forfeit), %d of the players' matches not seen ended by them; %s", c.Matches, c.Abandoned, c.Forfeits, c.Unseen, verdict)
}

// it saw none.
func jsonNames(ends map[string]int, ids map[string]string, in map[string]bool, sj standingsJSON) map[string]int {
	var all []string
	for name, id := range ids {
		if in[name] || ends[name] > 0 {
			all = append(all, id)
		}
	}
	slices.Sort(all)
	named := map[string]bool{}
	for _, l := range sj.Standings {
		named[l.Name] = true
	}
	for _, m := range sj.Matches {
		for _, p := range m.Players {
			named[p] = true
		}
	}
	out := make(map[string]int, len(ids))
	for name, id := range ids {
		if !slices.Contains(all, id) {
			continue
		}
		key := name
		if !named[name] {
			key = fmt.Sprintf("player %d", slices.Index(all, id)+1)
		}
		out[key] += ends[name]
	}
	return out
}
