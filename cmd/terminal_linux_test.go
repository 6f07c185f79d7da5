package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: what the program writes to tty, the
// test reads from master. Both are closed at the end of the test.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	master = os.NewFile(uintptr(fd), "/dev/ptmx")
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("naming the pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return master, tty
}

// Every command asks one terminal check, and it answers yes for a
// terminal only: not for /dev/null (a character device, which the old
// check of okey sim took for one), a pipe, a file or a buffer (issue
// 30, point 6).
func TestIsTerminal(t *testing.T) {
	_, tty := openPTY(t)
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, c := range []struct {
		name string
		s    any
		want bool
	}{
		{"a pseudo-terminal", tty, true},
		{"/dev/null", null, false},
		{"a pipe", pw, false},
		{"a file", file, false},
		{"a buffer", &bytes.Buffer{}, false},
		{"nothing", nil, false},
	} {
		if got := isTerminal(c.s); got != c.want {
			t.Errorf("%s: isTerminal %v, want %v", c.name, got, c.want)
		}
	}
}

// okey sim draws its progress on stderr when stderr is a terminal, and
// stdout holds the results alone, so that --json > file and pipes stay
// clean (the bar once went to stdout) — in both games.
func TestSimProgressGoesToStderr(t *testing.T) {
	for _, args := range [][]string{
		{"--bots", "easy", "--hands", "8", "--json"},
		{"--game", "101", "--bots", "easy", "--hands", "8", "--json"},
	} {
		master, tty := openPTY(t)
		seen := make(chan []byte, 1)
		go func() {
			b, _ := io.ReadAll(master) // until the terminal is closed (EIO)
			seen <- b
		}()
		var out bytes.Buffer
		code := simMain(context.Background(), args, nil, &out, tty)
		tty.Close()
		bar := <-seen
		if code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, bar)
		}
		if !strings.Contains(string(bar), "8/8 hands") {
			t.Errorf("%v: no progress on the terminal: %q", args, bar)
		}
		if s := out.String(); strings.ContainsAny(s, "\r\x1b") || !strings.HasPrefix(s, "{") || strings.Count(s, "\n") != 1 {
			t.Errorf("%v: stdout is not the JSON alone: %q", args, s)
		}
	}
}
