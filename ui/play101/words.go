package play101

import (
	"strings"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
)

// The 101 table's words for tiles, melds, openings and moves, in the
// player's language (the host's Words).

// TileName writes a tile for messages: R7, R5 (okey), J (as R5).
func (t *Table) TileName(x tile.Tile) string { return t.TileCase(x, i18n.Nominative) }

// TileCase is tile x of the hand on the table in case c.
func (t *Table) TileCase(x tile.Tile, c i18n.Case) string {
	return t.look.Words.Tr.Tile(x, t.View.Okey, c)
}

// TilesText writes tiles for messages: "R4 R5 R6", "kırmızı 4-5-6".
func (t *Table) TilesText(ts []tile.Tile) string { return t.look.Words.Tr.Tiles(ts, t.View.Okey) }

// OpeningText says how a seat stands: not opened, opened with 112,
// opened with 6 pairs.
func (t *Table) OpeningText(o okey101.Opening) string {
	tr := t.look.Words.Tr
	switch o.Status {
	case meld.OpenedMelds:
		return tr.T("t101.opened", o.Value)
	case meld.OpenedPairs:
		return tr.T("t101.opened.pairs", o.Value)
	}
	return tr.T("t101.notopened")
}

// KindName is a meld's kind in words.
func (t *Table) KindName(k meld.Kind) string {
	return t.look.Words.Tr.T("t101.kind." + k.String())
}

// TilesCount is a number of tiles: "1 tile", "21 tiles".
func (t *Table) TilesCount(n int) string {
	tr := t.look.Words.Tr
	if n == 1 {
		return tr.T("t101.tile")
	}
	return tr.T("panel.tiles", n)
}

// Points is a score: "145 pts".
func (t *Table) Points(n int) string { return t.look.Words.PointsText(n) }

// LogText writes a log entry in the player's language.
func (t *Table) LogText(e LogEntry) string {
	if e.Note != "" {
		return e.Note
	}
	return t.look.Words.Tr.UpFirst(t.logWords(e))
}

func (t *Table) logWords(e LogEntry) string {
	ev := e.Ev
	w := t.look.Words
	tr := w.Tr
	me := ev.Seat == 0 && !w.Watching // a spectator's seat 0 is a player's
	// The words of the hand the entry is of: its okey, not this hand's.
	name := func(x tile.Tile) string { return tr.Tile(x, e.Okey, i18n.Nominative) }
	acc := func(x tile.Tile) string { return tr.Tile(x, e.Okey, i18n.Accusative) }
	melds := func(ms []meld.Meld) string {
		parts := make([]string, len(ms))
		for i, x := range ms {
			// A meld holds together (no-break spaces), as the Turkish
			// words do: a line too long for the log gives way a whole
			// meld at a time ("· …"), never in the middle of one.
			parts[i] = strings.ReplaceAll(tr.Tiles(x.Tiles, e.Okey), " ", "\u00a0")
		}
		return strings.Join(parts, " · ")
	}
	say := func(base string, args ...any) string { return w.YouOr(ev.Seat, base, args...) }
	switch ev.Kind {
	case okey101.EvDeal:
		hand, redeal := w.Hand(e.Deal>>8), e.Deal&0xff
		dealer := tr.T("log.dealer", w.SeatName(ev.Seat))
		if me {
			dealer = tr.T("log.dealer.you")
		}
		if redeal > 0 {
			return tr.T("t101.log.redeal", hand, dealer, tr.Face(ev.Tile), tr.Face(ev.Tile.Next()))
		}
		return tr.T("log.deal", hand, dealer, tr.Face(ev.Tile), tr.Face(ev.Tile.Next()))
	case okey101.EvDraw:
		switch {
		case me && ev.Tile != tile.NoTile:
			return tr.T("log.draw.you", name(ev.Tile))
		case me:
			return tr.T("log.draw.you.wall")
		}
		return tr.T("log.draw", w.SeatName(ev.Seat))
	case okey101.EvTake:
		return say("t101.log.take", acc(ev.Tile), w.FromWhom(ev.From))
	case okey101.EvGiveBack:
		return say("t101.log.giveback", acc(ev.Tile))
	case okey101.EvOpen:
		if len(ev.Melds) > 0 && ev.Melds[0].Kind == meld.Pair {
			return say("t101.log.open.pairs", ev.Points, melds(ev.Melds))
		}
		return say("t101.log.open", ev.Points, melds(ev.Melds))
	case okey101.EvLay:
		return say("t101.log.lay", melds(ev.Melds))
	case okey101.EvLayOff:
		return say("t101.log.layoff", acc(ev.Tile), t.ownerOf(e.Owner, ev.Seat))
	case okey101.EvTakeBack:
		return say("t101.log.takeback", t.ownerOf(e.Owner, ev.Seat), acc(ev.Tile)) // yerine kırmızı 5'i koyup
	case okey101.EvDiscard:
		return say("log.discard", name(ev.Tile))
	case okey101.EvPenalty:
		why := "islek"
		switch ev.Reason {
		case okey101.PenaltyOkey:
			why = "okey"
		case okey101.PenaltyFeed:
			why = "feed"
		}
		return say("t101.log.penalty."+why, ev.Points, acc(ev.Tile), name(ev.Tile))
	case okey101.EvFinish:
		return say("log.finish", name(ev.Tile))
	case okey101.EvWallOut:
		return tr.T("t101.log.wallout")
	case okey101.EvVoid:
		return tr.T("t101.log.void")
	}
	return ""
}

// ownerOf names the owner of a meld inside a sentence about what actor
// did: "Mehmet's", "your", "their own" — own first, so that the player
// lays off onto "your own" meld, not "your".
func (t *Table) ownerOf(seat, actor int) string {
	w := t.look.Words
	me := seat == 0 && !w.Watching
	switch {
	case seat == actor && me:
		return w.Tr.T("t101.owner.own.you")
	case seat == actor:
		return w.Tr.T("t101.owner.own")
	case me:
		return w.Tr.T("t101.owner.you")
	}
	return w.Tr.T("t101.owner", w.NameIn(seat, i18n.Genitive))
}

// tr is the catalogue of the player's language.
func (t *Table) tr() *i18n.Catalog { return t.look.Words.Tr }
