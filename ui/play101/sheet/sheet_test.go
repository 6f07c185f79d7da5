package sheet

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/table"
	"okey/ui/theme"
)

// plainLook is a Look in English with no colour whose errors are
// their own text.
func plainLook(tr *i18n.Catalog) *table.Look {
	return &table.Look{
		Words: table.Words{Tr: tr, Names: [table.Seats]string{"", "Ayşe", "Mehmet", "Zeynep"}},
		St:    theme.New(theme.Palette{}, true, true), Painter: &table.Painter{},
		Why: func(_ *i18n.Catalog, err error) string { return err.Error() },
	}
}

// log is a table's log that tells a last turn of two moves.
type log struct{ asked []int }

func (l *log) LastTurn(seat int) []string {
	l.asked = append(l.asked, seat)
	return []string{"drew", "finished"}
}
func (l *log) LastMoves(int) []string { return nil }

// TestHandEnd writes a hand Ayşe finished: the sheet a line for it and
// the totals, the page her last turn from the log and each seat's
// line, the player's with the tiles left.
func TestHandEnd(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	an, err := meld.New(tile.NewTile(tile.Blue, 6))
	if err != nil {
		t.Fatal(err)
	}
	res := okey101.HandResult{Hand: 1, Finisher: 1, Discard: tile.NewTile(tile.Red, 2), Multiplier: 1}
	res.Lines[0] = okey101.ScoreLine{Kind: okey101.LineOpened, Rack: []tile.Tile{tile.NewTile(tile.Red, 5)}, RackValue: 5, Multiplier: 1, Points: 5, Total: 5}
	res.Lines[1] = okey101.ScoreLine{Kind: okey101.LineFinished, Multiplier: 1, Points: -101, Total: -101}
	res.Scores = [okey101.NumSeats]int{5, -101, 202, 202}
	v := &okey101.View{Analyzer: an, Okey: tile.NewTile(tile.Blue, 7), Result: &res, Results: []okey101.HandResult{res}, Scores: res.Scores}
	l := &log{}
	sh := Sheet{Look: plainLook(tr), View: v, Log: l}

	rows := sh.Table(0)
	if len(rows) != 3 || !strings.Contains(ansi.Strip(rows[1]), Signed(-101)) || !strings.Contains(ansi.Strip(rows[2]), "202") {
		t.Fatalf("the sheet reads %q", rows)
	}
	// On a phone held upright how the hand ended goes under its line,
	// whole: no line wider than the page, none cut.
	narrow := sh.Table(40)
	var under []string
	for _, r := range narrow {
		if w := ansi.StringWidth(r); w > 40 || strings.Contains(r, "…") {
			t.Errorf("a line of %d columns at 40, or cut: %q", w, ansi.Strip(r))
		}
		if strings.HasPrefix(ansi.Strip(r), "  ") {
			under = append(under, strings.TrimSpace(ansi.Strip(r)))
		}
	}
	if got, want := strings.Join(under, " "), sh.HandEnd(&v.Results[0]); len(narrow) <= len(rows) || got != want {
		t.Errorf("narrow, how the hand ended reads %q under its line, want %q:\n%s", got, want, strings.Join(narrow, "\n"))
	}
	h, ok := sh.HandEndPage(60)
	if !ok {
		t.Fatal("no hand's end while a hand has ended")
	}
	if len(l.asked) != 1 || l.asked[0] != 1 || !strings.Contains(ansi.Strip(strings.Join(h.Top, "\n")), "drew finished") {
		t.Errorf("the last turn asked of %v, the page's top %q", l.asked, h.Top)
	}
	if len(h.Rows) != okey101.NumSeats || !strings.Contains(h.Rows[0].Why, "R5") {
		t.Errorf("the rows %+v: want one a seat, the player's with R5 left", h.Rows)
	}
	if _, ok := sh.Final(); ok {
		t.Error("a final sheet while the match goes on")
	}
	if got := Signed(202) + " " + Signed(0); got != "+202 0" {
		t.Errorf("Signed: %q", got)
	}
}

// A reason's sum ("= 26 × 1", "-101 × 1") is never cut where its line
// wraps, at any width, in either language: at 80×24 a score row left
// "× 1" alone on a line. A line whose tiles the view holds back (a
// duplicate round's, another seat's) says their sum.
func TestLineWhyKeepsItsSumTogether(t *testing.T) {
	an, err := meld.New(tile.NewTile(tile.Blue, 6))
	if err != nil {
		t.Fatal(err)
	}
	rack := []tile.Tile{tile.NewTile(tile.Red, 1), tile.NewTile(tile.Red, 3), tile.NewTile(tile.Red, 7), tile.NewTile(tile.Blue, 7), tile.FalseJoker}
	lines := []okey101.ScoreLine{
		{Kind: okey101.LineOpened, Rack: rack, RackValue: 26, Multiplier: 1},
		{Kind: okey101.LineFinished, Multiplier: 1},
		{Kind: okey101.LineNotOpened, Multiplier: 2},
		{Kind: okey101.LineOpened, RackValue: 26, Multiplier: 1}, // its tiles held back
	}
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		v := &okey101.View{Analyzer: an, Okey: tile.NewTile(tile.Blue, 7)}
		sh := Sheet{Look: plainLook(tr), View: v, Log: &log{}}
		// A line whose tiles the view holds back says their sum, not
		// that nothing was left.
		if why := sh.LineWhy(3, &lines[3]); strings.Contains(why, tr.T("t101.why.nothing")) || !strings.Contains(why, "26") {
			t.Errorf("%s: a line of 26 held back says %q", lang, why)
		}
		for i := range lines {
			why := sh.LineWhy(i, &lines[i])
			for w := 8; w <= 60; w++ {
				for _, l := range canvas.Wrap(why, w) {
					l = strings.TrimSpace(strings.ReplaceAll(l, "\u00a0", " "))
					if strings.HasPrefix(l, "×") || strings.HasSuffix(l, "×") || strings.HasSuffix(l, "=") {
						t.Errorf("%s at %d columns: %q wraps as %q", lang, w, why, canvas.Wrap(why, w))
					}
				}
			}
		}
	}
}

// A penalty on the hand-end page says what it was paid for, in both
// languages: "penalties 1: 101" alone left the player guessing.
func TestLineWhyNamesPenalties(t *testing.T) {
	an, err := meld.New(tile.NewTile(tile.Blue, 6))
	if err != nil {
		t.Fatal(err)
	}
	okey := tile.NewTile(tile.Blue, 7)
	v := &okey101.View{Analyzer: an, Okey: okey, History: []okey101.Event{
		{Kind: okey101.EvPenalty, Seat: 2, Tile: okey, Points: 101, Reason: okey101.PenaltyOkey},
		{Kind: okey101.EvPenalty, Seat: 2, Tile: tile.NewTile(tile.Red, 4), Points: 101, Reason: okey101.PenaltyIslek},
		{Kind: okey101.EvPenalty, Seat: 2, Tile: tile.NewTile(tile.Red, 9), Points: 101, Reason: okey101.PenaltyIslek},
		{Kind: okey101.EvPenalty, Seat: 1, Tile: okey, Points: 101, Reason: okey101.PenaltyOkey},
	}}
	l := okey101.ScoreLine{Kind: okey101.LineOpened, RackValue: 10, Rack: []tile.Tile{tile.NewTile(tile.Red, 10)}, Multiplier: 1, Penalties: 303}
	for _, c := range []struct{ lang, want string }{
		{"en", "penalties 3: 303 for the okey discarded, a tile that could be laid off discarded (işler taş) ×2"},
		{"tr", "3 ceza: 303 (okey atıldı, işler taş atıldı ×2)"},
	} {
		tr := i18n.MustLoad(c.lang)
		sh := Sheet{Look: plainLook(tr), View: v, Log: &log{}}
		if got := strings.ReplaceAll(sh.LineWhy(2, &l), "\u00a0", " "); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to say %q", c.lang, got, c.want)
		}
	}
}
