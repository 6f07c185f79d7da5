package ui

import (
	"strings"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/i18n"
	"okey/ui/play101"
)

// The 101 table's words for tiles, melds, openings and moves, in the
// player's language.

// tileName101 writes a tile for messages: R7, R5 (okey), J (as R5).
func (m *Model) tileName101(t tile.Tile) string { return m.tileNameOf(t, m.t.view.Okey) }

// tileNameOf is tileName101 in a hand whose okey is okey.
func (m *Model) tileNameOf(t, okey tile.Tile) string { return m.tileIn(t, okey, i18n.Nominative) }

// tilesText writes tiles for messages: "R4 R5 R6", "kırmızı 4-5-6".
func (m *Model) tilesText(ts []tile.Tile) string { return m.tilesIn(ts, m.t.view.Okey) }

// meldText is a table meld on one line, plain and styled.
func (m *Model) meldText(tm *okey101.TableMeld) (plainText, styled string) {
	an := m.t.view.Analyzer
	var p, s strings.Builder
	for i, t := range tm.Meld.Tiles {
		if i > 0 {
			p.WriteString(play101.MeldTileGap)
			s.WriteString(play101.MeldTileGap)
		}
		txt, okey := play101.MeldTile(tm, i, an)
		p.WriteString(txt)
		switch {
		case okey || t == tile.FalseJoker:
			s.WriteString(m.paint(sOkey, txt))
		case strings.HasPrefix(txt, play101.LayOffMark):
			s.WriteString(m.paint(sDim, play101.LayOffMark) + m.st.Inline(t))
		default:
			s.WriteString(m.st.Inline(t))
		}
	}
	return p.String(), s.String()
}

// meldName names table meld i for messages: "Mehmet's R4 R5 R6".
func (m *Model) meldName(i int) string {
	v := &m.t.view
	if i < 0 || i >= len(v.Table) {
		return "?"
	}
	tm := &v.Table[i]
	txt, _ := m.meldText(tm)
	txt = strings.ReplaceAll(txt, play101.LayOffMark, "") // who laid which tile is the table's to show
	if m.tileWords() {
		txt = m.tilesText(tm.Meld.Tiles) // running text names tiles in words
	}
	if tm.Owner == 0 {
		return m.tr.T("t101.meld.yours", txt)
	}
	return m.tr.T("t101.meld.of", m.seatName(tm.Owner), txt)
}

// openingText says how a seat stands: not opened, opened with 112,
// opened with 6 pairs.
func (m *Model) openingText(o okey101.Opening) string {
	switch o.Status {
	case meld.OpenedMelds:
		return m.tr.T("t101.opened", o.Value)
	case meld.OpenedPairs:
		return m.tr.T("t101.opened.pairs", o.Value)
	}
	return m.tr.T("t101.notopened")
}

// kindName is a meld's kind in words.
func (m *Model) kindName(k meld.Kind) string { return m.tr.T("t101.kind." + k.String()) }

// tilesCount101 is a number of tiles: "1 tile", "21 tiles".
func (m *Model) tilesCount101(n int) string {
	if n == 1 {
		return m.tr.T("t101.tile")
	}
	return m.tr.T("panel.tiles", n)
}

// points101 is a score: "145 pts".
func (m *Model) points101(n int) string { return m.pointsText(n) }

// logText101 writes a log entry in the player's language.
func (m *Model) logText101(e log101) string {
	if e.note != "" {
		return e.note
	}
	return m.upFirst(m.logWords101(e))
}

func (m *Model) logWords101(e log101) string {
	ev := e.ev
	me := ev.Seat == 0 && !m.Watching() // a spectator's seat 0 is a player's
	// The words of the hand the entry is of: its okey, not this hand's.
	name := func(t tile.Tile) string { return m.tileNameOf(t, e.okey) }
	acc := func(t tile.Tile) string { return m.tileIn(t, e.okey, i18n.Accusative) }
	melds := func(ms []meld.Meld) string {
		parts := make([]string, len(ms))
		for i, x := range ms {
			// A meld holds together (no-break spaces), as the Turkish
			// words do: a line too long for the log gives way a whole
			// meld at a time ("· …"), never in the middle of one.
			parts[i] = strings.ReplaceAll(m.tilesIn(x.Tiles, e.okey), " ", "\u00a0")
		}
		return strings.Join(parts, " · ")
	}
	say := func(base string, args ...any) string {
		if me {
			return m.tr.T(base+".you", args...)
		}
		return m.tr.T(base, append([]any{m.seatName(ev.Seat)}, args...)...)
	}
	switch ev.Kind {
	case okey101.EvDeal:
		hand, redeal := e.deal>>8, e.deal&0xff
		dealer := m.tr.T("log.dealer", m.seatName(ev.Seat))
		if me {
			dealer = m.tr.T("log.dealer.you")
		}
		if redeal > 0 {
			return m.tr.T("t101.log.redeal", hand, dealer, m.faceText(ev.Tile), m.faceText(ev.Tile.Next()))
		}
		return m.tr.T("log.deal", hand, dealer, m.faceText(ev.Tile), m.faceText(ev.Tile.Next()))
	case okey101.EvDraw:
		switch {
		case me && ev.Tile != tile.NoTile:
			return m.tr.T("log.draw.you", name(ev.Tile))
		case me:
			return m.tr.T("log.draw.you.wall")
		}
		return m.tr.T("log.draw", m.seatName(ev.Seat))
	case okey101.EvTake:
		return say("t101.log.take", acc(ev.Tile), m.fromWhom(ev.From))
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
		return say("t101.log.layoff", acc(ev.Tile), m.ownerOf(e.owner, ev.Seat))
	case okey101.EvTakeBack:
		return say("t101.log.takeback", m.ownerOf(e.owner, ev.Seat), acc(ev.Tile)) // yerine kırmızı 5'i koyup
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
		return m.tr.T("t101.log.wallout")
	case okey101.EvVoid:
		return m.tr.T("t101.log.void")
	}
	return ""
}

// ownerOf names the owner of a meld inside a sentence about what actor
// did: "Mehmet's", "your", "their own" — own first, so that the player
// lays off onto "your own" meld, not "your" (issue 31, point 8).
func (m *Model) ownerOf(seat, actor int) string {
	switch {
	case seat == actor && seat == 0 && !m.Watching():
		return m.tr.T("t101.owner.own.you")
	case seat == actor:
		return m.tr.T("t101.owner.own")
	case seat == 0 && !m.Watching():
		return m.tr.T("t101.owner.you")
	}
	return m.tr.T("t101.owner", m.nameIn(seat, i18n.Genitive))
}

// meldsText writes melds one after another: "R1 R2 R3 · K7 Y7 B7".
func (m *Model) meldsText(ms []meld.Meld) string {
	parts := make([]string, len(ms))
	for i, x := range ms {
		parts[i] = m.tilesText(x.Tiles)
	}
	return strings.Join(parts, " · ")
}
