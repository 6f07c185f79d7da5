package table

import (
	"strings"

	"okey/ui/canvas"
)

// StatusLines is the status of either game's table: text wrapped at w
// columns in up to n lines (the last cut where it runs over), each drawn
// in style st by paint.
func StatusLines(text string, st Style, w, n int, paint func(Style, string) string) []string {
	lines := canvas.Wrap(text, w)
	if len(lines) > n {
		lines[n-1] = canvas.Cut(strings.Join(lines[n-1:], " "), w)
		lines = lines[:n]
	}
	for i, s := range lines {
		lines[i] = paint(st, s)
	}
	return lines
}
