package vt

import (
	"io"
	"os"
	"testing"

	xvt "github.com/charmbracelet/x/vt"
)

// streams are a served session's bytes: a played hand as the session's
// line writer sent it (recorded from ui/serve's played frames), one
// plain at 100×30 and one in true colour at 80×24.
var streams = []struct {
	name string
	w, h int
}{
	{"classic-100x30-vt100", 100, 30},
	{"101-80x24-truecolour", 80, 24},
}

// benchRead reads each stream into a terminal made by mk (not timed),
// 512 bytes a write, as a connection hands them over.
func benchRead(b *testing.B, mk func(w, h int) io.WriteCloser) {
	for _, c := range streams {
		stream, err := os.ReadFile("testdata/" + c.name + ".bin")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(stream)))
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				t := mk(c.w, c.h)
				b.StartTimer()
				for p := stream; len(p) > 0; {
					n := min(len(p), 512)
					if _, err := t.Write(p[:n]); err != nil {
						b.Fatal(err)
					}
					p = p[n:]
				}
				b.StopTimer()
				_ = t.Close()
				b.StartTimer()
			}
		})
	}
}

// BenchmarkWrite reads a played hand's bytes into a Term. okey load
// reads every client's screen through one, beside the server it
// measures, so its cost a byte is the load generator's own.
func BenchmarkWrite(b *testing.B) {
	benchRead(b, func(w, h int) io.WriteCloser { return nopCloser{New(w, h)} })
}

// BenchmarkWriteXVT reads the same bytes into
// github.com/charmbracelet/x/vt's emulator, the library Term was
// weighed against (docs/studies/libraries.md).
func BenchmarkWriteXVT(b *testing.B) {
	benchRead(b, func(w, h int) io.WriteCloser { return xvt.NewEmulator(w, h) })
}

// BenchmarkNew makes a Term, and BenchmarkNewXVT the library's
// emulator: okey load makes one a client.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = New(100, 30)
	}
}

func BenchmarkNewXVT(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = xvt.NewEmulator(100, 30).Close()
	}
}

type nopCloser struct{ *Term }

func (nopCloser) Close() error { return nil }
