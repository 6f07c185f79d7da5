package okey101

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"okey/game"
	"okey/game/record"
)

// playGame plays a match through a Game with the random player and
// returns it with the lines Apply handed out, after the header.
func playGame(t *testing.T, r Rules, seed uint64) (*Game, []byte) {
	t.Helper()
	g, err := NewGame(r, seed, map[string]string{"names": "Ayşe,Bora,Cem,Deniz"})
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Record()
	out := append(rec.HeaderLine(), DealLine(g.State().DealInfo())...)
	p := newPlayer(seed)
	for g.State().Phase() != game.MatchOver {
		a, _, _, err := p.move(g.State())
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		_, lines, err := g.Apply(a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		out = append(out, lines...)
	}
	return g, out
}

// TestRecordReplays: a record written as the match went is the one
// Marshal writes, reads back the same, and replays to the very same
// state.
func TestRecordReplays(t *testing.T) {
	for _, rs := range []string{"hands=2", "open=20,okey_pair,hands=3", "partners,progressive,open=40,hands=2"} {
		r, _ := ParseRules(rs)
		g, lines := playGame(t, r, 21)
		rec := g.Record()
		data := rec.Marshal()
		if !bytes.Equal(data, lines) {
			t.Fatalf("%s: Marshal differs from the lines handed out as the game went", rs)
		}
		if !bytes.Contains(data[:bytes.IndexByte(data, '\n')], []byte(`"game":"101"`)) {
			t.Fatalf("%s: the header does not name the game: %s", rs, data[:bytes.IndexByte(data, '\n')])
		}
		parsed, err := ParseRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(parsed, rec) {
			t.Fatalf("%s: the record does not round-trip", rs)
		}
		back, err := parsed.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.State(), g.State()) {
			t.Fatalf("%s: the replay ends in another state", rs)
		}
		if back.State().MatchResult() == nil || back.State().Phase() != game.MatchOver {
			t.Fatalf("%s: the replay does not reach the end", rs)
		}
	}
}

// TestRecordRefusesDamage: damaged, foreign or mismatching records are
// refused with the right reason, never replayed into something else.
func TestRecordRefusesDamage(t *testing.T) {
	g, _ := playGame(t, Rules{Open: 30, Islek: true, Hands: 1}, 5)
	rec := g.Record()
	data := string(rec.Marshal())
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	replace := func(i int, l string) []byte {
		ls := append([]string(nil), lines...)
		ls[i] = l
		return join(ls)
	}
	// The first discard's line, and another tile for it.
	disc := -1
	for i, l := range lines {
		if strings.Contains(l, `"a":"discard"`) {
			disc = i
			break
		}
	}
	cases := []struct {
		name string
		data []byte
		err  error
	}{
		{"empty", nil, record.ErrCorrupt},
		{"not a header", []byte("{\"a\":\"draw\",\"s\":0}\n"), record.ErrCorrupt},
		{"a classic record", []byte(strings.Replace(data, `"game":"101",`, "", 1)), record.ErrGame},
		{"another version", []byte(strings.Replace(data, `"version":2`, `"version":9`, 1)), record.ErrVersion},
		{"bad rules", []byte(strings.Replace(data, `"rules":"`, `"rules":"points=5,`, 1)), record.ErrCorrupt},
		{"a cut line", replace(disc, lines[disc][:len(lines[disc])/2]), record.ErrCorrupt},
		{"an empty line", replace(disc, ""), record.ErrCorrupt},
		{"an unknown action", replace(disc, `{"a":"fly","s":0}`), record.ErrCorrupt},
		{"a discard without its tile", replace(disc, strings.Replace(lines[disc], `,"t"`, `,"x"`, 1)), record.ErrCorrupt},
		{"an action out of turn", replace(disc, strings.Replace(lines[disc], `"s":`, `"s":9`, 1)), record.ErrCorrupt},
		{"another seed", []byte(strings.Replace(data, `"seed":5`, `"seed":6`, 1)), record.ErrMismatch},
		{"another deal", replace(1, strings.Replace(lines[1], `"dealer":`, `"dealer":7`, 1)), record.ErrMismatch},
	}
	for _, tc := range cases {
		rec, err := ParseRecord(tc.data)
		if err == nil {
			_, err = rec.Replay()
		}
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.err)
		}
	}
	// A record cut short after an action replays to where it stops.
	part, err := ParseRecord(join(lines[:disc+1]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := part.Replay(); err != nil {
		t.Fatalf("a record cut after an action must replay: %v", err)
	}
}
