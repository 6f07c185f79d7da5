package hostclassic

import (
	"charm.land/bubbles/v2/key"

	"okey/game"
	"okey/game/classic"
	"okey/ui/hosting"
	"okey/ui/pages"
	"okey/ui/seatlink"
	"okey/ui/table"
)

// What classic gives the pages the app hosts once for both games (their
// lines are playclassic's, their layout ui/pages'): resuming a saved
// match, the end of a hand, the score history, the final table; and the
// two pages over the table (the keys and rules, the discard stacks).

// Pages are the pages between hands: Resume, HandEnd, Final, Scores.
func (s *Side) Pages() hosting.Pages { return s.pages }

// Resume is classic's resume page: the hand saved (under way, or
// ended and the next not dealt yet), the seats' scores.
func (s *Side) Resume(where string) (string, func(int) string) {
	body := "resume.body"
	if s.T.View.Phase == game.HandOver {
		body = "resume.body.ended"
	}
	return s.look.Words.Tr.T(body, s.T.View.Hand, where), s.T.ScoreCell
}

// HandEnd is classic's hand's end: the winner's hand in its groups,
// what each player lost and why, the scores, and the hands before when
// they fit.
func (s *Side) HandEnd(w int) hosting.HandEnd {
	v := &s.T.View
	k := s.look.Keys.HandOver
	return hosting.HandEnd{
		Hand:  v.Hand,
		Over:  v.Phase == game.MatchOver,
		Ready: func(l *seatlink.Link) hosting.Reply { return s.told(s.Act(classic.NextHandAction(), l)) },
		Deal: func() (hosting.Reply, error) {
			evs, lines, err := s.T.G.Apply(classic.NextHandAction())
			if err != nil {
				return hosting.Reply{}, err
			}
			return hosting.Reply{Req: table.ReqPlay, Plays: []hosting.Play{s.applied(evs, lines)}}, nil
		},
		Page:      func() (pages.HandEnd, bool) { return s.T.HandEndPage(s.History, w) },
		Next:      k.Next,
		ScoresKey: k.Scores,
		More:      []key.Binding{k.Stats, k.Settings},
	}
}

// Scores is classic's score history: a title, then the table.
func (s *Side) Scores(w int) hosting.Scores {
	return hosting.Scores{
		Title: s.look.Words.Tr.T("scores.title"),
		Table: s.T.ScoreTable(s.History, w),
		Key:   s.look.Keys.Table.Scores,
	}
}

// Final is classic's final table (its rows are playclassic's Final).
func (s *Side) Final() hosting.Final {
	t, ok := s.T.Final()
	return hosting.Final{Table: t, OK: ok, Bar: s.look.Keys.MatchOver.ShortHelp()}
}

// Help is the ? page of classic's table: its title, and how to play
// after the keys.
func (s *Side) Help(w int) (string, []string) { return "help.title", s.T.HowToPlay(w) }

// Browse is the page of the discard stacks.
func (s *Side) Browse(w int) []string { return s.T.BrowseLines(w) }
