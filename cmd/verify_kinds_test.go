package cmd

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/duplicate"
	"okey/game/fair"
	"okey/game/okey101"
)

// playClassicHand plays a classic game's first hand plainly (draw, else
// end the hand at an empty wall, else the first legal discard) to its
// end, and returns its record: the shape of a daily's or a duplicate
// table's hand.
func playClassicHand(t *testing.T, g *classic.Game) []byte {
	t.Helper()
	for i := 0; g.State().Result() == nil; i++ {
		if i > 10000 {
			t.Fatal("the hand never ended")
		}
		st := g.State()
		s := st.Turn()
		try := []classic.Action{classic.DrawAction(s), classic.EndHandAction(s)}
		for _, tl := range st.View(s).Rack {
			try = append(try, classic.DiscardAction(s, tl))
		}
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				break
			}
		}
	}
	r := g.Record()
	return r.Marshal()
}

// play101Match plays a 101 game plainly to the end of its match (for a
// daily's or a duplicate table's hand, a match of one hand).
func play101Match(t *testing.T, g *okey101.Game) []byte {
	t.Helper()
	for i := 0; g.State().Phase() != game.MatchOver; i++ {
		if i > 100000 {
			t.Fatal("the match never ended")
		}
		st := g.State()
		v := st.View(st.Turn())
		try := v.SimpleActions()
		if st.Phase() == game.HandOver {
			try = []okey101.Action{okey101.NextHand()}
		}
		for _, a := range try {
			if _, _, err := g.Apply(a); err == nil {
				break
			}
		}
	}
	r := g.Record()
	return r.Marshal()
}

// cutLast is a record with its last action's line dropped: the move
// that ended it never written.
func cutLast(rec []byte) []byte {
	return rec[:bytes.LastIndexByte(rec[:len(rec)-1], '\n')+1]
}

// verifyKinds are a whole record of every kind okey verify knows, in
// both games: a served match, a local daily's hand, a served daily's
// hand (its secret revealed), a duplicate table's hand (the fourth
// rotation's, the one "record TABLE" gives out).
func verifyKinds(t *testing.T) []struct {
	kind string
	rec  []byte
} {
	t.Helper()
	classicMatch, match101, _ := servedRecords(t)
	d, _ := daily.ParseDate("2026-11-24")
	var sec daily.Secret
	sec[0] = 7
	salt := []byte("0123456789abcdef")
	dupMeta := func(seed uint64) map[string]string {
		m := fair.Meta(seed, salt)
		m[duplicate.MetaHand] = duplicate.HandMeta(3, 4)
		m[duplicate.MetaResults] = "[[0,0,0,0],[0,0,0,0],[0,0,0,0]]"
		return m
	}

	dc, _ := daily.New(game.Classic, d)
	rc := daily.ClassicRecord(dc.Hands[1])
	rc.Meta = dc.Meta(dc.Hands[1], false)
	gc, err := rc.Game()
	if err != nil {
		t.Fatal(err)
	}
	d1, _ := daily.New(game.Okey101, d)
	r1 := daily.Record101(d1.Hands[0])
	r1.Meta = d1.Meta(d1.Hands[0], false)
	g1, err := r1.Game()
	if err != nil {
		t.Fatal(err)
	}

	sc, _ := daily.NewServed(game.Classic, d, sec)
	src := daily.ClassicRecord(sc.Hands[0])
	src.Meta = sc.ServedMeta(sc.Hands[0], daily.Commit(game.Classic, d, sec))
	gsc, err := src.Game()
	if err != nil {
		t.Fatal(err)
	}
	servedClassic, err := daily.WithSecret(playClassicHand(t, gsc), sec)
	if err != nil {
		t.Fatal(err)
	}
	s1, _ := daily.NewServed(game.Okey101, d, sec)
	sr1 := daily.Record101(s1.Hands[0])
	sr1.Meta = s1.ServedMeta(s1.Hands[0], daily.Commit(game.Okey101, d, sec))
	gs1, err := sr1.Game()
	if err != nil {
		t.Fatal(err)
	}
	served101, err := daily.WithSecret(play101Match(t, gs1), sec)
	if err != nil {
		t.Fatal(err)
	}

	dupClassic, err := classic.NewGame(classic.DefaultRules(), 42, dupMeta(42))
	if err != nil {
		t.Fatal(err)
	}
	rules101 := okey101.DefaultRules()
	rules101.Hands = 1 // a duplicate table's hand of 101 is a match of one hand
	dup101, err := okey101.NewGame(rules101, 43, dupMeta(43))
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		kind string
		rec  []byte
	}{
		{"match classic", classicMatch},
		{"match 101", match101},
		{"daily classic", playClassicHand(t, gc)},
		{"daily 101", play101Match(t, g1)},
		{"served daily classic", servedClassic},
		{"served daily 101", served101},
		{"duplicate classic", playClassicHand(t, dupClassic)},
		{"duplicate 101", play101Match(t, dup101)},
	}
}

// TestVerifyTellsWholeFromCut: for every kind of record, in both games,
// a script tells a finished record from one cut short as docs/serving-promises.md
// says — a whole record exits 0 with its verified line on stdout ending
// in the words of a finished match or hand; the same record with its
// last move dropped exits 1 with a NOT verified line on stderr saying
// it is not over; with --partial it exits 0 and says not over. A
// duplicate table's hand, the first of a match of its own, verifies as
// finished once the hand ended.
func TestVerifyTellsWholeFromCut(t *testing.T) {
	ended := map[string]string{
		"match":        "match over after ",
		"daily":        "; the hand ended",
		"served daily": ", match over after 1 hand",
		"duplicate":    ": the hand ended",
	}
	cutWords := map[string]string{
		"match":        "NOT verified: the match is not over (",
		"daily":        "is not over: the record is cut short, or the hand is still in play",
		"served daily": "NOT verified: the match is not over (1 hand so far)",
		"duplicate":    "hand 4 of 4 (deal 1, rotation 4) is not over: the record is cut short, or the hand is still in play",
	}
	partialWords := map[string]string{
		"match":        "match not over, ",
		"daily":        "the hand is not over yet",
		"served daily": "match not over, 1 hand so far",
		"duplicate":    ": the hand is not over yet",
	}
	for _, k := range verifyKinds(t) {
		kind := k.kind[:strings.LastIndexByte(k.kind, ' ')]
		t.Run(k.kind, func(t *testing.T) {
			for _, tc := range []struct {
				what    string
				rec     []byte
				partial bool
				code    int
				stdout  string
				stderr  string
			}{
				{"whole", k.rec, false, 0, ended[kind], ""},
				{"whole, --partial", k.rec, true, 0, ended[kind], ""},
				{"cut", cutLast(k.rec), false, 1, "", cutWords[kind]},
				{"cut, --partial", cutLast(k.rec), true, 0, partialWords[kind], ""},
			} {
				args := []string{"verify", "--lang", "en", "-"}
				if tc.partial {
					args = append(args, "--partial")
				}
				var out, errb bytes.Buffer
				code := run(context.Background(), args, bytes.NewReader(tc.rec), &out, &errb)
				lines := strings.Count(out.String(), "\n") + strings.Count(errb.String(), "\n")
				okOut := tc.stdout == "" && out.Len() == 0 || tc.stdout != "" && strings.HasPrefix(out.String(), "standard input: verified: ") && strings.Contains(out.String(), tc.stdout)
				okErr := tc.stderr == "" && errb.Len() == 0 || tc.stderr != "" && strings.Contains(errb.String(), tc.stderr)
				if code != tc.code || lines != 1 || !okOut || !okErr {
					t.Errorf("%s: exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", tc.what, code, tc.code, out.String(), tc.stdout, errb.String(), tc.stderr)
				}
			}
		})
	}
}

// TestVerifyDuplicateWords: a duplicate table's hand is named by its
// place in the plan, in English and Turkish; meta that names no hand of
// a plan, or a record that goes on past its first hand, does not
// verify.
func TestVerifyDuplicateWords(t *testing.T) {
	kinds := verifyKinds(t)
	var dupClassic []byte
	for _, k := range kinds {
		if k.kind == "duplicate classic" {
			dupClassic = k.rec
		}
	}
	salt := []byte("0123456789abcdef")
	meta := fair.Meta(42, salt)
	meta[duplicate.MetaHand] = duplicate.HandMeta(3, 4)
	g, err := classic.NewGame(classic.DefaultRules(), 42, meta)
	if err != nil {
		t.Fatal(err)
	}
	playClassicHand(t, g)
	if _, _, err := g.Apply(classic.NextHandAction()); err != nil {
		t.Fatal(err)
	}
	past := g.Record()
	rules101 := okey101.DefaultRules() // 11 hands: not a duplicate table's
	g101, err := okey101.NewGame(rules101, 43, meta)
	if err != nil {
		t.Fatal(err)
	}
	long101 := g101.Record()
	for _, tc := range []struct {
		what, lang string
		rec        []byte
		code       int
		want       string
	}{
		{"tr", "tr", dupClassic, 0, "Klasik Okey, tohum 42, eş el masasının 4. eli (4 elden; 1. dağıtım, 4. tur): el bitti"},
		{"tr cut", "tr", cutLast(dupClassic), 1, "eş el masasının 4. eli (4 elden; 1. dağıtım, 4. tur) bitmemiş"},
		{"no plan", "en", bytes.Replace(dupClassic, []byte(`v1 hand 4 of 4`), []byte(`v1 hand 5 of 4`), 1), 1, "NOT verified: damaged file: not a duplicate table's hand"},
		{"past its hand", "en", past.Marshal(), 1, "yet the record goes on to hand 2"},
		{"101 of many hands", "en", long101.Marshal(), 1, "a match of one hand, yet its rules say 11"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"verify", "--lang", tc.lang, "-"}, bytes.NewReader(tc.rec), &out, &errb)
		if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
			t.Errorf("%s: exit %d, %q %q; want %d and %q", tc.what, code, out.String(), errb.String(), tc.code, tc.want)
		}
	}
}
