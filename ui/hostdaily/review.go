package hostdaily

import (
	"errors"
	"maps"

	tea "charm.land/bubbletea/v2"

	"okey/game/daily"
	"okey/kit/store"
	"okey/ui/pages"
)

// Reviewed is the coach's review asked of the daily's hands, their
// records all at hand: one hand's alone (One: reviewed as a match of
// one hand), or several as one, the first numbered First.
type Reviewed struct {
	Recs  [][]byte
	First int
	One   bool
	Title string
}

// ReviewHands are the hands a key asks to review: hand n, or (n 0)
// every hand ended so far, as one: where the points went over the
// whole day. none is why there is none to review ("" when there are).
func (d *Daily) ReviewHands(c *pages.Common, n int) (hands []int, none string) {
	if n != 0 {
		if n < 1 || n > len(d.set.Hands) {
			return nil, c.Tr.T("daily.review.none", n)
		}
		return []int{n}, ""
	}
	e := d.entry
	for n := e.First(); n < e.First()+len(e.Scores); n++ {
		hands = append(hands, n)
	}
	if len(hands) == 0 {
		return nil, c.Tr.T("daily.review.none", d.hand)
	}
	return hands, ""
}

// Records are the records of the daily's hands (consecutive numbers)
// for their review: as this run played them (ok), or else a command
// that finds those missing among the finished matches files keeps (by
// the daily's id and the hand: RecordMsg).
func (d *Daily) Records(c *pages.Common, files *store.Files, hands []int) (r Reviewed, ok bool, find tea.Cmd) {
	recs := make(map[int][]byte, len(hands))
	var missing []int
	for _, n := range hands {
		if rec, ok := d.recs[n]; ok {
			recs[n] = rec
		} else {
			missing = append(missing, n)
		}
	}
	if len(missing) == 0 {
		return d.review(c, hands, recs), true, nil
	}
	id, set := d.entry.ID, d.set
	return Reviewed{}, false, func() tea.Msg {
		msg := RecordMsg{id: id, hands: hands, recs: recs}
		for _, n := range missing {
			rec, err := findRecord(files, id, set.Meta(set.Hands[n-1], false)[daily.MetaDaily])
			if err != nil {
				msg.missing, msg.err = n, err
				break
			}
			recs[n] = rec
		}
		return msg
	}
}

// review is the review of the daily's hands, their records recs.
func (d *Daily) review(c *pages.Common, hands []int, recs map[int][]byte) Reviewed {
	date := d.set.Date
	if len(hands) == 1 {
		return Reviewed{Recs: [][]byte{recs[hands[0]]}, First: hands[0], One: true, Title: c.Tr.T("daily.review.title", date, hands[0])}
	}
	list := make([][]byte, len(hands))
	for i, n := range hands {
		list[i] = recs[n]
	}
	return Reviewed{Recs: list, First: hands[0], Title: c.Tr.T("daily.review.all", date, hands[0], hands[len(hands)-1])}
}

// RecordMsg brings the records of the daily's hands asked for review,
// those not at hand found among the finished matches; missing is the
// hand not found, with err why.
type RecordMsg struct {
	id      string
	hands   []int
	recs    map[int][]byte
	missing int
	err     error
}

// TookRecords takes in the records found: the review to open (ok), or
// none, with why when the daily asked for them could not find one
// (another daily's records say nothing).
func (d *Daily) TookRecords(c *pages.Common, msg RecordMsg) (r Reviewed, ok bool, none string) {
	if d.entry.ID != msg.id {
		return Reviewed{}, false, ""
	}
	if msg.err != nil {
		return Reviewed{}, false, c.Tr.T("daily.review.none", msg.missing)
	}
	maps.Copy(d.recs, msg.recs)
	return d.review(c, msg.hands, msg.recs), true, ""
}

// errNoRecord: no finished match is the hand asked for.
var errNoRecord = errors.New("no such daily hand among the finished matches")

// findRecord is the newest finished match whose meta names the daily's
// entry id and the hand name (game/daily's Meta).
func findRecord(files *store.Files, id, name string) ([]byte, error) {
	paths, err := files.FinishedMatches(0)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		b, err := files.ReadFinished(p)
		if err != nil {
			continue
		}
		if _, meta := header(b); meta[MetaID] == id && meta[daily.MetaDaily] == name {
			return b, nil
		}
	}
	return nil, errNoRecord
}

// Record is the record of hand n the message brings, or why the hands
// asked for could not all be found.
func (msg RecordMsg) Record(n int) ([]byte, error) {
	if msg.err != nil {
		return nil, msg.err
	}
	return msg.recs[n], nil
}
