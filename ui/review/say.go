package review

import (
	"slices"

	"okey/bots/coach"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/cli"
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

// handsOf is the okey of each decision's hand, as the seat saw it (the
// indicator is face up): the rack is drawn with its okeys marked; and
// in 101 the tiles of each meld on the table then, in the coach's
// order, so that a move onto one names it by its tiles.
func handsOf(rec []byte, seat, hand int, ds []coach.Decision) ([]tile.Tile, [][][]tile.Tile) {
	at := handsAt(rec, seat, hand)
	out := make([]tile.Tile, len(ds))
	melds := make([][][]tile.Tile, len(ds))
	for i, d := range ds {
		out[i], melds[i] = at(d.Index)
	}
	return out, melds
}

// handsAt is handsOf a decision at a time: the okey and the table's
// melds at the decision whose action is index in the record (NoTile
// and nil for none known), read from the record once.
func handsAt(rec []byte, seat, hand int) func(index int) (tile.Tile, [][]tile.Tile) {
	byIndex := map[int]tile.Tile{}
	meldsAt := map[int][][]tile.Tile{}
	if cli.Is101(rec) {
		if r, err := okey101.ParseRecord(rec); err == nil {
			if ps, err := coach.Points101(r, seat, hand); err == nil {
				for _, p := range ps {
					v := p.State.View(seat)
					byIndex[p.Index] = v.Okey
					for _, tm := range v.Table {
						meldsAt[p.Index] = append(meldsAt[p.Index], slices.Clone(tm.Meld.Tiles))
					}
				}
			}
		}
	} else if r, err := classic.ParseRecord(rec); err == nil {
		if ps, err := coach.PointsClassic(r, seat, hand); err == nil {
			for _, p := range ps {
				byIndex[p.Index] = p.State.View(seat).Okey
			}
		}
	}
	return func(index int) (tile.Tile, [][]tile.Tile) {
		o, ok := byIndex[index]
		if !ok {
			o = tile.NoTile
		}
		return o, meldsAt[index]
	}
}
