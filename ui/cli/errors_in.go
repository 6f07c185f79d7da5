package cli

import (
	"errors"
	"strconv"

	"okey/game/classic/hand"
	"okey/game/tile"
	"okey/kit/i18n"
)

// ErrorIn says err, an error of reading a rack for okey hand, in the
// words of tr: a token that is no tile, a wrong number of tiles, more
// copies of a tile than exist, a missing or false indicator. English,
// but for a missing indicator (named by its flag, as in Turkish), and an
// error this does not know, are err's own words. (--json answers
// keep the English: they are read by programs.)
func ErrorIn(err error, tr *i18n.Catalog) string {
	if tr == nil {
		return err.Error()
	}
	var bl *badLine
	var pe *tile.ParseError
	var ce *hand.CopiesError
	keyed := errors.As(err, &bl)
	switch {
	case keyed && bl.Key != "" && (tr.Lang != "en" || bl.Key == "hand.err.noindicator"):
		// A missing indicator is said the same way by both games and in
		// both languages, naming the flag a person gives it with, not
		// the "IND: TILES" line of --json.
		args := make([]any, len(bl.Args))
		for i, a := range bl.Args {
			if k, ok := a.(catalogueKey); ok { // a part said in words too
				a = tr.T(string(k))
			}
			args[i] = a
		}
		return tr.T(bl.Key, args...)
	case tr.Lang == "en":
		return err.Error()
	case errors.As(err, &pe) && pe.Why != 0:
		key := "hand.err.tile"
		if keyed && bl.Reason == "indicator" {
			key = "hand.err.tile.indicator"
		}
		return tr.T(key, pe.Token, tr.T(string(whyKey(pe.Why))))
	case errors.As(err, &ce):
		return tr.T("hand.err.copies", ce.N, tr.Face(ce.Tile))
	}
	return err.Error()
}

// catalogueKey is an argument of a badLine's Key that is itself a key.
type catalogueKey string

// whyKey is the key that says why a token is not a tile.
func whyKey(w tile.ParseWhy) catalogueKey {
	return catalogueKey("hand.err.why." + strconv.Itoa(int(w)))
}
