package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

func TestSaverOnlyMovesForward(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", MatchFile)
	s := NewSaver()
	if ok, err := s.Save(path, 2, []byte("two")); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if ok, _ := s.Save(path, 1, []byte("one")); ok {
		t.Fatal("an older snapshot was written over a newer one")
	}
	var wg sync.WaitGroup
	for i := uint64(3); i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Save(path, i, []byte{byte(i)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	b, _ := os.ReadFile(path)
	if len(b) != 1 || b[0] != 49 {
		t.Fatalf("file holds %v, want the newest snapshot", b)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "sub", ".*tmp*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestSetAsideNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, MatchFile)
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	var got []string
	for i := range 2 {
		if err := os.WriteFile(path, []byte{byte(i)}, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := SetAside(path, "damaged", now)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
	}
	if got[0] == got[1] {
		t.Fatal("the second file replaced the first")
	}
	for i, p := range got {
		b, _ := os.ReadFile(p)
		if len(b) != 1 || b[0] != byte(i) {
			t.Fatalf("%s holds %v", p, b)
		}
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("the original is still there")
	}
}

func TestArchive(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, MatchFile)
	os.WriteFile(path, []byte("x"), 0o644)
	p, err := Archive(path, "finished", time.Unix(0, 0).UTC())
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(p) != filepath.Join(dir, FinishedDir) {
		t.Fatalf("archived to %s", p)
	}
}

// ArchiveRecord files a record that has no file of its own beside the
// ones already there, at the same moment too, never over one.
func TestArchiveRecordNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	now := time.Unix(0, 0).UTC()
	path := filepath.Join(dir, MatchFile)
	os.WriteFile(path, []byte("first"), 0o644)
	first, err := Archive(path, "finished", now)
	if err != nil {
		t.Fatal(err)
	}
	second, err := ArchiveRecord(dir, []byte("second"), "finished", now)
	if err != nil {
		t.Fatal(err)
	}
	if second == first || filepath.Dir(second) != filepath.Join(dir, FinishedDir) {
		t.Fatalf("filed as %s beside %s", second, first)
	}
	for p, want := range map[string]string{first: "first", second: "second"} {
		if b, err := os.ReadFile(p); err != nil || string(b) != want {
			t.Fatalf("%s holds %q (%v), want %q", p, b, err, want)
		}
	}
}

// No empty record is ever filed with the finished matches: a match
// retired with nothing in it (n on the daily's page after its last hand,
// whose record was filed already) left a 0-byte matches/…-finished.okey
// that okey review and okey verify then called damaged. A file left at
// the path with something in it is still kept.
func TestNoEmptyRecordIsFiled(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, left := range []string{"", "empty", "held"} {
		dir := t.TempDir()
		f := Open(dir, dir)
		switch left {
		case "empty":
			os.WriteFile(f.MatchPath(), nil, 0o644)
		case "held":
			os.WriteFile(f.MatchPath(), []byte("o1"), 0o644)
		}
		f.RetireMatch(2, nil, "finished", now)
		if err := f.SaveMatch(2, []byte("n2")); err != nil {
			t.Fatal(err)
		}
		kept, _ := filepath.Glob(filepath.Join(dir, FinishedDir, "*.okey"))
		switch {
		case left == "held" && len(kept) == 1:
			if b, _ := os.ReadFile(kept[0]); string(b) != "o1" {
				t.Errorf("%s: kept %q", left, b)
			}
		case left != "held" && len(kept) == 0:
		default:
			t.Errorf("%s: filed %v", left, kept)
		}
		if b, _ := os.ReadFile(f.MatchPath()); string(b) != "n2" {
			t.Errorf("%s: the match file holds %q", left, b)
		}
		if p, err := ArchiveRecord(dir, []byte("\n"), "finished", now); p != "" || err != nil {
			t.Errorf("an empty record filed as %q (%v)", p, err)
		}
	}
}

func TestDirs(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/x/state")
	if d, _ := StateDir(""); d != "/x/state/okey" {
		t.Fatalf("state dir %s", d)
	}
	if d, _ := StateDir("/elsewhere"); d != "/elsewhere" {
		t.Fatalf("state dir %s", d)
	}
	t.Setenv("XDG_STATE_HOME", "")
	t.Setenv("HOME", "/home/u")
	if d, _ := StateDir(""); d != "/home/u/.local/state/okey" {
		t.Fatalf("state dir %s", d)
	}
}

// A retired file is put away whole before the first snapshot of the next
// content is written, whatever order the saves of either come in, and
// the saves of the old content that come late are dropped.
func TestRetireKeepsOldAndNewWhateverTheOrder(t *testing.T) {
	for round := range 20 {
		dir := t.TempDir()
		f := Open(dir, dir)
		for seq := uint64(1); seq <= 3; seq++ {
			if err := f.SaveMatch(seq, []byte{'o', byte('0' + seq)}); err != nil {
				t.Fatal(err)
			}
		}
		// The old match's last snapshot, 5, has not been written yet
		// (nor 4); the new match's are 6 and on.
		f.RetireMatch(6, []byte("o5"), "abandoned", time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))
		var wg sync.WaitGroup
		for _, seq := range []uint64{4, 5, 6, 7, 8} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				data := []byte{'o', byte('0' + seq)}
				if seq >= 6 {
					data[0] = 'n'
				}
				if err := f.SaveMatch(seq, data); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		kept, _ := filepath.Glob(filepath.Join(dir, FinishedDir, "*.okey"))
		if len(kept) != 1 {
			t.Fatalf("round %d: kept %v", round, kept)
		}
		if b, _ := os.ReadFile(kept[0]); string(b) != "o5" {
			t.Fatalf("round %d: kept %q, want the old content whole", round, b)
		}
		if b, _ := os.ReadFile(f.MatchPath()); string(b) != "n8" {
			t.Fatalf("round %d: the file holds %q, want the newest snapshot", round, b)
		}
	}
}

// One lock holder at a time; the next is told who holds it; a lock let
// go (or whose process died) can be taken again.
func TestLockDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	a, err := LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockDir(dir)
	var le *LockError
	if !errors.Is(err, ErrLocked) || !errors.As(err, &le) || le.Pid != os.Getpid() {
		t.Fatalf("a second lock: %v", err)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	b, err := LockDir(dir)
	if err != nil {
		t.Fatalf("after unlocking: %v", err)
	}
	b.Unlock()
}

func TestCleanTemps(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{".current.okey.tmp-1", ".current.rack.json.tmp-2", "current.okey", ".other.tmp-3"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, err := CleanTemps(dir)
	if err != nil || n != 2 {
		t.Fatalf("cleaned %d: %v", n, err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(left) != 2 { // current.okey and .other.tmp-3 (Glob's * matches dot files)
		t.Fatalf("left %v", left)
	}
}

// TestRetiredTablesAreBounded: a server's finished matches are kept up
// to a number, the newest; older ones go as new ones come.
func TestRetiredTablesAreBounded(t *testing.T) {
	tb, err := OpenTables(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range 5 {
		id := strconv.Itoa(i + 1)
		if err := tb.Save(id, []byte("{}"), []byte("record "+id)); err != nil {
			t.Fatal(err)
		}
		if err := tb.Retire(id, start.Add(time.Duration(i)*time.Minute), 3); err != nil {
			t.Fatal(err)
		}
	}
	kept, _ := filepath.Glob(filepath.Join(tb.Dir(), FinishedDir, "*.okey"))
	if len(kept) != 3 {
		t.Fatalf("kept %d finished matches, want 3: %v", len(kept), kept)
	}
	for i, p := range kept {
		b, _ := os.ReadFile(p)
		if want := "record " + strconv.Itoa(i+3); string(b) != want {
			t.Errorf("kept %s holding %q, want %q (the newest three)", filepath.Base(p), b, want)
		}
	}
	// 0 keeps them all.
	if err := tb.Save("6", []byte("{}"), []byte("record 6")); err != nil {
		t.Fatal(err)
	}
	if err := tb.Retire("6", start.Add(time.Hour), 0); err != nil {
		t.Fatal(err)
	}
	if all, _ := filepath.Glob(filepath.Join(tb.Dir(), FinishedDir, "*.okey")); len(all) != 4 {
		t.Errorf("with no bound %d finished matches, want 4", len(all))
	}
}

// The state directory follows the platform, and a directory where every
// platform kept it before (~/.local/state/okey) stays in use, so that no
// save is lost: a temporary home holding a save there keeps finding it.
func TestStateDirFollowsThePlatform(t *testing.T) {
	local := t.TempDir()
	for _, c := range []struct {
		goos     string
		xdg      string
		oldSave  bool
		want     string // under the home directory, or absolute
		absolute bool
	}{
		{"linux", "", false, ".local/state/okey", false},
		{"linux", "", true, ".local/state/okey", false},
		{"freebsd", "", false, ".local/state/okey", false},
		{"darwin", "", false, "Library/Application Support/okey", false},
		{"darwin", "", true, ".local/state/okey", false},
		{"windows", "", false, filepath.Join(local, "okey"), true},
		{"windows", "", true, ".local/state/okey", false},
		{"darwin", "/x/state", true, "/x/state/okey", true},
		{"windows", "/x/state", false, "/x/state/okey", true},
	} {
		home := t.TempDir()
		if c.oldSave {
			old := filepath.Join(home, ".local", "state", "okey")
			if err := os.MkdirAll(old, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(old, MatchFile), []byte("a match\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		env := map[string]string{"XDG_STATE_HOME": c.xdg, "LocalAppData": local}
		got, err := stateDir("", c.goos, func(k string) string { return env[k] }, func() (string, error) { return home, nil }, dirExists)
		want := filepath.Join(home, filepath.FromSlash(c.want))
		if c.absolute {
			want = c.want
		}
		if err != nil || got != want {
			t.Errorf("%s (XDG_STATE_HOME=%q, a save in ~/.local/state: %v): %s (%v), want %s", c.goos, c.xdg, c.oldSave, got, err, want)
		}
		if c.oldSave && c.xdg == "" {
			if b, err := os.ReadFile(filepath.Join(got, MatchFile)); err != nil || string(b) != "a match\n" {
				t.Errorf("%s: the old save is not found in %s: %v", c.goos, got, err)
			}
		}
	}
	if _, err := stateDir("", "linux", func(string) string { return "" }, func() (string, error) { return "", os.ErrNotExist }, dirExists); err == nil {
		t.Error("no home and no XDG_STATE_HOME: no error")
	}
}

// A file that is a symbolic link stays one: written through it, set
// aside and filed away as the file it names, beside that file or in the
// matches folder, and the link still there for the next save: a player
// who keeps their saves elsewhere through a link keeps them there.
func TestLinkedFileStaysALink(t *testing.T) {
	dir := t.TempDir()
	state, elsewhere := filepath.Join(dir, "state"), filepath.Join(dir, "synced")
	for _, d := range []string{state, elsewhere} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link, target := filepath.Join(state, MatchFile), filepath.Join(elsewhere, "my.okey")
	if err := os.Symlink("../synced/my.okey", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	isLink := func(when string) {
		t.Helper()
		if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Fatalf("%s: %s is no longer a link (%v)", when, link, err)
		}
	}
	// A link to a file not made yet: the first save makes it.
	if err := WriteAtomic(link, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	isLink("after the first save")
	if b, _ := os.ReadFile(target); string(b) != "one\n" {
		t.Fatalf("the target holds %q", b)
	}
	aside, err := SetAside(link, "damaged", time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	if err != nil || filepath.Dir(aside) != elsewhere {
		t.Fatalf("set aside as %s (%v), want beside the target", aside, err)
	}
	isLink("after setting aside")
	if err := WriteAtomic(link, []byte("two\n")); err != nil {
		t.Fatal(err)
	}
	filed, err := Archive(link, "finished", time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	isLink("after filing away")
	if b, _ := os.ReadFile(filed); string(b) != "two\n" || filepath.Dir(filed) != filepath.Join(state, FinishedDir) {
		t.Fatalf("filed as %s: %q", filed, b)
	}
	if _, err := os.Stat(target); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the filed match is still at the target: %v", err)
	}
	// A link that loops is itself: reading it fails, nothing is lost.
	loop := filepath.Join(state, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if got := Resolve(loop); got != loop {
		t.Fatalf("Resolve of a loop = %s", got)
	}
}
