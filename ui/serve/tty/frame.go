package tty

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/canvas"
)

// A session's screen, drawn a line at a time, so that a server holds
// more sessions for its CPU (docs/studies/load-runs.md).
//
// Bubble Tea's own renderer parses every changed frame whole into cells,
// measuring each grapheme, diffs the cells against the screen, and wakes
// at its frame rate whether anything changed or not: for each session,
// the most of a server's CPU and about a megabyte of cells. A seat's
// frame changes a few lines at a time (a clock, a rack, a chat line), so
// a session's program runs without a renderer (tea.WithoutRenderer) and
// hands its frames to a LineScreen, which sends the lines that differ
// from what the client has, and nothing when nothing changed: of a line,
// the cells that changed, a pen set only where it changes, a block of
// lines that moved up scrolled (cells.go); a line whose letters are not
// all plain, whole. It holds one frame's lines and one goroutine that sleeps
// until there is something to send; it wakes no more than fps times a
// second while frames come, never when they do not.
//
// The client sees what Bubble Tea's renderer would have shown (the
// terminal's modes set and restored the same way; redraw_test.go replays
// frames through both and compares the emulated screens).
type LineScreen struct {
	out io.Writer
	gap time.Duration // the least time between two writes

	mu   sync.Mutex
	want frame  // the latest frame asked for
	seqs string // sequences to send as they are (a query to the terminal)
	// Holding news (HoldNews): how long a frame that answers no key
	// waits for the next change; keyed is set by the client's input
	// until the frame it causes is asked for, answer while a frame
	// that answers it waits to be sent, keyAt when the last came.
	hold          time.Duration
	keyed, answer bool
	keyAt         time.Time
	kick          chan struct{}
	hurry         chan struct{} // a frame that answers a key is wanted
	stop          chan struct{}
	once          sync.Once
	done          chan struct{}

	// The writer's own: what the client's screen holds.
	shown []string // the frame's lines as last sent (before colour conversion)
	sent  []string // the same lines as the client was sent them (cut, in its colours)
	next  []string // the lines of the frame being sent, as they are sent
	pen   string   // the client's pen, as the last frame left it
	scratch
	conv    bytes.Buffer      // a line turned to the client's colours
	styles  map[string]string // styles turned to the client's colours (convertStyles)
	on      frame             // the frame last sent; its content is not kept
	started bool
	buf     bytes.Buffer
}

// frame is what a screen is drawn from: a view's content and the
// terminal modes it asks for, the window and the colours the client has.
type frame struct {
	content string
	alt     bool
	mouse   tea.MouseMode
	title   string
	keys    int // Kitty keyboard flags
	paste   bool
	w, h    int
	profile colorprofile.Profile
}

// NewLineScreen starts a screen writing to out at most fps frames a
// second.
func NewLineScreen(out io.Writer, fps int, w, h int, profile colorprofile.Profile) *LineScreen {
	l := &LineScreen{
		out: out, gap: time.Second / time.Duration(max(fps, 1)),
		kick: make(chan struct{}, 1), hurry: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
	}
	l.want = frame{w: w, h: h, profile: profile, paste: true}
	go l.run()
	return l
}

// HoldNews has a frame that answers none of the client's keys (news
// of the table: another player's move) wait up to d for the next
// change before it is sent, so that changes close in time (a move and
// the next turn's highlight, news and a key pressed meanwhile) go in
// one write: each write is an SSH packet, whose framing and MAC are
// about 41 bytes. A frame that answers a key, or comes within
// answerWithin of one (the table's answer to a move), is sent at once,
// with whatever news waits. 0, as a screen starts: nothing waits.
func (l *LineScreen) HoldNews(d time.Duration) {
	l.mu.Lock()
	l.hold = d
	l.mu.Unlock()
}

// answerWithin is how long after a key a frame is taken to answer it
// (a move goes to the table and comes back).
const answerWithin = 500 * time.Millisecond

// typed tells the screen the client typed or clicked: the next frame
// asked for answers it.
func (l *LineScreen) typed() {
	l.mu.Lock()
	l.keyed, l.keyAt = true, time.Now()
	l.mu.Unlock()
}

// Show asks for v to be on the screen. It never waits for the client.
func (l *LineScreen) Show(v tea.View) {
	l.mu.Lock()
	f := l.want
	f.content, f.alt, f.mouse, f.title = v.Content, v.AltScreen, v.MouseMode, v.WindowTitle
	f.keys, f.paste = kittyFlags(v.KeyboardEnhancements), !v.DisableBracketedPasteMode
	answers := l.keyed || time.Since(l.keyAt) < answerWithin
	l.keyed = false
	if f != l.want && answers {
		l.hurryUp()
	}
	l.set(f)
	l.mu.Unlock()
}

// hurryUp has the frame wanted sent without holding it; l.mu is held.
func (l *LineScreen) hurryUp() {
	l.answer = true
	select {
	case l.hurry <- struct{}{}:
	default:
	}
}

// resize tells the screen the client's window (as the program's filter
// capped it): the next frame is drawn whole.
func (l *LineScreen) resize(w, h int) {
	l.mu.Lock()
	f := l.want
	f.w, f.h = w, h
	l.hurryUp()
	l.set(f)
	l.mu.Unlock()
}

// colours sets the client's colour profile.
func (l *LineScreen) colours(p colorprofile.Profile) {
	l.mu.Lock()
	f := l.want
	f.profile = p
	l.hurryUp()
	l.set(f)
	l.mu.Unlock()
}

// set records f as wanted and wakes the writer if it changes anything;
// l.mu is held.
func (l *LineScreen) set(f frame) {
	if f == l.want {
		return
	}
	l.want = f
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// Send asks for seq to be sent to the client as it is, after the
// frame: a query to the terminal. It never waits for the client.
func (l *LineScreen) send(seq string) {
	l.mu.Lock()
	l.seqs += seq
	l.hurryUp()
	l.mu.Unlock()
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// Close stops the writer; once it has stopped (Closed, which may wait for
// a client that stopped reading), restore gives the bytes that put the
// client's terminal back as it was.
func (l *LineScreen) Close() { l.once.Do(func() { close(l.stop) }) }

// Closed is closed once the writer has stopped.
func (l *LineScreen) Closed() <-chan struct{} { return l.done }

// Run is the writer: it waits for a frame (news, a while longer for
// what follows it: HoldNews), sends what changed, and then waits out
// the gap before the next.
func (l *LineScreen) run() {
	defer close(l.done)
	t := time.NewTimer(0)
	<-t.C
	for {
		select {
		case <-l.stop:
			return
		case <-l.kick:
		}
		l.mu.Lock()
		hold := l.hold
		if l.answer {
			hold = 0
		}
		l.mu.Unlock()
		if hold > 0 {
			t.Reset(hold)
			select {
			case <-l.stop:
				t.Stop()
				return
			case <-l.hurry:
				t.Stop()
			case <-t.C:
			}
		}
		l.mu.Lock()
		f, seqs := l.want, l.seqs
		l.seqs, l.answer = "", false
		select {
		case <-l.hurry: // answered by this frame
		default:
		}
		select {
		case <-l.kick: // what it was kicked for goes now
		default:
		}
		l.mu.Unlock()
		l.buf.Reset()
		l.draw(&l.buf, f)
		l.buf.WriteString(seqs)
		if l.buf.Len() > 0 {
			if _, err := l.out.Write(l.buf.Bytes()); err != nil {
				return // the connection has gone; the session ends with it
			}
		}
		t.Reset(l.gap)
		select {
		case <-l.stop:
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// draw writes into b what turns the client's screen from what it shows
// into f, and records f as shown.
func (l *LineScreen) draw(b *bytes.Buffer, f frame) {
	was := l.on
	first := !l.started
	whole := first || f.w != was.w || f.h != was.h || f.alt != was.alt || f.profile != was.profile
	// The terminal's modes, in the order Bubble Tea's renderer sets them.
	if first || f.alt != was.alt {
		b.WriteString(ansi.ResetModifyOtherKeys)
		if !first {
			b.WriteString(ansi.PopKittyKeyboard(1))
		}
		if f.alt {
			b.WriteString(ansi.SetModeAltScreenSaveCursor)
		} else if !first {
			b.WriteString(ansi.ResetModeAltScreenSaveCursor)
		}
		b.WriteString(ansi.ResetModeTextCursorEnable)
	}
	if first || f.paste != was.paste {
		if f.paste {
			b.WriteString(ansi.SetModeBracketedPaste)
		} else if !first {
			b.WriteString(ansi.ResetModeBracketedPaste)
		}
	}
	if first || f.mouse != was.mouse {
		b.WriteString(mouseModes(was.mouse, f.mouse, first))
	}
	if (first && f.title != "") || (!first && f.title != was.title) {
		b.WriteString(ansi.SetWindowTitle(f.title))
	}
	if first || f.keys != was.keys || f.alt != was.alt {
		b.WriteString(ansi.SetModifyOtherKeys2)
		if first || f.alt != was.alt {
			b.WriteString(ansi.PushKittyKeyboard(f.keys))
		} else {
			b.WriteString(ansi.KittyKeyboard(f.keys, 1))
		}
		b.WriteString(ansi.RequestKittyKeyboard)
	}
	l.started, l.on = true, f
	l.on.content = ""

	// The lines: as the renderer draws a frame on the alternate screen,
	// the first h lines, each cut at w columns.
	lines := strings.Split(f.content, "\n")
	if f.content == "" {
		lines = nil
	}
	if len(lines) > f.h {
		lines = lines[:f.h]
	}
	// Each line as the client is to be sent it (cut, in its colours);
	// a line that did not change, as it was sent.
	l.next = l.next[:0]
	for y, line := range lines {
		if !whole && y < len(l.shown) && l.shown[y] == line {
			l.next = append(l.next, l.sent[y])
			continue
		}
		l.next = append(l.next, l.client(line, f))
	}
	d := drawer{b: b, w: f.w, at: at{pen: l.pen, cy: -1}, scratch: &l.scratch}
	if whole {
		d.setPen("") // the screen is erased in the pen's ground
		b.WriteString(ansi.CursorHomePosition + ansi.EraseEntireScreen)
		l.sent = l.sent[:0]
	} else {
		var k int
		l.regions, k = scrolls(l.sent, l.next, l.regions)
		for _, r := range l.regions {
			d.scroll(r[0], r[1], k)
			copy(l.sent[r[0]:], l.sent[r[0]+k:r[1]+1])
			for y := r[1] - k + 1; y <= r[1]; y++ {
				l.sent[y] = ""
			}
		}
	}
	for y := range max(len(l.next), len(l.sent)) {
		var old, new string
		if y < len(l.sent) {
			old = l.sent[y]
		}
		if y < len(l.next) {
			new = l.next[y]
		}
		if old == new {
			continue
		}
		var ok bool
		l.oldCells, ok = l.cellsOf(l.oldCells[:0], old)
		if ok {
			l.newCells, ok = l.cellsOf(l.newCells[:0], new)
		}
		if ok {
			d.line(y, l.oldCells, l.newCells)
		} else {
			d.whole(y, new)
		}
	}
	// The pen is left as it is: the next frame starts from it.
	if d.pen != l.pen {
		l.pen = strings.Clone(d.pen)
	}
	l.shown = append(l.shown[:0], lines...)
	l.sent, l.next = l.next, l.sent
	// The lines sent before these are not kept: in a client's colours
	// they are copies, a screen's worth of memory a session.
	clear(l.next)
}

// client is line as the client is sent it: cut at the window's width,
// in the client's colours.
func (l *LineScreen) client(line string, f frame) string {
	if line == "" {
		return ""
	}
	// A line of no more bytes than columns fits: no character takes more
	// columns than bytes. Only a longer one is measured.
	if len(line) > f.w && canvas.Width(line) > f.w {
		line = ansi.Truncate(line, f.w, "")
	}
	if f.profile >= colorprofile.TrueColor || strings.IndexByte(line, ansi.ESC) < 0 {
		return line
	}
	l.conv.Reset()
	l.styles = convertStyles(&l.conv, line, f.profile, l.styles)
	return l.conv.String()
}

// maxStyles is the most styles a session keeps converted to its
// client's colours; past it they are converted afresh.
const maxStyles = 512

// convertStyles writes line in profile p's colours, as writeStyled
// does, converting each style once a session: a screen's lines carry a
// few dozen styles between them, and converting every changed line
// whole cost a changed line more than working out its cells. done holds
// the styles converted so far (nil: none yet) and is returned with
// line's added. A line with a sequence other than a style is converted
// whole.
func convertStyles(b *bytes.Buffer, line string, p colorprofile.Profile, done map[string]string) map[string]string {
	if done == nil || len(done) >= maxStyles {
		done = make(map[string]string)
	}
	start := b.Len()
	for rest := line; rest != ""; {
		i := strings.IndexByte(rest, ansi.ESC)
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i:]
		j := csiFinal(rest)
		if len(rest) < 2 || rest[1] != '[' || j >= len(rest) || rest[j] != 'm' {
			b.Truncate(start)
			writeStyled(b, line, p)
			return done
		}
		seq := rest[:j+1]
		conv, ok := done[seq]
		if !ok {
			var one bytes.Buffer
			writeStyled(&one, seq, p)
			conv = one.String()
			done[strings.Clone(seq)] = conv
		}
		b.WriteString(conv)
		rest = rest[j+1:]
	}
	return done
}

// writeStyled writes s, styled, in profile p's colours. colorprofile's
// Writer turns a style of colours alone into a reset for a terminal
// without colours, which would drop the bold or reverse set before it;
// Bubble Tea's renderer kept them (it converted each cell's style), and
// so does WithoutColours.
func writeStyled(b *bytes.Buffer, s string, p colorprofile.Profile) {
	switch {
	case p >= colorprofile.TrueColor:
		b.WriteString(s)
	case p == colorprofile.Ascii:
		WithoutColours(b, s)
	default:
		w := colorprofile.Writer{Forward: b, Profile: p}
		_, _ = w.WriteString(s)
	}
}

// WithoutColours writes s with the colours taken out of its styles: a
// style that set only colours goes; the others keep their attributes
// (a reset stays a reset).
func WithoutColours(b *bytes.Buffer, s string) {
	for len(s) > 0 {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		s = s[i:]
		j := csiFinal(s)
		if j >= len(s) {
			b.WriteString(s)
			return
		}
		if s[j] == 'm' {
			sgrWithoutColours(b, s[2:j])
		} else {
			b.WriteString(s[:j+1])
		}
		s = s[j+1:]
	}
}

// sgrWithoutColours writes the style of parameters params (between
// "ESC[" and "m") without its colours, or nothing when only colours
// were set.
func sgrWithoutColours(b *bytes.Buffer, params string) {
	if params == "" {
		b.WriteString(ansi.ResetStyle)
		return
	}
	kept, skip := 0, 0
	for params != "" {
		p := params
		if k := strings.IndexByte(params, ';'); k >= 0 {
			p, params = params[:k], params[k+1:]
		} else {
			params = ""
		}
		if skip > 0 { // a colour's arguments
			skip--
			continue
		}
		base := p
		if k := strings.IndexByte(p, ':'); k >= 0 {
			base = p[:k]
		}
		n, err := strconv.Atoi(base)
		if err == nil {
			switch {
			case n == 38 || n == 48 || n == 58:
				if base == p { // ;5;n or ;2;r;g;b follow
					switch {
					case strings.HasPrefix(params, "5;") || params == "5":
						skip = 2
					case strings.HasPrefix(params, "2;"):
						skip = 4
					}
				}
				continue
			case n >= 30 && n <= 37, n == 39, n >= 40 && n <= 47, n == 49, n == 59,
				n >= 90 && n <= 97, n >= 100 && n <= 107:
				continue
			}
		}
		if kept == 0 {
			b.WriteString("\x1b[")
		} else {
			b.WriteByte(';')
		}
		b.WriteString(p)
		kept++
	}
	if kept > 0 {
		b.WriteByte('m')
	}
}

// Restore is what puts the client's terminal back as it was before the
// session, as Bubble Tea's renderer leaves it: the cursor at the foot of
// the screen, the main screen, the cursor shown, the modes reset. Call it
// once the writer has stopped.
func (l *LineScreen) Restore() []byte {
	if !l.started {
		return nil
	}
	f := l.on
	var b bytes.Buffer
	b.WriteString(ansi.ResetStyle)
	b.WriteString(ansi.ResetModifyOtherKeys)
	b.WriteString(ansi.PopKittyKeyboard(1))
	b.WriteString(ansi.CursorPosition(1, max(f.h, 1)))
	if f.alt {
		b.WriteString(ansi.ResetModeAltScreenSaveCursor)
	} else {
		b.WriteString(ansi.EraseScreenBelow)
	}
	b.WriteString(ansi.SetModeTextCursorEnable)
	if f.paste {
		b.WriteString(ansi.ResetModeBracketedPaste)
	}
	if f.mouse != tea.MouseModeNone {
		b.WriteString(ansi.ResetModeMouseButtonEvent + ansi.ResetModeMouseAnyEvent + ansi.ResetModeMouseExtSgr)
	}
	if f.title != "" {
		b.WriteString(ansi.SetWindowTitle(""))
	}
	return b.Bytes()
}

// mouseModes is what turns mouse reporting from was into now.
func mouseModes(was, now tea.MouseMode, first bool) string {
	switch now {
	case tea.MouseModeCellMotion:
		s := ansi.SetModeMouseButtonEvent + ansi.SetModeMouseExtSgr
		if !first && was == tea.MouseModeAllMotion {
			s = ansi.ResetModeMouseAnyEvent + s
		}
		return s
	case tea.MouseModeAllMotion:
		s := ansi.SetModeMouseAnyEvent + ansi.SetModeMouseExtSgr
		if !first && was == tea.MouseModeCellMotion {
			s = ansi.ResetModeMouseButtonEvent + s
		}
		return s
	}
	if !first && was != tea.MouseModeNone {
		return ansi.ResetModeMouseButtonEvent + ansi.ResetModeMouseAnyEvent + ansi.ResetModeMouseExtSgr
	}
	return ""
}

// kittyFlags are the Kitty keyboard flags a view asks for, as Bubble
// Tea's renderer pushes them.
func kittyFlags(k tea.KeyboardEnhancements) int {
	flags := 1 // key disambiguation, always
	if k.ReportEventTypes {
		flags |= ansi.KittyReportEventTypes
	}
	if k.ReportAlternateKeys {
		flags |= ansi.KittyReportAlternateKeys
	}
	if k.ReportAllKeysAsEscapeCodes {
		flags |= ansi.KittyReportAllKeysAsEscapeCodes
	}
	if k.ReportAssociatedText {
		flags |= ansi.KittyReportAssociatedKeys
	}
	return flags
}

// Framed is a session's model as its program runs it: the session's own,
// whose every frame goes to its LineScreen (the program has no renderer
// of its own; it calls View after every message, as it would for its
// renderer).
type Framed struct {
	M   tea.Model
	Scr *LineScreen
	// Seen, when set (tests), is given every frame.
	Seen func(tea.View)
}

func (f Framed) Init() tea.Cmd { return f.M.Init() }

func (f Framed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		f.Scr.resize(msg.Width, msg.Height)
	case tea.ColorProfileMsg:
		f.Scr.colours(msg.Profile)
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseWheelMsg, tea.MouseMotionMsg, tea.PasteMsg:
		f.Scr.typed()
	}
	m, cmd := f.M.Update(msg)
	f.M = m
	return f, cmd
}

// View hands the session's frame to its screen; the program, which has
// no renderer, is given nothing to draw.
func (f Framed) View() tea.View {
	v := f.M.View()
	if f.Seen != nil {
		f.Seen(v)
	}
	f.Scr.Show(v)
	return tea.View{}
}
