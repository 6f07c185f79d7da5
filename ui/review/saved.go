package review

import (
	tea "charm.land/bubbletea/v2"

	"okey/kit/store"
	"okey/ui/cli"
	"okey/ui/pages"
)

// The saved matches (w on the score history): the finished ones of the
// state directory, newest first, to open the review of any of them.
// The list and a chosen record are read in tea.Cmds, never in Update.

// MaxSaved is how many saved matches the page lists: the newest.
const MaxSaved = 100

// ListMsg brings the list of saved matches read (ReadList).
type ListMsg struct {
	List []pages.SavedMatch
	Err  error
}

// RecordMsg brings the record of the match chosen (ReadRecord).
type RecordMsg struct {
	Match pages.SavedMatch
	Rec   []byte
	Err   error
}

// ReadList reads the newest finished matches of files, each named by
// its date, why it was filed and its game, and answers a ListMsg.
func ReadList(files *store.Files) tea.Cmd {
	return func() tea.Msg {
		paths, err := files.FinishedMatches(MaxSaved)
		if err != nil {
			return ListMsg{Err: err}
		}
		list := make([]pages.SavedMatch, 0, len(paths))
		for _, p := range paths {
			s := pages.SavedMatch{Path: p, Game: "val.classic"}
			s.When, s.Why = pages.SavedName(p)
			if b, err := files.ReadFinished(p); err == nil && cli.Is101(b) {
				s.Game = "val.okey101"
			}
			list = append(list, s)
		}
		return ListMsg{List: list}
	}
}

// ReadRecord reads the record of the saved match s and answers a
// RecordMsg.
func ReadRecord(files *store.Files, s pages.SavedMatch) tea.Cmd {
	return func() tea.Msg {
		b, err := files.ReadFinished(s.Path)
		return RecordMsg{Match: s, Rec: b, Err: err}
	}
}
