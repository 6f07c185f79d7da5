package cli

import (
	"strings"
	"testing"
	"unicode/utf8"

	"okey/bots/coach"
	"okey/game"
	"okey/kit/i18n"
)

// okey review's summary counts each label in the coach's form, "blunders
// 0, mistakes 2, inaccuracies 1": "0 blunder, 2 mistake, 1 inacc." read
// wrong in English. Every line stays within 80 columns, with
// 101's large losses too.
func TestPrintReviewSummaryCounts(t *testing.T) {
	hand := coach.Summary{Kind: "hand", Game: game.Okey101, Hand: 1, Decisions: 99,
		TotalLoss: 1234, LossPerDecision: 12.5, Accuracy: 100,
		Labels: map[coach.Label]int{coach.Blunder: 0, coach.Mistake: 2, coach.Inaccuracy: 1}}
	sum := hand
	sum.Kind, sum.Hand, sum.Hands = "summary", 0, []coach.Summary{hand}
	sum.Labels = map[coach.Label]int{coach.Blunder: 10, coach.Mistake: 20, coach.Inaccuracy: 30}
	var b strings.Builder
	if err := PrintReview(&b, i18n.MustLoad("en"), "Review of match.okey", nil, sum, nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"0 blunder,", "2 mistake,", "inacc."} {
		if strings.Contains(out, bad) {
			t.Errorf("the report says %q:\n%s", bad, out)
		}
	}
	for _, want := range []string{"blunders 0, mistakes 2, inaccuracies 1", "blunders 10, mistakes 20, inaccuracies 30"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not say %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("%d columns: %q", n, l)
		}
	}
}
