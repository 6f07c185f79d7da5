package saves

import (
	"errors"
	"fmt"
	"io/fs"

	"okey/ui/canvas"
	"okey/ui/problem"
	"okey/ui/stats"
	"okey/ui/store"
)

// maxTornShown is how much of a broken last line the player is shown.
const maxTornShown = 60

// KeepTorn sets aside a saved match whose last line was broken (torn)
// while the lines before it replayed, and says so: the file as it was
// is kept, and the match goes on from the line before — or, when those
// lines end the match (over), it is filed with the finished ones
// (ArchiveFinished).
func (f Files) KeepTorn(torn []byte, over bool) (notice string, err error) {
	path := f.MatchPath()
	aside, aerr := f.SetAsideMatch("torn", f.Now())
	if aerr != nil {
		return "", fmt.Errorf("the saved match %s ends in a broken line, and it cannot be set aside (%v); move it away and start again", path, aerr)
	}
	key := "notice.torn"
	if over {
		key = "notice.torn.over"
	}
	return f.Tr.T(key, store.ShortPath(path), canvas.Cut(string(torn), maxTornShown), store.ShortPath(aside)), nil
}

// ArchiveFinished files a finished match with the finished ones: the
// saved file itself, or, when a torn last line had that file set aside
// whole (setAside), rec, the record of the lines that replayed.
func (f Files) ArchiveFinished(rec []byte, setAside bool) error {
	var err error
	if setAside {
		_, err = f.ArchiveMatchRecord(rec, "finished", f.Now())
	} else {
		_, err = f.ArchiveMatch("finished", f.Now())
	}
	if err != nil {
		return fmt.Errorf("archiving the finished match %s: %w", f.MatchPath(), err)
	}
	return nil
}

// SetAsideDamaged sets aside a saved match that cannot be read (err; of
// an unknown version when version), and says so: a new match starts.
func (f Files) SetAsideDamaged(err error, version bool) (notice string, _ error) {
	why := "damaged"
	if version {
		why = "unknown-version"
	}
	path := f.MatchPath()
	aside, aerr := f.SetAsideMatch(why, f.Now())
	if aerr != nil {
		return "", fmt.Errorf("the saved match %s cannot be read (%v) nor set aside (%v); move it away and start again", path, err, aerr)
	}
	reason := f.Tr.T("record.damaged", problem.Reason(f.Tr, err))
	if version {
		reason = f.Tr.T("record.version")
	}
	return f.Tr.T("notice.damaged", store.ShortPath(path), reason, store.ShortPath(aside)), nil
}

// RackDamaged sets aside a saved arrangement of the rack that cannot
// be read (why), and says so, as a damaged match is: the rack starts
// sorted, and the file as it was is kept rather than silently
// overwritten by the next save.
func (f Files) RackDamaged(why string) (notice string) {
	path := f.RackPath()
	aside, err := f.SetAsideRack(f.Now())
	if err != nil {
		return f.Tr.T("notice.rack.kept", store.ShortPath(path), why, err.Error())
	}
	return f.Tr.T("notice.rack.damaged", store.ShortPath(path), why, store.ShortPath(aside))
}

// LoadStats reads the statistics; a file that cannot be read is set
// aside (when saves work: saving) and counting starts again, said in
// notice ("" for nothing to say).
func (f Files) LoadStats(saving bool) (_ stats.File, notice string) {
	b, err := f.ReadStats()
	if errors.Is(err, fs.ErrNotExist) || err != nil && !saving {
		return stats.New(), ""
	}
	var s stats.File
	if err == nil {
		s, err = stats.Parse(b)
	}
	if err != nil {
		path := store.ShortPath(f.StatsPath())
		if aside, aerr := f.SetAsideStats(f.Now()); aerr == nil {
			notice = f.Tr.T("notice.stats", path, err.Error(), store.ShortPath(aside))
		}
		return stats.New(), notice
	}
	return s, ""
}
