package door

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	xvt "github.com/charmbracelet/x/vt"

	"okey/kit/vt"
	"okey/ui/serve/tty"
)

// recorded is every frame one player's session was asked to show.
type recorded struct {
	mu     sync.Mutex
	user   string
	frames []tea.View
}

func (r *recorded) seen(user string, v tea.View) {
	if user != r.user {
		return
	}
	r.mu.Lock()
	r.frames = append(r.frames, v)
	r.mu.Unlock()
}

func (r *recorded) all() []tea.View {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]tea.View(nil), r.frames...)
}

// playedFrames records the frames of a session that goes through the
// lobby, opens a table of the game, plays a hand's turns with the turn
// clock counting, opens the help and leaves, at w×h.
func playedFrames(t *testing.T, game101 bool, w, h int) []tea.View {
	t.Helper()
	rec := &recorded{user: "ann"}
	_, addr := testServer(t, func(c *Config) {
		c.onFrame = rec.seen
		c.DefaultTimer = 30 * time.Second
	})
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t), w: w, h: h})
	defer ann.close()
	if game101 {
		open101(t, ann)
		ann.press("s")
		ann.waitFor("hand 1 of", 10*time.Second)
		stop := make(chan struct{})
		wg := play101(t, ann, stop, false)
		time.Sleep(3 * time.Second) // a few turns, and the clock counting
		close(stop)
		wg.Wait()
	} else {
		startMatch(t, ann)
		ann.press("c", "right", "right")
		playTurns(t, ann, 3*time.Minute) // generous: once, at a load near 1,000, a hand took over 60 s
	}
	ann.press("?")
	ann.await(3*time.Second, func(s string) bool { return strings.Contains(s, "Esc") || strings.Contains(s, "esc") })
	ann.press("esc")
	time.Sleep(200 * time.Millisecond)
	return rec.all()
}

// TestLineScreenShowsWhatTheCellRendererShowed replays the frames of
// real sessions (a hand of each game, the lobby, the help) through
// Bubble Tea's cell renderer, as sessions were drawn before, and
// through the tty.LineScreen; after every frame the two emulated screens
// are the same, and both are the frame's text.
func TestLineScreenShowsWhatTheCellRendererShowed(t *testing.T) {
	t.Parallel() // its cases are, and it waits for them
	cases := []struct {
		name    string
		game101 bool
		w, h    int
		profile colorprofile.Profile
	}{
		{"classic 100x30 vt100", false, 100, 30, colorprofile.Ascii},
		{"101 100x30 vt100", true, 100, 30, colorprofile.Ascii},
		{"classic 80x24 colours", false, 80, 24, colorprofile.ANSI256},
		{"101 80x24 true colour", true, 80, 24, colorprofile.TrueColor},
		// A desktop's size: the moves panel beside the table.
		{"classic 132x42 colours", false, 132, 42, colorprofile.ANSI256},
		{"101 132x42 colours", true, 132, 42, colorprofile.ANSI256},
	}
	if testing.Short() {
		cases = cases[:1] // a hand of each game takes half a minute
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // a server each, mostly waiting on the table's pace
			frames := playedFrames(t, tc.game101, tc.w, tc.h)
			if len(frames) < 20 {
				t.Fatalf("only %d frames recorded", len(frames))
			}
			if *framesOut != "" {
				writeFrames(t, filepath.Join(*framesOut, strings.ReplaceAll(tc.name, " ", "-")+".frames.gz"), frames)
			}
			replayBoth(t, frames, tc.w, tc.h, tc.profile)
		})
	}
}

// framesOut is where TestLineScreenShowsWhatTheCellRendererShowed
// keeps the frames it played, for ui/serve/tty's tests of the bytes
// a played hand is sent (its testdata).
var framesOut = flag.String("frames-out", "", "a folder to keep the played frames in (ui/serve/tty/testdata)")

// writeFrames keeps frames' contents in path, gzipped JSON: a list of
// strings.
func writeFrames(t *testing.T, path string, frames []tea.View) {
	t.Helper()
	contents := make([]string, len(frames))
	for i, v := range frames {
		contents[i] = v.Content
	}
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if err := json.NewEncoder(z).Encode(contents); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// replayBoth shows frames one after another through both renderers and
// compares the screens after each. Both write through the SSH library's
// writer for a session's terminal (it turns \n into \r\n), as a
// session's do.
func replayBoth(t *testing.T, frames []tea.View, w, h int, profile colorprofile.Profile) {
	t.Helper()
	oldTerm, newTerm := vt.New(w, h), vt.New(w, h)
	p := tea.NewProgram(replayModel{}, tea.WithInput(nil), tea.WithOutput(ssh.NewPtyWriter(oldTerm)),
		tea.WithoutSignalHandler(), tea.WithEnvironment([]string{"TERM=xterm-256color"}),
		tea.WithColorProfile(profile), tea.WithWindowSize(w, h), tea.WithFPS(120))
	done := make(chan struct{})
	go func() { defer close(done); _, _ = p.Run() }()
	defer func() { p.Quit(); <-done }()
	lib := newLibTerm(w, h) // written before newTerm: once newTerm shows a frame, lib has its bytes
	scr := tty.NewLineScreen(ssh.NewPtyWriter(io.MultiWriter(lib, newTerm)), 120, w, h, profile)
	defer scr.Close()

	same := 0
	for i, v := range frames {
		want := frameText(v.Content, w, h)
		if i > 0 && v.Content == frames[i-1].Content {
			same++
		}
		p.Send(replayMsg(v))
		scr.Show(v)
		for name, term := range map[string]*vt.Term{"cell renderer": oldTerm, "lineScreen": newTerm} {
			if got, ok := term.Await(want, 5*time.Second); !ok {
				t.Fatalf("frame %d of %d: the %s's screen is not the frame's:\n%s\nwant:\n%s", i, len(frames), name, got, want)
			}
		}
		if o, n := oldTerm.String(), newTerm.String(); o != n {
			t.Fatalf("frame %d: the screens differ:\n%s\nand:\n%s", i, o, n)
		}
		if n, l := newTerm.String(), lib.String(); n != l {
			t.Fatalf("frame %d: github.com/charmbracelet/x/vt reads the lineScreen's bytes otherwise than vt:\n%s\nand:\n%s", i, n, l)
		}
	}
	ob, ow := oldTerm.Counts()
	nb, nw := newTerm.Counts()
	t.Logf("%d frames (%d the same as the one before): the cell renderer wrote %d bytes in %d writes, the lineScreen %d bytes in %d writes", len(frames), same, ob, ow, nb, nw)
}

// frameText is a frame as a terminal of w×h shows it: its first h
// lines, each cut at w columns, without styles or trailing blanks.
func frameText(content string, w, h int) string {
	lines := strings.Split(content, "\n")
	out := make([]string, h)
	for y := range out {
		if y < len(lines) {
			out[y] = strings.TrimRight(ansi.Strip(ansi.Truncate(lines[y], w, "")), " ")
		}
	}
	return strings.Join(out, "\n")
}

// libTerm is github.com/charmbracelet/x/vt's emulator read as vt.Term
// reads its screen: okey's tests and load read screens with vt (it
// costs a load client a 400th of the library's memory and reads a
// third to a ninth of the time a byte: docs/studies/libraries.md), and this keeps the
// claim that the library would read them the same checked.
type libTerm struct {
	mu   sync.Mutex
	e    *xvt.Emulator
	w, h int
}

func newLibTerm(w, h int) *libTerm {
	e := xvt.NewEmulator(w, h)
	// Its answers to a program's queries go to a pipe that blocks the
	// emulator until read: read and dropped. The emulator is never
	// closed (its Close races this reader, x/vt v0.1.0), so the reader
	// waits until the test binary ends.
	go func() { _, _ = io.Copy(io.Discard, e) }()
	return &libTerm{e: e, w: w, h: h}
}

func (l *libTerm) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.e.Write(p)
}

// String is the screen as vt.Term's String gives it: h lines, trailing
// blanks cut, a wide character's second cell adding nothing.
func (l *libTerm) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	lines := make([]string, l.h)
	var sb strings.Builder
	for y := range l.h {
		sb.Reset()
		for x := range l.w {
			switch c := l.e.CellAt(x, y); {
			case c == nil, c.Content == "" && c.Width == 0:
			case c.Content == "":
				sb.WriteByte(' ')
			default:
				sb.WriteString(c.Content)
			}
		}
		lines[y] = strings.TrimRight(sb.String(), " ")
	}
	return strings.Join(lines, "\n")
}

type replayMsg tea.View

// replayModel shows the frame it was last sent.
type replayModel struct{ v tea.View }

func (m replayModel) Init() tea.Cmd { return nil }

func (m replayModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if v, ok := msg.(replayMsg); ok {
		m.v = tea.View(v)
	}
	return m, nil
}

func (m replayModel) View() tea.View { return m.v }

// checkWithoutColours: a line sent to a terminal without colours shows
// every cell with the attributes it has in colour (bold, reverse,
// underline...), its colours alone gone, as Bubble Tea's renderer drew
// it.
func checkWithoutColours(t *testing.T, line string, w int) {
	t.Helper()
	want := uv.NewScreenBuffer(w, 1)
	uv.NewStyledString(line).Draw(want, want.Bounds())
	var b bytes.Buffer
	tty.WithoutColours(&b, line)
	got := uv.NewScreenBuffer(w, 1)
	uv.NewStyledString(b.String()).Draw(got, got.Bounds())
	for x := range w {
		a, g := *want.CellAt(x, 0), got.CellAt(x, 0)
		a.Style.Fg, a.Style.Bg, a.Style.UnderlineColor = nil, nil, nil
		if !a.Equal(g) {
			t.Fatalf("%q without colours, %q: at column %d %+v, want %+v", line, b.String(), x, g, a)
		}
	}
}

// TestRedrawDrawsTheLine: a changed line sent as the cells that
// changed (the cursor jumping over equal ones, the pen set where it
// changes, the cells after a change shifted when they moved) leaves
// every cell as the new line sent whole would, its letter and its
// style as they show (tty.SameLook): checked cell by cell in github.com/charmbracelet/x/vt's
// emulator, for every line that changed between two frames of a
// recorded hand of each game, and for a few made up.
func TestRedrawDrawsTheLine(t *testing.T) {
	t.Parallel() // its own servers, mostly waiting on the table's pace
	const w = 100
	type pair struct{ old, new string }
	pairs := []pair{
		{"abc", "abd"},
		{"\x1b[1mbold\x1b[m plain", "\x1b[1mbold\x1b[m plainer"},
		{"\x1b[31mred \x1b[1mand bold\x1b[m then", "\x1b[31mred \x1b[1mand BOLD\x1b[m"},
		{"\x1b[38;2;1;2;3mcolour\x1b[m", "\x1b[38;2;1;2;3mcolour\x1b[48;5;4m!\x1b[m"},
		{"│╔═══╗┌───┐", "│┌───┐╔═══╗"},
		{"Ayşe çekti", "Ayşe çekmedi"},
		{"long line here", "long"},
		{"x", "\x1b[1m\x1b[38;2;1;2;3mX\x1b[48;5;4mY\x1b[1;38;2;9;9;9mZ\x1b[7;31;4m!\x1b[0m \x1b[38:2::1:2:3;3mi\x1b[m"},
		{"\x1b[1;96mm\x1b[m chat • \x1b[1;96mh\x1b[m hint • \x1b[1;96m?\x1b[m help", "\x1b[1;96md\x1b[m draw • \x1b[1;96mt\x1b[m take • \x1b[1;96mm\x1b[m chat • \x1b[1;96mh\x1b[m hint"},
		{"\x1b[1;96md\x1b[m draw • \x1b[1;96mt\x1b[m take • \x1b[1;96mm\x1b[m chat • \x1b[1;96mh\x1b[m hint", "\x1b[1;96mm\x1b[m chat • \x1b[1;96mh\x1b[m hint • \x1b[1;96m?\x1b[m help"},
		{"\x1b[41m   red ground   \x1b[m tail", "\x1b[41m   red\x1b[m tail"},
		{strings.Repeat("ab", 50), "X" + strings.Repeat("ab", 50)[:99]},
	}
	games := []bool{false, true}
	if testing.Short() {
		// 101's few seconds of turns alone: a whole classic hand takes
		// ten seconds and more, and TestLineScreenShowsWhatTheCellRendererShowed
		// plays one under -short already.
		games = games[1:]
	}
	for _, game101 := range games {
		frames := playedFrames(t, game101, w, 30)
		for i := 1; i < len(frames); i++ {
			olds, news := strings.Split(frames[i-1].Content, "\n"), strings.Split(frames[i].Content, "\n")
			for y := range min(len(olds), len(news)) {
				if olds[y] != news[y] {
					pairs = append(pairs, pair{olds[y], news[y]})
				}
			}
		}
	}
	for _, p := range pairs {
		checkWithoutColours(t, p.new, w)
	}
	cells, sent, whole := 0, 0, 0
	for _, p := range pairs {
		seq, ok := tty.Redraw(p.old, p.new, w)
		if !ok {
			continue
		}
		cells++
		sent += len(seq)
		whole += len(p.new)
		want, got := xvt.NewEmulator(w, 1), xvt.NewEmulator(w, 1)
		_, _ = want.WriteString(p.new + "\x1b[m")
		_, _ = got.WriteString(p.old + "\x1b[m" + seq)
		for x := range w {
			if a, b := want.CellAt(x, 0), got.CellAt(x, 0); !tty.SameLook(a, b) {
				t.Fatalf("%q then %q, sent %q: at column %d %+v, the line whole %+v", p.old, p.new, seq, x, b, a)
			}
		}
	}
	if cells < len(pairs)*3/4 {
		t.Errorf("only %d of %d changed lines were sent by their cells", cells, len(pairs))
	}
	t.Logf("%d of %d changed lines sent by their cells: %d bytes, against %d whole", cells, len(pairs), sent, whole)
}
