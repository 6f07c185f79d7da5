package ui

import (
	"io"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/seatmsg"
)

// What a served seat costs a frame, in both games: the
// table's View after a change (a move of the cursor, a tick of the turn
// clock), and the renderer's flush of a changed frame (what Bubble Tea
// v2.0.9's renderer does with it: the frame parsed into cells, diffed
// against the last, written out).

// seatBench is a seat at a served table of either game, in colour, at
// 100×30, in the middle of a timed turn.
func seatBench(b testing.TB, o101 bool) *Model {
	b.Helper()
	return seatBenchIn(b, o101, "en")
}

// seatBenchIn is seatBench in the language lang.
func seatBenchIn(b testing.TB, o101 bool, lang string) *Model {
	b.Helper()
	opt := SeatOptions{Lang: lang, Seat: 0, Send: func(seatmsg.Intent) bool { return true }, Settle: -1, Dark: true}
	var m *Model
	var err error
	var u seatmsg.Update
	if o101 {
		// Seed 92: its dealer, a bot, moves first (TestSeat101ClockShowsAt80).
		g, gerr := okey101.NewGame(okey101.DefaultRules(), 92, nil)
		if gerr != nil {
			b.Fatal(gerr)
		}
		v := g.State().View(0)
		u.View101 = &v
		m, err = NewSeat101(opt)
	} else {
		g, gerr := classic.NewGame(classic.DefaultRules(), 8, nil)
		if gerr != nil {
			b.Fatal(gerr)
		}
		v := g.State().View(0)
		u.View = &v
		m, err = NewSeat(opt)
	}
	if err != nil {
		b.Fatal(err)
	}
	for s := range classic.NumSeats {
		u.Players[s] = seatmsg.Player{Name: "Player" + string(rune('0'+s)), Kind: seatmsg.Human, Level: "normal"}
	}
	now := fixedNow()
	m.now = func() time.Time { return now }
	u.Deadline = now.Add(30 * time.Second)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(u)
	m.View()
	return m
}

// benchFrameKey is a key that moves the rack's cursor, then the frame.
func benchFrameKey(b *testing.B, o101 bool) {
	m := seatBench(b, o101)
	keys := []tea.Msg{keyMsg("right"), keyMsg("left")}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		m.Update(keys[i%2])
		m.View()
		i++
	}
}

func BenchmarkFrameKeyClassic(b *testing.B) { benchFrameKey(b, false) }
func BenchmarkFrameKey101(b *testing.B)     { benchFrameKey(b, true) }

// benchFrameClock is a tick of the turn's clock, a second later every
// time, then the frame.
func benchFrameClock(b *testing.B, o101 bool) {
	m := seatBench(b, o101)
	start := m.now()
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		now := start.Add(time.Duration(i%30) * time.Second)
		m.now = func() time.Time { return now }
		m.Update(seatTickMsg{})
		m.View()
		i++
	}
}

func BenchmarkFrameClockClassic(b *testing.B) { benchFrameClock(b, false) }
func BenchmarkFrameClock101(b *testing.B)     { benchFrameClock(b, true) }

// benchFlush is the renderer's work for frames that changed, taking
// turns: the frame parsed into a cell buffer, diffed and written out.
func benchFlush(b *testing.B, o101 bool) {
	m := seatBench(b, o101)
	var frames []string
	for _, k := range []string{"right", "right", "left", "left"} {
		m.Update(keyMsg(k))
		frames = append(frames, m.View().Content)
	}
	if ansi.Strip(frames[0]) == ansi.Strip(frames[1]) {
		b.Fatal("the frames do not change")
	}
	buf := uv.NewScreenBuffer(100, 30)
	scr := uv.NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
	scr.SetFullscreen(true)
	scr.SetRelativeCursor(false)
	scr.SetScrollOptim(true)
	scr.Resize(100, 30)
	b.ReportAllocs()
	b.ResetTimer()
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
}

func BenchmarkFlushClassic(b *testing.B) { benchFlush(b, false) }
func BenchmarkFlush101(b *testing.B)     { benchFlush(b, true) }
