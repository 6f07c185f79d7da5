package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// File names inside the state directory.
const (
	// MatchFile is the record of the match being played (JSON Lines, see
	// classic.Record and okey101.Record).
	MatchFile = "current.okey"
	// RackFile is the player's arrangement of the rack for that match.
	RackFile = "current.rack.json"
	// PausedFile is the record of a match set aside while a daily is
	// played over it, until it comes back to the table.
	PausedFile = "paused.okey"
	// FinishedDir holds the records of finished or abandoned matches.
	FinishedDir = "matches"
	// SettingsFile is the settings file inside the config directory.
	SettingsFile = "settings.json"
	// StatsFile holds the player's statistics, in the state directory.
	StatsFile = "stats.json"
)

// StateDir is where the match, the statistics, the finished matches and
// okey serve's tables are kept: dir if given, else $XDG_STATE_HOME/okey,
// else the platform's place for a program's state — ~/.local/state/okey
// on Linux and the other Unix systems (the XDG default), ~/Library/
// Application Support/okey on macOS, %LocalAppData%\okey on Windows.
// A state directory where every platform kept it before,
// ~/.local/state/okey, stays in use when it exists, so that no save is
// lost.
func StateDir(dir string) (string, error) {
	return stateDir(dir, runtime.GOOS, os.Getenv, os.UserHomeDir, dirExists)
}

// stateDir is StateDir on a platform (goos), with its environment, home
// directory and file system given.
func stateDir(dir, goos string, getenv func(string) string, home func() (string, error), exists func(string) bool) (string, error) {
	if dir != "" {
		return dir, nil
	}
	if x := getenv("XDG_STATE_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "okey"), nil
	}
	h, err := home()
	if err != nil {
		return "", fmt.Errorf("no state directory: %w (use --state-dir)", err)
	}
	legacy := filepath.Join(h, ".local", "state", "okey")
	var platform string
	switch goos {
	case "darwin", "ios":
		platform = filepath.Join(h, "Library", "Application Support", "okey")
	case "windows":
		local := getenv("LocalAppData")
		if local == "" || !filepath.IsAbs(local) {
			return legacy, nil
		}
		platform = filepath.Join(local, "okey")
	default:
		return legacy, nil
	}
	if exists(legacy) {
		return legacy, nil
	}
	return platform, nil
}

// dirExists reports whether path is a directory.
func dirExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// ConfigDir is where the settings live: dir if given, else the user's
// config directory (os.UserConfigDir) + /okey.
func ConfigDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	c, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no config directory: %w", err)
	}
	return filepath.Join(c, "okey"), nil
}

// WriteAtomic writes data to path through a temporary file in the same
// directory, synced and renamed over path, so that a reader (or the next
// start after a crash) sees the old file or the new one, never half.
// When path is a symbolic link the file it points to is written so
// (Resolve): the link stays, as the player made it.
func WriteAtomic(path string, data []byte) error {
	path = Resolve(path)
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// maxLinks is how many symbolic links Resolve follows before it gives
// up (a loop): the number Linux allows in a path.
const maxLinks = 40

// Resolve is the file path names: path itself, or, when it is a
// symbolic link, the file at the end of its links — which need not
// exist yet (a link to a file to be made). A save written, set aside or
// filed away acts on that file, so that a player's link (to a synced
// folder, say) stays a link. A link that cannot be read, or a loop, is
// path itself: the error comes from the operation on it.
func Resolve(path string) string {
	p := path
	for range maxLinks {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p
		}
		to, err := os.Readlink(p)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return path
}

// syncDir makes a rename in dir durable. Systems that cannot sync a
// directory (Windows) are left as they are.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("syncing %s: %w", dir, err)
	}
	return nil
}

// CleanTemps removes the temporary files a killed game left in dir
// (.current.okey.tmp-*, .current.rack.json.tmp-*) and reports how many.
// Only the holder of the directory's lock may call it: another game's
// temporary file may be on its way to a rename.
func CleanTemps(dir string) (int, error) {
	n := 0
	for _, name := range []string{MatchFile, RackFile} {
		// A linked file's temporary files are beside its target.
		path := Resolve(filepath.Join(dir, name))
		temps, err := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*"))
		if err != nil {
			return n, err
		}
		for _, t := range temps {
			if err := os.Remove(t); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// SetAside renames path to a new name beside it that says why and when
// (current.okey → current.okey.damaged-20250101-120000), never replacing
// another file, and returns the new path. A symbolic link's file is
// set aside beside it, and the link stays (Resolve).
func SetAside(path, why string, now time.Time) (string, error) {
	path = Resolve(path)
	base := path + "." + why + "-" + now.Format("20060102-150405")
	dst := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			break
		}
		dst = fmt.Sprintf("%s-%d", base, i)
	}
	if err := os.Rename(path, dst); err != nil {
		return "", err
	}
	return dst, nil
}

// Archive moves a finished (or abandoned) match record into the
// matches folder of its directory, under a name with the date, and
// returns the new path. A symbolic link's file is moved (copied, when
// it is on another file system, and then removed), and the link stays
// for the next match (Resolve).
func Archive(path, why string, now time.Time) (string, error) {
	dst, err := archiveName(filepath.Dir(path), why, now)
	if err != nil {
		return "", err
	}
	if err := moveFile(path, dst); err != nil {
		return "", err
	}
	return dst, nil
}

// moveFile moves path (a symbolic link's file, which is copied when it is
// on another file system and then removed; the link stays for the next
// match: Resolve) to dst, a free name.
func moveFile(path, dst string) error {
	real := Resolve(path)
	err := os.Rename(real, dst)
	if err != nil && real != path {
		err = moveByCopy(real, dst)
	}
	return err
}

// moveByCopy moves src to dst, a free name, by writing a copy and then
// removing src: for a file on another file system than dst.
func moveByCopy(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := WriteAtomic(dst, b); err != nil {
		return err
	}
	return os.Remove(src)
}

// ArchiveRecord writes a finished (or abandoned) match's record into the
// matches folder of dir, as Archive would file it, and returns its path:
// for a record that is no longer in a file of its own (the saved file
// ended in a torn line and was set aside whole).
//
// An empty record (nothing but blanks) is not filed: "" and no error.
// okey review and okey verify call an empty file damaged, and there is
// no match in it to keep.
func ArchiveRecord(dir string, rec []byte, why string, now time.Time) (string, error) {
	if len(bytes.TrimSpace(rec)) == 0 {
		return "", nil
	}
	dst, err := archiveName(dir, why, now)
	if err != nil {
		return "", err
	}
	if err := WriteAtomic(dst, rec); err != nil {
		return "", err
	}
	return dst, nil
}

// archiveName is a free name in the matches folder of dir (made if it
// is missing) for a match filed away now under why.
func archiveName(dir, why string, now time.Time) (string, error) {
	dir = filepath.Join(dir, FinishedDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := now.Format("20060102-150405") + "-" + why
	dst := filepath.Join(dir, name+".okey")
	for i := 2; ; i++ {
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			return dst, nil
		}
		dst = filepath.Join(dir, fmt.Sprintf("%s-%d.okey", name, i))
	}
}

// Saver writes snapshots of a file from many goroutines in order: a
// snapshot older than one already written is skipped, so the file on
// disk only ever moves forward.
type Saver struct {
	mu     sync.Mutex
	last   map[string]uint64
	retire map[string]retirement
}

// retirement is a file to put away before its next content is written.
type retirement struct {
	from  uint64 // the first snapshot of the next content
	final []byte // the last content of the file being put away
	away  func(path string) error
}

// NewSaver returns a Saver.
func NewSaver() *Saver { return &Saver{last: map[string]uint64{}, retire: map[string]retirement{}} }

// Save writes data to path if seq is newer than the last snapshot of path
// written; it reports whether it wrote. A file retired (Retire) is put
// away first, when seq is a snapshot of the next content.
func (s *Saver) Save(path string, seq uint64, data []byte) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.retire[path]; ok {
		if seq < r.from {
			return false, nil // older than the final content, written on retiring
		}
		if err := s.putAway(path, r); err != nil {
			return false, err
		}
	}
	if seq <= s.last[path] {
		return false, nil
	}
	if err := WriteAtomic(path, data); err != nil {
		return false, err
	}
	s.last[path] = seq
	return true, nil
}

// Retire marks the content of path as finished: final is its whole last
// content, and the snapshots numbered from and on are of the next
// content. Before the first of them is written (or at Settle), final is
// written and away puts the file away (Archive, say). So the old content
// is kept whole and the new one never put away, whatever order the
// saves of either run in. Retire itself does no I/O.
func (s *Saver) Retire(path string, from uint64, final []byte, away func(path string) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.retire[path] = retirement{from: from, final: final, away: away}
}

// Settle puts away a retired file now, if one waits.
func (s *Saver) Settle(path string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.retire[path]; ok {
		return s.putAway(path, r)
	}
	return nil
}

// putAway writes a retired file's final content and puts it away; s.mu
// is held. On failure the retirement stays, to be tried again.
//
// A retirement with no final content (nothing but blanks: no match was
// on the table) writes and files no empty record: a file left at path
// that holds something is put away as it is, an empty one removed.
func (s *Saver) putAway(path string, r retirement) error {
	switch {
	case len(bytes.TrimSpace(r.final)) > 0:
		if err := WriteAtomic(path, r.final); err != nil {
			return err
		}
		if err := r.away(path); err != nil {
			return err
		}
	case fileHolds(path):
		if err := r.away(path); err != nil {
			return err
		}
	default:
		if err := os.Remove(Resolve(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	delete(s.retire, path)
	s.last[path] = r.from - 1
	return nil
}

// Remove deletes path after every earlier save of it, if it exists.
func (s *Saver) Remove(path string, seq uint64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seq <= s.last[path] {
		return nil
	}
	s.last[path] = seq
	err := os.Remove(Resolve(path)) // a link stays for the next file
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// fileHolds reports whether path (a link's file) is a file with
// something in it.
func fileHolds(path string) bool {
	fi, err := os.Stat(Resolve(path))
	return err == nil && fi.Mode().IsRegular() && fi.Size() > 0
}

// ShortPath writes path with the home directory as ~, for messages.
func ShortPath(path string) string {
	home, err := os.UserHomeDir()
	if err == nil && home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
		return "~" + path[len(home):]
	}
	return path
}

// Files are the files of one player: the state directory (the match
// being played, its rack, the finished matches) and the config directory
// (the settings). Saves go through one Saver, so a file on disk only ever
// moves forward, whatever order the goroutines that save run in.
type Files struct {
	stateDir, configDir string
	saver               *Saver
	lock                *Lock
}

// Lock takes the state directory's lock (LockDir) and then clears what a
// killed game left there. Unlock lets it go.
func (f *Files) Lock() error {
	l, err := LockDir(f.stateDir)
	if err != nil {
		return err
	}
	f.lock = l
	_, err = CleanTemps(f.stateDir)
	return err
}

// Unlock lets the state directory go, if it is held.
func (f *Files) Unlock() error {
	err := f.lock.Unlock()
	f.lock = nil
	return err
}

// StateDir is the state directory.
func (f *Files) StateDir() string { return f.stateDir }

// Open returns the files of a state and a config directory. It touches
// nothing on disk.
func Open(stateDir, configDir string) *Files {
	return &Files{stateDir: stateDir, configDir: configDir, saver: NewSaver()}
}

// MatchPath is the record of the match being played.
func (f *Files) MatchPath() string { return filepath.Join(f.stateDir, MatchFile) }

// RackPath is the player's arrangement of the rack.
func (f *Files) RackPath() string { return filepath.Join(f.stateDir, RackFile) }

// ReadMatch reads the record of the match being played; an error wraps
// fs.ErrNotExist when there is none.
func (f *Files) ReadMatch() ([]byte, error) { return os.ReadFile(f.MatchPath()) }

// ReadRack reads the saved arrangement of the rack.
func (f *Files) ReadRack() ([]byte, error) { return os.ReadFile(f.RackPath()) }

// SaveMatch writes snapshot seq of the match record, unless a newer one
// is on disk already.
func (f *Files) SaveMatch(seq uint64, data []byte) error {
	_, err := f.saver.Save(f.MatchPath(), seq, data)
	return err
}

// SaveRack writes snapshot seq of the rack's arrangement, unless a newer
// one is on disk already.
func (f *Files) SaveRack(seq uint64, data []byte) error {
	_, err := f.saver.Save(f.RackPath(), seq, data)
	return err
}

// SetAsideMatch renames a match record that cannot be read (see
// SetAside) and returns its new path.
func (f *Files) SetAsideMatch(why string, now time.Time) (string, error) {
	return SetAside(f.MatchPath(), why, now)
}

// SetAsideRack renames a saved arrangement of the rack that cannot be
// read (see SetAside) and returns its new path.
func (f *Files) SetAsideRack(now time.Time) (string, error) {
	return SetAside(f.RackPath(), "damaged", now)
}

// ArchiveMatch moves the match record into the finished matches (see
// Archive) and returns its new path.
func (f *Files) ArchiveMatch(why string, now time.Time) (string, error) {
	return Archive(f.MatchPath(), why, now)
}

// ArchiveMatchRecord writes rec, a match's record, into the finished
// matches (see ArchiveRecord) and returns its path.
func (f *Files) ArchiveMatchRecord(rec []byte, why string, now time.Time) (string, error) {
	return ArchiveRecord(f.stateDir, rec, why, now)
}

// RetireMatch files the match being played away with the finished
// matches (under why) before the first snapshot of the next one, numbered
// from, is saved: final is its whole record. It does no I/O itself (see
// Saver.Retire); SaveMatch or SettleMatch does it.
func (f *Files) RetireMatch(from uint64, final []byte, why string, now time.Time) {
	f.saver.Retire(f.MatchPath(), from, final, func(path string) error {
		_, err := Archive(path, why, now)
		return err
	})
}

// PausedPath is the match paused for a daily (PausedFile).
func (f *Files) PausedPath() string { return filepath.Join(f.stateDir, PausedFile) }

// PauseMatch sets the match being played aside in PausedFile, to come
// back after a daily, as RetireMatch files one away: before the first
// snapshot of the next match, numbered from, is saved; final is its
// whole record. A match paused before and still there is filed with the
// finished ones first (as abandoned), so that neither is lost.
func (f *Files) PauseMatch(from uint64, final []byte, now time.Time) {
	paused := f.PausedPath()
	f.saver.Retire(f.MatchPath(), from, final, func(path string) error {
		if _, err := os.Lstat(paused); err == nil {
			if _, err := Archive(paused, "abandoned", now); err != nil {
				return err
			}
		}
		return moveFile(path, paused)
	})
}

// ReadPaused reads the paused match's record.
func (f *Files) ReadPaused() ([]byte, error) { return os.ReadFile(f.PausedPath()) }

// HasPaused reports whether a paused match waits.
func (f *Files) HasPaused() bool {
	_, err := os.Lstat(f.PausedPath())
	return err == nil
}

// RemovePaused deletes the paused match once it is back on the table
// and saved there; none is no error.
func (f *Files) RemovePaused() error {
	err := os.Remove(f.PausedPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// UnpauseMatch puts the paused match back as the match being played,
// when there is none (a run that ended between the daily's end and the
// match's return): it never replaces a match file.
func (f *Files) UnpauseMatch() error {
	if _, err := os.Lstat(f.MatchPath()); err == nil {
		return fmt.Errorf("putting back %s: %w", f.PausedPath(), fs.ErrExist)
	}
	return moveFile(f.PausedPath(), f.MatchPath())
}

// SettleMatch files a retired match away now, if one waits.
func (f *Files) SettleMatch() error { return f.saver.Settle(f.MatchPath()) }

// StatsPath is the statistics file.
func (f *Files) StatsPath() string { return filepath.Join(f.stateDir, StatsFile) }

// ReadStats reads the statistics; an error wraps fs.ErrNotExist when
// there are none yet.
func (f *Files) ReadStats() ([]byte, error) { return os.ReadFile(f.StatsPath()) }

// SaveStats writes snapshot seq of the statistics, unless a newer one is
// on disk already.
func (f *Files) SaveStats(seq uint64, data []byte) error {
	_, err := f.saver.Save(f.StatsPath(), seq, data)
	return err
}

// SetAsideStats renames a statistics file that cannot be read.
func (f *Files) SetAsideStats(now time.Time) (string, error) {
	return SetAside(f.StatsPath(), "damaged", now)
}

// SettingsPath is the settings file.
func (f *Files) SettingsPath() string { return SettingsPath(f.configDir) }

// SettingsPath is the settings file of configDir.
func SettingsPath(configDir string) string { return filepath.Join(configDir, SettingsFile) }

// ReadSettings reads the settings file of configDir; an error wraps
// fs.ErrNotExist when there is none.
func ReadSettings(configDir string) ([]byte, error) { return os.ReadFile(SettingsPath(configDir)) }

// SetAsideSettings renames a settings file that cannot be read and
// returns its new path.
func SetAsideSettings(configDir, why string, now time.Time) (string, error) {
	return SetAside(SettingsPath(configDir), why, now)
}

// WriteSettings writes the settings file atomically.
func (f *Files) WriteSettings(data []byte) error { return WriteAtomic(f.SettingsPath(), data) }

// FinishedMatches lists the records of the finished and abandoned
// matches, the newest first (their names begin with the date they were
// filed), at most n of them (n ≤ 0: all), for the saved matches page
// that opens their reviews.
func (f *Files) FinishedMatches(n int) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(f.stateDir, FinishedDir, "*.okey"))
	if err != nil {
		return nil, fmt.Errorf("listing the finished matches: %w", err)
	}
	slices.Sort(paths)
	slices.Reverse(paths)
	if n > 0 && len(paths) > n {
		paths = paths[:n]
	}
	return paths, nil
}

// ReadFinished reads the record of a finished match that
// FinishedMatches listed.
func (f *Files) ReadFinished(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the saved match: %w", err)
	}
	return b, nil
}
