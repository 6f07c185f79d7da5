package tty

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/canvas"
)

// What a changed line costs to send. A line of a frame is a row of
// cells, each a letter in a pen (the styles in force); the client's
// row already holds the cells of the line sent before. Only the cells
// that differ are sent: the cursor jumps over a stretch of equal cells
// when the jump is shorter than the stretch, and a pen is set only
// where it changes (lipgloss closes and reopens the same style around
// each letter of a tile's frame). A block of lines that moved up (the
// move log, a chat) is scrolled on the client rather than sent again.
// This is what keeps a playing session's bytes a second low on a
// phone's data plan (docs/studies/serving-performance.md).

// cell is one column of a line as the client shows it.
type cell struct {
	pen  string // the styles in force: the SGR sequences since the last reset ("": none)
	text string // the letter, one column wide
}

// blank is a cell the client shows as empty: past the end of a line
// or erased.
var blank = cell{text: " "}

// cellsOf appends the cells of line (in the client's colours, cut at
// its width) to dst. ok is false when a letter or sequence in it is not
// plain (a wide or joining letter, a sequence other than a style): then
// the line is sent whole. A space in a pen that does not show on a
// space (no ground, underline, reverse...) is a blank.
func (sc *scratch) cellsOf(dst []cell, line string) ([]cell, bool) {
	pen := ""
	penStart, penEnd := 0, -1 // pen is line[penStart:penEnd] while its sequences are adjacent
	for i := 0; i < len(line); {
		n, wide, sgr := token(line[i:])
		switch {
		case n == 0 || n > 1 && !sgr && wide == 0:
			return dst, false
		case sgr:
			seq := line[i : i+n]
			switch {
			case resets(seq):
				pen, penStart, penEnd = seq, i, i+n
				if seq == "\x1b[m" || seq == "\x1b[0m" {
					pen, penEnd = "", -1
				}
			case pen == "":
				pen, penStart, penEnd = seq, i, i+n
			case penEnd == i:
				pen, penEnd = line[penStart:i+n], i+n
			default:
				pen, penEnd = pen+seq, -1
			}
		default:
			c := cell{pen: pen, text: line[i : i+n]}
			if c.text == " " && pen != "" && !sc.showsOnSpace(pen) {
				c.pen = ""
			}
			dst = append(dst, c)
		}
		i += n
	}
	return dst, true
}

// showsOnSpace reports whether pen p shows on a space: a ground, an
// underline, reverse, crossed out or overlined (a pen not understood
// is taken to).
func (sc *scratch) showsOnSpace(p string) bool {
	if v, ok := sc.spaces[p]; ok {
		return v
	}
	s, ok := parsePen(p)
	const shows = 1<<4 | 1<<7 | 1<<9 | 1<<overline
	v := !ok || s.bg != "" || s.attrs&shows != 0
	if sc.spaces == nil || len(sc.spaces) >= maxChanges {
		sc.spaces = make(map[string]bool)
	}
	sc.spaces[strings.Clone(p)] = v
	return v
}

// resets reports whether the style seq begins by resetting every
// attribute ("ESC[m", "ESC[0;1m", "ESC[;31m").
func resets(seq string) bool {
	p := seq[2 : len(seq)-1]
	return p == "" || p == "0" || strings.HasPrefix(p, "0;") || strings.HasPrefix(p, ";")
}

// penCost is the length of what turns the client's pen from into to.
func (d *drawer) penCost(from, to string) int {
	switch {
	case from == to:
		return 0
	case to == "":
		return len("\x1b[m")
	}
	if seq, ok := d.penChange(from, to); ok {
		return len(seq)
	}
	return len("\x1b[m") + len(to)
}

// A drawer writes one frame's changes, knowing where the client's
// cursor is and which pen it holds. Every write of a frame ends with
// the pen reset, so a frame begins with none.
type drawer struct {
	b *bytes.Buffer
	w int
	at
	*scratch
}

// at is the client's pen and cursor.
type at struct {
	pen    string
	cx, cy int // the cursor; cy < 0: not known
}

// scratch is what a screen's drawers reuse from frame to frame: a
// line's cells before and after, as shifted on the client, the bytes of
// a line sent without shifting, the blocks of lines scrolled.
type scratch struct {
	oldCells, newCells, shifted []cell
	tried                       []byte
	regions                     [][2]int
	// The pen changes worked out (penChange), and the bytes of the
	// one being worked out.
	changes map[[2]string]string
	sgr     []byte
	// Whether a pen shows on a space (showsOnSpace).
	spaces map[string]bool
	// A line's runs of changed cells, which are written, and the
	// bytes of the runs written in order (beside tried, the line's
	// bytes without shifting).
	runs    [][2]int
	done    []bool
	inOrder []byte
}

// setPen turns the client's pen to p.
func (d *drawer) setPen(p string) {
	switch {
	case d.pen == p:
	case p == "":
		d.b.WriteString("\x1b[m")
	default:
		if seq, ok := d.penChange(d.pen, p); ok {
			d.b.WriteString(seq)
		} else {
			d.b.WriteString("\x1b[m")
			d.b.WriteString(p)
		}
	}
	d.pen = p
}

// blankPen readies the client's pen for what fills cells with blanks in
// it (an erase, a scroll, a shift): it is reset only when it shows on a
// space (a ground, an underline...); a letter's colour or boldness does
// not show on a blank.
func (d *drawer) blankPen() {
	if d.pen != "" && d.showsOnSpace(d.pen) {
		d.setPen("")
	}
}

// moveTo puts the cursor at column x of line y (from 0), by the
// shortest of: an absolute move (CUP); from where the cursor is, a move
// along its line (a carriage return, backspaces, CUF, CUB, CHA); line
// feeds down and then the column set anew (a line feed keeps the column
// on most terminals and returns the carriage on some: the column is set
// either way); CUD or CUU, then a move along the line. A move in a line
// takes one to five bytes where CUP takes four to seven; they are most
// of the cursor's bytes (the clock, a seat's line, the log below it).
func (d *drawer) moveTo(x, y int) {
	if d.cy == y && d.cx == x {
		return
	}
	best, how := cupCost(x, y), moveCUP
	if d.cy >= 0 {
		dy := y - d.cy
		try := func(cost int, m move) {
			if cost < best {
				best, how = cost, m
			}
		}
		switch {
		case dy == 0:
			try(alongCost(d.cx, x), moveAlong)
		case dy > 0:
			if dy <= maxFeeds {
				try(dy+columnCost(x), moveFeeds)
			}
			try(verticalCost(dy)+alongCost(d.cx, x), moveVertical)
		default:
			try(verticalCost(-dy)+alongCost(d.cx, x), moveVertical)
		}
	}
	switch how {
	case moveCUP:
		d.b.WriteString("\x1b[")
		d.b.WriteString(strconv.Itoa(y + 1))
		if x > 0 {
			d.b.WriteByte(';')
			d.b.WriteString(strconv.Itoa(x + 1))
		}
		d.b.WriteByte('H')
	case moveAlong:
		d.along(d.cx, x)
	case moveFeeds:
		for range y - d.cy {
			d.b.WriteByte('\n')
		}
		d.column(x)
	case moveVertical:
		dy, c := y-d.cy, byte('B')
		if dy < 0 {
			dy, c = -dy, 'A'
		}
		d.csi(dy, c)
		d.along(d.cx, x)
	}
	d.cx, d.cy = x, y
}

// A way of moving the cursor (moveTo).
type move uint8

const (
	moveCUP      move = iota // CUP: line and column
	moveAlong                // along the cursor's line
	moveFeeds                // line feeds, then the column
	moveVertical             // CUD or CUU, then along the line
)

// maxFeeds is the most line feeds a move is made of.
const maxFeeds = 2

// digits is the length of n written in decimal (n >= 0).
func digits(n int) int {
	k := 1
	for ; n >= 10; n /= 10 {
		k++
	}
	return k
}

// csiCost is the length of a CSI sequence of one count n, which is left
// out when it is 1 (CUF, CUB, CUD, CUU).
func csiCost(n int) int {
	if n == 1 {
		return 3
	}
	return 3 + digits(n)
}

// csi writes that sequence, ending in c.
func (d *drawer) csi(n int, c byte) {
	d.b.WriteString("\x1b[")
	if n != 1 {
		d.b.WriteString(strconv.Itoa(n))
	}
	d.b.WriteByte(c)
}

// cupCost is the length of CUP to column x of line y.
func cupCost(x, y int) int {
	if x == 0 {
		return 3 + digits(y+1)
	}
	return 4 + digits(y+1) + digits(x+1)
}

// chaCost is the length of CHA to column x.
func chaCost(x int) int {
	if x == 0 {
		return 3
	}
	return 3 + digits(x+1)
}

// columnCost is the length of the shortest move to column x from a
// column not known: a carriage return, then CUF; or CHA.
func columnCost(x int) int {
	if x == 0 {
		return 1
	}
	return min(1+csiCost(x), chaCost(x))
}

// column moves the cursor to column x of its line, its column not known.
func (d *drawer) column(x int) {
	switch {
	case x == 0:
		d.b.WriteByte('\r')
	case 1+csiCost(x) <= chaCost(x):
		d.b.WriteByte('\r')
		d.csi(x, 'C')
	default:
		d.csi(x+1, 'G')
	}
}

// maxBackspaces is the most backspaces a move left is made of.
const maxBackspaces = 3

// alongCost is the length of the shortest move from column from to
// column to of the same line.
func alongCost(from, to int) int {
	switch {
	case from == to:
		return 0
	case to > from:
		return min(csiCost(to-from), columnCost(to))
	case from-to <= maxBackspaces:
		return min(from-to, columnCost(to))
	}
	return min(csiCost(from-to), columnCost(to))
}

// along writes that move.
func (d *drawer) along(from, to int) {
	n := alongCost(from, to)
	switch {
	case from == to:
	case n == columnCost(to):
		d.column(to)
	case to > from:
		d.csi(to-from, 'C')
	case from-to <= maxBackspaces:
		for range from - to {
			d.b.WriteByte('\b')
		}
	default:
		d.csi(from-to, 'D')
	}
}

// verticalCost is the length of CUD or CUU by n lines.
func verticalCost(n int) int { return csiCost(n) }

// jumpCost is the length of a move of the cursor n columns right.
func jumpCost(n int) int {
	if n == 1 {
		return len("\x1b[C")
	}
	return len("\x1b[C") + len(strconv.Itoa(n))
}

// put writes cells cs from the cursor on, and says how many times it
// changed the pen. A blank is written in the pen the client holds when
// that pen does not show on a space.
func (d *drawer) put(cs []cell) (pens int) {
	for _, c := range cs {
		if c.pen != d.pen && (c != blank || d.showsOnSpace(d.pen)) {
			d.setPen(c.pen)
			pens++
		}
		d.b.WriteString(c.text)
	}
	d.cx += len(cs)
	if d.cx >= d.w {
		d.cy = -1 // at the margin, where the next letter would wrap: placed again
	}
	return pens
}

// line turns line y of the client from old into new (cells of at most
// w columns each). When the line grew or shrank in the middle (a word
// put in front of the others, a tile into the rack), the client's cells
// after that point are shifted first (inserted or deleted characters),
// if that costs less than sending them again.
func (d *drawer) line(y int, old, new []cell) {
	lo, ln := trimmed(old), trimmed(new)
	p := 0
	for p < lo && p < ln && old[p] == new[p] {
		p++
	}
	start, was := d.b.Len(), d.at
	d.cells(y, old, new)
	plain := d.b.Len() - start
	if p == lo || p == ln || plain < shiftWorth {
		return
	}
	n := shiftOf(old[p:lo], new[p:ln])
	if n == 0 || 2*n > d.w-p {
		// tmux (3.3a) inserting more blanks than the cells it moves
		// blanks only as many as it moves, and leaves old letters in
		// the rest ("•tm chat" on a phone's bar): such a shift is not
		// sent.
		return
	}
	after := d.at
	d.tried = append(d.tried[:0], d.b.Bytes()[start:]...)
	d.b.Truncate(start)
	d.at = was
	// The client's line with its cells from p moved by n.
	d.shifted = append(d.shifted[:0], old[:p]...)
	if n > 0 {
		for range n {
			d.shifted = append(d.shifted, blank)
		}
		d.shifted = append(d.shifted, old[p:min(len(old), d.w-n)]...)
	} else {
		d.shifted = append(d.shifted, old[p-n:]...)
	}
	d.moveTo(p, y)
	d.blankPen()
	d.b.WriteString("\x1b[")
	if n > 1 || n < -1 {
		d.b.WriteString(strconv.Itoa(max(n, -n)))
	}
	if n > 0 {
		d.b.WriteByte('@')
	} else {
		d.b.WriteByte('P')
	}
	d.cells(y, d.shifted, new)
	if d.b.Len()-start >= plain {
		d.b.Truncate(start)
		d.b.Write(d.tried)
		d.at = after
	}
}

// shiftWorth is the least a line must cost sent cell by cell for a
// shift of its cells to be looked for.
const shiftWorth = 32

// shiftOf is how far the cells of old moved in new (both from the
// first cell that changed, to the end of their letters): n > 0, n cells
// were put in front of them; n < 0, the first -n were taken out; 0, no
// shift found. The shifts tried are those that put a few letters of
// old, from four places along it, where new has them; the one under
// which most of old's letters (blanks aside) are in their place wins,
// the shortest of equals, and at least a few must be.
func shiftOf(old, new []cell) int {
	var tries [maxShifts]int
	n := 0
	for q := range 4 {
		i := q * len(old) / 4
		for i < len(old) && old[i].text == " " {
			i++
		}
		if i+anchor > len(old) {
			continue
		}
	find:
		for j := 0; j+anchor <= len(new) && n < len(tries); j++ {
			if j == i {
				continue
			}
			for k := range anchor {
				if new[j+k] != old[i+k] {
					continue find
				}
			}
			for _, t := range tries[:n] {
				if t == j-i {
					continue find
				}
			}
			tries[n] = j - i
			n++
		}
	}
	best, most := 0, minShifted-1
	for _, n := range tries[:n] {
		found := 0
		for i := max(0, -n); i < len(old) && i+n < len(new); i++ {
			if c := old[i]; c.text != " " && new[i+n] == c {
				found++
			}
		}
		if found > most || found == most && max(n, -n) < max(best, -best) {
			best, most = n, found
		}
	}
	return best
}

// anchor is how many cells in a row place a shift to try; maxShifts
// the most shifts tried.
const (
	anchor    = 3
	maxShifts = 8
)

// minShifted is the fewest letters a shift must put back in place.
const minShifted = 4

// trimmed is the length of cs without the blanks at its end.
func trimmed(cs []cell) int {
	n := len(cs)
	for n > 0 && cs[n-1] == blank {
		n--
	}
	return n
}

// cells turns line y of the client from old into new, cell by cell.
func (d *drawer) cells(y int, old, new []cell) {
	at := func(cs []cell, x int) cell {
		if x < len(cs) {
			return cs[x]
		}
		return blank
	}
	end, oldEnd := trimmed(new), trimmed(old)
	d.runs = d.runs[:0]
	for x := 0; x < end; {
		if at(old, x) == new[x] {
			x++
			continue
		}
		// A run of changed cells from x, carried over a stretch of
		// equal ones when sending them costs less than jumping them.
		j := x + 1
		for j < end {
			if at(old, j) != new[j] {
				j++
				continue
			}
			k, cost, pen := j, 0, new[j-1].pen
			for ; k < end && at(old, k) == new[k]; k++ {
				if c := new[k]; c.pen != pen && (c != blank || d.showsOnSpace(pen)) {
					cost += d.penCost(pen, c.pen)
					pen = c.pen
				}
				cost += len(new[k].text)
			}
			if k == end || cost > jumpCost(k-j) {
				break
			}
			j = k
		}
		d.runs = append(d.runs, [2]int{x, j})
		x = j
	}
	start, was := d.b.Len(), d.at
	pens := 0
	for _, r := range d.runs {
		d.moveTo(r[0], y)
		pens += d.put(new[r[0]:r[1]])
	}
	if pens >= groupWorth {
		// Each pen once, its cells written with the cursor jumping
		// between them, if that is shorter: a bar of keys and words, a
		// rack of tiles of four colours.
		plain, after := d.b.Len()-start, d.at
		d.inOrder = append(d.inOrder[:0], d.b.Bytes()[start:]...)
		d.b.Truncate(start)
		d.at = was
		d.byPen(y, new)
		if d.b.Len()-start >= plain {
			d.b.Truncate(start)
			d.b.Write(d.inOrder)
			d.at = after
		}
	}
	if oldEnd > end {
		d.moveTo(end, y)
		d.blankPen()
		d.b.WriteString("\x1b[K")
	}
}

// groupWorth is the fewest pen changes in a line for writing it a pen
// at a time to be tried.
const groupWorth = 4

// byPen writes the cells of d.runs of line y a pen at a time, in the
// order the pens first come: each pen set once, the cursor jumping to
// each of its cells (a blank goes with the first pen it does not show
// in).
func (d *drawer) byPen(y int, new []cell) {
	d.done = d.done[:0]
	for _, r := range d.runs {
		for x := r[0]; x < r[1]; x++ {
			d.done = append(d.done, false)
		}
	}
	for {
		pen, found, i := "", false, 0
		for _, r := range d.runs {
			for x := r[0]; x < r[1]; x, i = x+1, i+1 {
				c := new[x]
				if d.done[i] {
					continue
				}
				if !found {
					if c == blank {
						continue // with a pen it does not show in
					}
					pen, found = c.pen, true
					d.setPen(pen)
				}
				if c.pen != pen && (c != blank || d.showsOnSpace(pen)) {
					continue
				}
				d.moveTo(x, y)
				d.b.WriteString(c.text)
				d.cx++
				if d.cx >= d.w {
					d.cy = -1
				}
				d.done[i] = true
			}
		}
		if !found {
			break
		}
	}
	// Blanks left: every pen showed on a space.
	i := 0
	for _, r := range d.runs {
		for x := r[0]; x < r[1]; x, i = x+1, i+1 {
			if !d.done[i] {
				d.moveTo(x, y)
				d.put(new[x : x+1])
			}
		}
	}
}

// whole writes line y as it is (a line that is not plain), erasing
// what the client had there, and leaves the pen reset.
func (d *drawer) whole(y int, line string) {
	d.setPen("")
	d.b.WriteString(lineStart(y))
	d.b.WriteString("\x1b[K")
	d.b.WriteString(line)
	d.b.WriteString("\x1b[m")
	d.cy = -1
}

// scroll moves lines top+k to bottom (from 0) of the client up by k,
// blank lines coming in at the bottom; the cursor is left home.
func (d *drawer) scroll(top, bottom, k int) {
	d.blankPen()
	d.b.WriteString("\x1b[" + strconv.Itoa(top+1) + ";" + strconv.Itoa(bottom+1) + "r")
	d.b.WriteString("\x1b[")
	if k > 1 {
		d.b.WriteString(strconv.Itoa(k))
	}
	d.b.WriteString("S\x1b[r")
	d.cx, d.cy = 0, 0
}

// maxScroll is the most lines a block is looked for moved up by.
const maxScroll = 3

// scrolls finds the blocks of lines of shown that moved up in lines:
// for the first distance k that any moved by, each run of two or more
// lines that now show what was k lines below them, as the regions to
// scroll (top and bottom lines, from 0).
func scrolls(shown, lines []string, found [][2]int) ([][2]int, int) {
	n := min(len(shown), len(lines))
	for k := 1; k <= maxScroll; k++ {
		found = found[:0]
		for y := 0; y+k < n; {
			moved := func(y int) bool {
				return y+k < n && lines[y] != "" && lines[y] != shown[y] && lines[y] == shown[y+k]
			}
			if !moved(y) {
				y++
				continue
			}
			r := 1
			for moved(y + r) {
				r++
			}
			if r >= 2 && (len(found) == 0 || found[len(found)-1][1] < y) {
				found = append(found, [2]int{y, y + r - 1 + k})
			}
			y += r
		}
		if len(found) > 0 {
			return found, k
		}
	}
	return found, 0
}

// Redraw is what turns the first line of a terminal w columns wide
// from old into new, both as the client is sent them (cut at w, in its
// colours): the cells that changed, the pen reset at the end. ok is
// false when either line is not plain (it is then sent whole). Tests
// check it against a terminal emulator, cell by cell.
func Redraw(old, new string, w int) (seq string, ok bool) {
	sc := &scratch{}
	o, ok := sc.cellsOf(nil, old)
	if !ok {
		return "", false
	}
	n, ok := sc.cellsOf(nil, new)
	if !ok {
		return "", false
	}
	var b bytes.Buffer
	d := drawer{b: &b, w: w, at: at{cy: -1}, scratch: sc}
	d.line(0, o, n)
	d.setPen("")
	return b.String(), true
}

// SameLook reports whether two cells of a terminal look the same: the
// same letter in the same style, or both blank under the same ground
// (and underline, reverse, crossing out); a blank's letter colour and
// boldness do not show. Tests compare screens by it.
func SameLook(a, b *uv.Cell) bool {
	blankCell := func(c *uv.Cell) bool { return c.Content == " " || c.Content == "" }
	if !blankCell(a) || !blankCell(b) {
		return a.Equal(b)
	}
	const shows = uv.AttrReverse | uv.AttrStrikethrough
	sa, sb := a.Style, b.Style
	sa.Fg, sb.Fg = nil, nil
	sa.Attrs, sb.Attrs = sa.Attrs&shows, sb.Attrs&shows
	if sa.Underline == 0 {
		sa.UnderlineColor = nil
	}
	if sb.Underline == 0 {
		sb.UnderlineColor = nil
	}
	return sa.Equal(&sb)
}

// csiFinal is where the final byte of the control sequence s starts
// with ("ESC[" and its parameters) is: len(s) when s ends first.
func csiFinal(s string) int {
	j := 2
	for j < len(s) && s[j] >= 0x20 && s[j] < 0x40 {
		j++
	}
	return j
}

// token is the length of the letter or sequence s starts with, its
// width, and whether it is a style (SGR); 0 when it is neither a plain
// one-column letter nor a CSI sequence.
func token(s string) (n, width int, sgr bool) {
	c := s[0]
	switch {
	case c >= 0x20 && c < 0x7f:
		return 1, 1, false
	case c == ansi.ESC:
		if len(s) < 2 || s[1] != '[' {
			return 0, 0, false
		}
		j := csiFinal(s)
		if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
			return 0, 0, false
		}
		return j + 1, 0, s[j] == 'm'
	case c < 0x80:
		return 0, 0, false
	}
	_, size := utf8.DecodeRuneInString(s)
	if w, ok := canvas.SimpleWidth(s[:size]); ok && w == 1 {
		return size, 1, false
	}
	return 0, 0, false
}

// lineStart moves the cursor to the start of line y (from 0).
func lineStart(y int) string { return "\x1b[" + strconv.Itoa(y+1) + "H" }
