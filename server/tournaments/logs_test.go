package tournaments

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"okey/game/fair"
	"okey/game/okey101"
	"okey/game/tourney"
	"okey/server/servetest"
)

// TestNoSecretInTheLogs: a node's log — its tournaments', its hall's
// and its tables', every level — says nothing that lets its reader take
// a seat or read a deal: an arena of guests created and played to its
// end, and a Swiss of duplicate rounds, leave in it no guest's resume
// code (a code copied from the log took that guest's seat), no match's
// seed or salt, no round's secret.
func TestNoSecretInTheLogs(t *testing.T) {
	t.Parallel()
	var buf servetest.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	eng, kept := openStore(t)
	clk := &clock{now: t0.Add(-10 * time.Minute)}
	n := startNodeOn(t, eng, kept, nil, clk, time.Now, time.Millisecond, log)
	ctx := context.Background()
	var secrets []string
	guest := func(i int) string {
		code := fmt.Sprintf("QZ%02dXKWPRT", i)
		secrets = append(secrets, code)
		return "guest:" + code
	}
	arena, err := n.svc.CreateFrom(ctx, guest(0), "192.0.2.9", tourney.Config{Kind: tourney.Arena, Name: "guests", Game: "101",
		Hands: 1, Start: t0, Length: MinArena, BotWait: time.Minute, BotLevel: "easy", Back: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := n.svc.JoinFrom(ctx, arena, guest(i), fmt.Sprint("g", i), 0, From{Addr: fmt.Sprint("192.0.2.", 10+i)}); err != nil {
			t.Fatal(err)
		}
	}
	// Each tournament is played to its end before the next is made: the
	// clock is shared, and a Swiss whose start the arena's steps passed
	// before its joins had reached the owner ended with no round played.
	played := func(id string) {
		tr := play(t, n, clk, id, 30*time.Second, nil)
		st, _ := tr.Standings()
		if again := recomputed(t, n.svc, id); fmt.Sprint(st) != fmt.Sprint(again) {
			t.Fatalf("%s: the standings are not what the records add up to:\n%v\n%v", id, st, again)
		}
		for _, m := range tr.Matches {
			b, err := n.svc.Record(ctx, id, m.Table)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := okey101.ParseRecord(b)
			if err != nil {
				t.Fatal(err)
			}
			secrets = append(secrets, strconv.FormatUint(rec.Seed, 10), rec.Meta[fair.MetaSalt])
		}
	}
	played(arena)
	dup, err := n.svc.CreateTournament(ctx, "key:SHA256:creator", tourney.Config{Kind: tourney.Swiss, Name: "dup", Game: "101",
		Hands: 1, Start: clk.Now().Add(10 * time.Minute), Rounds: 2, BotLevel: "easy", Back: time.Minute, Duplicate: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := n.svc.JoinTournament(ctx, dup, player(i), nameOf(i), 1500); err != nil {
			t.Fatal(err)
		}
	}
	// The joins reach the owner at its rounds: a Swiss that began
	// before them would end at once, with no one to pair.
	waitFor(t, n, dup, "the Swiss's joins", func(tr tourney.Tournament) bool { return len(tr.Joined) == 5 })
	played(dup)
	seals, err := n.svc.Seals(dup)
	if err != nil || len(seals) != 2 {
		t.Fatalf("seals %+v, %v", seals, err)
	}
	for _, s := range seals {
		if s.Seed == "" {
			t.Fatalf("round %d's secret not shown once over", s.Round)
		}
		secrets = append(secrets, s.Seed, s.Salt)
	}
	text := buf.String()
	if !strings.Contains(text, "tournament created") || !strings.Contains(text, "tournament table") {
		t.Fatalf("the log is not the node's:\n%.2000s", text)
	}
	for _, s := range secrets {
		if s == "" {
			t.Fatal("a secret of none")
		}
		if i := strings.Index(text, s); i >= 0 {
			line := text[strings.LastIndex(text[:i], "\n")+1:]
			line, _, _ = strings.Cut(line, "\n")
			t.Errorf("the log says %q: %s", s, line)
		}
	}
}
