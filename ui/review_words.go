package ui

import (
	"regexp"
	"strings"

	"okey/game/tile"
	"okey/ui/i18n"
)

// The coach (bots/coach) says its moves and reasons in English words of
// a closed grammar ("discard R7", "missed a finish (finish with K1)").
// The review screen says them in the player's language: each form has
// a catalogue key (review.move.*, review.why.*) whose English text is
// the coach's own, and the parts in brackets of the pattern (tiles,
// numbers, a move in a reason) go into the key's %s in order, a move
// said again in the player's words. A test runs reviews of real records
// in both games and checks that every move and reason the coach wrote
// is one of these forms, and that the English catalogue gives back the
// coach's words exactly.
var coachForms = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^draw$`), "review.move.draw"},
	{regexp.MustCompile(`^take back the okey of meld (\d+) with (\S+)$`), "review.move.takeback"},
	{regexp.MustCompile(`^take (\S+)$`), "review.move.take"},
	{regexp.MustCompile(`^discard (\S+)$`), "review.move.discard"},
	{regexp.MustCompile(`^finish with (\S+) \(okey finish\)$`), "review.move.finish.okey"},
	{regexp.MustCompile(`^finish with (\S+)$`), "review.move.finish"},
	{regexp.MustCompile(`^gösterme \(show (\S+)\)$`), "review.move.show"},
	{regexp.MustCompile(`^end the hand$`), "review.move.endhand"},
	{regexp.MustCompile(`^give back (\S+)$`), "review.move.giveback"},
	{regexp.MustCompile(`^open pairs: (.+)$`), "review.move.openpairs"},
	{regexp.MustCompile(`^open (\d+): (.+)$`), "review.move.open"},
	{regexp.MustCompile(`^lay pairs: (.+)$`), "review.move.laypairs"},
	{regexp.MustCompile(`^lay: (.+)$`), "review.move.lay"},
	{regexp.MustCompile(`^lay off (\S+) on meld (\d+)$`), "review.move.layoff"},

	{regexp.MustCompile(`^threw the okey$`), "review.why.okey"},
	{regexp.MustCompile(`^threw the okey \(101 penalty points\)$`), "review.why.okey101"},
	{regexp.MustCompile(`^missed a finish \((.+)\)$`), "review.why.missed"},
	{regexp.MustCompile(`^missed a finish: the rack could go out this turn$`), "review.why.missed101"},
	{regexp.MustCompile(`^finished without throwing the okey, which doubles the points$`), "review.why.okeyfinish"},
	{regexp.MustCompile(`^gave up gösterme$`), "review.why.gosterme"},
	{regexp.MustCompile(`^took (\S+), which did not help enough$`), "review.why.takeuseless"},
	{regexp.MustCompile(`^took (\S+), which must go onto the table this turn$`), "review.why.takemust"},
	{regexp.MustCompile(`^drew instead of taking (\S+)$`), "review.why.drew"},
	{regexp.MustCompile(`^gave the next player (\S+): it took (\S+) this hand and may be collecting it$`), "review.why.feeds"},
	{regexp.MustCompile(`^discarded (\S+), an işler taş \(101 penalty points\), instead of laying it off$`), "review.why.islek.layoff"},
	{regexp.MustCompile(`^discarded (\S+), an işler taş \(101 penalty points\)$`), "review.why.islek"},
	{regexp.MustCompile(`^opened with pairs, doubling the penalty$`), "review.why.pairs"},
	{regexp.MustCompile(`^opened too soon: waiting was worth more$`), "review.why.soon"},
	{regexp.MustCompile(`^did not open \((.+)\)$`), "review.why.noopen"},
	{regexp.MustCompile(`^left an okey on the table it could take back$`), "review.why.takeback"},
	{regexp.MustCompile(`^kept tiles it could lay off \((.+)\)$`), "review.why.keptlayoff"},
}

// coachWords says the coach's words s in tr's language; ok is false
// when s is no form the screen knows (it is then shown as the coach
// wrote it).
func coachWords(tr *i18n.Catalog, s string) (string, bool) {
	for _, f := range coachForms {
		sub := f.re.FindStringSubmatch(s)
		if sub == nil {
			continue
		}
		args := make([]any, len(sub)-1)
		for i, part := range sub[1:] {
			if w, ok := coachWords(tr, part); ok { // a move inside a reason
				part = w
			}
			args[i] = part
		}
		return tr.T(f.key, args...), true
	}
	return s, false
}

// sayCoach is coachWords without the flag.
func sayCoach(tr *i18n.Catalog, s string) string {
	w, _ := coachWords(tr, s)
	return w
}

// moveTiles are the tiles of the rack a move of the coach's words uses
// (the tile discarded, shown, laid off; every tile of an opening), each
// at most as often as the rack holds it; a take or a draw uses none of
// the rack's.
func moveTiles(move string, rack []tile.Tile) []tile.Tile {
	if strings.HasPrefix(move, "take ") && !strings.HasPrefix(move, "take back") {
		return nil
	}
	left := tile.CountsOf(rack)
	var out []tile.Tile
	for _, w := range strings.FieldsFunc(move, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '|' || r == ':' }) {
		t, err := tile.ParseTile(w)
		if err != nil || left[t] == 0 {
			continue
		}
		left[t]--
		out = append(out, t)
	}
	return out
}
