package canvas_test

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/canvas"
)

// block is a styled block of lines placed at a column and row.
type block struct {
	x, y  int
	lines []string
}

// tableBlocks are the pieces a classic table of 100×30 places, in
// their sizes and styles: the three opponents' panels, the discard
// piles, the centre (the wall, the gösterge), the move log, the two
// rows of the ıstaka with each tile styled, the key bar and the status
// line.
func tableBlocks() []block {
	panel := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1).Foreground(lipgloss.Color("#d0d0d0"))
	tileStyles := []lipgloss.Style{
		lipgloss.NewStyle().Foreground(lipgloss.Color("#e04040")).Background(lipgloss.Color("#f5f0e0")).Bold(true),
		lipgloss.NewStyle().Foreground(lipgloss.Color("#c09000")).Background(lipgloss.Color("#f5f0e0")).Bold(true),
		lipgloss.NewStyle().Foreground(lipgloss.Color("#3060d0")).Background(lipgloss.Color("#f5f0e0")).Bold(true),
		lipgloss.NewStyle().Foreground(lipgloss.Color("#202020")).Background(lipgloss.Color("#f5f0e0")).Bold(true),
	}
	var rows [2]string
	for r := range rows {
		var sb strings.Builder
		for i := range 13 {
			sb.WriteString(tileStyles[(i+r)%4].Render(fmt.Sprintf("%2d", (i*3+r)%13+1)))
			sb.WriteString(" ")
		}
		rows[r] = sb.String()
	}
	seat := func(name string) []string {
		return strings.Split(panel.Render(name+"\n14 tiles · normal\nlast: "+tileStyles[0].Render("R7")), "\n")
	}
	log := make([]string, 8)
	for i := range log {
		log[i] = lipgloss.NewStyle().Faint(true).Render(fmt.Sprintf("Zeynep drew from the wall, discarded %s", tileStyles[i%4].Render("Y9")))
	}
	return []block{
		{38, 0, seat("Mehmet")},
		{2, 8, seat("Zeynep")},
		{78, 8, seat("Ayşe")},
		{30, 7, []string{"wall: 34 · gösterge " + tileStyles[2].Render("B6") + " · okey " + tileStyles[2].Render("B7")}},
		{25, 10, []string{tileStyles[1].Render("Y9"), tileStyles[0].Render("R3")}},
		{70, 10, []string{tileStyles[3].Render("K2"), tileStyles[1].Render("Y11")}},
		{30, 12, log},
		{20, 22, []string{rows[0], rows[1]}},
		{0, 27, []string{lipgloss.NewStyle().Reverse(true).Render(" d draw  t take  x discard  f finish  h hint  ? help ")}},
		{0, 29, []string{"Your turn: draw from the wall (d) or take Ayşe's Y11 (t)."}},
	}
}

// plain is a screen as text: each row without styles or trailing
// blanks.
func plain(s string, h int) string {
	rows := strings.Split(s, "\n")
	out := make([]string, h)
	for i := range out {
		if i < len(rows) {
			out[i] = strings.TrimRight(ansi.Strip(rows[i]), " ")
		}
	}
	return strings.Join(out, "\n")
}

func ours(bs []block, w, h int) string {
	c := canvas.New(w, h)
	for _, b := range bs {
		c.Put(b.x, b.y, b.lines...)
	}
	return c.String()
}

func lipglossCanvas(bs []block, w, h int) string {
	layers := make([]*lipgloss.Layer, len(bs))
	for i, b := range bs {
		layers[i] = lipgloss.NewLayer(strings.Join(b.lines, "\n")).X(b.x).Y(b.y)
	}
	return lipgloss.NewCanvas(w, h).Compose(lipgloss.NewCompositor(layers...)).Render()
}

// TestLipglossCanvasPlacesTheSame: Lip Gloss v2's canvas and layers
// place a table's blocks where Canvas does (the text each row shows);
// BenchmarkPlace weighs the two (docs/studies/libraries.md says which is kept and
// why).
func TestLipglossCanvasPlacesTheSame(t *testing.T) {
	bs := tableBlocks()
	if o, l := plain(ours(bs, 100, 30), 30), plain(lipglossCanvas(bs, 100, 30), 30); o != l {
		t.Fatalf("the screens differ:\n%s\nand:\n%s", o, l)
	}
}

// BenchmarkPlace places a classic table's blocks on a screen of
// 100×30 and writes it out, as every frame does: with Canvas, and with
// Lip Gloss v2's canvas and layers.
func BenchmarkPlace(b *testing.B) {
	bs := tableBlocks()
	for _, c := range []struct {
		name string
		f    func([]block, int, int) string
	}{{"canvas", ours}, {"lipgloss", lipglossCanvas}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.f(bs, 100, 30)
			}
		})
	}
}
