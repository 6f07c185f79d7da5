// Package jsonl is the framing both games' match records share: JSON
// Lines with a header line first, then the first deal, then every action
// with the next deal after each action that starts a hand. What a header,
// a deal and an action hold is each game's own; this package only puts
// the lines in order and reads them back, so that the two records keep
// one shape and say a damaged line the same way.
package jsonl

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Line is v as one line of JSON, newline included. The records' lines are
// plain structs of strings, numbers and slices: marshalling them cannot
// fail.
func Line(v any) []byte {
	b, _ := json.Marshal(v)
	return append(b, '\n')
}

// Write is a record's text: the header line, the first deal, then each
// action's line, with the next deal after every action that starts a
// hand.
func Write[D, A any](header []byte, deals []D, actions []A, startsHand func(A) bool, actionLine func(A) []byte) []byte {
	var buf bytes.Buffer
	buf.Write(header)
	deal := 0
	if deal < len(deals) {
		buf.Write(Line(deals[deal]))
		deal++
	}
	for _, a := range actions {
		buf.Write(actionLine(a))
		if startsHand(a) && deal < len(deals) {
			buf.Write(Line(deals[deal]))
			deal++
		}
	}
	return buf.Bytes()
}

// Split is a record's lines. Blank lines at its end (a final newline,
// or more: an editor or a copy adds them) are not lines of it, so they
// are no damage and lose nothing; a blank line before the last line is
// (Body refuses it). corrupt is the error an empty record is refused
// with.
func Split(b []byte, corrupt error) ([][]byte, error) {
	lines := bytes.Split(b, []byte("\n"))
	for len(lines) > 0 && len(bytes.TrimSpace(lines[len(lines)-1])) == 0 {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%w: empty", corrupt)
	}
	return lines, nil
}

// Body reads the lines after the header: a line with a "deal" key is a
// deal, any other an action, read by parseAction. A line that is empty or
// does not read is refused with corrupt and its number (the header is
// line 1).
func Body[D, A any](lines [][]byte, corrupt error, parseAction func([]byte) (A, error)) (deals []D, actions []A, err error) {
	for i, ln := range lines {
		no := i + 2
		if len(bytes.TrimSpace(ln)) == 0 {
			return nil, nil, fmt.Errorf("%w: line %d is empty", corrupt, no)
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(ln, &keys); err != nil {
			return nil, nil, fmt.Errorf("%w: line %d: %v", corrupt, no, err)
		}
		if _, ok := keys["deal"]; ok {
			var d D
			if err := json.Unmarshal(ln, &d); err != nil {
				return nil, nil, fmt.Errorf("%w: line %d: %v", corrupt, no, err)
			}
			deals = append(deals, d)
			continue
		}
		a, err := parseAction(ln)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: line %d: %v", corrupt, no, err)
		}
		actions = append(actions, a)
	}
	return deals, actions, nil
}
