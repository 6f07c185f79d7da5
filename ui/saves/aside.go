package saves

import (
	"errors"
	"io/fs"
	"os"

	"okey/kit/problem"
	"okey/kit/store"
	"okey/ui/stats"
)

// KeepLost sets aside a saved match that lost lines (lost: a torn last
// line, or lines after its last good one or in its middle that cannot
// be used) while the lines before replayed, and says exactly what was
// lost: the file as it was is kept byte for byte, and the match goes on
// from the last good move — or, when those lines end the match (over),
// it is filed with the finished ones (ArchiveFinished). When saving is
// off (the state folder cannot be written) nothing is set aside, and
// the notice says the file is left as it is.
func (f Files) KeepLost(lost *store.Lost, over, saving bool) (notice string, err error) {
	path := store.ShortPath(f.MatchPath())
	tail := f.Tr.T("notice.lost.untouched")
	if saving {
		why := "damaged"
		if lost.Torn {
			why = "torn"
		}
		aside, aerr := f.SetAsideMatch(why, f.Now())
		if aerr != nil {
			return "", f.cannotKeep(aerr)
		}
		if lost.Torn { // a write cut short, said as ever
			key := "notice.torn"
			if over {
				key = "notice.torn.over"
			}
			return f.Tr.T(key, path, shownLine(lost.Text), store.ShortPath(aside)), nil
		}
		tail = f.Tr.T("notice.lost.kept", store.ShortPath(aside))
	}
	key := "notice.lost.one"
	if lost.Lines > 1 {
		key = "notice.lost.many"
	}
	if over {
		key += ".over"
	}
	last := lost.Line + lost.Lines - 1
	return f.Tr.T(key, path, lost.Line, last, shownLine(lost.Text), problem.Reason(f.Tr, lost.Err)) + " " + tail, nil
}

// cannotKeep is the error of a saved match that must be set aside but
// cannot be (err), in the player's words with a way on.
func (f Files) cannotKeep(err error) error {
	return problem.New("notice.save.keep", store.ShortPath(f.MatchPath()), why(err))
}

// Why is err, a file's, in the player's language (the package's Why).
func (f Files) Why(err error) string { return Why(f.Tr, err) }

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
		return f.cannotKeep(err)
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
		return "", f.cannotKeep(aerr)
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

// Unusable is the problem of a saved match that is there but cannot be
// read (err): a folder where the file should be, or a file the player
// may not read. It is left as it is, and the words say how to go on.
func (f Files) Unusable(err error) error {
	path := store.ShortPath(f.MatchPath())
	if st, serr := os.Stat(f.MatchPath()); serr == nil && st.IsDir() {
		return problem.New("notice.save.dir", path)
	}
	return problem.New("notice.save.unreadable", path, why(err))
}
