package cli

import (
	"fmt"
	"io"
	"strings"

	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
	"okey/kit/i18n"
)

// ReadRack reads a rack given on the command line: the indicator (empty
// under simple104) and the tiles, as okey hand takes them.
func ReadRack(rules classic.Rules, indicator string, tiles []string) (*hand.Analyzer, hand.Hand, error) {
	line := indicator + ": " + strings.Join(tiles, " ")
	if !rules.HasOkey() && indicator == "" {
		line = strings.Join(tiles, " ")
	}
	w := &handWorker{rules: rules}
	an, h, err := w.rack([]byte(line))
	if err != nil {
		return nil, hand.Hand{}, err
	}
	return an, h, nil
}

// Describe writes the analysis of a rack for a person, in English:
// whether it wins and how (its groups, okeys with what they stand for,
// what the others lose), or how far it is and the rack laid out by its
// nearer route; for 15 tiles, the tile to discard.
func Describe(w io.Writer, an *hand.Analyzer, h hand.Hand) error {
	return DescribeIn(w, an, h, i18n.MustLoad("en"))
}

// DescribeIn is Describe in the words of c: in Turkish the tiles are
// written as the table writes them (kırmızı 7'yi at), the finishes by
// their names (normal bitiş, çiftten bitiş).
func DescribeIn(w io.Writer, an *hand.Analyzer, h hand.Hand, c *i18n.Catalog) error {
	tiles := h.Tiles()
	okey := an.Okey()
	p := &printer{w: w}
	// acc is a tile to discard: the notation in English, as ever.
	acc := func(t tile.Tile) string {
		if !c.TileWords() {
			return t.String()
		}
		return c.Tile(t, okey, i18n.Accusative)
	}
	if ind := an.Indicator(); ind != tile.NoTile {
		p.f("%s\n", c.T("hand.indicator", c.Face(ind), c.Face(okey)))
	}
	p.f("%s\n", c.T("hand.of", len(tiles), listIn(c, tiles, okey)))
	rest := h
	if len(tiles) == hand.RackSize+1 {
		d := an.BestDiscard(h)
		if d.Wins {
			how := "hand.how.melds"
			if d.Win.Kind == hand.WinPairs {
				how = "hand.how.pairs"
			}
			if d.OkeyFinish {
				how = c.T(how + ".okey")
			} else {
				how = c.T(how + ".plain")
			}
			p.f("%s\n", c.UpFirst(c.T("hand.wins.discard", acc(d.Tile), how, kindWords(c, d.Win.Kind))))
			p.melds(c, an, d.Win)
			p.f("%s\n", c.T("hand.loses", an.Points(&d.Win, d.OkeyFinish)))
			return p.err
		}
		p.f("%s\n", c.T("hand.notwin.discard", acc(d.Tile), distanceWords(c, d.Distance)))
		rest.Remove(d.Tile)
	} else if win, ok := an.Win(h); ok {
		p.f("%s\n", c.T("hand.won", kindWords(c, win.Kind)))
		p.melds(c, an, win)
		p.f("%s\n", c.T("hand.loses.both", an.Points(&win, false), an.Points(&win, true)))
		return p.err
	} else {
		p.f("%s\n", c.T("hand.notwin", distanceWords(c, an.Distance(h))))
	}
	p.arrangement(c, an, rest)
	return p.err
}

// listIn writes a whole rack: the notation in English (R1 R2 … J), the
// catalogue's words otherwise.
func listIn(c *i18n.Catalog, ts []tile.Tile, okey tile.Tile) string {
	if !c.TileWords() {
		return tile.FormatTiles(ts)
	}
	return c.Tiles(ts, okey)
}

// printer writes formatted lines and keeps the first error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func kindWords(c *i18n.Catalog, k hand.WinKind) string {
	if k == hand.WinPairs {
		return c.T("hand.kind.pairs")
	}
	return c.T("hand.kind.melds")
}

func distanceWords(c *i18n.Catalog, d int) string {
	if d == 1 {
		return c.T("hand.dist.one")
	}
	return c.T("hand.dist", d)
}

// group writes a group's tiles, each okey with what it stands for and
// each false joker with what it plays as.
func group(an *hand.Analyzer, ts, as []tile.Tile) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
		stands := tile.NoTile
		if i < len(as) {
			stands = as[i]
		}
		switch {
		case an.IsOkey(t) && stands != tile.NoTile:
			b.WriteString("(okey as " + stands.String() + ")")
		case an.IsOkey(t):
			b.WriteString("(okey)")
		case t == tile.FalseJoker:
			b.WriteString("(as " + an.PlaysAs(t).String() + ")")
		}
	}
	return b.String()
}

// groupIn is group in the words of c: in Turkish the tiles in words
// and what the okeys stand for after them ("mavi 9-okey-11 (okey: mavi
// 10)").
func groupIn(c *i18n.Catalog, an *hand.Analyzer, ts, as []tile.Tile) string {
	if !c.TileWords() {
		return group(an, ts, as)
	}
	s := c.Tiles(ts, an.Okey())
	var stands []string
	for i, t := range ts {
		if an.IsOkey(t) && i < len(as) && as[i] != tile.NoTile {
			stands = append(stands, c.Face(as[i]))
		}
	}
	if len(stands) > 0 {
		s += " (" + c.T("tile.okey.short") + ": " + strings.Join(stands, ", ") + ")"
	}
	return s
}

func (p *printer) melds(c *i18n.Catalog, an *hand.Analyzer, win hand.Win) {
	for _, m := range win.Melds {
		kind := m.Kind.String()
		if k := "t101.kind." + kind; c.TileWords() && c.Has(k) {
			kind = c.T(k) // seri, aynı sayı, çift
		}
		p.f("  %s\n", c.T("hand.meld", kind, groupIn(c, an, m.Tiles, m.As)))
	}
	if win.OneColour {
		p.f("  %s\n", c.T("hand.onecolour"))
	}
}

// arrangement lays the rack out by the route it is nearer by: seri diz
// for runs and sets, çift diz for seven pairs.
func (p *printer) arrangement(c *i18n.Catalog, an *hand.Analyzer, h hand.Hand) {
	mode, title := hand.ArrangeRuns, c.T("hand.runs")
	if an.PairsDistance(h) < an.MeldsDistance(h) {
		mode, title = hand.ArrangePairs, c.T("hand.pairs")
	}
	arr := an.Arrange(h.Tiles(), mode)
	if len(arr.Groups) == 0 {
		return
	}
	p.f("%s\n", title)
	for i, g := range arr.Groups {
		p.f("  %s\n", groupIn(c, an, g, arr.As[i]))
	}
	if len(arr.Leftover) > 0 {
		p.f("  %s\n", c.T("hand.leftover", groupIn(c, an, arr.Leftover, nil)))
	}
}
