package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// TestSimJSON runs a short okey sim and checks the JSON object docs/bots.md
// documents: its fields, one entry per bot in the order given, and
// counts that add up.
func TestSimJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"sim", "--bots", "normal,easy,hard,easy", "--hands", "12", "--seed", "3", "--json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Hands    int      `json:"hands"`
		WallOut  *int     `json:"wall_out"`
		ElapsedS *float64 `json:"elapsed_s"`
		Bots     []struct {
			Name              string     `json:"name"`
			Won               *int       `json:"won"`
			WinShare          *float64   `json:"win_share"`
			CI95              [2]float64 `json:"ci95"`
			PointsLostPerHand *float64   `json:"points_lost_per_hand"`
			NetPointsPerHand  *float64   `json:"net_points_per_hand"`
			NetCI95           [2]float64 `json:"net_ci95"`
			Play              *float64   `json:"play_points_per_hand"`
			PlayCI95          [2]float64 `json:"play_ci95"`
			Gosterme          *float64   `json:"gosterme_points_per_hand"`
			GostermeCI95      [2]float64 `json:"gosterme_ci95"`
			OkeyFinish        *float64   `json:"okey_finish_points_per_hand"`
			OkeyFinishCI95    [2]float64 `json:"okey_finish_ci95"`
			Pairs             *float64   `json:"pairs_points_per_hand"`
			PairsCI95         [2]float64 `json:"pairs_ci95"`
			OkeyFinishes      *int       `json:"okey_finishes"`
			PairsWins         *int       `json:"pairs_wins"`
			Shown             *int       `json:"gosterme"`
			DecisionMeanMs    *float64   `json:"decision_ms_mean"`
			DecisionMedianMs  *float64   `json:"decision_ms_median"`
			DecisionP99Ms     *float64   `json:"decision_ms_p99"`
			Decisions         *int       `json:"decisions"`
		} `json:"bots"`
	}
	dec := json.NewDecoder(&out)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&res); err != nil {
		t.Fatalf("output is not the documented object: %v", err)
	}
	if res.Hands != 12 || res.WallOut == nil || res.ElapsedS == nil || len(res.Bots) != 4 {
		t.Fatalf("bad header: %+v", res)
	}
	won := *res.WallOut
	for i, want := range []string{"normal", "easy", "hard", "easy"} {
		b := res.Bots[i]
		if b.Name != want {
			t.Errorf("bot %d is %q, want %q", i, b.Name, want)
		}
		if b.Won == nil || b.WinShare == nil || b.PointsLostPerHand == nil || b.OkeyFinishes == nil ||
			b.PairsWins == nil || b.Shown == nil || b.DecisionMeanMs == nil || b.DecisionMedianMs == nil || b.DecisionP99Ms == nil || b.Decisions == nil ||
			b.NetPointsPerHand == nil || b.Play == nil || b.Gosterme == nil || b.OkeyFinish == nil || b.Pairs == nil {
			t.Fatalf("bot %d misses a field: %+v", i, b)
		}
		// the split adds up to the net, each part within its interval
		if d := *b.Play + *b.Gosterme - *b.NetPointsPerHand; d > 1e-9 || d < -1e-9 {
			t.Errorf("bot %d: play %v + gösterme %v != net %v", i, *b.Play, *b.Gosterme, *b.NetPointsPerHand)
		}
		for _, part := range []struct {
			v  float64
			ci [2]float64
		}{{*b.NetPointsPerHand, b.NetCI95}, {*b.Play, b.PlayCI95}, {*b.Gosterme, b.GostermeCI95}, {*b.OkeyFinish, b.OkeyFinishCI95}, {*b.Pairs, b.PairsCI95}} {
			if part.ci[0] > part.v+1e-12 || part.v > part.ci[1]+1e-12 {
				t.Errorf("bot %d: %v outside its interval %v", i, part.v, part.ci)
			}
		}
		won += *b.Won
		if b.CI95[0] > *b.WinShare || *b.WinShare > b.CI95[1] {
			t.Errorf("bot %d: share %v outside its interval %v", i, *b.WinShare, b.CI95)
		}
		if *b.DecisionMeanMs <= 0 || *b.Decisions <= 0 {
			t.Errorf("bot %d: no decision time (%v ms over %d decisions)", i, *b.DecisionMeanMs, *b.Decisions)
		}
	}
	if won != res.Hands {
		t.Errorf("wins and wall outs add up to %d, not %d hands", won, res.Hands)
	}
}

func TestSimTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--bots", "easy,easy,normal,normal", "--hands", "4"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"95% interval", "easy", "normal", "wall out:", "net points a hand = play + gösterme", "okey fin.", "pairs"} {
		if !strings.Contains(s, want) {
			t.Errorf("table lacks %q:\n%s", want, s)
		}
	}
	for _, l := range strings.Split(s, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of %d columns:\n%s", n, l)
		}
	}
	if strings.Contains(s, "\x1b[") {
		t.Errorf("a progress bar was drawn on a non-terminal:\n%q", s)
	}
}

// TestSimSearch: okey sim plays the search player, which the game does
// not offer, under the name it was given.
func TestSimSearch(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--bots", "search,normal,normal,normal", "--hands", "4", "--seed", "5", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Hands int
		Bots  []struct{ Name string }
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Hands != 4 || len(res.Bots) != 4 || res.Bots[0].Name != "search" {
		t.Fatalf("got %+v", res)
	}
}

// TestSimRead: okey sim plays hard reading the table under the name it
// was given, weights and all.
func TestSimRead(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--bots", "read-f0.2-w1,normal,normal,normal", "--hands", "4", "--seed", "5", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Hands int
		Bots  []struct{ Name string }
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Hands != 4 || len(res.Bots) != 4 || res.Bots[0].Name != "read-f0.2-w1" {
		t.Fatalf("got %+v", res)
	}
}

// TestSim101Search: okey sim --game 101 plays the 101 search player
// under the name it was given, and says what a badly written one lacks.
// Four hands a player, one under -short: a hand shows the name and the
// decisions made as well, and the search is the costly part.
func TestSim101Search(t *testing.T) {
	t.Parallel()
	hands := 4
	if testing.Short() {
		hands = 1
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--game", "101", "--bots", "search,normal,normal,normal", "--hands", strconv.Itoa(hands), "--seed", "5", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Hands int
		Bots  []struct {
			Name      string
			Decisions int
		}
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Hands != hands || len(res.Bots) != 4 || res.Bots[0].Name != "search" || res.Bots[0].Decisions == 0 {
		t.Fatalf("got %+v", res)
	}
	errb.Reset()
	if code := run(context.Background(), []string{"sim", "--game", "101", "--bots", "search-4,normal,normal,normal"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not a search level") || strings.Count(errb.String(), "\n") != 1 {
		t.Fatalf("search-4: exit %d, %q", code, errb.String())
	}
	// -selfhard is 101's alone
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"sim", "--game", "101", "--bots", "search-selfhard,normal,normal,normal", "--hands", strconv.Itoa(hands), "--seed", "5", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("search-selfhard: exit %d: %s", code, errb.String())
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Hands != hands || res.Bots[0].Name != "search-selfhard" || res.Bots[0].Decisions == 0 {
		t.Fatalf("search-selfhard: got %+v", res)
	}
	errb.Reset()
	if code := run(context.Background(), []string{"sim", "--bots", "search-selfhard,normal,normal,normal", "--hands", "4"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not a search level") {
		t.Fatalf("classic search-selfhard: exit %d, %q", code, errb.String())
	}
}

func TestSimBadArguments(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown level", []string{"--bots", "easy,easy,easy,genius"}, "unknown level \"genius\""},
		{"three bots", []string{"--bots", "easy,easy,easy"}, "one level for all four bots or four levels, not 3"},
		{"five bots", []string{"--bots", "easy,easy,easy,easy,easy"}, "not 5"},
		{"zero hands", []string{"--hands", "0"}, "hands must be positive"},
		{"negative hands", []string{"--hands", "-3"}, "hands must be positive"},
		{"bad rules", []string{"--rules", "points=99"}, "points"},
		{"search scale out of range", []string{"--bots", "search-0x,normal,normal,normal"}, "not a search level"},
		{"search scale without x", []string{"--bots", "search-4"}, "not a search level"},
		{"read weight without a number", []string{"--bots", "read-f,normal,normal,normal"}, "not a read level"},
		{"classic's read weights in 101", []string{"--game", "101", "--bots", "read-f0.1,normal,normal,normal"}, "not a 101 read level"},
		{"not a number", []string{"--hands", "many"}, `--hands: "many" is not a value it takes`},
		{"stray argument", []string{"now"}, "unexpected argument"},
		{"zero matches", []string{"--matches", "0"}, "--matches must be positive"},
		{"hands and matches", []string{"--matches", "4", "--hands", "8"}, "not both"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), append([]string{"sim"}, c.args...), nil, &out, &errb)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(errb.String(), c.want) || strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("stderr %q lacks %q or is not one line", errb.String(), c.want)
			}
		})
	}
}

// TestSimMatchesJSON: --matches adds the documented match fields to the
// object and to each bot, and the counts add up: two winners a match,
// one first place.
func TestSimMatchesJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"sim", "--bots", "normal,easy,easy,easy", "--matches", "4", "--seed", "2", "--json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Matches int `json:"matches"`
		Hands   int `json:"hands"`
		Bots    []struct {
			Name          string     `json:"name"`
			MatchWins     *float64   `json:"match_wins"`
			MatchWinShare *float64   `json:"match_win_share"`
			MatchCI95     [2]float64 `json:"match_ci95"`
			Firsts        *float64   `json:"firsts"`
			FirstShare    *float64   `json:"first_share"`
			FirstCI95     [2]float64 `json:"first_ci95"`
			HandsPerMatch *float64   `json:"hands_per_match"`
			HandsCI95     [2]float64 `json:"hands_per_match_ci95"`
		} `json:"bots"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Matches != 4 || res.Hands < 4 || len(res.Bots) != 4 {
		t.Fatalf("bad header: %s", out.String())
	}
	var wins, firsts float64
	for i, b := range res.Bots {
		if b.MatchWins == nil || b.MatchWinShare == nil || b.Firsts == nil || b.FirstShare == nil || b.HandsPerMatch == nil {
			t.Fatalf("bot %d misses a match field: %s", i, out.String())
		}
		wins += *b.MatchWins
		firsts += *b.Firsts
		if *b.HandsPerMatch < 1 {
			t.Errorf("bot %d: %v hands a match", i, *b.HandsPerMatch)
		}
	}
	if wins != 8 || firsts != 4 {
		t.Errorf("%v match wins and %v firsts in 4 matches, want 8 and 4", wins, firsts)
	}
	var table bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--bots", "easy", "--matches", "4"}, nil, &table, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"4 matches", "matches won", "firsts", "hands a match", "net points a hand"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
}

// One level stands for all four bots, as in the game's --bots.
func TestSimOneLevel(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--bots", "easy", "--hands", "4", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if strings.Count(out.String(), `"name":"easy"`) != 4 {
		t.Errorf("want four easy bots: %s", out.String())
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A table that cannot be written is a runtime error (exit 1), not a
// success; help goes to stdout.
func TestSimOutputErrors(t *testing.T) {
	var errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--bots", "easy", "--hands", "4"}, nil, failWriter{}, &errb); code != 1 || !strings.Contains(errb.String(), "no space") {
		t.Errorf("exit %d, stderr %q; want 1 and the reason", code, errb.String())
	}
	var out bytes.Buffer
	errb.Reset()
	if code := run(context.Background(), []string{"sim", "-h"}, nil, &out, &errb); code != 0 || errb.Len() != 0 || !strings.Contains(out.String(), "okey sim") || !strings.Contains(out.String(), "--matches") {
		t.Errorf("help: exit %d, stderr %q", code, errb.String())
	}
}

// okey sim --game 101: the table, the JSON, matches, and bad flags in
// one line each.
func TestSim101(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--game", "101", "--bots", "normal,easy,easy,easy", "--hands", "8", "--seed", "2"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "points/hand") || !strings.Contains(out.String(), "normal") {
		t.Errorf("table:\n%s", out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"sim", "--game=101", "--bots", "easy", "--matches", "4", "--json", "--rules", "hands=2"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Matches int `json:"matches"`
		Bots    []struct {
			Name  string `json:"name"`
			Match *struct {
				Won int `json:"won"`
			} `json:"match"`
		} `json:"bots"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Matches != 4 || len(res.Bots) != 4 || res.Bots[0].Match == nil {
		t.Errorf("%v: %s", err, out.String())
	}
	for _, args := range [][]string{
		{"--bots", "genius"},
		{"--bots", "easy,easy"},
		{"--hands", "0"},
		{"--hands", "4", "--matches", "4"},
		{"--rules", "points=5"},
	} {
		out.Reset()
		errb.Reset()
		code := run(context.Background(), append([]string{"sim", "--game", "101"}, args...), nil, &out, &errb)
		if code != 2 || strings.Count(errb.String(), "\n") != 1 || strings.Contains(errb.String(), "configuration") {
			t.Errorf("%v: exit %d, %q", args, code, errb.String())
		}
	}
}

// ctrl+c stops okey sim: the results of the whole
// deals played so far are printed once, then one line says it was
// interrupted, in the player's words, and the exit status is 130 (143
// for SIGTERM; it was once 1, with a raw "context canceled") —
// for classic and 101 alike.
func TestSimInterrupted(t *testing.T) {
	t.Parallel()
	for i, args := range [][]string{
		{"--bots", "normal", "--hands", "100000000", "--json"},
		{"--game", "101", "--bots", "easy", "--hands", "100000000", "--json"},
	} {
		sig, want := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}[i], []int{130, 143}[i]
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(300*time.Millisecond, func() { cancel(&signalled{sig}) }) // ctrl+c, some hands in
		var out, errb bytes.Buffer
		code := simMain(ctx, args, nil, &out, &errb)
		cancel(nil)
		var res struct {
			Hands int `json:"hands"`
		}
		if err := json.Unmarshal(out.Bytes(), &res); err != nil || strings.Count(out.String(), "\n") != 1 {
			t.Fatalf("%v: stdout is not one JSON object: %v\n%s", args, err, out.String())
		}
		if code != want || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "interrupted") ||
			strings.Contains(errb.String(), "context canceled") || !strings.Contains(errb.String(), fmt.Sprintf("%d hands", res.Hands)) {
			t.Fatalf("%v: exit %d, stderr %q: want %d and one line saying it was interrupted after %d hands", args, code, errb.String(), want, res.Hands)
		}
		if res.Hands%4 != 0 {
			t.Errorf("%v: %d hands counted: only whole deals (four rotations) count", args, res.Hands)
		}
	}
}

// TestSim101Expert: 101's expert level is the search at 4x on the
// belief's worlds that also weighs the opening: okey sim plays the same
// hands with it as with search-4x-open (the same points and finishes
// for every seat), under its own name (decide101's
// TestExpertIsTheSearchAt4xOpen pins the options themselves, so one
// hand is enough under -short to show the name wired to them).
func TestSim101Expert(t *testing.T) {
	t.Parallel()
	hands := "3"
	if testing.Short() {
		hands = "1"
	}
	type bot struct {
		Name          string
		PointsPerHand float64 `json:"points_per_hand"`
		Finished      int
		Decisions     int
	}
	play := func(level string) []bot {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"sim", "--game", "101", "--bots", level + ",normal,normal,normal", "--hands", hands, "--seed", "5", "--json"}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", level, code, errb.String())
		}
		var res struct{ Bots []bot }
		if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res.Bots) != 4 {
			t.Fatalf("%s: %v, %d bots", level, err, len(res.Bots))
		}
		return res.Bots
	}
	expert, search := play("expert"), play("search-4x-open")
	if expert[0].Name != "expert" || expert[0].Decisions == 0 {
		t.Fatalf("expert's seat: %+v", expert[0])
	}
	for i := range expert {
		expert[i].Name, search[i].Name = "", ""
		if expert[i] != search[i] {
			t.Errorf("seat %d: %+v with expert, %+v with search-4x-open", i, expert[i], search[i])
		}
	}
}
