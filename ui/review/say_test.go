package review

import (
	"regexp"
	"strings"
	"testing"

	"okey/bots/coach"
	"okey/game"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/cli"
	"okey/ui/pages"
)

// turkishWord is a word with a letter English does not write.
var turkishWord = regexp.MustCompile(`\pL*[çğıöşüÇĞİÖŞÜ]\pL*`)

// glossaryWords are the Turkish words English may say, each as the
// glossary has it beside its English ("a tile that could be laid off
// (işler taş)", "the indicator (gösterge)").
var glossaryWords = map[string]bool{"işler": true, "taş": true, "gösterge": true}

// TestReviewReportInTheLanguage: okey review's report is said in the
// player's language, its text, its legend, the coach's moves and
// reasons (under every move shown worse than the best, as "Why:" or
// "Neden:"); in English no Turkish word but the glossary's (no "an
// işler taş").
func TestReviewReportInTheLanguage(t *testing.T) {
	ds := []coach.Decision{
		{Hand: 1, Turn: 1, Stage: "play", Played: "discard R3", Best: "lay off R3 on meld 2", Label: coach.Mistake, Loss: 40, Low: 30, High: 50, Certainty: coach.Sure,
			Reasons: []string{"discarded R3, a tile that could be laid off (işler taş), instead of laying it off: 101 penalty points", "held a winning hand: finishing was worth 35 more"}},
		{Hand: 1, Turn: 2, Stage: "draw", Played: "draw", Best: "take K5", Label: coach.Good, Loss: 3, Low: 1, High: 9, Uncertain: true, Certainty: coach.Likely,
			Reasons: []string{"the hint advised this: it weighed fewer deals; this review finds the best move better by 3.00"}},
		{Hand: 1, Turn: 3, Stage: "discard", Played: "show the indicator R4", Best: "show the indicator R4", Label: coach.Best, Certainty: coach.Sure},
		{Hand: 1, Turn: 4, Stage: "discard", Played: "discard R5", Best: "discard R5", Label: coach.Best, Certainty: coach.TooClose,
			OpenFinish: "a finish was open (finish with Y6): worth 0.12 less than holding"},
		{Hand: 1, Turn: 5, Stage: "play", Played: "lay off R3 on meld 2", Best: "lay off B3 on meld 2", Label: coach.Blunder, Loss: 109, Low: 108, High: 110, Certainty: coach.Sure,
			OpenFinish: "an okey finish was open (lay off B3 on meld 2): worth 109 more than this move: a blunder"},
		{Hand: 1, Turn: 6, Stage: "play", Played: "discard K9", Best: "discard K9", Label: coach.Best, Certainty: coach.TooClose,
			OpenFinish: "an elden finish was open (open 104: R1 R2 R3 | K5 K6 K7): worth 12 less than this move, too close to call"},
	}
	sum := cli.Summarise(game.Okey101, 0, ds, coach.Thresholds101)
	say := func(tr *i18n.Catalog) func(int, string) string {
		return func(_ int, s string) string {
			return pages.SayCoach(tr, s, pages.CoachTable{Okey: tile.NoTile, Melds: [][]tile.Tile{nil, {tile.NewTile(tile.Red, 4), tile.NewTile(tile.Red, 5), tile.NewTile(tile.Red, 6)}}})
		}
	}
	report := func(lang string) string {
		tr := i18n.MustLoad(lang)
		var b strings.Builder
		if err := cli.PrintReview(&b, tr, tr.T("cli.review.title", "x.okey"), ds, sum, say(tr)); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	en, trk := report("en"), report("tr")
	for _, w := range turkishWord.FindAllString(en, -1) {
		if !glossaryWords[w] {
			t.Errorf("English report says %q:\n%s", w, en)
		}
	}
	for _, want := range []string{"Worst moments", "held a winning hand: finishing was worth 35 more", "Loss is the expected points", "Why: the hint advised this", "Why: a finish was open (finish with Y6): worth 0.12 less than holding",
		"Why: an okey finish was open (lay off B3 on meld 2): worth 109 more than", "Why: an elden finish was open (open 104: R1 R2 R3 | K5 K6 K7):"} {
		if !strings.Contains(en, want) {
			t.Errorf("English report lacks %q:\n%s", want, en)
		}
	}
	for _, bad := range []string{"decisions judged", "Worst", "played", "discard", "draw", "held a winning", "Loss is", "or worse", "mistake", "best", "hint", "seat"} {
		if strings.Contains(trk, bad) {
			t.Errorf("Turkish report says %q:\n%s", bad, trk)
		}
	}
	for _, want := range []string{"x.okey incelemesi", "karar değerlendirildi", "En kötü anlar", "kırmızı 3'ü", "bitebilecek eli tuttun", "Kayıp, bulunan en iyi hamleye", "ya da kötüsü", "gösterge yap", "Neden: bu hamleyi ipucu önerdi", "3,00", "bitirebilirdin (sarı 6'yı atarak bitir): bitirmek beklemekten", "0,12 puan daha az değerliydi",
		"okeyle bitirebilirdin (mavi 3'ü", "hamleden 109 puan daha değerliydi", "elden bitebilirdin (", "elden bitmek bu hamleden 12 puan daha az"} {
		if !strings.Contains(trk, want) {
			t.Errorf("Turkish report lacks %q:\n%s", want, trk)
		}
	}
	for _, out := range []string{en, trk} {
		for _, l := range strings.Split(out, "\n") {
			if n := len([]rune(l)); n > 80 {
				t.Errorf("%d columns: %q", n, l)
			}
		}
	}
}
