package hintwords

import (
	"regexp"
	"strings"
	"testing"

	"okey/bots/coach"
	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/table"
)

// TestPlanHintsSayTheirPrefix: every hint of the player's own turn that
// says what to do begins as the plan's steps do ("Öneri: …", "Plan:
// …"), the draw-phase hint too (not "Ortadan çek (d)." alone).
func TestPlanHintsSayTheirPrefix(t *testing.T) {
	v := drawTurn(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		prefix, _, _ := strings.Cut(tr.T("t101.steps", "\x00"), "\x00")
		w := Words{Words: table.Words{Tr: tr}, Okey: v.Okey}
		for _, c := range []struct {
			name string
			f    decide101.Facts
		}{
			{"draw", decide101.Facts{Mine: true, Stage: okey101.StageDraw, Top: tile.NoTile, Plan: []okey101.Action{okey101.Draw(v.Seat)}}},
			{"discard", decide101.Facts{Mine: true, Stage: okey101.StagePlay, Top: tile.NoTile, Plan: []okey101.Action{okey101.Discard(v.Seat, v.Rack[0])}}},
		} {
			if got := w.Hint(&v, &c.f); !strings.HasPrefix(got, prefix) {
				t.Errorf("%s, %s: %q does not begin with %q", lang, c.name, got, prefix)
			}
		}
	}
}

// keyInWords finds a key of the table named in a hint: "(e)", "(x)",
// "f shows how", "f again".
var keyInWords = regexp.MustCompile(`\([a-z]\)|: [a-z]\)|\b[a-z] (shows|again|nasıl)|yine f\b`)

// TestTouchHintsNameTaps: on a table standing up (Words.Touch) the
// hint names what the player taps ("tap the middle", "tap the tile,
// then \"discard\"") and no key; lying down it names the keys, in both
// languages.
func TestTouchHintsNameTaps(t *testing.T) {
	v := drawTurn(t)
	top := v.Rack[1] // a tile to take, as the hint's facts name it
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, c := range []struct {
			name string
			f    decide101.Facts
			tap  string // a word of taps the touch hint says
		}{
			{"draw", decide101.Facts{Mine: true, Stage: okey101.StageDraw, Top: tile.NoTile, Plan: []okey101.Action{okey101.Draw(v.Seat)}}, "t101.tap.draw"},
			{"discard", decide101.Facts{Mine: true, Stage: okey101.StagePlay, Top: tile.NoTile, Plan: []okey101.Action{okey101.Discard(v.Seat, v.Rack[0])}}, "t101.tap.discard"},
			{"draw, not take", decide101.Facts{Mine: true, Stage: okey101.StageDraw, Top: top, TakeOpen: true, Plan: []okey101.Action{okey101.Draw(v.Seat)}}, "t101.tap.draw"},
			{"give back", decide101.Facts{Mine: true, Stage: okey101.StagePlay, Top: tile.NoTile, Owed: top}, "t101.tap.giveback"},
		} {
			keys := Words{Words: table.Words{Tr: tr}, Okey: v.Okey}.Hint(&v, &c.f)
			if !keyInWords.MatchString(keys) {
				t.Errorf("%s, %s: lying down %q names no key", lang, c.name, keys)
			}
			taps := Words{Words: table.Words{Tr: tr}, Okey: v.Okey, Touch: true}.Hint(&v, &c.f)
			if k := keyInWords.FindString(taps); k != "" {
				t.Errorf("%s, %s: standing up %q names a key (%q)", lang, c.name, taps, k)
			}
			if want := strings.Trim(tr.T(c.tap), `"`); !strings.Contains(strings.ToLower(taps), strings.ToLower(want)) {
				t.Errorf("%s, %s: standing up %q does not say %q", lang, c.name, taps, want)
			}
		}
		plan := []okey101.Action{okey101.Discard(v.Seat, v.Rack[0])}
		if p := (Words{Words: table.Words{Tr: tr}, Okey: v.Okey, Touch: true}).Plan(&v, plan); keyInWords.MatchString(p) {
			t.Errorf("%s: standing up the finish's preview %q names a key", lang, p)
		}
	}
}

// drawTurn is a seat's view of 101 at the first turn that begins with a
// draw.
func drawTurn(t *testing.T) okey101.View {
	t.Helper()
	r := okey101.DefaultRules()
	r.Hands = 1
	g, err := okey101.NewGame(r, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	// play to the first turn that begins with a draw
	for g.State().Phase() == game.Playing {
		s := g.State()
		v := s.View(s.Turn())
		if v.Stage == okey101.StageDraw {
			break
		}
		if _, _, err := g.Apply(okey101.Discard(v.Seat, v.Rack[0])); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State()
	v := s.View(s.Turn())
	if v.Stage != okey101.StageDraw {
		t.Fatalf("no draw stage reached: %v", v.Stage)
	}
	return v
}

// TestHintSaysTheReading101: where the judge's reading of the next
// player's rack is what made the hard bot's discard lose to the plan's
// (Facts.Read), the hint says it after the plan with the player's name,
// in both languages: what the next player laid down and took, or threw
// around the plan's discard, or that by its play the discard is the
// safer. Without a reading, a reading of no tile, a hint cut short, or
// when the tile read is the plan's own discard, it says nothing of it.
func TestHintSaysTheReading101(t *testing.T) {
	g, err := okey101.NewGame(okey101.DefaultRules(), 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	v := s.View(s.Turn())
	x := v.Rack[0]
	read := tile.NewTile(tile.Red, 7)
	if v.Analyzer.IsOkey(read) || read == x {
		read = tile.NewTile(tile.Blue, 7)
	}
	names := [table.Seats]string{"", "Zeynep", "Ayşe", "Oğuz"}
	r := func(tr coach.TableRead) *coach.TableRead { tr.Seat = (v.Seat + 1) % okey101.NumSeats; return &tr }
	next := names[(v.Seat+1)%okey101.NumSeats]
	for _, c := range []struct {
		name  string
		read  *coach.TableRead
		short bool
		en    string
		tr    string
	}{
		{"laid and took", r(coach.TableRead{Tile: read.String(), Wants: true, Laid: "R4 R5 R6", Seen: "Y7"}), false,
			next + " laid down R4 R5 R6 and took Y7: " + read.String() + " would likely help.", next + " kırmızı 4-5-6'yı açtı ve yandan sarı 7'yi aldı:"},
		{"laid", r(coach.TableRead{Tile: read.String(), Wants: true, Laid: "R4 R5 R6"}), false,
			next + " laid down R4 R5 R6: " + read.String() + " would likely help.", next + " kırmızı 4-5-6'yı açtı:"},
		{"took", r(coach.TableRead{Tile: read.String(), Wants: true, Seen: "R5 R6"}), false,
			next + " took R5 R6 from the discards: " + read.String() + " would likely help.", next + " yandan kırmızı 5-6'yı aldı:"},
		{"threw", r(coach.TableRead{Tile: x.String(), Seen: "K2 K4"}), false,
			next + " threw K2 K4: " + x.String() + " would likely not help.", next + " siyah 2 4'ü attı:"},
		{"safer", r(coach.TableRead{Tile: read.String(), Wants: true}), false,
			"The safer discard, by " + next + "'s play.", i18n.MustLoad("tr").Sfx(next, i18n.Genitive) + " oyununa göre daha güvenli atış bu."},
		{"no reading", nil, false, "", ""},
		{"a reading of no tile", r(coach.TableRead{}), false, "", ""},
		{"cut short", r(coach.TableRead{Tile: read.String(), Wants: true, Seen: "R5 R6"}), true, "", ""},
		{"the tile read is the plan's", r(coach.TableRead{Tile: x.String(), Wants: true, Seen: "R5 R6"}), false, "", ""},
	} {
		for _, lang := range []string{"en", "tr"} {
			w := Words{Words: table.Words{Tr: i18n.MustLoad(lang), Names: names}, Okey: tile.NoTile}
			f := decide101.Facts{Mine: true, Short: c.short, Stage: okey101.StagePlay, Top: tile.NoTile, Discard: x,
				Plan: []okey101.Action{okey101.Discard(v.Seat, x)}, Read: c.read}
			got := strings.ReplaceAll(w.Hint(&v, &f), "\u00a0", " ")
			want := c.en
			if lang == "tr" {
				want = c.tr
			}
			if want == "" {
				if strings.Contains(got, next) {
					t.Errorf("%s, %s: the reading is said: %q", c.name, lang, got)
				}
				continue
			}
			if !strings.Contains(got, want) {
				t.Errorf("%s, %s: %q does not say %q", c.name, lang, got, want)
			}
		}
	}
}

// TestHintSaysItHolds: where the judge holds a finish (Facts.Holds),
// the hint says, in both languages, that finishing now is possible but
// holding on is worth more; a plan that does not hold says nothing of it.
func TestHintSaysItHolds(t *testing.T) {
	g, err := okey101.NewGame(okey101.DefaultRules(), 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	v := s.View(s.Turn())
	for _, c := range []struct{ lang, want string }{
		{"en", "You could finish now, but holding on is worth more"},
		{"tr", "Şimdi bitebilirsin, ama beklemek daha değerli"},
	} {
		w := Words{Words: table.Words{Tr: i18n.MustLoad(c.lang)}, Okey: tile.NoTile}
		for _, holds := range []bool{true, false} {
			f := decide101.Facts{Mine: true, Holds: holds, Stage: okey101.StagePlay, Top: tile.NoTile,
				Plan: []okey101.Action{okey101.Discard(v.Seat, v.Rack[0])}}
			if got := w.Hint(&v, &f); strings.Contains(got, c.want) != holds {
				t.Errorf("%s, holds %v: %q", c.lang, holds, got)
			}
		}
	}
}
