package tty

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/ui"
)

// What a session's frame costs to send, in both games: a
// seat at 100×30 in colour, in a timed turn, whose rack cursor moves
// right and left; each frame drawn by Bubble Tea's cell renderer (as
// v2.0.9's does: the frame parsed into cells, diffed, written) and by the
// LineScreen. Compare with benchstat -col /renderer.

// seatFrames are the frames of a seat whose cursor moves.
func seatFrames(b *testing.B, o101 bool) []string {
	b.Helper()
	opt := ui.SeatOptions{Lang: "en", Seat: 0, Send: func(seatmsg.Intent) bool { return true }, Settle: -1, Dark: true}
	var u seatmsg.Update
	if o101 {
		g, err := okey101.NewGame(okey101.DefaultRules(), 8, nil)
		if err != nil {
			b.Fatal(err)
		}
		v := g.State().View(0)
		u.View101 = &v
	} else {
		g, err := classic.NewGame(classic.DefaultRules(), 8, nil)
		if err != nil {
			b.Fatal(err)
		}
		v := g.State().View(0)
		u.View = &v
	}
	m, err := ui.NewSeat(opt)
	if err != nil {
		b.Fatal(err)
	}
	for s := range classic.NumSeats {
		u.Players[s] = seatmsg.Player{Name: "Player" + string(rune('0'+s)), Kind: seatmsg.Human, Level: "normal"}
	}
	u.Deadline = time.Now().Add(time.Hour)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(u)
	var frames []string
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyRight}, {Code: tea.KeyRight}, {Code: tea.KeyLeft}, {Code: tea.KeyLeft}} {
		m.Update(k)
		frames = append(frames, m.View().Content)
	}
	if ansi.Strip(frames[0]) == ansi.Strip(frames[1]) {
		b.Fatal("the frames do not change")
	}
	return frames
}

func benchSessionFlush(b *testing.B, o101, cells bool) {
	frames := seatFrames(b, o101)
	var sent int
	b.ReportAllocs()
	if cells {
		buf := uv.NewScreenBuffer(100, 30)
		var n counted
		scr := uv.NewTerminalRenderer(&n, []string{"TERM=xterm-256color"})
		scr.SetFullscreen(true)
		scr.SetRelativeCursor(false)
		scr.SetScrollOptim(true)
		scr.Resize(100, 30)
		i := 0
		for b.Loop() {
			buf.Clear()
			uv.NewStyledString(frames[i%len(frames)]).Draw(buf, buf.Bounds())
			scr.Render(buf.RenderBuffer)
			if err := scr.Flush(); err != nil {
				b.Fatal(err)
			}
			i++
		}
		b.ReportMetric(float64(n)/float64(i), "B/frame")
		return
	}
	l := &LineScreen{}
	var out bytes.Buffer
	f := frame{alt: true, w: 100, h: 30, profile: colorprofile.TrueColor, paste: true, keys: 1}
	i := 0
	for b.Loop() {
		out.Reset()
		f.content = frames[i%len(frames)]
		l.draw(&out, f)
		sent += out.Len()
		i++
	}
	b.ReportMetric(float64(sent)/float64(i), "B/frame")
}

// counted counts the bytes written to it.
type counted int

func (c *counted) Write(p []byte) (int, error) { *c += counted(len(p)); return len(p), nil }

func BenchmarkSessionFlush(b *testing.B) {
	for _, g := range []struct {
		name string
		o101 bool
	}{{"classic", false}, {"101", true}} {
		for _, r := range []struct {
			name  string
			cells bool
		}{{"cells", true}, {"lines", false}} {
			b.Run("game="+g.name+"/renderer="+r.name, func(b *testing.B) { benchSessionFlush(b, g.o101, r.cells) })
		}
	}
}

// BenchmarkPlayedDraw: what the LineScreen costs a frame of a played
// hand, in each of the colours clients ask for (vt100 is the load's
// terminal, 256 colours an SSH client's usual, true colour a few).
func BenchmarkPlayedDraw(b *testing.B) {
	for _, name := range []string{"classic-100x30-vt100", "101-100x30-vt100"} {
		frames := playedFrames(b, name)
		for _, p := range []colorprofile.Profile{colorprofile.Ascii, colorprofile.ANSI256, colorprofile.TrueColor} {
			b.Run(name+"/"+p.String(), func(b *testing.B) {
				l := &LineScreen{}
				var out bytes.Buffer
				f := frame{alt: true, w: 100, h: 30, profile: p, paste: true, keys: 1}
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					out.Reset()
					f.content = frames[i%len(frames)]
					l.draw(&out, f)
					i++
				}
			})
		}
	}
}
