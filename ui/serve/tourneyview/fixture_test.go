package tourneyview

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"

	"okey/game/tourney"
)

// t0 is when the tournaments of the tests start.
var t0 = time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)

// names of the players of the tests; their ids are guests' (guest:
// and a resume code), which a page must never show.
var names = []string{"Ayşe", "Mehmet", "Zeynep", "John", "Oğuz", "Emre", "Deniz", "Can", "Elif"}

func idOf(i int) string { return fmt.Sprintf("guest:SECRET%02d", i) }

// nameBook is the players' names by id.
func nameBook(n int) Names {
	out := Names{}
	for i := range n {
		out[idOf(i)] = names[i]
	}
	return out
}

// director plays a tournament's tables as a server would: it opens each
// table the director asks for, numbered from 11, and ends them with
// the places of seat order (seat 0 first), which puts whoever sits
// first on a streak.
type director struct {
	t    testing.TB
	tr   *tourney.Tournament
	next int
}

func newDirector(t testing.TB, c tourney.Config, players int) *director {
	t.Helper()
	tr, err := tourney.New(c)
	if err != nil {
		t.Fatal(err)
	}
	d := &director{t: t, tr: tr, next: 10}
	for i := range players {
		if _, err := tr.Join(idOf(i), 1400+10*i, t0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	d.open(tr.Tick(t0), t0)
	return d
}

func (d *director) open(starts []tourney.Start, now time.Time) {
	for _, s := range starts {
		d.next++
		d.tr.Opened(s, d.next, now)
	}
}

// endAll ends every table in play, and opens those the director asks for.
func (d *director) endAll(now time.Time) {
	for _, p := range slices.Clone(d.tr.Playing) {
		places := [4]int{1, 2, 3, 4}
		if d.tr.Config.Partners {
			places = [4]int{1, 3, 1, 3}
		}
		starts, err := d.tr.Ended(p.Table, places, [4]bool{}, now)
		if err != nil {
			d.t.Fatal(err)
		}
		d.open(starts, now)
	}
}

// finish plays a Swiss's rounds to its end, ten minutes a round, and
// returns the time it finished.
func (d *director) finish() time.Time {
	now := t0
	for d.tr.Phase != tourney.Finished {
		now = now.Add(10 * time.Minute)
		d.endAll(now)
		d.open(d.tr.Tick(now), now)
		if now.Sub(t0) > 10*time.Hour {
			d.t.Fatal("the Swiss does not finish")
		}
	}
	return now
}

// arenaUnderWay is an arena of eight half an hour in, played until a
// player is on a streak, with tables in play.
func arenaUnderWay(t *testing.T) Page {
	t.Helper()
	d := newDirector(t, tourney.Config{Kind: tourney.Arena, Name: "Ayşe 20:00", Game: "classic", Rules: "default", Hands: 1,
		Start: t0, Length: time.Hour, BotWait: time.Minute, BotLevel: "hard"}, 8)
	now := t0
	for range 10 {
		now = now.Add(3 * time.Minute)
		d.endAll(now)
		st, err := d.tr.Standings()
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(st, tourney.Standing.OnFire) {
			break
		}
	}
	if len(d.tr.Playing) == 0 {
		t.Fatal("the arena has no table in play")
	}
	return Page{Listed: d.tr.Listed("a1"), T: *d.tr, Me: idOf(2), Names: nameBook(8), Now: t0.Add(28 * time.Minute), SSH: "ssh -p 2222 HOST"}
}

// swissOver is a duplicate Swiss of six (bots fill the short tables)
// played to its end, with a duplicate score for each player.
func swissOver(t *testing.T) Page {
	t.Helper()
	d := newDirector(t, tourney.Config{Kind: tourney.Swiss, Name: "Club 20:00", Game: "classic", Rules: "simple,points=11", Hands: 11,
		Start: t0, Rounds: 3, Back: 2 * time.Minute, BotLevel: "normal", Duplicate: true}, 6)
	now := d.finish()
	field := map[string]*big.Rat{}
	for i := range 6 {
		field[idOf(i)] = big.NewRat(int64(7-3*i), 4)
	}
	var seals []Seal
	for r := 1; r <= 3; r++ {
		seals = append(seals, Seal{Round: r, Commit: fmt.Sprintf("%x%060d", 0xa0b0+r, r), Seed: fmt.Sprint(1000003 * r), Salt: fmt.Sprintf("%032x", r)})
	}
	return Page{Listed: d.tr.Listed("s1"), T: *d.tr, Me: idOf(4), Names: nameBook(6), Field: field, Seals: seals, Now: now, SSH: "ssh HOST"}
}

// partnersStarting is a 101 arena of teams not begun, which the player
// has not joined: five joined, two teams and one waiting for a
// partner.
func partnersStarting(t *testing.T) Page {
	t.Helper()
	d := newDirector(t, tourney.Config{Kind: tourney.Arena, Name: "Eşli 21:00", Game: "101", Rules: "partners", Hands: 3,
		Start: t0.Add(time.Hour), Length: 90 * time.Minute, Partners: true}, 5)
	return Page{Listed: d.tr.Listed("p1"), T: *d.tr, Me: "key:SHA256:someone", Names: nameBook(5), Now: t0.Add(47 * time.Minute)}
}

// partnersSwissOver is a 101 Swiss of seven players in partners played
// to its end: three teams in the order they joined and the seventh
// partnered by a bot at the first round, two tables a round; the
// player who looks is the second of the second team.
func partnersSwissOver(t *testing.T) Page {
	t.Helper()
	d := newDirector(t, tourney.Config{Kind: tourney.Swiss, Name: "Eşli Swiss", Game: "101", Hands: 2,
		Start: t0, Rounds: 2, Back: 2 * time.Minute, BotLevel: "normal", Partners: true}, 7)
	now := d.finish()
	return Page{Listed: d.tr.Listed("p2"), T: *d.tr, Me: idOf(3), Names: nameBook(7), Now: now, SSH: "ssh HOST"}
}
