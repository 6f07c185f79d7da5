package pages

import (
	"regexp"
	"strconv"
	"strings"

	"okey/game/tile"
	"okey/kit/i18n"
)

// The coach (bots/coach) says its moves and reasons in English words of
// a closed grammar ("discard R7", "missed a finish (finish with K1)").
// The review screen says them in the player's language: each form has
// a catalogue key (review.move.*, review.why.*) whose English text is
// the coach's own, and the parts in brackets of the pattern (tiles,
// numbers, melds, a move in a reason) go into the key's %s in order.
// In English each part goes in as the coach wrote it; in Turkish each
// is said as its sentence needs (args): a tile in colour words with
// the case its verb governs ("kırmızı 7'yi at"), melds as rows of tile
// words, a meld of the table by its tiles ("kırmızı 4-5-6'ya işle"),
// a move said again. A test runs reviews of real records in both games
// and checks that every move and reason the coach wrote is one of these
// forms, and that the English catalogue gives back the coach's words
// exactly.
var coachForms = []struct {
	re   *regexp.Regexp
	key  string
	args []coachArg // one for each bracketed part
}{
	{regexp.MustCompile(`^draw$`), "review.move.draw", nil},
	{regexp.MustCompile(`^take back the okey of meld (\d+) with (\S+)$`), "review.move.takeback", []coachArg{{argMeld, i18n.Locative}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^take (\S+)$`), "review.move.take", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^discard (\S+)$`), "review.move.discard", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^finish with (\S+) \(okey finish\)$`), "review.move.finish.okey", []coachArg{{argOkey, i18n.Accusative}}},
	{regexp.MustCompile(`^finish with (\S+)$`), "review.move.finish", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^show the indicator (\S+)$`), "review.move.show", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^end the hand$`), "review.move.endhand", nil},
	{regexp.MustCompile(`^give back (\S+)$`), "review.move.giveback", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^open pairs: (.+)$`), "review.move.openpairs", []coachArg{{argMelds, 0}}},
	{regexp.MustCompile(`^open (\d+): (.+)$`), "review.move.open", []coachArg{{argText, 0}, {argMelds, 0}}},
	{regexp.MustCompile(`^lay pairs: (.+)$`), "review.move.laypairs", []coachArg{{argMelds, 0}}},
	{regexp.MustCompile(`^lay: (.+)$`), "review.move.lay", []coachArg{{argMelds, 0}}},
	{regexp.MustCompile(`^lay off (\S+) on meld (\d+)$`), "review.move.layoff", []coachArg{{argTile, i18n.Accusative}, {argMeld, i18n.Dative}}},

	{regexp.MustCompile(`^threw the okey$`), "review.why.okey", nil},
	{regexp.MustCompile(`^threw the okey \(101 penalty points\)$`), "review.why.okey101", nil},
	{regexp.MustCompile(`^missed a finish \((.+)\)$`), "review.why.missed", []coachArg{{argMove, 0}}},
	{regexp.MustCompile(`^missed a finish: the rack could go out this turn$`), "review.why.missed101", nil},
	{regexp.MustCompile(`^finished without throwing the okey, which doubles the points$`), "review.why.okeyfinish", nil},
	{regexp.MustCompile(`^gave up showing the indicator$`), "review.why.gosterme", nil},
	{regexp.MustCompile(`^took (\S+), which did not help enough$`), "review.why.takeuseless", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^took (\S+), which must go onto the table this turn$`), "review.why.takemust", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^drew instead of taking (\S+)$`), "review.why.drew", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^gave the next player (\S+): it took (\S+) this hand and may be collecting it$`), "review.why.feeds", []coachArg{{argTile, i18n.Accusative}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^discarded (\S+), a tile that could be laid off \(işler taş\), instead of laying it off: 101 penalty points$`), "review.why.islek.layoff", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^discarded (\S+), a tile that could be laid off \(işler taş\): 101 penalty points$`), "review.why.islek", []coachArg{{argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^discarded (\S+), which frees the okey of meld (\d+): the next player can take it and the okey with it$`), "review.why.freesokey", []coachArg{{argTile, i18n.Accusative}, {argMeld, i18n.Locative}}},
	{regexp.MustCompile(`^opened with pairs, doubling the penalty$`), "review.why.pairs", nil},
	{regexp.MustCompile(`^opened too soon: waiting was worth more$`), "review.why.soon", nil},
	{regexp.MustCompile(`^did not open \((.+)\)$`), "review.why.noopen", []coachArg{{argMove, 0}}},
	{regexp.MustCompile(`^left an okey on the table it could take back$`), "review.why.takeback", nil},
	{regexp.MustCompile(`^kept tiles it could lay off \((.+)\)$`), "review.why.keptlayoff", []coachArg{{argMove, 0}}},
	{regexp.MustCompile(`^finished now for (\S+) points; holding for an okey finish \(discard (\S+)\) wins (\d+)% of the time and was worth (\S+) points on average$`), "review.why.finishnow", []coachArg{{argText, 0}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^a finish was open \((.+)\): worth (\S+) more than holding(: an inaccuracy|: a mistake|: a blunder|, too close to call)?$`), "review.why.open.more.hold", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^a finish was open \((.+)\): worth (\S+) more than this move(: an inaccuracy|: a mistake|: a blunder|, too close to call)?$`), "review.why.open.more.move", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^a finish was open \((.+)\): worth (\S+) less than holding(, too close to call)?$`), "review.why.open.less.hold", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^a finish was open \((.+)\): worth (\S+) less than this move(, too close to call)?$`), "review.why.open.less.move", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^an okey finish was open \((.+)\): worth (\S+) more than this move(: an inaccuracy|: a mistake|: a blunder|, too close to call)?$`), "review.why.open.okey.more", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^an okey finish was open \((.+)\): worth (\S+) less than this move(, too close to call)?$`), "review.why.open.okey.less", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^an elden finish was open \((.+)\): worth (\S+) more than this move(: an inaccuracy|: a mistake|: a blunder|, too close to call)?$`), "review.why.open.elden.more", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^an elden finish was open \((.+)\): worth (\S+) less than this move(, too close to call)?$`), "review.why.open.elden.less", []coachArg{{argMove, 0}, {argText, 0}, {argPhrase, 0}}},
	{regexp.MustCompile(`^held a winning hand: finishing was worth (\S+) more$`), "review.why.heldwin", nil},
	{regexp.MustCompile(`^the hint advised this: it weighed fewer deals; this review finds the best move better by (\S+)$`), "review.why.hinted.best", nil},
	{regexp.MustCompile(`^the hint advised this: it weighed fewer deals; this review finds (.+) better by (\S+)$`), "review.why.hinted", []coachArg{{argMove, 0}, {argText, 0}}},
	{regexp.MustCompile(`^broke a meld: the rack is (\d+) tiles from a win after it, (\d+) after discard (\S+)$`), "review.why.broke", []coachArg{{argText, 0}, {argText, 0}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^kept fewer ways to go on: (\d+) unseen tiles bring the rack nearer a win after it, (\d+) after discard (\S+)$`), "review.why.outs", []coachArg{{argText, 0}, {argText, 0}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^broke a meld: (\d+) tiles are left out of melds after it, (\d+) after discard (\S+)$`), "review.why.broke101", []coachArg{{argText, 0}, {argText, 0}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^kept the higher tile: (\S+) counts (\d+) points on the rack if the hand ends, (\S+) (\d+)$`), "review.why.higher", []coachArg{{argTile, i18n.Nominative}, {argText, 0}, {argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^laid off a tile worth keeping: (.+) was worth more$`), "review.why.layoffkept", []coachArg{{argMove, 0}}},
	{regexp.MustCompile(`^the next player took (.+) from the discards: (\S+) was likely to help it \((\d+)% as the table reads, (\d+)% on racks dealt at random\)$`), "review.why.read.took", []coachArg{{argTiles, i18n.Accusative}, {argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^the next player laid down (.+) and took (.+) from the discards: (\S+) was likely to help it \((\d+)% as the table reads, (\d+)% on racks dealt at random\)$`), "review.why.read.laidtook", []coachArg{{argTiles, i18n.Accusative}, {argTiles, i18n.Accusative}, {argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^the next player laid down (.+): (\S+) was likely to help it \((\d+)% as the table reads, (\d+)% on racks dealt at random\)$`), "review.why.read.laid", []coachArg{{argTiles, i18n.Accusative}, {argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^going by the next player's play, (\S+) was likely to help it \((\d+)% as the table reads, (\d+)% on racks dealt at random\)$`), "review.why.read.likely", []coachArg{{argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^the next player threw (.+): (\S+) was unlikely to help it \((\d+)% as the table reads, (\d+)% on racks dealt at random\)$`), "review.why.read.threw", []coachArg{{argTiles, i18n.Accusative}, {argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^going by the next player's play, (\S+) was unlikely to help it \((\d+)% as the table reads, (\d+)% on racks dealt at random\)$`), "review.why.read.unlikely", []coachArg{{argTile, i18n.Nominative}}},
	{regexp.MustCompile(`^the tiles it waits for were read in the others' racks: (\S+) of its (\d+) left in the wall as the table reads, (\S+) on racks dealt at random; after discard (\S+), (\S+) of (\d+) and (\S+)$`), "review.why.read.outs", []coachArg{{argText, 0}, {argText, 0}, {argText, 0}, {argTile, i18n.Accusative}}},
	{regexp.MustCompile(`^read from the table: on racks dealt at random this move was not shown to lose$`), "review.why.read", nil},
	{regexp.MustCompile(`^read from the table: on racks dealt at random this move lost (\S+), not shown to be an inaccuracy$`), "review.why.read.good", nil},
	{regexp.MustCompile(`^in the playouts the best move \((.+)\) came out ahead (\d+)% of the time, worth (\S+) points on average; this move (\d+)%, worth (\S+)$`), "review.why.playouts", []coachArg{{argMove, 0}}},
}

// coachArg is how a bracketed part of a form of the coach's words goes
// into the sentence of a language that writes tiles in words.
type coachArg struct {
	kind argKind
	cs   i18n.Case // of a tile, or of a meld of the table
}

// argKind is what a bracketed part of the coach's words is.
type argKind uint8

const (
	argText   argKind = iota // a number, as written
	argTile                  // one tile (R7, J)
	argMelds                 // melds laid: "R1 R2 R3 | Y5 Y6 Y7"
	argMeld                  // the number of a meld on the table: "3"
	argMove                  // a move in the coach's words, said again
	argTiles                 // tiles in a row: "R5 R6", the case on the last
	argPhrase                // a closing phrase of a few (phrases), or none
	argOkey                  // a tile the words already name as the okey (English adds nothing)
)

// phrases are the closing phrases of the coach's words, each with its
// catalogue key: what a finish not played would have been.
var phrases = map[string]string{
	": an inaccuracy":     "review.open.inaccuracy",
	": a mistake":         "review.open.mistake",
	": a blunder":         "review.open.blunder",
	", too close to call": "review.open.close",
}

// CoachTable is what the review knows of a decision's hand: its okey
// (NoTile: none) and, in 101, the tiles of each meld on the table in
// the coach's order (its meld 3 is melds[2]; nil: not known).
type CoachTable struct {
	Okey  tile.Tile
	Melds [][]tile.Tile
}

// CoachWords says the coach's words s in tr's language, at a decision
// whose hand ct tells; ok is false when s is no form the screen knows
// (it is then shown as the coach wrote it).
func CoachWords(tr *i18n.Catalog, s string, ct CoachTable) (string, bool) {
	for _, f := range coachForms {
		sub := f.re.FindStringSubmatch(s)
		if sub == nil {
			continue
		}
		args := make([]any, len(sub)-1)
		for i, part := range sub[1:] {
			a := coachArg{kind: argText}
			if i < len(f.args) {
				a = f.args[i]
			}
			args[i] = ct.say(tr, part, a)
		}
		return tr.T(f.key, args...), true
	}
	return s, false
}

// say is part of the coach's words, a, in tr's language: as the coach
// wrote it where tiles are written in their notation (English; the okey
// and a false joker named as such), else in tile words with the case a
// asks for; a number with the language's decimal mark. A part that
// does not read as it should stays as it is.
func (ct CoachTable) say(tr *i18n.Catalog, part string, a coachArg) string {
	switch a.kind {
	case argMove:
		w, _ := CoachWords(tr, part, ct)
		return w
	case argText:
		return tr.Dec(part) // "0.98" reads "0,98" in Turkish
	case argPhrase:
		if k, ok := phrases[part]; ok {
			return tr.T(k)
		}
		return part
	}
	if !tr.TileWords() {
		if t, err := tile.ParseTile(part); a.kind == argTile && err == nil && ct.Okey != tile.NoTile && (t == ct.Okey || t == tile.FalseJoker) {
			// the okey by its name, "Y5 (okey)": a false joker plays
			// as Y5 too ("J (as Y5)")
			return tr.Tile(t, ct.Okey, a.cs)
		}
		return part
	}
	switch a.kind {
	case argTile, argOkey:
		if t, err := tile.ParseTile(part); err == nil {
			return tr.Tile(t, ct.Okey, a.cs)
		}
	case argMelds:
		gs := strings.Split(part, " | ")
		for i, g := range gs {
			ts, err := tile.ParseTiles(g)
			if err != nil {
				return part
			}
			gs[i] = tr.Tiles(ts, ct.Okey)
		}
		return strings.Join(gs, " · ")
	case argTiles:
		if ts, err := tile.ParseTiles(part); err == nil {
			return tr.TilesIn(ts, ct.Okey, a.cs)
		}
	case argMeld:
		n, err := strconv.Atoi(part)
		if err != nil {
			return part
		}
		if n >= 1 && n <= len(ct.Melds) {
			return tr.TilesIn(ct.Melds[n-1], ct.Okey, a.cs)
		}
		return tr.T("review.meld.n", n) + tr.NounEnding("per", a.cs)
	}
	return part
}

// SayCoach says the coach's words s in tr's language, at a decision
// whose hand ct tells (CoachWords without the flag).
func SayCoach(tr *i18n.Catalog, s string, ct CoachTable) string {
	w, _ := CoachWords(tr, s, ct)
	return w
}

// MoveTiles are the tiles of the rack a move of the coach's words uses
// (the tile discarded, shown, laid off; every tile of an opening), each
// at most as often as the rack holds it; a take or a draw uses none of
// the rack's.
func MoveTiles(move string, rack []tile.Tile) []tile.Tile {
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
