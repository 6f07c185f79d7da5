package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"okey/game"
	"okey/game/hand"
	"okey/game/tile"
)

const handUsage = `usage: okey hand [--rules OPTIONS] --indicator TILE TILE… (14 or 15 tiles)
       okey hand [--rules OPTIONS] --json < lines
       okey hand --deal N [--seed S] > lines

Analyses an Okey hand: whether it wins, its runs and sets or pairs, the
distance to win (the least number of exchanges, one tile in and one out,
that make it win), and for 15 tiles the tile to discard.

Tiles are written R1…R13, Y…, B…, K… (red, yellow, blue, black) and J for
a false joker; case does not matter.

With --json, each line of standard input is "INDICATOR: TILES…" and each
answer is one JSON object on its own line, in order:
  {"winning":bool,"kind":"melds"|"pairs"|"","melds":[["R1","R2","R3"],…],"distance":N}
plus "discard" and "okey_finish" for 15 tiles. A bad line gets
{"error":"…"}, the batch goes on, and the exit status is then 1.
Under --rules simple104 there is no indicator: write lines without one.

With --deal N, prints N hands dealt from shuffled sets as such lines
(14 tiles, then 15, in turn), to try the analyser or time it.

Flags:
`

// handMain is `okey hand`.
func handMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("okey hand", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, handUsage)
		fs.PrintDefaults()
	}
	indicator := fs.String("indicator", "", "the indicator (gösterge), e.g. R4; the okey is the next tile up")
	asJSON := fs.Bool("json", false, "read `IND: TILES` lines from standard input, write JSON lines")
	rulesOpt := fs.String("rules", "default", "rules options, e.g. no_wrap or simple104 (see okey sim -h)")
	deal := fs.Int("deal", 0, "print `N` dealt hands as IND: TILES lines instead of analysing")
	seed := fs.Uint64("seed", 7, "the seed of --deal's shuffles")
	var tokens []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		rest = fs.Args()
		for len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
			tokens = append(tokens, rest[0])
			rest = rest[1:]
		}
		if len(rest) == 0 {
			break
		}
	}
	rules, err := game.ParseRules(*rulesOpt)
	if err != nil {
		fmt.Fprintf(stderr, "okey hand: %v\n", err)
		return 2
	}
	if *deal != 0 {
		if *deal < 0 || len(tokens) > 0 || *indicator != "" || *asJSON {
			fmt.Fprintln(stderr, "okey hand: --deal takes a positive number of hands and nothing else but --seed")
			return 2
		}
		if err := writeDealt(stdout, *deal, *seed); err != nil {
			fmt.Fprintf(stderr, "okey hand: %v\n", err)
			return 1
		}
		return 0
	}
	if *asJSON {
		if len(tokens) > 0 || *indicator != "" {
			fmt.Fprintln(stderr, "okey hand: with --json the hands come from standard input, one \"IND: TILES\" line each")
			return 2
		}
		return handBatch(ctx, rules, stdin, stdout, stderr)
	}
	if len(tokens) == 0 {
		fs.Usage()
		return 2
	}
	an, hand, err := parseHand(rules, *indicator, strings.Join(tokens, " "))
	if err != nil {
		fmt.Fprintf(stderr, "okey hand: %v\n", err)
		return 2
	}
	w := bufio.NewWriter(stdout)
	describeHand(w, &an, hand)
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "okey hand: %v\n", err)
		return 1
	}
	return 0
}

// parseHand checks an indicator and a hand of 14 or 15 tiles against the
// rules and returns them ready for analysis.
func parseHand(rules game.Rules, ind, tiles string) (hand.Analyzer, hand.Hand, error) {
	indicator := tile.NoTile
	ind = strings.TrimSpace(ind)
	switch {
	case !rules.HasOkey() && ind != "" && ind != "-":
		return hand.Analyzer{}, hand.Hand{}, fmt.Errorf("simple104 has no indicator, got %q", ind)
	case rules.HasOkey() && ind == "":
		return hand.Analyzer{}, hand.Hand{}, errors.New("no indicator: give the gösterge, e.g. --indicator R4 or \"R4: …\"")
	case rules.HasOkey():
		t, err := tile.ParseTile(ind)
		if err != nil {
			return hand.Analyzer{}, hand.Hand{}, fmt.Errorf("indicator: %w", err)
		}
		if t == tile.FalseJoker {
			return hand.Analyzer{}, hand.Hand{}, errors.New("a false joker is never the indicator")
		}
		indicator = t
	}
	an, err := hand.NewAnalyzer(rules.HandConfig(), indicator)
	if err != nil {
		return hand.Analyzer{}, hand.Hand{}, err
	}
	ts, err := tile.ParseTiles(tiles)
	if err != nil {
		return hand.Analyzer{}, hand.Hand{}, err
	}
	if len(ts) != 14 && len(ts) != 15 {
		return hand.Analyzer{}, hand.Hand{}, fmt.Errorf("a hand has 14 or 15 tiles, this one has %d", len(ts))
	}
	h, err := an.NewHand(ts)
	if err != nil {
		return hand.Analyzer{}, hand.Hand{}, err
	}
	return an, h, nil
}

// describeHand writes the analysis of a hand for a person.
func describeHand(w io.Writer, an *hand.Analyzer, h hand.Hand) {
	tiles := h.Tiles()
	if ind := an.Indicator(); ind != tile.NoTile {
		fmt.Fprintf(w, "Indicator %v, okey %v (a false joker J plays as %v)\n", ind, an.Okey(), an.Okey())
	}
	fmt.Fprintf(w, "Hand of %d: %s\n", len(tiles), tile.FormatTiles(tiles))
	if len(tiles) == 15 {
		d := an.BestDiscard(h)
		if d.Wins {
			how := "ordinary finish"
			if d.OkeyFinish {
				how = "okey finish, worth double"
			}
			fmt.Fprintf(w, "Wins: discard %v (%s) and lay down %s:\n", d.Tile, how, kindWords(d.Win.Kind))
			writeMelds(w, an, d.Win)
			fmt.Fprintf(w, "Each other player loses %d.\n", an.Points(&d.Win, d.OkeyFinish))
			return
		}
		fmt.Fprintf(w, "Does not win. Discard %v: the 14 left are %s.\n", d.Tile, distanceWords(d.Distance))
		rest := h
		rest.Remove(d.Tile)
		writeArrangement(w, an, rest.Tiles())
		return
	}
	if win, ok := an.Win(h); ok {
		fmt.Fprintf(w, "Wins with %s:\n", kindWords(win.Kind))
		writeMelds(w, an, win)
		fmt.Fprintf(w, "Each other player loses %d (%d with an okey finish).\n",
			an.Points(&win, false), an.Points(&win, true))
		return
	}
	fmt.Fprintf(w, "Does not win: %s.\n", distanceWords(an.Distance(h)))
	writeArrangement(w, an, tiles)
}

func kindWords(k hand.WinKind) string {
	if k == hand.WinPairs {
		return "seven pairs"
	}
	return "runs and sets"
}

func distanceWords(d int) string {
	if d == 1 {
		return "1 exchange from winning"
	}
	return strconv.Itoa(d) + " exchanges from winning"
}

func writeMelds(w io.Writer, an *hand.Analyzer, win hand.Win) {
	for _, m := range win.Melds {
		var b strings.Builder
		for i, t := range m.Tiles {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(t.String())
			switch {
			case an.IsOkey(t) && i < len(m.As):
				b.WriteString("(okey as " + m.As[i].String() + ")")
			case t == tile.FalseJoker && i < len(m.As):
				b.WriteString("(as " + m.As[i].String() + ")")
			}
		}
		fmt.Fprintf(w, "  %-5s %s\n", m.Kind, b.String())
	}
	if win.OneColour {
		fmt.Fprintln(w, "  (all one colour)")
	}
}

func writeArrangement(w io.Writer, an *hand.Analyzer, tiles []tile.Tile) {
	arr := an.Arrange(tiles, hand.ArrangeRuns)
	if len(arr.Groups) == 0 {
		return
	}
	fmt.Fprintln(w, "Seri diz:")
	for _, g := range arr.Groups {
		fmt.Fprintf(w, "  %s\n", tile.FormatTiles(g))
	}
	if len(arr.Leftover) > 0 {
		fmt.Fprintf(w, "  left over: %s\n", tile.FormatTiles(arr.Leftover))
	}
}

// handBatch answers `IND: TILES` lines from r with JSON lines on w, in
// order, using every core: lines are cut into chunks, analysed by
// workers, and written back in the order they came.
func handBatch(ctx context.Context, rules game.Rules, r io.Reader, w io.Writer, stderr io.Writer) int {
	const chunkLines = 2048
	type chunk struct {
		lines [][]byte
		out   []byte
		bad   bool
		done  chan struct{}
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *chunk, workers*2)
	order := make(chan *chunk, workers*4)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var cache analyzerCache
			for c := range jobs {
				for _, ln := range c.lines {
					var bad bool
					c.out, bad = answerLine(c.out, rules, &cache, ln)
					c.bad = c.bad || bad
				}
				close(c.done)
			}
		}()
	}

	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(jobs)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		c := &chunk{done: make(chan struct{})}
		flush := func() bool {
			select {
			case <-ctx.Done():
				return false
			case order <- c:
			}
			jobs <- c
			c = &chunk{done: make(chan struct{})}
			return true
		}
		for sc.Scan() {
			c.lines = append(c.lines, append([]byte(nil), sc.Bytes()...))
			if len(c.lines) == chunkLines && !flush() {
				readErr <- ctx.Err()
				return
			}
		}
		if len(c.lines) > 0 {
			flush()
		}
		readErr <- sc.Err()
	}()

	bw := bufio.NewWriterSize(w, 1<<16)
	status := 0
	var writeErr error
	for c := range order {
		<-c.done
		if c.bad {
			status = 1
		}
		if writeErr == nil {
			_, writeErr = bw.Write(c.out)
		}
	}
	wg.Wait()
	if writeErr == nil {
		writeErr = bw.Flush()
	}
	if err := <-readErr; err != nil {
		fmt.Fprintf(stderr, "okey hand: reading standard input: %v\n", err)
		return 1
	}
	if writeErr != nil {
		fmt.Fprintf(stderr, "okey hand: writing: %v\n", writeErr)
		return 1
	}
	return status
}

// analyzerCache keeps the analyzer of the last indicator seen, since
// batches often repeat it.
type analyzerCache struct {
	ind tile.Tile
	ok  bool
	an  hand.Analyzer
}

func (c *analyzerCache) get(rules game.Rules, ind tile.Tile) (*hand.Analyzer, error) {
	if c.ok && c.ind == ind {
		return &c.an, nil
	}
	an, err := hand.NewAnalyzer(rules.HandConfig(), ind)
	if err != nil {
		return nil, err
	}
	c.ind, c.an, c.ok = ind, an, true
	return &c.an, nil
}

// answerLine appends the JSON answer for one input line to out, and
// reports whether the line was bad.
func answerLine(out []byte, rules game.Rules, cache *analyzerCache, line []byte) ([]byte, bool) {
	an, h, err := lineHand(rules, cache, line)
	if err != nil {
		out = append(out, `{"error":`...)
		out = strconv.AppendQuote(out, err.Error())
		return append(out, "}\n"...), true
	}
	var win hand.Win
	winning := false
	distance := 0
	var disc hand.Discard
	if h.Len() == 15 {
		disc = an.BestDiscard(h)
		winning, win, distance = disc.Wins, disc.Win, disc.Distance
	} else if win, winning = an.Win(h); !winning {
		distance = an.Distance(h)
	}
	out = append(out, `{"winning":`...)
	out = strconv.AppendBool(out, winning)
	out = append(out, `,"kind":"`...)
	if winning {
		out = append(out, win.Kind.String()...)
	}
	out = append(out, `","melds":[`...)
	if winning {
		for i, m := range win.Melds {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(out, '[')
			for j, t := range m.Tiles {
				if j > 0 {
					out = append(out, ',')
				}
				out = append(out, '"')
				out = append(out, t.String()...)
				out = append(out, '"')
			}
			out = append(out, ']')
		}
	}
	out = append(out, `],"distance":`...)
	out = strconv.AppendInt(out, int64(distance), 10)
	if h.Len() == 15 {
		out = append(out, `,"discard":"`...)
		out = append(out, disc.Tile.String()...)
		out = append(out, `","okey_finish":`...)
		out = strconv.AppendBool(out, disc.Wins && disc.OkeyFinish)
	}
	return append(out, "}\n"...), false
}

// lineHand reads "IND: TILES" (or, under simple104, "TILES").
func lineHand(rules game.Rules, cache *analyzerCache, line []byte) (*hand.Analyzer, hand.Hand, error) {
	line = bytes.TrimSpace(line)
	var indPart, tilePart []byte
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		indPart, tilePart = bytes.TrimSpace(line[:i]), line[i+1:]
	} else {
		tilePart = line
	}
	ind := tile.NoTile
	switch {
	case !rules.HasOkey():
		if len(indPart) > 0 && string(indPart) != "-" {
			return nil, hand.Hand{}, fmt.Errorf("simple104 has no indicator, got %q", indPart)
		}
	case len(indPart) == 0:
		return nil, hand.Hand{}, errors.New(`no indicator: write the line as "IND: TILES", e.g. "R4: R1 R2 …"`)
	default:
		t, err := tile.ParseTile(string(indPart))
		if err != nil {
			return nil, hand.Hand{}, fmt.Errorf("indicator: %w", err)
		}
		if t == tile.FalseJoker {
			return nil, hand.Hand{}, errors.New("a false joker is never the indicator")
		}
		ind = t
	}
	an, err := cache.get(rules, ind)
	if err != nil {
		return nil, hand.Hand{}, err
	}
	var buf [16]tile.Tile
	ts := buf[:0]
	for i := 0; i < len(tilePart); {
		for i < len(tilePart) && isSep(tilePart[i]) {
			i++
		}
		j := i
		for j < len(tilePart) && !isSep(tilePart[j]) {
			j++
		}
		if j == i {
			break
		}
		t, ok := quickTile(tilePart[i:j])
		if !ok {
			var err error
			if t, err = tile.ParseTile(string(tilePart[i:j])); err != nil {
				return nil, hand.Hand{}, err
			}
		}
		if len(ts) == 16 {
			return nil, hand.Hand{}, errors.New("a hand has 14 or 15 tiles, this one has more")
		}
		ts = append(ts, t)
		i = j
	}
	if len(ts) != 14 && len(ts) != 15 {
		return nil, hand.Hand{}, fmt.Errorf("a hand has 14 or 15 tiles, this one has %d", len(ts))
	}
	h, err := an.NewHand(ts)
	if err != nil {
		return nil, hand.Hand{}, err
	}
	return an, h, nil
}

func isSep(b byte) bool { return b == ' ' || b == ',' || b == '\t' || b == '\r' }

// quickTile reads the common spellings of a tile without allocating; it
// reports false for anything else, which game.ParseTile then reads (and
// explains, when it is not a tile).
func quickTile(b []byte) (tile.Tile, bool) {
	if len(b) == 1 && (b[0] == 'J' || b[0] == 'j') {
		return tile.FalseJoker, true
	}
	if len(b) < 2 || len(b) > 3 {
		return tile.NoTile, false
	}
	var c tile.Colour
	switch b[0] | 0x20 {
	case 'r':
		c = tile.Red
	case 'y':
		c = tile.Yellow
	case 'b':
		c = tile.Blue
	case 'k':
		c = tile.Black
	default:
		return tile.NoTile, false
	}
	v := 0
	for _, d := range b[1:] {
		if d < '0' || d > '9' {
			return tile.NoTile, false
		}
		v = v*10 + int(d-'0')
	}
	if v < 1 || v > tile.NumValues || b[1] == '0' {
		return tile.NoTile, false
	}
	return tile.NewTile(c, v), true
}

// writeDealt writes n lines "IND: T1 T2 …" to w, each a hand dealt from
// a freshly shuffled 106-tile set: the indicator is the first tile that
// is not a false joker, the hand the next 14 tiles (15 on every other
// line). The same seed gives the same lines. The benchmark of the batch
// and the README's timing use it, so both measure the same hands.
func writeDealt(w io.Writer, n int, seed uint64) error {
	rg := game.NewSeeded(seed)
	bw := bufio.NewWriter(w)
	tiles := make([]tile.Tile, 0, 2*tile.NumFaces)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		tiles = append(tiles, f, f)
	}
	rest := make([]tile.Tile, 0, len(tiles))
	for i := range n {
		rg.ShuffleTiles(tiles)
		j := 0
		for tiles[j] == tile.FalseJoker {
			j++
		}
		rest = append(append(rest[:0], tiles[:j]...), tiles[j+1:]...)
		if _, err := fmt.Fprintf(bw, "%v: %s\n", tiles[j], tile.FormatTiles(rest[:14+i%2])); err != nil {
			return fmt.Errorf("write dealt hands: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write dealt hands: %w", err)
	}
	return nil
}
