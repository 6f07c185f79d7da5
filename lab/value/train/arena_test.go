package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// A comma list of values plays each in the same arena, hand by hand
// against the first: the same weights again, or their mean with
// themselves (a+a), differ by nothing on every deal, and a list naming
// a missing file or a mean of three is an error, not an arena.
func TestArenaOfTwoValues(t *testing.T) {
	shipped := filepath.Join("..", "..", "..", "bots", "expertclassic", "value.json")
	report := filepath.Join(t.TempDir(), "report.md")
	k := knobs{value: shipped + "," + shipped + "+" + shipped, arena: 8, arenaSeed: 97, workers: 1,
		modes: []string{"gated-c3-g2"}, field: []string{"hard", "hard", "hard"}, report: report}
	if err := evaluate(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	b := string(raw)
	if n := strings.Count(b, "Paired on the same hands"); n != 2 {
		t.Errorf("%d paired runs, want 2:\n%s", n, b)
	}
	same := regexp.MustCompile(`Hand by hand on the same deals and seeds, mode gated-c3-g2, value \S+\+\S+ less mode gated-c3-g2, value \S+: [+-]0\.0000 a hand \([+-]0\.0000 to [+-]0\.0000\)`)
	if !same.MatchString(b) {
		t.Errorf("the same weights twice do not play the same hands:\n%s", b)
	}
	for _, bad := range []string{shipped + "," + filepath.Join(t.TempDir(), "none.json"), shipped + "," + shipped + "+" + shipped + "+" + shipped} {
		k.value = bad
		if err := evaluate(context.Background(), k); err == nil {
			t.Errorf("-value %s played", bad)
		}
	}
}

// The discard's labels of a next generation come from hands of four of
// the shipped expert: each labelled discard is one the expert plays at
// that view (hard's part in it breaks ties by its seed: a few seeds are
// asked), where hard's would not always be, and the blocks are kept
// apart from hard's hands' in the cache.
func TestDiscardLabelsOfTheExpert(t *testing.T) {
	ctx := context.Background()
	var experts, hards []botsclassic.Bot
	for s := range uint64(8) {
		h, err := botsclassic.New("hard", botsclassic.Options{Seed: s + 1})
		if err != nil {
			t.Fatal(err)
		}
		experts, hards = append(experts, expertclassic.NewExpert(botsclassic.Options{Seed: s + 1})), append(hards, h)
	}
	plays := func(bs []botsclassic.Bot, v classic.View, want tile.Tile) bool {
		for _, b := range bs {
			if a, err := b.Decide(ctx, v); err == nil && a.Kind == classic.ActDiscard && a.Tile == want {
				return true
			}
		}
		return false
	}
	total, agree, hardAgrees := 0, 0, 0
	for i := range 6 {
		cs, _, err := handChoices(ctx, 31, i, choiceSpec{expert: true, rate: 1, room: math.MaxInt})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.style != styleValue || c.played == tile.NoTile {
				continue
			}
			total++
			if plays(experts, c.v, c.played) {
				agree++
			}
			if plays(hards, c.v, c.played) {
				hardAgrees++
			}
		}
	}
	if total < 60 || agree != total || hardAgrees == total {
		t.Errorf("of %d discards of the expert's hands, the expert's own %d, hard's %d", total, agree, hardAgrees)
	}
	dir := t.TempDir()
	cfg := oracleConfig{seed: 31, hands: oracleBlockHands, worlds: 2, rate: 1, workers: 1, cache: dir, expert: true}
	ocs, _, err := oracleData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "oracle-expert-*.gob"))
	if err != nil || len(files) != 1 || len(ocs) == 0 {
		t.Fatalf("%d choices, the cache %v (%v)", len(ocs), files, err)
	}
	cfg.expert = false
	if _, _, err := oracleData(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	if all, _ := filepath.Glob(filepath.Join(dir, "*.gob")); len(all) != 2 {
		t.Errorf("hard's hands read the expert's block: the cache %v", all)
	}
}

// A mean of two values (-value a+b) scores a view as the mean of the
// two networks' scores.
func TestValueMeanScores(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("..", "..", "..", "bots", "expertclassic", "value.json"))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := readValues([]string{filepath.Join("..", "..", "..", "bots", "expertclassic", "value.json")})
	if err != nil {
		t.Fatal(err)
	}
	up, err := smallnet.Parse(js, "", ms[0].Features)
	if err != nil {
		t.Fatal(err)
	}
	up.B2++ // the same network, one point higher everywhere
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(13))
	if err != nil {
		t.Fatal(err)
	}
	u := st.View(st.Turn())
	v := expertclassic.After(&u, u.Rack[0]) // the value scores the view after a discard
	one, err := (&valueBot{value: ms[0]}).score(&v, nil)
	if err != nil {
		t.Fatal(err)
	}
	both, err := (&valueBot{value: ms[0], also: up}).score(&v, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(both-one-0.5) > 1e-4 {
		t.Errorf("the mean scores %v, the first alone %v: want half a point more", both, one)
	}
}
