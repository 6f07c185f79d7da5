package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// How an example of a command's help is run by TestEveryHelpExampleRuns.
type exampleRun struct {
	// how: "run" (to its end), "serve" (until it listens, then
	// stopped as SIGTERM stops it), "start" (a long measure: started
	// under a context ctrl+c already ended, so that its command line
	// is read and checked and the run stops at once: 130), or "skip"
	// (why says what it needs that a test has not).
	how  string
	code int
	why  string
}

// examples are every example line of every command's help, and how each
// is run; an example not listed here fails the test, so a new one is run
// too (issue 42: okey hand -h's first example had 13 tiles and failed as
// written).
var examples = map[string]exampleRun{
	"okey":                                         {"run", 1, "plays: without a terminal it says it needs one"},
	"okey --game 101 --bots hard":                  {"run", 1, "plays: without a terminal it says it needs one"},
	"okey play --game 101 --rules open=81":         {"run", 1, "plays: without a terminal it says it needs one"},
	"okey play --bots easy --speed fast --lang tr": {"run", 1, "plays: without a terminal it says it needs one"},
	"okey hand --indicator R4 R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 R12 Y12 B12 J":                                                 {"run", 0, ""},
	"okey hand --json < racks.txt":                                                                                            {"run", 0, ""},
	"okey hand --deal 100 --seed 3 --mix hard > racks.txt":                                                                    {"run", 0, ""},
	"okey hand --game 101 --rules open=81 --indicator K2 R1 R2 R3 R4 Y5 Y6 Y7 Y8 B9 B10 B11 K12 R12 Y12 B12 K1 K2 K3 J R7 B3": {"run", 0, ""},
	"okey serve --addr :2222":                                                                                                 {"serve", 0, "on a free port (2222 may be taken)"},
	"okey dirs":                                                                                                               {"run", 0, ""},
	"okey sim --bots hard,normal,normal,normal --hands 4000":                                                                  {"start", 130, ""},
	"okey sim --game 101 --bots hard --matches 40 --json":                                                                     {"start", 130, ""},
	"okey sim --bots easy --hands 8 --record matches/":                                                                        {"run", 0, ""},
	"okey verify --commit 3f2a9c0d11e4b7a8 match-000042.okey":                                                                 {"run", 1, "a served record, whose commitment is not the one noted in the example: the line says so"},
	"ssh -p 2222 HOST record TABLE | okey verify -":                                                                           {"skip", 0, "a server at HOST"},
	"okey verify --partial saved-match.okey":                                                                                  {"run", 0, ""},
	"okey review":                                                                                                             {"start", 130, ""},
	"okey review --seat 2 --hand 3 match-000042.okey":                                                                         {"start", 130, ""},
	"okey review --json --samples 64 match.okey":                                                                              {"start", 130, ""},
	"okey serve --authorized-keys ~/.ssh/authorized_keys --timer 20s":                                                         {"serve", 0, ""},
	"ssh -p 2222 localhost":                                                                                                   {"skip", 0, "an ssh client and a server on 2222"},
	"okey serve secret okey.secret":                                                                                           {"run", 0, ""},
	"okey serve secret --add okey.secret":                                                                                     {"run", 0, "the file the example before made"},
	"okey serve --cluster 10.0.0.1:6222 --routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222 --cluster-secret okey.secret": {"skip", 0, "the cluster's three machines"},
	"okey serve --nats tls://nats.example:4222 --nats-creds okey.creds --nats-ca ca.pem --cluster-secret okey.secret":    {"skip", 0, "a NATS deployment"},
	"scp okey.secret node2: && scp okey.secret node3:":                                                                   {"skip", 0, "the other nodes"},
	"okey load --sessions 100":                                                                          {"start", 130, ""},
	"okey load --sessions 100,250,500,750 --play 120s":                                                  {"start", 130, ""},
	"okey load --sessions 500 --daily 1 --play 180s":                                                    {"start", 130, ""},
	"okey load --nodes 3 --sessions 100,250,500 --play 60s":                                             {"start", 130, ""},
	"okey load --nodes 3 --sessions 1000 --play 60s --burn 1.5":                                         {"start", 130, ""},
	"okey load --addr 127.0.0.1:2222 --pid 4242 --sessions 200":                                         {"start", 130, ""},
	"okey load --addr 127.0.0.1:2501,127.0.0.1:2502,127.0.0.1:2503 --pid 4242,4243,4244 --sessions 300": {"start", 130, ""},
	"okey rules": {"run", 0, ""},
	"okey daily": {"run", 1, "plays: without a terminal it says it needs one"},
	"okey daily --game 101 --date 2026-11-20":               {"run", 1, "plays: without a terminal it says it needs one"},
	"okey daily --share":                                    {"run", 1, "no daily played in the test's state directory"},
	"okey daily --fingerprint":                              {"run", 0, ""},
	"okey daily --date 2026-11-24 --game 101 --fingerprint": {"run", 0, ""},
	"okey daily --date 2026-11-23 --par":                    {"run", 0, ""},
	"okey daily --date 2026-11-23 --game 101 --par --json":  {"run", 0, ""},
	"okey rules --game 101 --lang tr":                       {"run", 0, ""},
	"okey rules | grep -i okey":                             {"run", 0, ""},
}

// Every example in every command's help runs as written and exits as
// the table says: in a directory holding the files the examples name
// (a served record as match-000042.okey and match.okey, a served record
// cut short as saved-match.okey, an authorized_keys), in English.
func TestEveryHelpExampleRuns(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	setLang(t, "C.UTF-8")
	classic, _, _ := servedRecords(t)
	cut := classic[:bytes.LastIndexByte(classic[:len(classic)-1], '\n')+1]
	files := map[string][]byte{
		"match-000042.okey":            classic,
		"match.okey":                   classic,
		"saved-match.okey":             cut,
		"home/state/okey/current.okey": cut,
		"home/.ssh/authorized_keys":    []byte("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example\n"),
	}
	for name, b := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)

	var found []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, ln := range strings.Split(c.Example, "\n") {
			if ln = strings.TrimSpace(ln); ln != "" {
				found = append(found, ln)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(newEnv(nil, nil, io.Discard, io.Discard, func(string) string { return "" })))
	// racks.txt is made by an example, and read by another before it.
	order := func(ln string) int {
		if strings.Contains(ln, "> racks.txt") {
			return 0
		}
		return 1
	}
	sortStable(found, order)
	seen := map[string]bool{}
	for _, ln := range found {
		if seen[ln] {
			continue // the same example in two helps (okey serve secret FILE)
		}
		seen[ln] = true
		ex, ok := examples[ln]
		if !ok {
			t.Errorf("an example no test runs: %q (add it to examples)", ln)
			continue
		}
		if ex.how == "skip" {
			t.Logf("not run: %q: needs %s", ln, ex.why)
			continue
		}
		t0 := time.Now()
		code, out, errs := runExample(t, ln, ex.how)
		t.Logf("%q: exit %d in %v", ln, code, time.Since(t0).Round(time.Millisecond))
		if code != ex.code {
			t.Errorf("%q: exit %d, want %d (%s)\nstdout %.300q\nstderr %q", ln, code, ex.code, ex.why, out, errs)
		}
	}
	for ln := range examples {
		if !seen[ln] {
			t.Errorf("%q is no example of any help now: drop it from examples", ln)
		}
	}
}

// sortStable orders lines by key, keeping their order otherwise.
func sortStable(lines []string, key func(string) int) {
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && key(lines[j]) < key(lines[j-1]); j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
}

// runExample runs one example line: okey's words in-process, with < and
// > as files, | grep as a check of the output, ~ as $HOME.
func runExample(t *testing.T, line, how string) (int, string, string) {
	t.Helper()
	cmd, filter, _ := strings.Cut(line, " | ")
	words := strings.Fields(cmd)[1:]
	var args []string
	var stdin io.Reader = strings.NewReader("")
	var outFile string
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w == "<":
			b, err := os.ReadFile(words[i+1])
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			stdin, i = bytes.NewReader(b), i+1
		case w == ">":
			outFile, i = words[i+1], i+1
		case strings.HasPrefix(w, "~/"):
			args = append(args, filepath.Join(os.Getenv("HOME"), w[2:]))
		case w == ":2222" && how == "serve":
			args = append(args, "127.0.0.1:0")
		default:
			args = append(args, w)
		}
	}
	if how == "serve" && !containsWord(args, "--addr") {
		args = append(args, "--addr", "127.0.0.1:0")
	}
	var out bytes.Buffer
	var errb syncBuffer
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var code int
	switch how {
	case "start":
		cancel(&signalled{syscall.SIGINT})
		code = run(ctx, args, stdin, &out, &errb)
	case "serve":
		done := make(chan int, 1)
		go func() { done <- run(ctx, append(args, "--state-dir", t.TempDir()), stdin, &out, &errb) }()
		deadline := time.Now().Add(60 * time.Second)
		for !strings.Contains(errb.String(), "listening") {
			select {
			case code = <-done:
				return code, out.String(), errb.String()
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q does not start: %s", line, errb.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
		cancel(&signalled{syscall.SIGTERM})
		code = <-done
	default:
		code = run(ctx, args, stdin, &out, &errb)
	}
	if outFile != "" {
		if err := os.WriteFile(outFile, out.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if pattern, ok := strings.CutPrefix(filter, "grep -i "); ok && code == 0 && !strings.Contains(strings.ToLower(out.String()), strings.ToLower(pattern)) {
		code = 1 // grep found nothing
	}
	return code, out.String(), errb.String()
}

func containsWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}
