package cli

import (
	"strconv"

	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// Answer is what okey hand --json writes for one classic rack. Its JSON
// is the documented schema; AppendJSON writes the same bytes as
// encoding/json, only faster.
type Answer struct {
	// Winning: the 14 tiles win, or for 15 tiles, a discard finishes.
	Winning bool `json:"winning"`
	// Kind is "melds" or "pairs" for a win, "" otherwise.
	Kind string `json:"kind"`
	// Melds are the groups (pairs too) of the winning 14: real tiles,
	// an okey as itself. Always an array.
	Melds [][]tile.Tile `json:"melds"`
	// Distance is the least number of exchanges to a win (0 for a win);
	// for 15 tiles, that of the 14 left after Discard.
	Distance int `json:"distance"`
	// Discard and OkeyFinish are set for 15 tiles only.
	Discard    *tile.Tile `json:"discard,omitempty"`
	OkeyFinish *bool      `json:"okey_finish,omitempty"`
}

// errorAnswer is the answer to a line that cannot be analysed.
type errorAnswer struct {
	Error string `json:"error"`
}

// Analyse answers one rack of 14 or 15 tiles.
func Analyse(an *hand.Analyzer, h hand.Hand) Answer {
	var a Answer
	var s answerSpace
	analyseInto(&a, &s, an, h)
	return a
}

// answerSpace is where an Answer's pointers point, kept by a worker so
// that answering a line allocates only what the analysis does.
type answerSpace struct {
	discard    tile.Tile
	okeyFinish bool
	melds      [][]tile.Tile
}

func analyseInto(a *Answer, s *answerSpace, an *hand.Analyzer, h hand.Hand) {
	*a = Answer{Melds: s.melds[:0]}
	var win hand.Win
	if h.Len() == hand.RackSize+1 {
		d := an.BestDiscard(h)
		a.Winning, win, a.Distance = d.Wins, d.Win, d.Distance
		s.discard, s.okeyFinish = d.Tile, d.Wins && d.OkeyFinish
		a.Discard, a.OkeyFinish = &s.discard, &s.okeyFinish
	} else if win, a.Winning = an.Win(h); !a.Winning {
		a.Distance = an.Distance(h)
	}
	if a.Winning {
		a.Kind = win.Kind.String()
		for _, m := range win.Melds {
			a.Melds = append(a.Melds, m.Tiles)
		}
	}
	if a.Melds == nil {
		a.Melds = [][]tile.Tile{}
	}
	s.melds = a.Melds
}

// AppendJSON appends the answer's JSON and a newline to out.
func (a *Answer) AppendJSON(out []byte) []byte {
	out = append(out, `{"winning":`...)
	out = strconv.AppendBool(out, a.Winning)
	out = append(out, `,"kind":`...)
	out = strconv.AppendQuote(out, a.Kind)
	out = append(out, `,"melds":[`...)
	for i, m := range a.Melds {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendTiles(out, m)
	}
	out = append(out, `],"distance":`...)
	out = strconv.AppendInt(out, int64(a.Distance), 10)
	if a.Discard != nil {
		out = append(out, `,"discard":"`...)
		out = append(out, a.Discard.String()...)
		out = append(out, '"')
	}
	if a.OkeyFinish != nil {
		out = append(out, `,"okey_finish":`...)
		out = strconv.AppendBool(out, *a.OkeyFinish)
	}
	return append(out, "}\n"...)
}

// appendTiles writes tiles as a JSON array of their notation.
func appendTiles(out []byte, ts []tile.Tile) []byte {
	out = append(out, '[')
	for j, t := range ts {
		if j > 0 {
			out = append(out, ',')
		}
		out = append(out, '"')
		out = append(out, t.String()...)
		out = append(out, '"')
	}
	return append(out, ']')
}

// HandAnswerer answers classic "IND: TILES" lines of 14 or 15 tiles
// under the rules: it is the Answerer of okey hand --json.
func HandAnswerer(rules classic.Rules) func() Answerer {
	return func() Answerer {
		w := &handWorker{rules: rules}
		return w.answer
	}
}

// handWorker is one worker's state: the analyzer of the last indicator
// seen (batches often repeat it) and a buffer for the tiles.
type handWorker struct {
	rules classic.Rules
	ind   tile.Tile
	ok    bool
	an    hand.Analyzer
	buf   [16]tile.Tile
	ans   Answer
	space answerSpace
}

func (w *handWorker) analyzer(ind tile.Tile) (*hand.Analyzer, error) {
	if w.ok && w.ind == ind {
		return &w.an, nil
	}
	an, err := hand.NewAnalyzer(w.rules.HandConfig(), ind)
	if err != nil {
		return nil, &badLine{Err: err}
	}
	w.ind, w.an, w.ok = ind, an, true
	return &w.an, nil
}

// rack reads a line into its analyzer and rack.
func (w *handWorker) rack(line []byte) (*hand.Analyzer, hand.Hand, error) {
	l, err := parseLine(w.rules, line, hand.RackSize, hand.RackSize+1, w.buf[:0])
	if err != nil {
		return nil, hand.Hand{}, err
	}
	an, err := w.analyzer(l.Indicator)
	if err != nil {
		return nil, hand.Hand{}, err
	}
	h, err := an.NewHand(l.Tiles)
	if err != nil {
		return nil, hand.Hand{}, &badLine{Err: err}
	}
	return an, h, nil
}

func (w *handWorker) answer(out, line []byte) ([]byte, bool) {
	an, h, err := w.rack(line)
	if err != nil {
		return appendError(out, err), false
	}
	analyseInto(&w.ans, &w.space, an, h)
	return w.ans.AppendJSON(out), true
}
