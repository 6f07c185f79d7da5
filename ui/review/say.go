package review

import (
	"okey/bots/coach"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/pages"
)

// Say is how okey review says the coach's words of decision i of ds (a
// review of seat's decisions in the record rec; hand 0: every hand) in
// tr's language, as the review page says them: each move and reason in
// the catalogue's words, a tile in words with its case, a meld of the
// table by its tiles (pages.SayCoach, with each decision's okey and
// table as the seat saw them).
func Say(tr *i18n.Catalog, rec []byte, seat, hand int, ds []coach.Decision) func(i int, s string) string {
	okeys, melds := handsOf(rec, seat, hand, ds)
	return func(i int, s string) string {
		ct := pages.CoachTable{Okey: tile.NoTile}
		if i >= 0 && i < len(okeys) {
			ct.Okey = okeys[i]
		}
		if i >= 0 && i < len(melds) {
			ct.Melds = melds[i]
		}
		return pages.SayCoach(tr, s, ct)
	}
}
