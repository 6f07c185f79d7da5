package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"okey/game/tile"
)

type handAnswer struct {
	Winning    *bool      `json:"winning"`
	Kind       string     `json:"kind"`
	Melds      [][]string `json:"melds"`
	Distance   *int       `json:"distance"`
	Discard    string     `json:"discard"`
	OkeyFinish *bool      `json:"okey_finish"`
	Error      string     `json:"error"`
}

func runHand(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"hand"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestHandJSON(t *testing.T) {
	lines := []string{
		"K3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12",    // wins, melds
		"K3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K4", // okey finish
		"k3: r1 r1 y2 y2 b3 b3 k5 k5 r7 r7 y8 y8 b9 b9 k10",      // pairs after K10
		"R4: R1 R2 Y9 B4 K7 K11 R13 Y1 Y6 B8 B12 K2 K5 Y13",      // far from winning
		"R4: R1 R2", // wrong count
		"R4: R1 R2 Q3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12", // unknown tile
		"R4: R5 R5 R5 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12", // three copies
		"R4: R4 R4 R6 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12", // two of the indicator's tile
		"J: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12",  // false joker indicator
		"R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12",     // no indicator
	}
	out, stderr, code := runHand(t, strings.Join(lines, "\n")+"\n", "--json")
	if code != 1 {
		t.Fatalf("exit %d with bad lines in the batch, want 1 (stderr %q)", code, stderr)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d answers for %d lines:\n%s", len(got), len(lines), out)
	}
	var ans []handAnswer
	for i, g := range got {
		var a handAnswer
		if err := json.Unmarshal([]byte(g), &a); err != nil {
			t.Fatalf("line %d: not JSON: %q", i+1, g)
		}
		ans = append(ans, a)
	}
	if a := ans[0]; !*a.Winning || a.Kind != "melds" || *a.Distance != 0 || len(a.Melds) != 4 || a.Discard != "" || a.OkeyFinish != nil {
		t.Errorf("line 1: %s", got[0])
	}
	if a := ans[1]; !*a.Winning || a.Discard != "K4" || !*a.OkeyFinish || *a.Distance != 0 {
		t.Errorf("line 2: %s", got[1])
	}
	if a := ans[2]; !*a.Winning || a.Kind != "pairs" || a.Discard != "K10" || *a.OkeyFinish || len(a.Melds) != 7 {
		t.Errorf("line 3: %s", got[2])
	}
	if a := ans[3]; *a.Winning || a.Kind != "" || len(a.Melds) != 0 || *a.Distance < 3 {
		t.Errorf("line 4: %s", got[3])
	}
	wantErr := []string{"14 or 15 tiles", `"Q3"`, "R5", "R4", "false joker", "indicator"}
	for i, w := range wantErr {
		a := ans[4+i]
		if a.Error == "" || !strings.Contains(a.Error, w) || a.Winning != nil {
			t.Errorf("line %d: %s, want an error naming %s", 5+i, got[4+i], w)
		}
	}
	// All good lines: exit 0.
	if _, _, code := runHand(t, lines[0]+"\n"+lines[3]+"\n", "--json"); code != 0 {
		t.Errorf("exit %d for a clean batch", code)
	}
}

func TestHandHuman(t *testing.T) {
	out, _, code := runHand(t, "", "--indicator", "K3", "R1", "R2", "R3", "Y4", "Y5", "Y6", "Y7", "B9", "B10", "B11", "R12", "Y12", "B12", "K12", "K4")
	if code != 0 || !strings.Contains(out, "Wins: discard K4 (okey finish") || !strings.Contains(out, "loses 4") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	out, _, code = runHand(t, "", "R1", "R2", "Y9", "B4", "K7", "K11", "R13", "Y1", "Y6", "B8", "B12", "K2", "K5", "Y13", "--indicator", "r4")
	if code != 0 || !strings.Contains(out, "Does not win") || !strings.Contains(out, "exchanges from winning") {
		t.Fatalf("flags after tiles: exit %d:\n%s", code, out)
	}
	for _, args := range [][]string{
		{"--indicator", "R4", "R1", "R2"},
		{"R1", "R2", "R3", "Y4", "Y5", "Y6", "Y7", "B9", "B10", "B11", "R12", "Y12", "B12", "K12"},
		{"--indicator", "J", "R1", "R2", "R3", "Y4", "Y5", "Y6", "Y7", "B9", "B10", "B11", "R12", "Y12", "B12", "K12"},
		{"--rules", "turbo", "--indicator", "R4", "R1"},
		{"--json", "R1"},
		{"-", "--indicator", "R4"},
		{"--indicator", "R4", "-"},
		{"--deal", "0"},
		{"--seed", "3", "--indicator", "R4", "R1"},
		{"--mix", "soft", "--deal", "3"},
		{"--no-such-flag"},
	} {
		_, stderr, code := runHand(t, "", args...)
		if code != 2 || !strings.HasPrefix(stderr, "okey hand: ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one clear line", args, code, stderr)
		}
	}
}

// --deal prints valid lines of 14 and 15 tiles in turn, the same for a
// seed and others for another, which --json then reads without error.
func TestHandDeal(t *testing.T) {
	a, _, code := runHand(t, "", "--deal", "40")
	b, _, _ := runHand(t, "", "--deal", "40", "--seed", "7")
	c, _, _ := runHand(t, "", "--deal", "40", "--seed", "8")
	if code != 0 || a != b || a == c {
		t.Fatalf("exit %d; the default seed must repeat (%v) and another differ (%v)", code, a == b, a != c)
	}
	lines := strings.Split(strings.TrimSuffix(a, "\n"), "\n")
	if len(lines) != 40 {
		t.Fatalf("%d lines, want 40", len(lines))
	}
	for i, line := range lines {
		_, hand, ok := strings.Cut(line, ": ")
		ts, err := tile.ParseTiles(hand)
		if !ok || err != nil || len(ts) != 14+i%2 {
			t.Fatalf("line %d %q: %d tiles, %v", i, line, len(ts), err)
		}
	}
	out, errs, code := runHand(t, a, "--json")
	if code != 0 || strings.Contains(out, `"error"`) || strings.Count(out, "\n") != 40 {
		t.Fatalf("--json on dealt lines: exit %d, %s\n%s", code, errs, out)
	}
	for _, args := range [][]string{{"--deal", "-1"}, {"--deal", "3", "--json"}, {"--deal", "3", "R1"}} {
		if _, errs, code := runHand(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, %q; want 2 and a message", args, code, errs)
		}
	}
}

// Help goes to stdout and exits 0, and names each flag without
// placeholders borrowed from the flag's description.
func TestHandHelp(t *testing.T) {
	out, errs, code := runHand(t, "", "-h")
	if code != 0 || errs != "" || !strings.Contains(out, "okey hand") || !strings.Contains(out, "--indicator") || !strings.Contains(out, "--deal") {
		t.Fatalf("exit %d, stderr %q, stdout %.60q", code, errs, out)
	}
	if strings.Contains(out, "IND: TILES\n") || strings.Contains(out, `(default "default")`) {
		t.Errorf("help shows a borrowed placeholder or a meaningless default:\n%s", out)
	}
}

// A line of the batch that cannot be read as tiles still gets its own
// answer: a blank line, and a line of several megabytes.
func TestHandJSONOddLines(t *testing.T) {
	good := "K3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12"
	huge := "K3: " + strings.Repeat("R1 ", 1<<20)
	out, _, code := runHand(t, good+"\n\n"+huge+"\n"+good+"\n", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 4 {
		t.Fatalf("exit %d, %d answers:\n%.300s", code, len(lines), out)
	}
	if !strings.Contains(lines[1], "empty line") || !strings.Contains(lines[2], "longer than") || lines[0] != lines[3] || !strings.HasPrefix(lines[3], `{"winning":true`) {
		t.Errorf("answers:\n%.400s", out)
	}
}

// okey hand --game 101: the documented JSON for every line, the batch
// going on past bad lines (exit 1), a person's description.
func TestHand101(t *testing.T) {
	good := "R4: R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 K13 R5 J Y12 Y12 B1 B2 K3 K4 K5 K6"
	lines := []string{
		good,
		"R4: R1 R2 R3",   // too few
		"J: " + good[4:], // false joker indicator
		"R4: R4 R4 R3 Y5 Y6 Y7 B9 B10 B11 K12 K13 R5 J Y12 Y12 B1 B2 K3 K4 K5 K6", // two of the indicator's tile
		"R4: Q1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 K13 R5 J Y12 Y12 B1 B2 K3 K4 K5 K6", // unknown tile
		"",
	}
	out, _, code := runHand(t, strings.Join(lines, "\n")+"\n", "--game", "101", "--json")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(got) != len(lines) {
		t.Fatalf("exit %d, %d answers for %d lines:\n%s", code, len(got), len(lines), out)
	}
	var a struct {
		OpenValue *int       `json:"open_value"`
		CanOpen   *bool      `json:"can_open"`
		Opening   [][]string `json:"opening"`
		Pairs     *int       `json:"pairs"`
		Unmelded  *int       `json:"unmelded"`
	}
	dec := json.NewDecoder(strings.NewReader(got[0]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil || a.OpenValue == nil || *a.OpenValue != 108 || !*a.CanOpen || len(a.Opening) != 5 || *a.Pairs != 2 || *a.Unmelded != 5 {
		t.Errorf("line 1: %s (%v)", got[0], err)
	}
	for i, want := range []string{"21 or 22", "false joker", "indicator", `Q1`, "empty"} {
		if !strings.Contains(got[1+i], `"error"`) || !strings.Contains(got[1+i], want) {
			t.Errorf("line %d: %s, want an error naming %s", i+2, got[1+i], want)
		}
	}
	// Under open=120 the same rack does not open.
	out, _, _ = runHand(t, good+"\n", "--game", "101", "--rules", "open=120", "--json")
	if !strings.Contains(out, `"can_open":false`) {
		t.Errorf("open=120: %s", out)
	}
	out, _, code = runHand(t, "", "--game", "101", "--indicator", "R4", "R1", "R2", "R3", "Y5", "Y6", "Y7", "B9", "B10", "B11", "K12", "K13", "R5", "J", "Y12", "Y12", "B1", "B2", "K3", "K4", "K5", "K6")
	for _, want := range []string{"Opens with 108", "R5(okey)", "Pairs: 2", "leaves 5 tiles", "202 unopened", "33 for the tiles left"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, lacks %q:\n%s", code, want, out)
		}
	}
	for _, args := range [][]string{
		{"--game", "102"},
		{"--game", "101", "--rules", "points=10", "--json"},
		{"--game", "101", "--indicator", "R4", "R1"},
		{"--game", "101", "--deal", "3", "--mix", "hard"},
	} {
		if _, errs, code := runHand(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want 2 and one line", args, code, errs)
		}
	}
	// --deal prints 101 racks that the batch reads without error.
	dealt, _, code := runHand(t, "", "--game", "101", "--deal", "20")
	if code != 0 || strings.Count(dealt, "\n") != 20 {
		t.Fatalf("--deal: exit %d\n%s", code, dealt)
	}
	if out, _, code := runHand(t, dealt, "--game", "101", "--json"); code != 0 || strings.Contains(out, "error") {
		t.Errorf("dealt 101 racks: exit %d\n%s", code, out)
	}
}

// lockedBuffer is a bytes.Buffer safe to read while a command writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// ctrl+c in the middle of okey hand --json: the
// command stops though its input is still open, writes every answer it
// computed, says how many on one line and exits 1.
func TestHandJSONInterrupted(t *testing.T) {
	var dealt bytes.Buffer
	if code := handMain(context.Background(), []string{"--deal", "300", "--seed", "4"}, nil, &dealt, &bytes.Buffer{}); code != 0 {
		t.Fatalf("--deal: exit %d", code)
	}
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancelCause := context.WithCancelCause(context.Background())
	cancel := func() { cancelCause(&signalled{syscall.SIGINT}) }
	var out, errb lockedBuffer
	done := make(chan int, 1)
	go func() { done <- handMain(ctx, []string{"--json"}, pr, &out, &errb) }()
	// The input stays open after these lines, as a terminal's does:
	// their answers come out all the same (the batch does not wait for
	// more), and then ctrl+c.
	if _, err := pw.Write(dealt.Bytes()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for strings.Count(out.String(), "\n") < 300 {
		if time.Now().After(deadline) {
			t.Fatalf("%d answers of 300 while the input stays open", strings.Count(out.String(), "\n"))
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	var code int
	select {
	case code = <-done:
	case <-time.After(time.Minute):
		t.Fatal("okey hand --json does not stop on ctrl+c while its input is open")
	}
	msg := errb.String()
	m := regexp.MustCompile(`interrupted: (\d+) lines answered\n$`).FindStringSubmatch(msg)
	if code != 130 || m == nil || strings.Count(msg, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q: want 130 (SIGINT) and one line saying how many were answered", code, msg)
	}
	if n, _ := strconv.Atoi(m[1]); n != 300 || strings.Count(out.String(), "\n") != 300 {
		t.Fatalf("says %d lines answered, wrote %d; want 300", n, strings.Count(out.String(), "\n"))
	}
}

// cancelReader gives data in pieces of at most piece bytes, as a pipe
// does, and calls cancel (the signal) during its read number at.
type cancelReader struct {
	data   []byte
	piece  int
	at     int
	reads  int
	cancel context.CancelFunc
}

func (r *cancelReader) Read(p []byte) (int, error) {
	r.reads++
	if r.reads == r.at {
		r.cancel()
	}
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.piece)], r.data)
	r.data = r.data[n:]
	return n, nil
}

// ctrl+c at any moment of okey hand --json reading a file, in both
// games: the exit status is 1 and stderr one line
// saying how many lines were answered, which is how many answers stdout
// holds — every time, never a silent exit 0 with part of the answers.
func TestHandJSONInterruptedAtEveryMoment(t *testing.T) {
	for _, g := range []string{"classic", "101"} {
		var dealt bytes.Buffer
		if code := handMain(context.Background(), []string{"--game", g, "--deal", "400", "--seed", "9"}, nil, &dealt, &bytes.Buffer{}); code != 0 {
			t.Fatalf("%s --deal: exit %d", g, code)
		}
		const piece = 1000
		reads := dealt.Len()/piece + 2 // the last read finds the end
		for at := 1; at <= reads; at++ {
			ctx, cancel := context.WithCancel(context.Background())
			r := &cancelReader{data: dealt.Bytes(), piece: piece, at: at, cancel: cancel}
			var out, errb bytes.Buffer
			code := handMain(ctx, []string{"--game", g, "--json"}, r, &out, &errb)
			cancel()
			msg := errb.String()
			m := regexp.MustCompile(`^okey hand: interrupted: (\d+) lines answered\n$`).FindStringSubmatch(msg)
			if code != 1 || m == nil {
				t.Fatalf("%s, cancelled in read %d of %d: exit %d, stderr %q; want 1 and one line saying how many were answered", g, at, reads, code, msg)
			}
			if n, _ := strconv.Atoi(m[1]); n != strings.Count(out.String(), "\n") {
				t.Fatalf("%s, cancelled in read %d: says %d lines answered, wrote %d", g, at, n, strings.Count(out.String(), "\n"))
			}
		}
	}
}
