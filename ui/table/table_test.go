package table

import (
	"testing"

	"okey/ui/i18n"
	"okey/ui/theme"
)

func sheet(t *testing.T, dark bool) *theme.Styles {
	t.Helper()
	p, err := theme.Load("default")
	if err != nil {
		t.Fatal(err)
	}
	return theme.New(p, dark, false)
}

// TestPaint asserts that the cache draws as the sheet's style does, and
// that a new sheet is drawn in, not the old one's pieces looked up.
func TestPaint(t *testing.T) {
	light, dark := sheet(t, false), sheet(t, true)
	var p Painter
	for _, tc := range []struct {
		sheet *theme.Styles
		id    Style
		want  string
	}{
		{dark, Warn, dark.Warn.Render("hey")},
		{dark, Warn, dark.Warn.Render("hey")}, // looked up
		{dark, Okey, dark.Okey.Render("hey")},
		{light, Warn, light.Warn.Render("hey")},
		{light, Text, light.Text.Render("hey")},
	} {
		if got := p.Paint(tc.sheet, tc.id, "hey"); got != tc.want {
			t.Errorf("Paint(%d) = %q, want %q", tc.id, got, tc.want)
		}
	}
	calls := 0
	draw := func() string { calls++; return "drawn" }
	for range 3 {
		if got := p.Drawn(light, "edge", draw); got != "drawn" {
			t.Fatalf("Drawn = %q", got)
		}
	}
	p.Drawn(dark, "edge", draw)
	if calls != 2 {
		t.Errorf("draw called %d times for two sheets, want 2", calls)
	}
}

// TestWords asserts the player's seat is "you" only to the player, not
// to a spectator, and that names and scores read in each language.
func TestWords(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr, err := i18n.Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		w := Words{Tr: tr, Names: [Seats]string{"Ali", "Ayşe", "Can", "Deniz"}}
		if got := w.SeatName(0); got != tr.T("you") {
			t.Errorf("%s: SeatName(0) = %q, want you", lang, got)
		}
		if got := w.SeatName(2); got != "Can" {
			t.Errorf("%s: SeatName(2) = %q", lang, got)
		}
		if got := w.SeatName(7); got != "?" {
			t.Errorf("%s: SeatName(7) = %q", lang, got)
		}
		if got, want := w.FromWhom(0), tr.T("you.from"); got != want {
			t.Errorf("%s: FromWhom(0) = %q, want %q", lang, got, want)
		}
		if got, want := w.YouOr(1, "log.show", "R7"), tr.T("log.show", "Ayşe", "R7"); got != want {
			t.Errorf("%s: YouOr(1) = %q, want %q", lang, got, want)
		}
		if got, want := w.PointsText(1), tr.T("panel.point", 1); got != want {
			t.Errorf("%s: PointsText(1) = %q, want %q", lang, got, want)
		}
		w.Watching = true
		if got := w.SeatName(0); got != "Ali" {
			t.Errorf("%s: a spectator's SeatName(0) = %q, want Ali", lang, got)
		}
		if got, want := w.SeatNameMid(0), "Ali"; got != want {
			t.Errorf("%s: a spectator's SeatNameMid(0) = %q", lang, got)
		}
		if got, want := w.YouOr(0, "log.show", "R7"), tr.T("log.show", "Ali", "R7"); got != want {
			t.Errorf("%s: a spectator's YouOr(0) = %q, want %q", lang, got, want)
		}
	}
}
