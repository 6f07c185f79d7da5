package tourneyview

import (
	"fmt"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/kit/i18n"
	"okey/ui/theme"
)

// BenchmarkArenaPage draws an arena's page of 200 players and 700
// matches at 80×24, as each of its players' sessions does at every
// frame while they wait to be paired.
func BenchmarkArenaPage(b *testing.B) {
	const players = 200
	d := newDirector(b, tourney.Config{Kind: tourney.Arena, Name: "Cuma akşamı", Game: "classic", Rules: "default", Hands: 1,
		Start: t0, Length: 3 * time.Hour, BotWait: time.Minute, BotLevel: "hard"}, players)
	now := t0
	for len(d.tr.Matches) < 700 {
		now = now.Add(3 * time.Minute)
		d.endAll(now)
	}
	names := Names{}
	for i := range players {
		names[idOf(i)] = fmt.Sprintf("Oyuncu %d", i+1)
	}
	p := Page{Listed: d.tr.Listed("a1"), T: *d.tr, Me: idOf(7), Names: names, Now: now.Add(time.Minute), SSH: "ssh -p 2222 HOST"}
	tr := i18n.MustLoad("tr")
	pal, err := theme.Load("default")
	if err != nil {
		b.Fatal(err)
	}
	st := theme.New(pal, true, false)
	for b.Loop() {
		if lines, _ := Lines(tr, st, p, 80, 24); len(lines) == 0 {
			b.Fatal("no page")
		}
	}
}
