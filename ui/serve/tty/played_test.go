package tty

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	xvt "github.com/charmbracelet/x/vt"

	"okey/kit/vt"
)

// The frames of played hands (testdata, kept by door's
// TestLineScreenShowsWhatTheCellRendererShowed with -frames-out): one
// seat of a hand against bots, the turn clock counting, at the sizes
// and colours the door's test plays them.
var playedCases = []struct {
	file    string
	w, h    int
	profile colorprofile.Profile
	// budget is the most bytes the hand may be sent, all its frames.
	budget int
}{
	// Sent line by line from where each line began to differ, the
	// hands took 55,296, 48,782, 40,398 and 65,232 bytes; cell by
	// cell, with every move a CUP, CHA or CUF and the pen reset before
	// each erase, 16,492, 15,212, 15,943 and 24,823; with the shortest
	// moves and the pen kept where its blanks look the same, 16,009,
	// 14,796, 15,086 and 23,138.
	{"classic-100x30-vt100", 100, 30, colorprofile.Ascii, 16500},
	{"101-100x30-vt100", 100, 30, colorprofile.Ascii, 15300},
	{"classic-80x24-colours", 80, 24, colorprofile.ANSI256, 15600},
	{"101-80x24-true-colour", 80, 24, colorprofile.TrueColor, 23900},
	// A desktop's size in 256 colours, the moves panel beside the table
	// (ui/table's DrawLog turning pages rather than scrolling).
	{"classic-132x42-colours", 132, 42, colorprofile.ANSI256, 25200},
	{"101-132x42-colours", 132, 42, colorprofile.ANSI256, 26600},
}

// playedFrames reads the frames of a played hand.
func playedFrames(tb testing.TB, name string) []string {
	tb.Helper()
	b, err := os.ReadFile("testdata/" + name + ".frames.gz")
	if err != nil {
		tb.Fatal(err)
	}
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		tb.Fatal(err)
	}
	var frames []string
	if err := json.NewDecoder(z).Decode(&frames); err != nil {
		tb.Fatal(err)
	}
	return frames
}

// TestPlayedHandsFitTheirBudget: a played hand's frames, each sent as
// what changed from the one before, leave the client's screen as the
// frame drawn whole on a blank one would — every cell, its letter and
// its style as they show (github.com/charmbracelet/x/vt's emulator,
// SameLook) — and its text
// (vt's); and the whole hand is sent in no more bytes than its budget.
func TestPlayedHandsFitTheirBudget(t *testing.T) {
	for _, tc := range playedCases {
		t.Run(tc.file, func(t *testing.T) {
			frames := playedFrames(t, tc.file)
			l := &LineScreen{}
			f := frame{alt: true, w: tc.w, h: tc.h, profile: tc.profile, paste: true, keys: 1}
			inc, text := xvt.NewEmulator(tc.w, tc.h), vt.New(tc.w, tc.h)
			// A terminal whose line feed returns the carriage too (LNM,
			// as some consoles have it): the writer's moves by line
			// feeds set the column anew, so it shows the same.
			lnm := xvt.NewEmulator(tc.w, tc.h)
			_, _ = lnm.Write([]byte(ansi.SetModeLineFeedNewLine))
			sent := 0
			var b bytes.Buffer
			for i, content := range frames {
				b.Reset()
				f.content = content
				l.draw(&b, f)
				sent += b.Len()
				_, _ = inc.Write(b.Bytes())
				_, _ = lnm.Write(b.Bytes())
				_, _ = text.Write(b.Bytes())
				if i > 0 && content == frames[i-1] {
					if b.Len() > 0 {
						t.Fatalf("frame %d, the same as the one before, was sent %q", i, b.String())
					}
					continue // the screen checked with the frame before
				}

				fresh := xvt.NewEmulator(tc.w, tc.h)
				var whole bytes.Buffer
				(&LineScreen{}).draw(&whole, f)
				_, _ = fresh.Write(whole.Bytes())
				for y := range tc.h {
					for x := range tc.w {
						if a, g := fresh.CellAt(x, y), inc.CellAt(x, y); !SameLook(a, g) {
							t.Fatalf("frame %d, line %d column %d: %+v, drawn whole %+v; sent %q", i, y+1, x+1, g, a, b.String())
						}
						if a, g := fresh.CellAt(x, y), lnm.CellAt(x, y); !SameLook(a, g) {
							t.Fatalf("frame %d, line %d column %d, a line feed returning the carriage: %+v, drawn whole %+v; sent %q", i, y+1, x+1, g, a, b.String())
						}
					}
				}
				if got, want := text.String(), screenText(content, tc.w, tc.h); got != want {
					t.Fatalf("frame %d: vt shows\n%s\nwant\n%s", i, got, want)
				}
			}
			t.Logf("%d frames, %d bytes (%.0f a frame)", len(frames), sent, float64(sent)/float64(len(frames)))
			if sent > tc.budget {
				t.Errorf("the hand was sent %d bytes: over its budget of %d", sent, tc.budget)
			}
		})
	}
}

// screenText is a frame as a terminal of w×h shows it: its first h
// lines, each cut at w columns, without styles or trailing blanks.
func screenText(content string, w, h int) string {
	lines := strings.Split(content, "\n")
	out := make([]string, h)
	for y := range out {
		if y < len(lines) {
			out[y] = strings.TrimRight(ansi.Strip(ansi.Truncate(lines[y], w, "")), " ")
		}
	}
	return strings.Join(out, "\n")
}

// BenchmarkPlayedHand: what a played hand's frames cost to send, each
// as what changed from the one before, on a new screen: an op is the
// whole hand.
func BenchmarkPlayedHand(b *testing.B) {
	for _, tc := range playedCases {
		b.Run("hand="+tc.file, func(b *testing.B) {
			frames := playedFrames(b, tc.file)
			f := frame{alt: true, w: tc.w, h: tc.h, profile: tc.profile, paste: true, keys: 1}
			var out bytes.Buffer
			sent := 0
			b.ReportAllocs()
			for b.Loop() {
				l := &LineScreen{}
				sent = 0
				for _, content := range frames {
					out.Reset()
					f.content = content
					l.draw(&out, f)
					sent += out.Len()
				}
			}
			b.ReportMetric(float64(sent), "B/hand")
		})
	}
}

// TestStylesConvertedOnceAsLinesWhole: every line of the played hands,
// turned to each profile's colours a style at a time with the styles
// kept between lines (convertStyles), is what converting the line whole
// gives (writeStyled), also once the kept styles are many, and for a
// line with a sequence other than a style.
func TestStylesConvertedOnceAsLinesWhole(t *testing.T) {
	extra := []string{"\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\ \x1b[31mred\x1b[m", "\x1b[1", "a\x1b", "\x1b[38;2;1;2;3mno end"}
	for _, p := range []colorprofile.Profile{colorprofile.Ascii, colorprofile.ANSI, colorprofile.ANSI256} {
		var done map[string]string
		var many []string // more styles than a session keeps
		for i := range maxStyles + 100 {
			many = append(many, fmt.Sprintf("\x1b[1;38;2;%d;%d;0mx\x1b[m", i%256, i/256))
		}
		lines := 0
		for _, tc := range playedCases {
			for _, content := range append(playedFrames(t, tc.file), strings.Join(many, "\n")) {
				for _, line := range append(strings.Split(content, "\n"), extra...) {
					var want, got bytes.Buffer
					writeStyled(&want, line, p)
					got.WriteString("before")
					done = convertStyles(&got, line, p, done)
					if got.String() != "before"+want.String() {
						t.Fatalf("%v: %q converted a style at a time gives %q, whole %q", p, line, got.String()[len("before"):], want.String())
					}
					lines++
				}
			}
		}
		if len(done) == 0 || len(done) > maxStyles {
			t.Errorf("%v: %d styles kept after %d lines, want 1 to %d", p, len(done), lines, maxStyles)
		}
	}
}
