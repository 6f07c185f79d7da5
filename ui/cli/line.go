package cli

import (
	"bytes"
	"fmt"

	"okey/game/classic"
	"okey/game/tile"
)

// badLine is an input line that cannot be analysed: a bad indicator,
// a bad tile, a wrong number of tiles, tiles that cannot be together.
// Its message says what is wrong, in words for the person who wrote it.
type badLine struct {
	Reason string
	Err    error // the cause, if any (a *tile.ParseError, say)
	// Key and Args say Reason in a catalogue's words (ErrorIn); "" when
	// the reason has no key.
	Key  string
	Args []any
}

func (e *badLine) Error() string {
	switch {
	case e.Err == nil:
		return e.Reason
	case e.Reason == "":
		return e.Err.Error()
	}
	return e.Reason + ": " + e.Err.Error()
}

func (e *badLine) Unwrap() error { return e.Err }

func lineErr(format string, args ...any) error {
	return &badLine{Reason: fmt.Sprintf(format, args...)}
}

// keyedErr is lineErr with the catalogue key that says it in another
// language, with args.
func keyedErr(key string, args []any, format string, fargs ...any) error {
	return &badLine{Reason: fmt.Sprintf(format, fargs...), Key: key, Args: args}
}

// parsedLine is one parsed "IND: TILES" line.
type parsedLine struct {
	// Indicator is tile.NoTile under simple104, which has none.
	Indicator tile.Tile
	Tiles     []tile.Tile
}

// parseIndicator reads the indicator as the rules want it: a coloured
// tile, or none ("" or "-") under simple104.
func parseIndicator(rules classic.Rules, ind []byte) (tile.Tile, error) {
	ind = bytes.TrimSpace(ind)
	switch {
	case !rules.HasOkey():
		if len(ind) > 0 && string(ind) != "-" {
			return tile.NoTile, lineErr("simple104 has no indicator, got %q", ind)
		}
		return tile.NoTile, nil
	case len(ind) == 0:
		return tile.NoTile, keyedErr("hand.err.noindicator", nil, `no indicator: write the line as "IND: TILES", e.g. "R4: R1 R2 …"`)
	}
	t, err := tile.Parse(ind)
	if err != nil {
		return tile.NoTile, &badLine{Reason: "indicator", Err: err}
	}
	if t == tile.FalseJoker {
		return tile.NoTile, keyedErr("hand.err.jokerindicator", nil, "a false joker is never the indicator")
	}
	return t, nil
}

// parseLine reads "IND: T1 T2 …" (under simple104, "T1 T2 …") with
// between min and max tiles, appending the tiles to dst[:0] so that a
// caller with room enough does not allocate. It checks the notation and
// the count, not the tiles against the deal (hand.Analyzer.NewHand does).
func parseLine(rules classic.Rules, line []byte, min, max int, dst []tile.Tile) (parsedLine, error) {
	line = bytes.TrimSpace(line)
	var indPart, tilePart []byte
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		indPart, tilePart = line[:i], line[i+1:]
	} else {
		tilePart = line
	}
	if len(line) == 0 {
		return parsedLine{}, lineErr("empty line")
	}
	ind, err := parseIndicator(rules, indPart)
	if err != nil {
		return parsedLine{}, err
	}
	ts, err := tile.AppendTiles(dst[:0], tilePart)
	if err != nil {
		return parsedLine{}, &badLine{Err: err}
	}
	if len(ts) < min || len(ts) > max {
		want := fmt.Sprintf("%d to %d", min, max)
		if max == min+1 {
			want = fmt.Sprintf("%d or %d", min, max)
		}
		if max == min+1 {
			return parsedLine{}, keyedErr("hand.err.count", []any{min, max, len(ts)}, "a hand has %s tiles, this one has %d", want, len(ts))
		}
		return parsedLine{}, lineErr("a hand has %s tiles, this one has %d", want, len(ts))
	}
	return parsedLine{Indicator: ind, Tiles: ts}, nil
}
