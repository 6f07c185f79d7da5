// Package vt is a small terminal for tests and load: Term reads what a
// served session writes into a grid of cells, as a VT100-like terminal
// would show it, so serve's tests and okey load read their screens.
package vt

import (
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Term is a small terminal: it reads what a session writes (cursor
// moves, erases, scrolling, text; colours ignored) into a grid of cells,
// as a VT100-like terminal would show it. Its clients ask for TERM=vt100,
// so the renderer keeps to the basic sequences. The tests' SSH clients
// and okey load's read their screens through it.
type Term struct {
	mu       sync.Mutex
	w, h     int
	cells    [][]rune
	x, y     int
	wrapNext bool
	top, bot int // scroll region, inclusive
	sx, sy   int // saved cursor
	last     rune
	pend     []byte // an incomplete sequence or rune
	bytes    int
	writes   int // the writes read: about a frame each
	onFrame  func(lines []string)
	// changed is signalled after every write.
	changed chan struct{}
}

// New is a terminal of w columns and h lines.
func New(w, h int) *Term {
	t := &Term{changed: make(chan struct{}, 1)}
	t.resize(w, h)
	return t
}

func (t *Term) resize(w, h int) {
	t.w, t.h = w, h
	t.cells = make([][]rune, h)
	for i := range t.cells {
		t.cells[i] = blankRow(w)
	}
	t.top, t.bot = 0, h-1
	t.x, t.y = min(t.x, w-1), min(t.y, h-1)
}

func blankRow(w int) []rune {
	r := make([]rune, w)
	for i := range r {
		r[i] = ' '
	}
	return r
}

// Resize changes the terminal's size (the screen is cleared: the program
// redraws).
func (t *Term) Resize(w, h int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.resize(w, h)
}

// Write reads output: the screen changes, OnFrame's function sees it,
// and Changed is signalled.
func (t *Term) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.bytes += len(p)
	t.writes++
	b := append(t.pend, p...)
	t.pend = nil
	i := 0
	for i < len(b) {
		n := t.step(b[i:])
		if n == 0 { // incomplete: wait for more
			t.pend = append([]byte(nil), b[i:]...)
			break
		}
		i += n
	}
	if t.onFrame != nil {
		t.onFrame(t.linesLocked())
	}
	select {
	case t.changed <- struct{}{}:
	default:
	}
	return len(p), nil
}

// step reads one rune, control or sequence from b and reports how many
// bytes it took; 0 when b ends inside one.
func (t *Term) step(b []byte) int {
	c := b[0]
	switch {
	case c == 0x1b:
		return t.escape(b)
	case c == '\r':
		t.x, t.wrapNext = 0, false
	case c == '\n', c == 0x0b, c == 0x0c:
		t.lineFeed()
	case c == '\b':
		t.x, t.wrapNext = max(0, t.x-1), false
	case c == '\t':
		t.x = min(t.w-1, (t.x/8+1)*8)
	case c < 0x20 || c == 0x7f:
	default:
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 && !utf8.FullRune(b) {
			return 0
		}
		t.print(r)
		return n
	}
	return 1
}

func (t *Term) print(r rune) {
	if t.wrapNext {
		t.x, t.wrapNext = 0, false
		t.lineFeed()
	}
	t.cells[t.y][t.x] = r
	t.last = r
	// Below U+1100 every rune is one column wide: no need to measure
	// (the clients' own CPU is part of what the load measures).
	if r >= 0x1100 && ansi.StringWidth(string(r)) == 2 && t.x+1 < t.w {
		t.x++
		t.cells[t.y][t.x] = 0
	}
	if t.x == t.w-1 {
		t.wrapNext = true
	} else {
		t.x++
	}
}

func (t *Term) lineFeed() {
	t.wrapNext = false
	if t.y == t.bot {
		t.scrollUp(1)
		return
	}
	t.y = min(t.h-1, t.y+1)
}

func (t *Term) scrollUp(n int) {
	for range n {
		copy(t.cells[t.top:t.bot], t.cells[t.top+1:t.bot+1])
		t.cells[t.bot] = blankRow(t.w)
	}
}

func (t *Term) scrollDown(n int) {
	for range n {
		copy(t.cells[t.top+1:t.bot+1], t.cells[t.top:t.bot])
		t.cells[t.top] = blankRow(t.w)
	}
}

// escape reads an escape sequence.
func (t *Term) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '[':
		return t.csi(b)
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to ST or BEL
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return 0
	case '(', ')', '*', '+', '#', ' ':
		if len(b) < 3 {
			return 0
		}
		return 3
	case '7':
		t.sx, t.sy = t.x, t.y
	case '8':
		t.x, t.y, t.wrapNext = t.sx, t.sy, false
	case 'M': // reverse index
		if t.y == t.top {
			t.scrollDown(1)
		} else {
			t.y = max(0, t.y-1)
		}
	case 'D':
		t.lineFeed()
	case 'E':
		t.x = 0
		t.lineFeed()
	case 'c':
		t.resize(t.w, t.h)
		t.x, t.y = 0, 0
	}
	return 2
}

// csi reads a control sequence.
func (t *Term) csi(b []byte) int {
	i := 2
	for i < len(b) && (b[i] < 0x40 || b[i] > 0x7e) {
		i++
	}
	if i >= len(b) {
		return 0
	}
	final := b[i]
	raw := string(b[2:i])
	private := strings.HasPrefix(raw, "?") || strings.HasPrefix(raw, ">") || strings.HasPrefix(raw, "=") || strings.HasPrefix(raw, "<")
	raw = strings.TrimLeft(raw, "?>=<")
	raw = strings.TrimRight(raw, " !\"#$%&'()*+,-./")
	var ps []int
	if raw != "" {
		for _, f := range strings.Split(raw, ";") {
			f, _, _ = strings.Cut(f, ":")
			n, _ := strconv.Atoi(f)
			ps = append(ps, n)
		}
	}
	p := func(k, def int) int {
		if k < len(ps) && ps[k] > 0 {
			return ps[k]
		}
		return def
	}
	if private {
		if final == 'h' || final == 'l' {
			for _, n := range ps {
				if n == 1049 || n == 47 || n == 1047 {
					t.resize(t.w, t.h)
				}
			}
		}
		return i + 1
	}
	t.wrapNext = false
	switch final {
	case 'A':
		t.y = max(0, t.y-p(0, 1))
	case 'B', 'e':
		t.y = min(t.h-1, t.y+p(0, 1))
	case 'C', 'a':
		t.x = min(t.w-1, t.x+p(0, 1))
	case 'D':
		t.x = max(0, t.x-p(0, 1))
	case 'E':
		t.x, t.y = 0, min(t.h-1, t.y+p(0, 1))
	case 'F':
		t.x, t.y = 0, max(0, t.y-p(0, 1))
	case 'G', '`':
		t.x = min(t.w-1, p(0, 1)-1)
	case 'd':
		t.y = min(t.h-1, p(0, 1)-1)
	case 'H', 'f':
		t.y, t.x = min(t.h-1, p(0, 1)-1), min(t.w-1, p(1, 1)-1)
	case 'J':
		switch p(0, 0) {
		case 0:
			t.eraseLine(t.y, t.x, t.w)
			for y := t.y + 1; y < t.h; y++ {
				t.cells[y] = blankRow(t.w)
			}
		case 1:
			t.eraseLine(t.y, 0, t.x+1)
			for y := 0; y < t.y; y++ {
				t.cells[y] = blankRow(t.w)
			}
		default:
			for y := range t.h {
				t.cells[y] = blankRow(t.w)
			}
		}
	case 'K':
		switch p(0, 0) {
		case 0:
			t.eraseLine(t.y, t.x, t.w)
		case 1:
			t.eraseLine(t.y, 0, t.x+1)
		default:
			t.eraseLine(t.y, 0, t.w)
		}
	case 'X':
		t.eraseLine(t.y, t.x, min(t.w, t.x+p(0, 1)))
	case '@':
		n := min(p(0, 1), t.w-t.x)
		row := t.cells[t.y]
		copy(row[t.x+n:], row[t.x:t.w-n])
		for k := t.x; k < t.x+n; k++ {
			row[k] = ' '
		}
	case 'P':
		n := min(p(0, 1), t.w-t.x)
		row := t.cells[t.y]
		copy(row[t.x:], row[t.x+n:])
		for k := t.w - n; k < t.w; k++ {
			row[k] = ' '
		}
	case 'L', 'M':
		if t.y < t.top || t.y > t.bot {
			break
		}
		top := t.top
		t.top = t.y
		if final == 'L' {
			t.scrollDown(p(0, 1))
		} else {
			t.scrollUp(p(0, 1))
		}
		t.top = top
	case 'S':
		t.scrollUp(p(0, 1))
	case 'T':
		t.scrollDown(p(0, 1))
	case 'r':
		t.top, t.bot = p(0, 1)-1, min(t.h, p(1, t.h))-1
		if t.top >= t.bot {
			t.top, t.bot = 0, t.h-1
		}
		t.x, t.y = 0, 0
	case 'b':
		for range p(0, 1) {
			t.print(t.last)
		}
	case 's':
		t.sx, t.sy = t.x, t.y
	case 'u':
		t.x, t.y = t.sx, t.sy
	}
	return i + 1
}

func (t *Term) eraseLine(y, from, to int) {
	row := t.cells[y]
	for x := max(0, from); x < min(to, t.w); x++ {
		row[x] = ' '
	}
}

func (t *Term) linesLocked() []string {
	out := make([]string, t.h)
	for y, row := range t.cells {
		var sb strings.Builder
		for _, r := range row {
			if r != 0 {
				sb.WriteRune(r)
			}
		}
		out[y] = strings.TrimRight(sb.String(), " ")
	}
	return out
}

// Lines is the screen, line by line, trailing blanks cut.
func (t *Term) Lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.linesLocked()
}

// String is the screen as text.
func (t *Term) String() string { return strings.Join(t.Lines(), "\n") }

// Counts are the bytes and writes read so far (a write is about a
// frame).
func (t *Term) Counts() (bytes, writes int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes, t.writes
}

// OnFrame sets a function called with the screen after every write (a
// frame, about), under the terminal's lock; set it before the first
// write.
func (t *Term) OnFrame(f func(lines []string)) { t.onFrame = f }

// Changed is signalled after every write.
func (t *Term) Changed() <-chan struct{} { return t.changed }

// Await waits until the terminal shows want (its writers write on
// goroutines of their own), for at most within, and returns what it
// shows then.
func (t *Term) Await(want string, within time.Duration) (string, bool) {
	deadline := time.After(within)
	for {
		got := t.String()
		if got == want {
			return got, true
		}
		select {
		case <-t.Changed():
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			return got, false
		}
	}
}

// Locked runs f under the terminal's lock (a client writing its raw
// output beside the screen, in step with it).
func (t *Term) Locked(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f()
}
