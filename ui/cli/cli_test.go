package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
)

// dealt is n lines of Dealt.
func dealt(t testing.TB, n int, seed uint64, mix Mix) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Dealt(&b, n, seed, mix); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The fast encoder writes what encoding/json writes for the same Answer,
// on every kind of line: winning and not, 14 and 15 tiles, bad lines.
func TestAnswerJSONMatchesEncodingJSON(t *testing.T) {
	in := dealt(t, 4000, 11, MixHard)
	in = append(in, "R4: R1 R2\nR4: R1 R2 Q3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12\n"...)
	w := &handWorker{rules: classic.DefaultRules()}
	kinds := map[string]int{}
	for _, line := range bytes.Split(bytes.TrimSuffix(in, []byte("\n")), []byte("\n")) {
		got, _ := w.answer(nil, line)
		var want []byte
		an, h, err := w.rack(line)
		if err != nil {
			want, _ = json.Marshal(errorAnswer{Error: err.Error()})
			kinds["error"]++
		} else {
			a := Analyse(an, h)
			want, _ = json.Marshal(a)
			kinds[a.Kind+map[bool]string{true: "15", false: "14"}[a.Discard != nil]]++
		}
		if string(got) != string(want)+"\n" {
			t.Fatalf("%s:\n fast %s json %s", line, got, want)
		}
	}
	for _, k := range []string{"14", "15", "melds14", "melds15", "pairs14", "pairs15", "error"} {
		if kinds[k] == 0 {
			t.Errorf("no %q answers in the mix: %v", k, kinds)
		}
	}
}

// The batch answers every line, in order, as a worker answers it alone.
func TestBatchOrder(t *testing.T) {
	in := dealt(t, 6000, 3, MixHard)
	lines := bytes.Split(bytes.TrimSuffix(in, []byte("\n")), []byte("\n"))
	lines[7] = []byte("R4: R1 nonsense")
	in = append(bytes.Join(lines, []byte("\n")), '\n')
	w := &handWorker{rules: classic.DefaultRules()}
	var want []byte
	for _, l := range lines {
		want, _ = w.answer(want, l)
	}
	var out bytes.Buffer
	res, err := Batch(context.Background(), bytes.NewReader(in), &out, HandAnswerer(classic.DefaultRules()), 4)
	if err != nil || res.Lines != len(lines) || res.Bad != 1 {
		t.Fatalf("%+v, %v", res, err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatal("the batch's answers are not the lines' answers in order")
	}
}

// A final line without a newline is answered; \r\n ends a line too.
func TestBatchLineEnds(t *testing.T) {
	in := "K3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12\r\nK3: R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12"
	var out bytes.Buffer
	res, err := Batch(context.Background(), strings.NewReader(in), &out, HandAnswerer(classic.DefaultRules()), 1)
	if err != nil || res.Lines != 2 || res.Bad != 0 {
		t.Fatalf("%+v, %v: %s", res, err, out.String())
	}
}

// stallReader gives its data, then blocks until released, as a terminal
// does when nobody types.
type stallReader struct {
	data    []byte
	drained chan struct{} // closed when the data is all read
	release chan struct{}
}

func (r *stallReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		if r.drained != nil {
			close(r.drained)
			r.drained = nil
		}
		<-r.release
		return 0, io.EOF
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// Interrupted while the input is still open, the batch writes every
// answer it computed and says it was interrupted.
func TestBatchInterrupted(t *testing.T) {
	in := dealt(t, 3*chunkLines, 5, MixDealt)
	drained := make(chan struct{})
	r := &stallReader{data: in, drained: drained, release: make(chan struct{})}
	defer close(r.release)
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan struct{})
	var res BatchResult
	var err error
	go func() {
		res, err = Batch(ctx, r, &out, HandAnswerer(classic.DefaultRules()), 2)
		close(done)
	}()
	// The reader hands out the full chunks and waits for more input;
	// wait until the data is consumed, then interrupt.
	select {
	case <-drained:
	case <-done:
		t.Fatal("returned before the input ended")
	}
	cancel()
	<-done
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err %v, want ErrInterrupted", err)
	}
	if got := bytes.Count(out.Bytes(), []byte("\n")); got != res.Lines || res.Lines < 2*chunkLines {
		t.Fatalf("%d answers written, %d counted; want every full chunk's (%d)", got, res.Lines, 3*chunkLines)
	}
}

func TestParseLine(t *testing.T) {
	r := classic.DefaultRules()
	for _, tc := range []struct{ line, err string }{
		{"R4: R1 R2 R3", ""},
		{"  r4 :r1,r2\tr3 ", ""},
		{"R4 R1 R2", "no indicator"},
		{"J: R1 R2 R3", "false joker"},
		{"X4: R1 R2 R3", "indicator"},
		{"R4: R1 R2 Q3", `"Q3"`},
		{"R4: R1 R2", "3 or 4 tiles"},
		{"   ", "empty line"},
	} {
		_, err := parseLine(r, []byte(tc.line), 3, 4, nil)
		var le *badLine
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.line, err)
		case tc.err != "" && (!errors.As(err, &le) || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want a badLine naming %s", tc.line, err, tc.err)
		}
	}
	var pe *tile.ParseError
	if _, err := parseLine(r, []byte("R4: R1 Q3 R2"), 3, 4, nil); !errors.As(err, &pe) || pe.Token != "Q3" {
		t.Errorf("the tile's own error is kept: %v", err)
	}
	if _, err := parseLine(classic.Simple104Rules(), []byte("R1 R2 R3"), 3, 4, nil); err != nil {
		t.Errorf("simple104 without indicator: %v", err)
	}
}

// A person sees what each okey stands for, and a rack near seven pairs
// laid out as pairs.
func TestDescribe(t *testing.T) {
	r := classic.DefaultRules()
	for _, tc := range []struct {
		ind   string
		tiles string
		want  []string
	}{
		{"K3", "R1 R2 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12 K4", []string{"Wins: discard K4 (okey finish", "loses 4"}},
		{"K3", "R1 K4 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 B12 K12", []string{"K4(okey as R2)", "loses 2 (4 with an okey finish)"}},
		{"K3", "R1 K4 R3 Y4 Y5 Y6 Y7 B9 B10 B11 R12 Y12 J K1", []string{"Does not win: 2 exchanges", "okey as R2", "J(as K4)"}},
		{"K3", "R1 R1 Y2 Y2 B3 B3 K5 K5 R7 R7 Y8 Y8 B9 K11", []string{"Çift diz", "R1 R1"}},
	} {
		an, h, err := ReadRack(r, tc.ind, strings.Fields(tc.tiles))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := Describe(&b, an, h); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: %s\nmissing %q in:\n%s", tc.ind, tc.tiles, w, b.String())
			}
		}
	}
}

// Dealt racks are the same for a seed, valid under the default rules,
// and the hard mix holds okeys and false jokers in most near-win racks.
func TestDealt(t *testing.T) {
	for _, mix := range []Mix{MixDealt, MixHard} {
		a, b := dealt(t, 400, 9, mix), dealt(t, 400, 9, mix)
		if !bytes.Equal(a, b) || bytes.Equal(a, dealt(t, 400, 10, mix)) {
			t.Fatalf("mix %d: a seed must repeat and another differ", mix)
		}
		var out bytes.Buffer
		res, err := Batch(context.Background(), bytes.NewReader(a), &out, HandAnswerer(classic.DefaultRules()), 2)
		if err != nil || res.Bad != 0 || res.Lines != 400 {
			t.Fatalf("mix %d: %+v %v\n%.300s", mix, res, err, out.String())
		}
	}
	w := &handWorker{rules: classic.DefaultRules()}
	okeys, jokers, near := 0, 0, 0
	for i, line := range bytes.Split(dealt(t, 400, 9, MixHard), []byte("\n")) {
		if i%4 < 2 || len(line) == 0 {
			continue
		}
		an, h, err := w.rack(line)
		if err != nil {
			t.Fatal(err)
		}
		if h.Count(an.Okey()) > 0 {
			okeys++
		}
		if h.Count(tile.FalseJoker) > 0 {
			jokers++
		}
		if an.Distance(h) <= 2 {
			near++
		}
	}
	if okeys < 120 || jokers < 30 || near < 190 {
		t.Errorf("of 200 hard racks: %d with okeys, %d with false jokers, %d within 2 exchanges", okeys, jokers, near)
	}
}

// BenchmarkBatch measures okey hand --json in the process (parse,
// analyse on all cores, write in order) in lines a second, on dealt
// racks and on the hard mix.
func BenchmarkBatch(b *testing.B) {
	for _, mix := range []struct {
		name string
		mix  Mix
	}{{"dealt", MixDealt}, {"hard", MixHard}} {
		b.Run(mix.name, func(b *testing.B) {
			in := dealt(b, 100000, 1, mix.mix)
			b.SetBytes(int64(len(in)))
			b.ResetTimer()
			for range b.N {
				res, err := Batch(context.Background(), bytes.NewReader(in), io.Discard, HandAnswerer(classic.DefaultRules()), 0)
				if err != nil || res.Bad > 0 {
					b.Fatalf("%+v %v", res, err)
				}
			}
			b.ReportMetric(100000*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

// BenchmarkBatch101 measures okey hand --game 101 --json in the process
// in lines a second, on dealt 21- and 22-tile racks.
func BenchmarkBatch101(b *testing.B) {
	in := dealt(b, 20000, 1, Mix101)
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for range b.N {
		res, err := Batch(context.Background(), bytes.NewReader(in), io.Discard, Hand101Answerer(okey101.DefaultRules()), 0)
		if err != nil || res.Bad > 0 {
			b.Fatalf("%+v %v", res, err)
		}
	}
	b.ReportMetric(20000*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// A batch answers each line as it comes: a program that writes a line
// and waits for the answer before writing the next (okey hand --json as
// a coprocess, or a person typing) gets every answer while the input is
// still open.
func TestBatchAnswersAsLinesCome(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	echo := func() Answerer {
		return func(out, line []byte) ([]byte, bool) {
			return append(append(append(out, '<'), line...), '>', '\n'), true
		}
	}
	done := make(chan error, 1)
	go func() {
		_, err := Batch(context.Background(), inR, outW, echo, 2)
		outW.Close()
		done <- err
	}()
	answers := bufio.NewReader(outR)
	for i := range 5 {
		line := fmt.Sprintf("line %d", i)
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() { s, _ := answers.ReadString('\n'); got <- s }()
		select {
		case s := <-got:
			if s != "<"+line+">\n" {
				t.Fatalf("answer %q to %q", s, line)
			}
		case <-time.After(time.Minute):
			t.Fatalf("no answer to %q while the input stays open", line)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// cancelReader gives data in pieces of at most piece bytes, as a pipe
// does, and calls cancel during its read number at (from 1), before that
// read returns: the moment a signal arrives, fixed by the test.
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

// Cancelled at any moment while it reads, the batch
// says it was interrupted, every time, and has written exactly the
// answers it counts, the first ones in order: a script can always tell a
// cut batch from a whole one. The moments are the reader's calls, from
// the first to the one that finds the end of the input.
func TestBatchInterruptedAtEveryMoment(t *testing.T) {
	var in, want []byte
	for i := range 3000 {
		line := fmt.Sprintf("line %d", i)
		in = append(append(in, line...), '\n')
		want = append(append(append(want, '<'), line...), '>', '\n')
	}
	echo := func() Answerer {
		return func(out, line []byte) ([]byte, bool) {
			return append(append(append(out, '<'), line...), '>', '\n'), true
		}
	}
	const piece = 700
	reads := len(in)/piece + 2 // the last read finds the end
	for _, workers := range []int{1, 2, 4} {
		for at := 1; at <= reads; at++ {
			ctx, cancel := context.WithCancel(context.Background())
			r := &cancelReader{data: in, piece: piece, at: at, cancel: cancel}
			var out bytes.Buffer
			res, err := Batch(ctx, r, &out, echo, workers)
			cancel()
			if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
				t.Fatalf("workers %d, cancelled in read %d of %d: err %v, want ErrInterrupted (%d lines answered)", workers, at, reads, err, res.Lines)
			}
			if got := bytes.Count(out.Bytes(), []byte("\n")); got != res.Lines || !bytes.HasPrefix(want, out.Bytes()) {
				t.Fatalf("workers %d, cancelled in read %d: %d answers written, %d counted, or not the first ones in order", workers, at, got, res.Lines)
			}
		}
	}
}
