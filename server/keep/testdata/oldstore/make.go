//go:build ignore

// make.go writes the store of testdata/oldstore: a server's state
// directory as okey serve's store wrote it at commit d45101a1 (before
// the store was split by subject), and what that build read back from
// it (want.json), for TestOldStoreReadsBack. It is run at that commit,
// from the module's root, on the files of ui/serve/testdata/legacy:
//
//	git archive d45101a1 | tar -x -C /tmp/okey-old
//	cp server/keep/testdata/oldstore/make.go /tmp/okey-old/oldstore_make.go
//	cd /tmp/okey-old && go run oldstore_make.go -out /tmp/oldstore
//	tar -C /tmp/oldstore -czf server/keep/testdata/oldstore/state.tar.gz .
//	cp /tmp/oldstore.want.json server/keep/testdata/oldstore/want.json
//
// It is not built with the package (the build tag ignore), and it calls
// that commit's API: Keeper's methods, which the split replaced.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/kit/store"
	"okey/server/keep"
)

// Want is what the old build read back; the test reads the same with the
// new one and compares.
type Want struct {
	Made    time.Time      `json:"made"`
	Tables  []Table        `json:"tables"`
	Next    int            `json:"next"`
	Ratings []Rating       `json:"ratings"`
	Boards  []keep.Board   `json:"boards"`
	Daily   Daily          `json:"daily"`
	Tourney []TourneyValue `json:"tourney"`
}

type Table struct {
	ID      string `json:"id"`
	Entry   []byte `json:"entry"`
	Record  []byte `json:"record"`
	Last    []byte `json:"last"`
	Refused int    `json:"refused"`
	Err     string `json:"err,omitempty"`
}

type Rating struct {
	Game  string          `json:"game"`
	Entry keep.RatedEntry `json:"entry"`
}

type Daily struct {
	Game      game.Kind          `json:"game"`
	Date      string             `json:"date"`
	Today     string             `json:"today"`
	Secret    string             `json:"secret"`
	Par       []int              `json:"par"`
	Results   []keep.DailyResult `json:"results"`
	Board     keep.DailyBoard    `json:"board"`
	Record    []byte             `json:"record"`
	Seen      time.Time          `json:"seen"`
	AddrFirst string             `json:"addr_first"`
}

type TourneyValue struct {
	Key   string `json:"key"`
	Value []byte `json:"value"`
}

func main() {
	out := flag.String("out", "", "the state directory to write (made; must not exist)")
	flag.Parse()
	if err := run(*out); err != nil {
		log.Fatal(err)
	}
}

func run(dir string) error {
	if dir == "" {
		return fmt.Errorf("-out DIR")
	}
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s is there already", dir)
	}
	// The tables saved as files before the engine, imported: table 1 a
	// classic match under way, 2 a 101 match, 4 a waiting room, next 5.
	legacy := filepath.Join("ui", "serve", "testdata", "legacy", "tables")
	tablesDir := filepath.Join(dir, store.TablesDir)
	if err := os.MkdirAll(tablesDir, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(legacy)
	if err != nil {
		return err
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(legacy, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tablesDir, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	ctx := context.Background()
	eng, k, err := keep.OpenDir(ctx, dir, keep.StoreConfig{NodeName: "old"})
	if err != nil {
		return err
	}
	defer eng.Close()
	if n, err := k.ImportFiles(ctx); err != nil || n != 3 {
		return fmt.Errorf("import: %d tables, %v", n, err)
	}

	// Table 1: its record begun afresh (the record as imported kept as
	// the match before, under .last), three moves short of it, so that
	// it is still a record of the same deal a hall can restore; a move
	// appended; then taken over by another node (a claim), which
	// appends one more and writes its entry.
	kt, ok := k.LoadOne(ctx, "1")
	if !ok || kt.Err != nil {
		return fmt.Errorf("table 1: %v", kt.Err)
	}
	lines := bytes.SplitAfter(kt.Record, []byte("\n"))
	lines = lines[:len(lines)-1] // after the last line break: nothing
	if len(lines) < 10 {
		return fmt.Errorf("table 1's record: %d lines", len(lines))
	}
	upTo := func(n int) []byte { return bytes.Join(lines[:n], nil) }
	cut := len(lines) - 3
	for _, rec := range [][]byte{upTo(cut), upTo(cut + 1)} {
		if err := kt.Log.Write(nil, rec); err != nil {
			return fmt.Errorf("table 1: %w", err)
		}
	}
	other, _ := k.LoadOne(ctx, "1")
	if err := other.Log.Claim("b"); err != nil {
		return err
	}
	if err := other.Log.Write(append(other.Table[:len(other.Table):len(other.Table)], ' '), upTo(cut+2)); err != nil {
		return fmt.Errorf("table 1 taken over: %w", err)
	}

	// Table 5: a number taken from the store, a waiting room's entry.
	n, err := k.TakeNumber(ctx)
	if err != nil || n != 5 {
		return fmt.Errorf("the number taken: %d, %v", n, err)
	}
	l := k.Log("5")
	entry := `{"id":"5","config":{"game":"101","rules":"default","levels":["easy","normal","easy","hard"],"timer":0},"host":"key:SHA256:dan","started":false,"match_no":0,"seats":[{"owner":"key:SHA256:dan","name":"dan"},{},{},{}],"created":"2026-11-26T16:00:00Z"}`
	if err := l.Write([]byte(entry), nil); err != nil {
		return err
	}

	// Leases: table 5 held by this node, the tournaments' bucket made.
	leases, err := keep.OpenLeases(ctx, eng, keep.LeaseTTL)
	if err != nil {
		return err
	}
	hold := keep.NewHolding(ctx, leases, func(string) {})
	if err := hold.Take(ctx, "5"); err != nil {
		return err
	}
	if _, err := keep.OpenTourneyLeases(ctx, eng, keep.LeaseTTL); err != nil {
		return err
	}

	// Ratings: a classic match and a 101 match rated.
	rb, err := keep.OpenRatingBook(ctx, eng)
	if err != nil {
		return err
	}
	ann, bob := keep.KeyPrefix+"SHA256:ann", keep.KeyPrefix+"SHA256:bob"
	for _, m := range []keep.MatchEnd{
		{Key: "commit-classic-1", Game: string(game.Classic), Seats: [4]keep.Entrant{{ann, "ann"}, {keep.BotIdentity("easy"), "easy"}, {keep.GuestPrefix + "KM4QX7RTWA", "guest"}, {bob, "bob"}}, Places: [4]int{1, 3, 4, 2}},
		{Key: "commit-101-1", Game: string(game.Okey101), Seats: [4]keep.Entrant{{bob, "bob"}, {keep.BotIdentity("hard"), "hard"}, {ann, "ann"}, {keep.BotIdentity("normal"), "normal"}}, Places: [4]int{2, 1, 2, 4}},
	} {
		if rated, err := rb.Rate(ctx, m); err != nil || !rated {
			return fmt.Errorf("rating %s: %v %v", m.Key, rated, err)
		}
	}

	// The daily: yesterday's secret, par, two players' days (one hand
	// kept with its record), when ann was first seen, an address's start.
	db, err := keep.OpenDailyBook(ctx, eng)
	if err != nil {
		return err
	}
	made := time.Now().UTC()
	today := daily.DateOf(made)
	d := today.AddDays(-1)
	g := game.Classic
	sec, err := db.Secret(ctx, g, d, rand.Reader)
	if err != nil {
		return err
	}
	par := make([]int, daily.Hands(g))
	for i := range par {
		par[i] = i - 1
	}
	if err := db.SetPar(ctx, g, d, par); err != nil {
		return err
	}
	set, err := daily.NewServed(g, d, sec)
	if err != nil {
		return err
	}
	drec := daily.ClassicRecord(set.Hands[0])
	drec.Meta = set.ServedMeta(set.Hands[0], daily.Commit(g, d, sec))
	for i, who := range []string{ann, bob} {
		if err := db.Claim(ctx, g, d, keep.DailyResult{ID: who, Name: who[len(who)-3:], Table: "9"}); err != nil {
			return err
		}
		if err := db.Scored(ctx, g, d, who, 1, 3-2*i); err != nil {
			return err
		}
	}
	if err := db.KeepRecord(ctx, g, d, ann, 1, drec.Marshal()); err != nil {
		return err
	}
	if _, err := db.FirstSeen(ctx, ann, made.Add(-48*time.Hour), nil); err != nil {
		return err
	}
	if _, err := db.AddrFirst(ctx, g, d, "192.0.2.7", ann, true, rand.Reader); err != nil {
		return err
	}

	// Tournaments: two values, one written again at its revision.
	tb, err := keep.OpenTourneyBook(ctx, eng, nil)
	if err != nil {
		return err
	}
	rev, err := tb.Write(ctx, "t.abc", []byte(`{"id":"abc","kind":"arena","v":1}`), 0)
	if err != nil {
		return err
	}
	if _, err := tb.Write(ctx, "t.abc", []byte(`{"id":"abc","kind":"arena","v":2}`), rev); err != nil {
		return err
	}
	if err := tb.Put(ctx, "t.def.players", []byte(`["ann","bob"]`)); err != nil {
		return err
	}

	// What this build reads back.
	w := Want{Made: made}
	kept, err := k.Load(ctx)
	if err != nil {
		return err
	}
	for _, kt := range kept {
		t := Table{ID: kt.ID, Entry: kt.Table, Record: kt.Record, Refused: kt.Refused}
		if kt.Err != nil {
			t.Err = kt.Err.Error()
		}
		if t.Last, err = k.ReadLast(ctx, kt.ID); err != nil {
			return err
		}
		w.Tables = append(w.Tables, t)
	}
	if w.Next, err = k.LoadNext(ctx); err != nil {
		return err
	}
	for _, gn := range []string{string(game.Classic), string(game.Okey101)} {
		for _, id := range []string{ann, bob, keep.BotIdentity("easy"), keep.BotIdentity("hard"), keep.BotIdentity("normal")} {
			e, _, err := rb.Get(ctx, gn, id)
			if err != nil {
				return err
			}
			w.Ratings = append(w.Ratings, Rating{gn, e})
		}
		b, err := rb.BoardOf(ctx, gn, ann)
		if err != nil {
			return err
		}
		w.Boards = append(w.Boards, b)
	}
	w.Daily = Daily{Game: g, Date: d.String(), Today: today.String(), Secret: sec.String(), Par: par}
	if w.Daily.Results, err = db.Results(ctx, g, d); err != nil {
		return err
	}
	if w.Daily.Board, err = db.BoardOf(ctx, g, d, ann); err != nil {
		return err
	}
	if w.Daily.Record, _, err = db.Record(ctx, g, d, today, ann, 1); err != nil {
		return err
	}
	if w.Daily.Seen, err = db.FirstSeen(ctx, ann, made, nil); err != nil {
		return err
	}
	if w.Daily.AddrFirst, err = db.AddrFirst(ctx, g, d, "192.0.2.7", bob, false, rand.Reader); err != nil {
		return err
	}
	keys, err := tb.Keys(ctx, "t.")
	if err != nil {
		return err
	}
	for _, key := range keys {
		v, _, err := tb.Read(ctx, key)
		if err != nil {
			return err
		}
		w.Tourney = append(w.Tourney, TourneyValue{key, v})
	}
	b, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Clean(dir)+".want.json", append(b, '\n'), 0o644); err != nil {
		return err
	}
	// Stopped as a node is stopped on purpose: its leases given back.
	return hold.GiveAll(ctx)
}
