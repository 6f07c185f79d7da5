package cmd

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// The commands as careful as the table: one exit rule, every
// failure in the player's language on one line on stderr, reports on
// stdout, a failed write a failure.

// fullWriter is a stream whose every write fails as a full disk's does
// (okey version > /dev/full).
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// runIn runs okey with args in lang's environment, stdin given.
func runIn(t *testing.T, lang string, stdin io.Reader, stdout io.Writer, args ...string) (string, int) {
	t.Helper()
	setLang(t, map[string]string{"en": "C.UTF-8", "tr": "tr_TR.UTF-8"}[lang])
	var errb bytes.Buffer
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	code := run(context.Background(), args, stdin, stdout, &errb)
	return errb.String(), code
}

// Every command that writes a report fails (1) with one line saying so
// in the player's language when its output cannot be written: before,
// okey dirs and okey -h exited 0 having written nothing, and version,
// completion and man exited 2, the usage code.
func TestFailedWriteIsAFailure(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	record := writeServedRecord(t)
	commands := [][]string{
		{"version"}, {"--version"}, {"dirs"}, {"-h"}, {"help", "hand"}, {"hand", "-h"},
		{"completion", "bash"}, {"completion", "zsh"}, {"man"}, {"rules"},
		{"hand", "--indicator", "R4", "R1", "R2", "R3", "Y5", "Y6", "Y7", "B9", "B10", "B11", "K12", "R12", "Y12", "B12", "J"},
		{"hand", "--deal", "3"}, {"verify", record}, {"sim", "--bots", "easy", "--hands", "4"},
	}
	want := map[string]string{"en": "cannot write the output: no space left on the device\n", "tr": "çıktı yazılamadı: aygıtta yer kalmadı\n"}
	for _, lang := range []string{"en", "tr"} {
		for _, args := range append(commands, []string{"serve", "secret", filepath.Join(t.TempDir(), "s")}) {
			errs, code := runIn(t, lang, nil, fullWriter{}, args...)
			if code != 1 || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, want[lang]) {
				t.Errorf("%s: okey %s > /dev/full: exit %d, stderr %q; want 1 and one line ending %q", lang, strings.Join(args, " "), code, errs, want[lang])
			}
		}
	}
	// The device itself, where the system has it: a real file that
	// refuses every write.
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Logf("no /dev/full: %v", err)
		return
	}
	defer full.Close()
	for _, args := range [][]string{{"version"}, {"dirs"}, {"-h"}, {"man"}} {
		errs, code := runIn(t, "en", nil, full, args...)
		if code != 1 || !strings.HasSuffix(errs, want["en"]) {
			t.Errorf("okey %s > /dev/full: exit %d, stderr %q", strings.Join(args, " "), code, errs)
		}
	}
}

// writeServedRecord writes a served classic record to a file.
func writeServedRecord(t *testing.T) string {
	t.Helper()
	classic, _, _ := servedRecords(t)
	p := filepath.Join(t.TempDir(), "match.okey")
	if err := os.WriteFile(p, classic, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// rawGo are the marks of a Go error said as it is: an operation's name
// before a path, the context's own words.
var rawGo = regexp.MustCompile(`\b(open|mkdir|stat|read|write|listen tcp|dial tcp) /|context canceled|deadline exceeded|bind: `)

// english are words no Turkish message of a command has.
var english = regexp.MustCompile(`(?i)\b(the|cannot|not|verified|hands?|match|record|file|directory|interrupted|answered|lines?|no such|denied|already|address|stopped|failed|run)\b`)

// Every runtime failure of every command, in English and in Turkish
// (--lang tr and LANG=tr_TR.UTF-8): one line on stderr, nothing on
// stdout, exit 1, the command's name first, no Go error text without a
// sentence of ours; in Turkish no English word (verify,
// review, dirs, sim and serve were once English under --lang tr).
func TestRuntimeFailuresInThePlayersLanguage(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.okey")
	junk := filepath.Join(dir, "junk.okey")
	os.WriteFile(junk, []byte("not a record\n"), 0o600)
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, nil, 0o600)
	l, err := listenBusy(t)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args  []string
		stdin string
		code  int
	}{
		{[]string{"verify", missing}, "", 1},
		{[]string{"verify", dir}, "", 1},
		{[]string{"verify", junk}, "", 1},
		{[]string{"verify", "-"}, strings.Repeat("x", 100<<10), 1},
		{[]string{"review", missing}, "", 1},
		{[]string{"review", dir}, "", 1},
		{[]string{"review", junk}, "", 1},
		{[]string{"review", "-"}, "junk\n", 1},
		{[]string{"review", "--state-dir", t.TempDir()}, "", 1},
		{[]string{"sim", "--bots", "easy", "--hands", "4", "--record", filepath.Join(notDir, "x")}, "", 1},
		{[]string{"sim", "--game", "101", "--bots", "easy", "--hands", "4", "--record", filepath.Join(notDir, "x")}, "", 1},
		{[]string{"serve", "--state-dir", filepath.Join(notDir, "x"), "--addr", "127.0.0.1:0"}, "", 1},
		{[]string{"serve", "--state-dir", t.TempDir(), "--addr", l}, "", 1},
		{[]string{"serve", "--state-dir", t.TempDir(), "--authorized-keys", missing}, "", 1},
		{[]string{"serve", "--state-dir", t.TempDir(), "--cluster-secret", missing, "--nats", "nats://127.0.0.1:1"}, "", 1},
		{[]string{"serve", "--state-dir", t.TempDir(), "--debug-log", filepath.Join(notDir, "log"), "--addr", "127.0.0.1:0"}, "", 1},
		{[]string{"serve", "secret", filepath.Join(notDir, "s")}, "", 1},
		{[]string{"hand", "--json"}, "", 0},
		{[]string{"load", "--trace", filepath.Join(notDir, "t"), "--sessions", "4", "--addr", "127.0.0.1:1"}, "", 1},
		{[]string{"play", "--debug-log", filepath.Join(notDir, "log")}, "", 1},
	}
	for _, lang := range []string{"en", "tr"} {
		for _, c := range cases {
			for _, how := range []string{"env", "flag"} {
				args := c.args
				if how == "flag" {
					args = append([]string{"--lang", lang}, args...)
				}
				var out bytes.Buffer
				errs, code := runIn(t, lang, strings.NewReader(c.stdin), &out, args...)
				if c.code == 0 {
					continue
				}
				// okey verify's line names the record first.
				first := strings.HasPrefix(errs, "okey ")
				if c.args[0] == "verify" {
					first = strings.Contains(errs, ": NOT verified: ") || strings.Contains(errs, ": DOĞRULANMADI: ")
				}
				if code != c.code || out.Len() != 0 || strings.Count(errs, "\n") != 1 || !first {
					t.Errorf("%s (%s) okey %s: exit %d, stdout %q, stderr %q; want %d and one line", lang, how, strings.Join(args, " "), code, out.String(), errs, c.code)
					continue
				}
				if m := rawGo.FindString(errs); m != "" {
					t.Errorf("%s (%s) okey %s: Go's own words %q in %q", lang, how, strings.Join(args, " "), m, errs)
				}
				if lang == "tr" {
					// Paths and flags are not words of a language.
					words := regexp.MustCompile(`\S*/\S*|--?[a-z-]+|okey( [a-z]+)?`).ReplaceAllString(errs, " ")
					if m := english.FindString(words); m != "" {
						t.Errorf("tr (%s) okey %s: English %q in %q", how, strings.Join(args, " "), m, errs)
					}
				}
			}
		}
	}
}

// listenBusy is an address in use, for the whole test.
func listenBusy(t *testing.T) (string, error) {
	t.Helper()
	l, err := netListen()
	if err != nil {
		return "", err
	}
	t.Cleanup(func() { l.Close() })
	return l.Addr().String(), nil
}

// okey serve says nothing before a failed start but its one line: no
// log line (level=INFO msg="shutting down") unless --debug-log asks for
// the log, which then has it.
func TestServeFailedStartIsOneLine(t *testing.T) {
	busy, err := listenBusy(t)
	if err != nil {
		t.Fatal(err)
	}
	errs, code := runIn(t, "en", nil, &bytes.Buffer{}, "serve", "--state-dir", t.TempDir(), "--addr", busy)
	if code != 1 || errs != "okey serve: cannot listen: "+busy+": the address is already in use\n" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	// Locked: another server serves from the directory.
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var first syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serveMain(ctx, []string{"--state-dir", dir, "--addr", "127.0.0.1:0"}, nil, &bytes.Buffer{}, &first)
	}()
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(first.String(), "listening") {
		if time.Now().After(deadline) {
			t.Fatalf("the first server does not start: %s", first.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	log := filepath.Join(t.TempDir(), "debug.log")
	for _, lang := range []string{"en", "tr"} {
		errs, code = runIn(t, lang, nil, &bytes.Buffer{}, "serve", "--state-dir", dir, "--addr", "127.0.0.1:0", "--debug-log", log)
		if code != 1 || strings.Count(errs, "\n") != 1 || strings.Contains(errs, "level=") || !strings.Contains(errs, dir) {
			t.Errorf("%s: locked: exit %d, stderr %q", lang, code, errs)
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("the first server: exit %d", code)
	}
}

// okey review - reads standard input, as okey verify - does; both read a
// record's name "standard input" in the player's words.
func TestReviewReadsStandardInput(t *testing.T) {
	f := simRecords(t, "classic", "1")[0]
	b, _ := os.ReadFile(f)
	var out bytes.Buffer
	errs, code := runIn(t, "en", bytes.NewReader(b), &out, "review", "--samples", fewSamples("8"), "--json", "-")
	if code != 0 || !strings.Contains(out.String(), `"kind":"summary"`) {
		t.Errorf("review -: exit %d, stderr %q", code, errs)
	}
	errs, code = runIn(t, "en", nil, &out, "review", "-", "-")
	if code != 2 || !strings.Contains(errs, "may be given once") {
		t.Errorf("review - -: exit %d, stderr %q", code, errs)
	}
}

// okey help CMD and okey CMD -h print the same, for every command of
// the tree, inherited --lang included, in both languages.
func TestHelpTheSameBothWays(t *testing.T) {
	e := newEnv(nil, nil, io.Discard, io.Discard, func(string) string { return "" })
	var paths [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				p := append(append([]string(nil), path...), sub.Name())
				paths = append(paths, p)
				walk(sub, p)
			}
		}
	}
	walk(newRoot(e), nil)
	paths = append(paths, nil) // okey help and okey -h
	if len(paths) < 12 {
		t.Fatalf("only %d commands: %v", len(paths), paths)
	}
	for _, lang := range []string{"en", "tr"} {
		for _, p := range paths {
			viaHelp, e1, c1 := runOut(append(append([]string{"help"}, p...), "--lang", lang)...)
			viaFlag, e2, c2 := runOut(append(append(append([]string(nil), p...), "-h"), "--lang", lang)...)
			if c1 != 0 || c2 != 0 || e1 != "" || e2 != "" || viaHelp != viaFlag || !strings.Contains(viaFlag, "--lang") || !strings.Contains(viaFlag, "okey") {
				t.Errorf("%s: okey help %s and okey %s -h differ (exit %d, %d):\n%s\n----\n%s", lang, strings.Join(p, " "), strings.Join(p, " "), c1, c2, viaHelp, viaFlag)
			}
		}
	}
}

// okey completion with no shell or one it does not know is a wrong
// command line (it printed the help and exited 0).
func TestCompletionNeedsAShell(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, args := range [][]string{{"completion", "nosh"}, {"completion"}} {
			var out bytes.Buffer
			errs, code := runIn(t, lang, nil, &out, args...)
			if code != 2 || out.Len() != 0 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "bash, fish, powershell, zsh") {
				t.Errorf("%s: okey %s: exit %d, stdout %d bytes, stderr %q", lang, strings.Join(args, " "), code, out.Len(), errs)
			}
		}
	}
}

// The shell completes the values of the flags that take words of their
// own, and records for review and verify.
func TestCompletionValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"__complete", "--bots", "hard,n"}, []string{"hard,normal"}, []string{"hard,easy"}},
		{[]string{"__complete", "sim", "--bots", ""}, []string{"easy", "normal", "hard"}, nil},
		{[]string{"__complete", "--rules", ""}, []string{"no_wrap", "points=", "open=", "partners"}, nil},
		{[]string{"__complete", "--game", "101", "--rules", "open=81,"}, []string{"open=81,okey_pair", "open=81,hands="}, []string{"open=81,open=", "no_wrap"}},
		{[]string{"__complete", "sim", "--game", "classic", "--rules", "no"}, []string{"no_wrap"}, []string{"okey_pair"}},
		{[]string{"__complete", "hand", "--rules", "s"}, []string{"simple", "simple104"}, nil},
		{[]string{"__complete", "--lang", ""}, []string{"en", "tr"}, nil},
		{[]string{"__complete", "--theme", ""}, []string{"default"}, nil},
		{[]string{"__complete", "--speed", ""}, []string{"fast", "slow"}, nil},
		{[]string{"__complete", "hand", "--indicator", "K1"}, []string{"K1", "K13"}, []string{"R1"}},
		{[]string{"__complete", "review", "--seat", ""}, []string{"0", "3"}, nil},
		{[]string{"__complete", "review", ""}, []string{"okey", ":8"}, nil},
		{[]string{"__complete", "verify", ""}, []string{"okey", ":8"}, nil},
	} {
		out, _, _ := runOut(c.args...)
		lines := strings.Split(out, "\n")
		for _, w := range c.want {
			if !containsLine(lines, w) {
				t.Errorf("%v: no %q in %q", c.args, w, out)
			}
		}
		for _, w := range c.not {
			if containsLine(lines, w) {
				t.Errorf("%v: %q offered: %q", c.args, w, out)
			}
		}
	}
	// The help of completion says what bash's script needs.
	for _, lang := range []string{"en", "tr"} {
		for _, args := range [][]string{{"completion", "-h"}, {"completion", "bash", "-h"}} {
			out, _, _ := runOut(append(args, "--lang", lang)...)
			if !strings.Contains(out, "bash-completion") {
				t.Errorf("%s %v: the help does not say the script needs bash-completion", lang, args)
			}
		}
	}
}

func containsLine(lines []string, w string) bool {
	for _, l := range lines {
		if l == w {
			return true
		}
	}
	return false
}

// The man page is right as roff: short flags with one dash, the FILES
// section as written (no printf's %!A(MISSING)), no character troff
// warns of, dated by the commit and never by the day of the build;
// groff renders it without a warning where it is installed (else the
// source is checked alone).
func TestManPageIsRight(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		page, errs, code := runOut("man", "--lang", lang)
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit %d, %q", lang, code, errs)
		}
		for _, bad := range []string{"--h ", `\-\-h\f`, `\-\-v\f`, "%!", "(MISSING)", time.Now().Format(time.DateOnly)} {
			if strings.Contains(page, bad) {
				t.Errorf("%s: the page has %q", lang, bad)
			}
		}
		for i, r := range page {
			if r > 126 || r < 32 && r != '\n' {
				t.Errorf("%s: byte %d of the page is %q, not ASCII for roff", lang, i, r)
				break
			}
		}
		if !strings.Contains(page, `%AppData%\eokey`) {
			t.Errorf("%s: the FILES section lacks %%AppData%%\\okey as written", lang)
		}
		if _, err := exec.LookPath("groff"); err != nil {
			t.Logf("no groff: the page's source alone is checked")
			continue
		}
		cmd := exec.Command("groff", "-man", "-Tutf8", "-ww", "-rLL=100n")
		cmd.Stdin = strings.NewReader(page)
		var out, warn bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &warn
		if err := cmd.Run(); err != nil || warn.Len() > 0 {
			t.Errorf("%s: groff: %v: %s", lang, err, warn.String())
		}
		text := regexp.MustCompile(".\b").ReplaceAllString(out.String(), "")
		for _, w := range []string{"-h, --help", "-v, --version", `%AppData%\okey`, "okey hand [TILE…]"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the rendered page lacks %q", lang, w)
			}
		}
		if lang == "tr" && !strings.Contains(text, "ıstakanın") {
			t.Errorf("tr: the rendered page lost its Turkish letters")
		}
	}
	// Dated by the commit the build knows.
	e := newEnv(nil, nil, io.Discard, io.Discard, func(string) string { return "" })
	page := manPage(newRoot(e), e.tr, version{Module: "v1.2.3", Time: "2026-11-23T03:58:46Z"})
	if !strings.HasPrefix(page, `.TH OKEY 1 "2026\-11\-23" "okey v1.2.3"`) {
		t.Errorf("dated %.60q", page)
	}
}

// The version identifies a build: what the toolchain stamps, else what
// the link gives (-ldflags -X), with the commit's time called so.
func TestVersionLinked(t *testing.T) {
	stamped := version{Module: "(devel)", Revision: "aaaaaaaaaaaaaaaa", Time: "2026-01-01T00:00:00Z", Modified: true}
	for _, c := range []struct {
		v                                  version
		release, commit, commitTime, dirty string
		want                               string
	}{
		{version{Module: "(devel)"}, "", "", "", "", "(devel)"},
		{version{Module: "(devel)"}, "v1.2.0", "0123456789abcdef", "2026-11-23T03:58:46Z", "true", "v1.2.0 (commit 0123456789ab, commit time 2026-11-23T03:58:46Z, dirty)"},
		{version{Module: "(devel)"}, "", "0123456789abcdef", "", "false", "(devel) (commit 0123456789ab)"},
		{stamped, "", "", "", "", "(devel) (commit aaaaaaaaaaaa, commit time 2026-01-01T00:00:00Z, dirty)"},
		{stamped, "v2", "bbbbbbbbbbbbbbbb", "", "", "v2 (commit bbbbbbbbbbbb, commit time 2026-01-01T00:00:00Z)"},
	} {
		if got := c.v.linked(c.release, c.commit, c.commitTime, c.dirty).String(); got != c.want {
			t.Errorf("%+v linked %q %q %q %q: %q, want %q", c.v, c.release, c.commit, c.commitTime, c.dirty, got, c.want)
		}
	}
}

// A release build as docs/play.md writes it says its version, commit and
// commit time with --version and okey version, and dates its man page by
// the commit (this machine's GOFLAGS=-buildvcs=false stamps nothing).
func TestReleaseBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds okey")
	}
	bin := filepath.Join(t.TempDir(), "okey")
	ld := "-X main.release=v9.8.7 -X main.commit=0123456789abcdef0123 -X main.commitTime=2026-11-23T03:58:46Z -X main.modified=true"
	build := exec.Command("go", "build", "-ldflags", ld, "-o", bin, "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	want := "okey v9.8.7 (commit 0123456789ab, commit time 2026-11-23T03:58:46Z, dirty)\n"
	for _, args := range [][]string{{"--version"}, {"version"}, {"-v"}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil || string(out) != want {
			t.Errorf("okey %v: %v, %q; want %q", args, err, out, want)
		}
	}
	out, err := exec.Command(bin, "man").Output()
	if err != nil || !strings.HasPrefix(string(out), `.TH OKEY 1 "2026\-11\-23" "okey v9.8.7"`) {
		t.Errorf("okey man: %v, %.60q", err, out)
	}
}

// The first signal ends the context with itself as the cause: the exit
// status is then 128 and its number.
func TestSignalsEndTheContext(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ctx, stop := withSignals(context.Background())
		if err := syscall.Kill(os.Getpid(), sig); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(30 * time.Second):
			t.Fatalf("%v: the context did not end", sig)
		}
		s, ok := context.Cause(ctx).(*signalled)
		stop()
		if !ok || s.sig != sig {
			t.Errorf("%v: cause %v", sig, context.Cause(ctx))
		}
	}
	// Any command: okey dirs run under a context a signal ended.
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(&signalled{sig})
		t.Setenv("HOME", t.TempDir())
		if code := run(ctx, []string{"dirs"}, nil, io.Discard, io.Discard); code != want {
			t.Errorf("%v: exit %d, want %d", sig, code, want)
		}
	}
}

func netListen() (interface {
	Addr() net.Addr
	Close() error
}, error) {
	return net.Listen("tcp", "127.0.0.1:0")
}
