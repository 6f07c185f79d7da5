package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/hand"
	"okey/game/tile"
)

// ReadRack reads a rack given on the command line: the indicator (empty
// under simple104) and the tiles, as okey hand takes them.
func ReadRack(rules game.Rules, indicator string, tiles []string) (*hand.Analyzer, hand.Hand, error) {
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

// Describe writes the analysis of a rack for a person: whether it wins
// and how (its groups, okeys with what they stand for, what the others
// lose), or how far it is and the rack laid out by its nearer route; for
// 15 tiles, the tile to discard.
func Describe(w io.Writer, an *hand.Analyzer, h hand.Hand) error {
	tiles := h.Tiles()
	p := &printer{w: w}
	if ind := an.Indicator(); ind != tile.NoTile {
		p.f("Indicator %v, okey %v (a false joker J plays as %v)\n", ind, an.Okey(), an.Okey())
	}
	p.f("Hand of %d: %s\n", len(tiles), tile.FormatTiles(tiles))
	rest := h
	if len(tiles) == hand.RackSize+1 {
		d := an.BestDiscard(h)
		if d.Wins {
			how := "ordinary finish"
			if d.OkeyFinish {
				how = "okey finish, worth double"
			}
			p.f("Wins: discard %v (%s) and lay down %s:\n", d.Tile, how, kindWords(d.Win.Kind))
			p.melds(an, d.Win)
			p.f("Each other player loses %d.\n", an.Points(&d.Win, d.OkeyFinish))
			return p.err
		}
		p.f("Does not win. Discard %v: the 14 left are %s.\n", d.Tile, distanceWords(d.Distance))
		rest.Remove(d.Tile)
	} else if win, ok := an.Win(h); ok {
		p.f("Wins with %s:\n", kindWords(win.Kind))
		p.melds(an, win)
		p.f("Each other player loses %d (%d with an okey finish).\n", an.Points(&win, false), an.Points(&win, true))
		return p.err
	} else {
		p.f("Does not win: %s.\n", distanceWords(an.Distance(h)))
	}
	p.arrangement(an, rest)
	return p.err
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

func kindWords(k hand.WinKind) string {
	if k == hand.WinPairs {
		return "seven pairs"
	}
	return "runs and sets"
}

func distanceWords(d int) string {
	if d == 1 {
		return "1 exchange from winning"
	}
	return strconv.Itoa(d) + " exchanges from winning"
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

func (p *printer) melds(an *hand.Analyzer, win hand.Win) {
	for _, m := range win.Melds {
		p.f("  %-5s %s\n", m.Kind, group(an, m.Tiles, m.As))
	}
	if win.OneColour {
		p.f("  (all one colour)\n")
	}
}

// arrangement lays the rack out by the route it is nearer by: seri diz
// for runs and sets, çift diz for seven pairs.
func (p *printer) arrangement(an *hand.Analyzer, h hand.Hand) {
	mode, title := hand.ArrangeRuns, "Seri diz (runs and sets):"
	if an.PairsDistance(h) < an.MeldsDistance(h) {
		mode, title = hand.ArrangePairs, "Çift diz (pairs):"
	}
	arr := an.Arrange(h.Tiles(), mode)
	if len(arr.Groups) == 0 {
		return
	}
	p.f("%s\n", title)
	for i, g := range arr.Groups {
		p.f("  %s\n", group(an, g, arr.As[i]))
	}
	if len(arr.Leftover) > 0 {
		p.f("  left over: %s\n", group(an, arr.Leftover, nil))
	}
}
