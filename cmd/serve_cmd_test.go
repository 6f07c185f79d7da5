package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"okey/kit/store"
	"okey/server/keep"
)

func TestServeHelpAndBadFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := serveMain(context.Background(), []string{"-h"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, want := range []string{"--authorized-keys", "-host-key", "-state-dir", "-addr", "-timer", "-max-per-addr"} {
		if !strings.Contains(out.String(), strings.TrimPrefix(want, "-")) {
			t.Errorf("help says nothing of %s:\n%s", want, out.String())
		}
	}
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--bogus"},
		{"extra"},
		{"--authorized-keys", filepath.Join(dir, "missing")},
		{"--max-width", "10"},
		{"--max-tables", "0"},
		{"--timer", "-1s"},
		{"--web", ":8080"},          // plain HTTP past the loopback
		{"--web", "192.0.2.1:8080"}, // the same
		{"--web-cert", "c.pem"},     // without --web
		{"--web", "127.0.0.1:0", "--web-cert", "c.pem"},
		{"--web", "127.0.0.1:0", "--web-proxy", "proxy.example"},
		{"--web-insecure-lan"}, // without --web
		{"--web", ":8080", "--web-insecure-lan", "--web-cert", "c.pem", "--web-key", "k.pem"},
	} {
		var out, errb bytes.Buffer
		code := serveMain(context.Background(), append(args, "--state-dir", dir), strings.NewReader(""), &out, &errb)
		lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
		want := 2
		if args[0] == "--authorized-keys" {
			want = 1 // a file that cannot be read: the command line is right
		}
		if code != want || len(lines) != 1 || !strings.HasPrefix(lines[0], "okey serve") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// A --tournament file that is not there stops the server with one line
// that names the flag and the file, in the player's language.
func TestServeMissingTournamentFileNamesTheFlag(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "friday.json")
	for _, lang := range []string{"en", "tr"} {
		var errb bytes.Buffer
		code := serveMain(context.Background(), []string{"--lang", lang, "--addr", "127.0.0.1:0", "--state-dir", dir, "--tournament", missing}, strings.NewReader(""), &bytes.Buffer{}, &errb)
		msg := errb.String()
		if code != 1 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "--tournament "+missing+": ") {
			t.Errorf("%s: exit %d, said %q: want 1 and one line naming --tournament %s", lang, code, msg, missing)
		}
	}
}

// stopServe stops a server serveMain runs (as a signal would) and
// checks it exits 0.
func stopServe(t *testing.T, cancel context.CancelFunc, done chan int, errb *syncBuffer) {
	t.Helper()
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d: %s", code, errb.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("the server did not stop")
	}
}

// syncBuffer is a buffer written from the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeStartsAndStops: the server makes its host key in a folder of
// its own under the state directory (not the working directory), serves,
// and stops cleanly when told to (as on SIGTERM).
func TestServeStartsAndStops(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	wd, _ := os.Getwd()
	debugLog := filepath.Join(t.TempDir(), "debug.log")
	ctx, cancel := context.WithCancel(context.Background())
	var errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serveMain(ctx, []string{"--addr", "127.0.0.1:0", "--debug-log", debugLog}, strings.NewReader(""), &bytes.Buffer{}, &errb)
	}()
	deadline := time.Now().Add(time.Minute) // generous: a loaded machine is slow to start a server
	for !strings.Contains(errb.String(), "listening") {
		if time.Now().After(deadline) {
			t.Fatalf("the server did not start: %s", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	key := filepath.Join(dir, "okey", "serve-hostkey", "ssh_host_ed25519")
	if st, err := os.Stat(key); err != nil || st.Mode().Perm()&0o077 != 0 {
		t.Errorf("the host key %s: %v %v", key, err, st)
	}
	if _, err := os.Stat(filepath.Join(wd, "ssh_host_ed25519")); err == nil {
		t.Error("a host key was written in the working directory")
	}
	// A second server on the same state directory would restore the
	// same tables and overwrite the first's files: it stops at once,
	// with one line naming the directory and who holds it.
	var second bytes.Buffer
	if code := serveMain(context.Background(), []string{"--addr", "127.0.0.1:0"}, strings.NewReader(""), &bytes.Buffer{}, &second); code != 1 {
		t.Errorf("a second server on the same directory: exit %d, want 1: %s", code, second.String())
	}
	msg := second.String()
	if strings.Count(msg, "\n") != 1 || !strings.Contains(msg, filepath.Join(dir, "okey", "serve")) || !strings.Contains(msg, fmt.Sprintf("process %d", os.Getpid())) {
		t.Errorf("a second server said %q: want one line naming the directory and process %d", msg, os.Getpid())
	}
	// SIGHUP (the terminal that started the server closed) is logged
	// and ignored.
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(errb.String(), "SIGHUP ignored") {
		if time.Now().After(deadline) {
			t.Fatalf("SIGHUP was not logged: %s", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	stopServe(t, cancel, done, &errb)
	// --debug-log: the version first, then the server's log.
	b, err := os.ReadFile(debugLog)
	lines := strings.Split(string(b), "\n")
	if err != nil || !strings.Contains(lines[0], "version=") || !strings.Contains(lines[0], currentVersion().String()) || !strings.Contains(string(b), "listening") || !strings.Contains(string(b), "shutting down") {
		t.Errorf("the debug log (%v):\n%s", err, b)
	}
}

// TestServeSealStore: okey serve --seal-store seals a store whose table
// an older okey kept in plain, says what it sealed on one line and
// ends; the table is then one a node takes.
func TestServeSealStore(t *testing.T) {
	stateDir := t.TempDir()
	dir := filepath.Join(stateDir, store.ServeDir)
	eng, k, err := keep.OpenDir(context.Background(), dir, keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.Tables.KV.Put(context.Background(), "3", []byte(`{"id":"3"}`)); err != nil {
		t.Fatal(err)
	}
	if kt, _ := k.LoadOne(context.Background(), "3"); !errors.Is(kt.Err, keep.ErrUnsealed) {
		t.Fatalf("a plain entry read as %q (%v)", kt.Table, kt.Err)
	}
	// A rating an older okey kept in plain: not read until sealed.
	book, err := keep.OpenRatingBook(context.Background(), eng)
	if err != nil {
		t.Fatal(err)
	}
	const ann = "key:SHA256:ann"
	if _, err := book.Ratings.Put(context.Background(), book.Key("classic", ann), []byte(`{"id":"key:SHA256:ann","name":"ann","mu":30,"sigma":4,"games":7}`)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := book.Get(context.Background(), "classic", ann); err == nil {
		t.Fatal("a plain rating read")
	}
	eng.Close()
	var out, errb bytes.Buffer
	if code := serveMain(context.Background(), []string{"--state-dir", stateDir, "--seal-store"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if want := "the store is sealed: 1 table entries, 0 records, 0 matches before, 0 next numbers and 1 results, pars and ratings were written sealed\n"; out.String() != want || errb.Len() != 0 {
		t.Fatalf("said %q (stderr %q), want %q", out.String(), errb.String(), want)
	}
	eng, k, err = keep.OpenDir(context.Background(), dir, keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if kt, ok := k.LoadOne(context.Background(), "3"); !ok || kt.Err != nil || string(kt.Table) != `{"id":"3"}` {
		t.Fatalf("the table sealed reads %q (%v)", kt.Table, kt.Err)
	}
	if book, err = keep.OpenRatingBook(context.Background(), eng); err != nil {
		t.Fatal(err)
	}
	if e, _, err := book.Get(context.Background(), "classic", ann); err != nil || e.Mu != 30 {
		t.Fatalf("the rating sealed reads %+v (%v)", e, err)
	}
}
