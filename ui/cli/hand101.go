package cli

import (
	"encoding/json"
	"errors"
	"io"
	"strings"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
)

// Hand101Answerer answers Okey 101 lines "IND: T1 … T21|T22" under the
// rules (their open=N is the threshold): the Answerer of
// okey hand --game 101 --json. Each worker keeps its own meld.Solver.
func Hand101Answerer(rules okey101.Rules) func() Answerer {
	return func() Answerer {
		var sv meld.Solver
		return func(out, line []byte) ([]byte, bool) {
			if len(strings.TrimSpace(string(line))) == 0 {
				return appendError(out, lineErr("empty line")), false
			}
			a, err := sv.AnswerLine(string(line), rules.Open)
			if err != nil {
				return appendError(out, err), false
			}
			b, err := json.Marshal(a)
			if err != nil { // a meld.Answer always marshals; say so if not
				return appendError(out, err), false
			}
			return append(append(out, b...), '\n'), true
		}
	}
}

// ReadRack101 reads a 101 rack given on the command line: the indicator
// and 21 or 22 tiles, checked as okey hand --game 101 --json checks a line.
func ReadRack101(indicator string, tiles []string) (meld.Analyzer, tile.Counts, error) {
	a, c, err := meld.ParseLine(indicator + ": " + strings.Join(tiles, " "))
	if err == nil {
		return a, c, nil
	}
	bad := &badLine{Err: err}
	// What ErrorIn needs to say it in another language: the token that
	// is no tile, the count.
	_, indErr := tile.ParseTile(indicator)
	ts, tsErr := tile.ParseTiles(strings.Join(tiles, " "))
	var pe *tile.ParseError
	switch {
	case errors.Is(err, meld.ErrNoIndicator) || strings.TrimSpace(indicator) == "":
		bad.Key = "hand.err.noindicator"
	case errors.Is(err, meld.ErrJokerIndicator):
		bad.Key = "hand.err.jokerindicator"
	case errors.Is(err, meld.ErrUnknownTile) && errors.As(indErr, &pe):
		bad.Key, bad.Args = "hand.err.tile.indicator", []any{pe.Token, whyKey(pe.Why)}
	case errors.Is(err, meld.ErrUnknownTile) && errors.As(tsErr, &pe):
		bad.Key, bad.Args = "hand.err.tile", []any{pe.Token, whyKey(pe.Why)}
	case errors.Is(err, meld.ErrTileCount) && tsErr == nil:
		bad.Key, bad.Args = "hand.err.count", []any{21, 22, len(ts)}
	}
	return meld.Analyzer{}, tile.Counts{}, bad
}

// Describe101 writes the analysis of a 101 rack for a person, in
// English: the best opening (its melds and value) against the
// threshold, the pairs, how near it is to finishing from the hand, and
// what the rack scores if another player finished now.
func Describe101(w io.Writer, rules okey101.Rules, a meld.Analyzer, c tile.Counts) error {
	return Describe101In(w, rules, a, c, i18n.MustLoad("en"))
}

// Describe101In is Describe101 in the words of tr (Turkish writes the
// tiles as the table does: kırmızı 1-2-3, okey (kırmızı 5)).
func Describe101In(w io.Writer, rules okey101.Rules, a meld.Analyzer, c tile.Counts, tr *i18n.Catalog) error {
	p := &printer{w: w}
	var sv meld.Solver
	p.f("%s\n", tr.T("hand.indicator", tr.Face(a.Indicator()), tr.Face(a.Okey())))
	p.f("%s\n", tr.T("hand101.of", c.Total(), listIn(tr, c.Tiles(), a.Okey())))
	o := sv.BestOpening(a, c)
	switch {
	case len(o.Melds) == 0:
		p.f("%s\n", tr.T("hand101.none", rules.Open, rules.Open))
	case o.Reaches(rules.Open):
		p.f("%s\n", tr.T("hand101.opens", o.Value, rules.Open))
	default:
		p.f("%s\n", tr.T("hand101.best", o.Value, rules.Open-o.Value, rules.Open))
	}
	for _, m := range o.Melds {
		kind := m.Kind.String()
		if k := "t101.kind." + kind; tr.TileWords() && tr.Has(k) {
			kind = tr.T(k) // seri, aynı sayı
		}
		p.f("  %s\n", tr.T("hand101.meld", kind, m.Value(), meldWordsIn(tr, a, m)))
	}
	pairs := a.Pairs(c, rules.OkeyPair)
	if pairs >= okey101.MinPairs {
		p.f("%s\n", tr.T("hand101.pairs.ok", pairs))
	} else {
		p.f("%s\n", tr.T("hand101.pairs", pairs, okey101.MinPairs))
	}
	left, _ := sv.Unmelded(a, c)
	if left == 1 {
		p.f("%s\n", tr.T("hand101.elden"))
	} else {
		p.f("%s\n", tr.T("hand101.left", left))
	}
	p.f("%s", tr.T("hand101.now", 2*okey101.PenaltyPoints))
	if len(o.Melds) > 0 {
		p.f("%s", tr.T("hand101.now.opened", leftScore(a, c, o)))
	}
	p.f(".\n")
	return p.err
}

// meldWordsIn is meldWords in the words of tr: in Turkish the tiles in
// words and what the okeys stand for after them.
func meldWordsIn(tr *i18n.Catalog, a meld.Analyzer, m meld.Meld) string {
	if !tr.TileWords() {
		return meldWords(a, m)
	}
	s := tr.Tiles(m.Tiles, a.Okey())
	var stands []string
	for i, t := range m.Tiles {
		if a.IsOkey(t) && i < len(m.As) && m.As[i] != tile.NoTile {
			stands = append(stands, tr.Face(m.As[i]))
		}
	}
	if len(stands) > 0 {
		s += " (" + tr.T("tile.okey.short") + ": " + strings.Join(stands, ", ") + ")"
	}
	return s
}

// meldWords writes a meld's tiles, okeys with what they stand for.
func meldWords(a meld.Analyzer, m meld.Meld) string {
	var b strings.Builder
	for i, t := range m.Tiles {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
		switch {
		case a.IsOkey(t) && m.As[i] != tile.NoTile:
			b.WriteString("(okey as " + m.As[i].String() + ")")
		case a.IsOkey(t):
			b.WriteString("(okey)")
		case t == tile.FalseJoker:
			b.WriteString("(as " + a.PlaysAs(t).String() + ")")
		}
	}
	return b.String()
}

// leftScore is what the rack scores after opening with o if another
// player finished now: the values of the tiles left, an okey 101.
func leftScore(a meld.Analyzer, c tile.Counts, o meld.Opening) int {
	for _, m := range o.Melds {
		for _, t := range m.Tiles {
			c[t]--
		}
	}
	sum := 0
	for _, t := range c.Tiles() {
		if a.IsOkey(t) {
			sum += okey101.PenaltyPoints
		} else {
			sum += a.TileValue(t)
		}
	}
	return sum
}
