package host101

import (
	"strconv"

	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/hosting"
	"okey/ui/pages"
	"okey/ui/table"
)

// What 101 gives the pages the app hosts once for both games (their
// words are play101's, their layout ui/pages'): resuming a saved match,
// the end of a hand (which scrolls), the score sheet, the final sheet;
// and the two pages over the table (the keys and rules, the stacks and
// the whole table).

// Pages are the pages between hands: Resume, HandEnd, Final, Scores.
func (s *Side) Pages() hosting.Pages { return s.pages }

// Resume is 101's resume page: the hand saved of how many (under way,
// or ended and the next not dealt yet), the seats' scores.
func (s *Side) Resume(where string) (string, func(int) string) {
	v := &s.T.View
	key := "t101.resume.body"
	if v.Phase == game.HandOver {
		key = "t101.resume.body.ended"
	}
	body := s.look.Words.Tr.T(key, v.Hand, v.Rules.Hands, where)
	return body, func(seat int) string { return canvas.Right(strconv.Itoa(v.Scores[seat]), 6) }
}

// HandEnd is 101's hand's end, whose page scrolls: next deals again
// after a void hand.
func (s *Side) HandEnd(w int) hosting.HandEnd {
	v := &s.T.View
	k := s.look.Keys.HandOver
	over := v.Phase == game.MatchOver
	next := k.Next
	if res := v.Result; !over && res != nil && res.Void {
		next.SetHelp(k.Next.Help().Key, s.look.Words.Tr.T("t101.key.redeal"))
	}
	return hosting.HandEnd{
		Hand:  v.Hand,
		Over:  over,
		Ready: s.ready,
		Deal: func() (hosting.Reply, error) {
			evs, lines, err := s.T.G.Apply(okey101.NextHand())
			if err != nil {
				return hosting.Reply{}, err
			}
			return hosting.Reply{Req: table.ReqPlay, Plays: []hosting.Play{s.applied(evs, lines)}}, nil
		},
		Page:      func() (pages.HandEnd, bool) { return s.T.HandEndPage(w) },
		Scroll:    true,
		FinalKeys: "t101.handover.keys.final",
		Next:      next,
		ScoresKey: s.look.Keys.Table101.Scores,
		More:      []key.Binding{k.Stats, k.Settings},
	}
}

// Scores is the score sheet (the same page as classic's): a title, then
// the table.
func (s *Side) Scores(w int) hosting.Scores {
	var sheet []string
	if len(s.T.View.Results) > 0 {
		sheet = s.T.SheetTable(w)
	}
	return hosting.Scores{Title: s.look.Words.Tr.T("t101.sheet.title"), Table: sheet, Key: s.look.Keys.Table101.Scores}
}

// Final is the final sheet (its rows are play101's Final): who won (the
// lowest total), the places, ties shown, then the hands when they fit.
func (s *Side) Final() hosting.Final {
	k := s.look.Keys.MatchOver
	t, ok := s.T.Final()
	return hosting.Final{Table: t, OK: ok, Sheet: s.T.SheetTable(0),
		Bar: []key.Binding{k.NewMatch, k.Review, k.Game, s.look.Keys.Table101.Scores, k.Quit, k.Stats, k.Settings}}
}

// Help is the ? page of the 101 table: its title, and how to play 101
// after the keys.
func (s *Side) Help(w int) (string, []string) { return "t101.help.title", s.T.HowToPlay(w) }

// Browse is the page of the stacks and the whole table.
func (s *Side) Browse(w int) []string { return s.T.BrowseLines(w) }
