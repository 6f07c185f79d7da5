package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The files of okey serve: a folder of its own under the state
// directory, so a server and a player's own game never share a file, and
// the host key in another beside it, since the SSH library tightens the
// permissions of the folder it writes the key into.
const (
	// ServeDir is the server's folder inside the state directory.
	ServeDir = "serve"
	// TablesDir holds a file pair per table inside ServeDir: ID.json (the
	// table: its options, who holds which seat) and ID.okey (the match's
	// record, as the game's Record writes it).
	TablesDir = "tables"
	// HostKeyDir and HostKeyFile are the server's SSH host key.
	HostKeyDir  = "serve-hostkey"
	HostKeyFile = "ssh_host_ed25519"
)

// ServeStateDir is the server's folder: DIR/serve, with DIR from
// StateDir.
func ServeStateDir(dir string) (string, error) {
	d, err := StateDir(dir)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, ServeDir), nil
}

// HostKeyPath is where the host key is kept unless --host-key says
// otherwise: a folder of its own beside the server's, outside the
// working directory.
func HostKeyPath(stateDir string) (string, error) {
	d, err := StateDir(stateDir)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, HostKeyDir, HostKeyFile), nil
}

// PrepareHostKeyDir makes the folder of the host key, readable by its
// owner only.
func PrepareHostKeyDir(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("host key folder %s: %w", dir, err)
	}
	return nil
}

// Tables is the tables' folder of a server. okey serve keeps its tables
// in its embedded store now (package serve's keep.go); this folder holds
// the finished matches, and the tables an older server saved here are
// read from it once, to be imported.
type Tables struct{ dir string }

// OpenTables opens (and makes) the tables' folder inside serveDir.
func OpenTables(serveDir string) (*Tables, error) {
	dir := filepath.Join(serveDir, TablesDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("tables folder: %w", err)
	}
	if _, err := CleanTableTemps(dir); err != nil {
		return nil, err
	}
	return &Tables{dir: dir}, nil
}

// Dir is the folder.
func (t *Tables) Dir() string { return t.dir }

// Save writes a table's two files, each atomically: the record first,
// so that a table file never names a match that is not there. A nil
// file is left as it is.
func (t *Tables) Save(id string, table, record []byte) error {
	if record != nil {
		if err := WriteAtomic(filepath.Join(t.dir, id+".okey"), record); err != nil {
			return err
		}
	}
	if table == nil {
		return nil
	}
	return WriteAtomic(filepath.Join(t.dir, id+".json"), table)
}

// Retire puts a closed table away: its match's record goes to the
// finished matches, its table file is removed, so it is not restored.
// Of the finished matches the newest keep are kept (0: all), so the
// folder does not grow without bound.
func (t *Tables) Retire(id string, now time.Time, keep int) error {
	rec := filepath.Join(t.dir, id+".okey")
	if _, err := os.Stat(rec); err == nil {
		if _, err := Archive(rec, "table-"+id, now); err != nil {
			return err
		}
		if keep > 0 {
			if _, err := PruneFinished(filepath.Join(t.dir, FinishedDir), keep); err != nil {
				return err
			}
		}
	}
	if err := os.Remove(filepath.Join(t.dir, id+".json")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// nextFile keeps the number the next table gets, so that no number is
// used twice, even after tables close and the server restarts.
const nextFile = "next"

// SaveNext records the number the next table gets.
func (t *Tables) SaveNext(n int) error {
	return WriteAtomic(filepath.Join(t.dir, nextFile), []byte(strconv.Itoa(n)+"\n"))
}

// LoadNext is the number the next table gets, as last saved (0 if
// never).
func (t *Tables) LoadNext() (int, error) {
	b, err := os.ReadFile(filepath.Join(t.dir, nextFile))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("the next table's number in %s: %q", t.dir, strings.TrimSpace(string(b)))
	}
	return n, nil
}

// PruneFinished removes the oldest finished matches' records of dir
// beyond the newest keep, and says how many it removed. Their names
// begin with the time they were put away, so name order is age order.
func PruneFinished(dir string, keep int) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("finished matches: %w", err)
	}
	var recs []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".okey") && !strings.HasPrefix(e.Name(), ".") {
			recs = append(recs, e.Name())
		}
	}
	if len(recs) <= keep {
		return 0, nil
	}
	slices.Sort(recs)
	n := 0
	for _, name := range recs[:len(recs)-keep] {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return n, fmt.Errorf("finished matches: %w", err)
		}
		n++
	}
	return n, nil
}

// SavedTable is a table's two files as read back.
type SavedTable struct {
	ID            string
	Table, Record []byte
	// Err is why the table's files could not be read.
	Err error
}

// Load reads every table saved in the folder, by ID.
func (t *Tables) Load() ([]SavedTable, error) {
	ents, err := os.ReadDir(t.dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", t.dir, err)
	}
	var out []SavedTable
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".") {
			continue
		}
		id := strings.TrimSuffix(name, ".json")
		st := SavedTable{ID: id}
		st.Table, st.Err = os.ReadFile(filepath.Join(t.dir, name))
		if st.Err == nil {
			st.Record, err = os.ReadFile(filepath.Join(t.dir, id+".okey"))
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				st.Err = err
			}
		}
		out = append(out, st)
	}
	slices.SortFunc(out, func(a, b SavedTable) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// SetAside renames a table's files that cannot be read, so they are kept
// and not read again.
func (t *Tables) SetAside(id string, now time.Time) error {
	var errs []error
	for _, ext := range []string{".json", ".okey"} {
		p := filepath.Join(t.dir, id+ext)
		if _, err := os.Stat(p); err == nil {
			if _, err := SetAside(p, "damaged", now); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// CleanTableTemps removes temporary files a killed server left in the
// tables' folder.
func CleanTableTemps(dir string) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp-") {
			if err := os.Remove(filepath.Join(dir, e.Name())); err == nil {
				n++
			}
		}
	}
	return n, nil
}
