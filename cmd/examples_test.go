package cmd

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"okey/internal/quicksuite"
)

// How an example of a command's help is run by TestEveryHelpExampleRuns.
type exampleRun struct {
	// how: "run" (to its end), "serve" (until it listens — on a free
	// port of 127.0.0.1, :2222 may be taken — then stopped as SIGTERM
	// stops it), "start" (a long measure: started under a context
	// ctrl+c already ended, so that its command line is read and
	// checked and the run stops at once: 130), "parse" (it needs
	// other machines: its command line must be one okey takes — the
	// command found, its flags and arguments accepted), or "skip" (not
	// okey's command: why says what it needs; the okey command a pipe
	// leads to, if any, is parsed).
	how  string
	code int
	why  string
}

// examples are every example line of every command's help, and how each
// is run; an example not listed here fails the test, so a new one is run
// too (okey hand -h's first example once had 13 tiles and failed as
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
	"ssh -p 2222 HOST tournament k3x9q2ab --json > t.json":                                                                    {"skip", 0, "a server at HOST"},
	"ssh -p 2222 HOST record 17 > 17.okey":                                                                                    {"skip", 0, "a server at HOST"},
	"okey tournament standings t.json *.okey":                                                                                 {"parse", 0, "a tournament's files from a server"},
	"okey tournament standings --json t.json 17.okey 18.okey":                                                                 {"parse", 0, "a tournament's files from a server"},
	"okey verify --partial saved-match.okey":                                                                                  {"run", 0, ""},
	"okey review":                                                                                                             {"start", 130, ""},
	"okey review --seat 2 --hand 3 match-000042.okey":                                                                         {"start", 130, ""},
	"okey review --json --samples 64 match.okey":                                                                              {"start", 130, ""},
	"okey review --hints match.okey":                                                                                          {"start", 130, ""},
	"okey serve --web 127.0.0.1:8080":                                                                                         {"serve", 0, "the browser door on a free port (8080 may be taken)"},
	"okey serve --web :8080 --web-insecure-lan":                                                                               {"serve", 0, "the browser door for the home network, on a free port of the loopback (8080 may be taken)"},
	"okey serve --authorized-keys ~/.ssh/authorized_keys --timer 20s":                                                         {"serve", 0, ""},
	"ssh -p 2222 localhost":                                                                                                   {"skip", 0, "an ssh client and a server on 2222"},
	"okey serve secret okey.secret":                                                                                           {"run", 0, ""},
	"okey serve secret --add okey.secret":                                                                                     {"run", 0, "the file the example before made"},
	"okey serve --cluster 10.0.0.1:6222 --cluster-secret okey.secret --routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222": {"parse", 0, "the cluster's three machines"},
	"okey serve --nats tls://nats.example:4222 --nats-creds okey.creds --nats-ca ca.pem --cluster-secret okey.secret":    {"parse", 0, "a NATS deployment"},
	"scp okey.secret node2: && scp okey.secret node3:":                                                                   {"skip", 0, "the other nodes"},
	"okey load --sessions 100":                                                                          {"start", 130, ""},
	"okey load --sessions 100,250,500,750 --play 120s":                                                  {"start", 130, ""},
	"okey load --sessions 500 --daily 1 --play 180s":                                                    {"start", 130, ""},
	"okey load --nodes 3 --sessions 100,250,500 --play 60s":                                             {"start", 130, ""},
	"okey load --web --sessions 100 --play 60s":                                                         {"start", 130, ""},
	"okey load --nodes 3 --sessions 1000 --play 60s --burn 1.5":                                         {"start", 130, ""},
	"okey load --nodes 3 --sessions 200 --tournament arena --play 2m":                                   {"start", 130, ""},
	"okey load --nodes 3 --sessions 200 --tournament arena --kill-node-at 60s":                          {"start", 130, ""},
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

// Every example in every command's help runs as printed and exits as
// the table says. The examples are read from the help's own output
// (okey COMMAND -h, every command the helps list, in the order they
// list them, read from a process of its own at 80 and at 120 columns:
// fang sizes the help once a process, and cuts an example wider than
// its block with "…"), a line continued with \ joined to the next as a
// shell joins it; none may be cut at either width. They run in the
// order printed, in one directory holding only the files a user's own
// examples name (a served record as match-000042.okey and match.okey,
// one cut short as saved-match.okey, an authorized_keys): a file an
// example reads must be made by an example printed before it. In
// English.
func TestEveryHelpExampleRuns(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	setLang(t, "C.UTF-8")
	found := helpExamples(t, 80)
	if wide := helpExamples(t, 120); !slices.Equal(found, wide) {
		for i := range min(len(found), len(wide)) {
			if found[i] != wide[i] {
				t.Errorf("the helps' example %d at 120 columns is %q, at 80 %q", i+1, wide[i], found[i])
				break
			}
		}
		if len(found) != len(wide) {
			t.Errorf("the helps hold %d examples at 120 columns, %d at 80", len(wide), len(found))
		}
	}
	classic, _, _ := servedRecords(t)
	cut := classic[:bytes.LastIndexByte(classic[:len(classic)-1], '\n')+1]
	files := map[string][]byte{
		"match-000042.okey":         classic,
		"match.okey":                classic,
		"saved-match.okey":          cut,
		"home/.ssh/authorized_keys": []byte("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example\n"),
	}
	for name, b := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)

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
		switch ex.how {
		case "skip":
			t.Logf("not run: %q: needs %s", ln, ex.why)
			if _, okey, ok := strings.Cut(ln, " | okey "); ok {
				if err := accepted(strings.Fields(okey)); err != nil {
					t.Errorf("%q: okey %s is not a command line okey takes: %v", ln, okey, err)
				}
			}
			continue
		case "parse":
			t.Logf("parsed, not run: %q: needs %s", ln, ex.why)
			if err := accepted(strings.Fields(ln)[1:]); err != nil {
				t.Errorf("%q is not a command line okey takes: %v", ln, err)
			}
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

// childEnv makes the test binary run okey (TestMain) instead of the
// tests: the helps are read from processes of their own.
const childEnv = "OKEY_TEST_RUN_OKEY"

// TestMain runs okey itself when childEnv asks (see okeyChild), the
// tests otherwise.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	flag.Parse()
	quicksuite.Collect()
	os.Exit(sandboxed(m))
}

// sandboxed runs the tests with a home and XDG directories of their own:
// the parallel ones (the sims and the hints' review, the package's
// costliest) cannot set them per test, and must not read or write the
// real ones. A test that sets its own (t.Setenv) still does.
func sandboxed(m *testing.M) int {
	home, err := os.MkdirTemp("", "okey-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(home)
	for k, v := range map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_CONFIG_HOME": filepath.Join(home, "config")} {
		os.Setenv(k, v)
	}
	return m.Run()
}

// okeyChild runs okey args in a process of its own (this test binary)
// with its help sized for width columns, and returns its standard
// output, as a pipe gets it.
func okeyChild(t *testing.T, width int, args ...string) string {
	t.Helper()
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), childEnv+"=1", fmt.Sprintf("__FANG_TEST_WIDTH=%d", width))
	var errb bytes.Buffer
	c.Stderr = &errb
	out, err := c.Output()
	if err != nil {
		t.Fatalf("okey %s at %d columns: %v: %s", strings.Join(args, " "), width, err, errb.String())
	}
	return string(out)
}

// helpExamples are the examples of every help, as the helps print them
// at width columns: okey -h's first, then each command's the COMMANDS
// list names, in its order, depth first. A line continued with \ is
// joined to the next; a line cut ("…") fails the test.
func helpExamples(t *testing.T, width int) []string {
	t.Helper()
	var out []string
	var walk func(path []string)
	walk = func(path []string) {
		help := okeyChild(t, width, append(slices.Clone(path), "-h")...)
		joined := ""
		for _, ln := range helpSection(help, "EXAMPLES") {
			if strings.Contains(ln, "…") {
				t.Errorf("okey %s -h at %d columns prints an example cut: %q", strings.Join(path, " "), width, ln)
			}
			if body, more := strings.CutSuffix(ln, " \\"); more {
				joined += body + " "
				continue
			}
			out = append(out, joined+ln)
			joined = ""
		}
		if joined != "" {
			t.Errorf("okey %s -h: its last example goes on past the end: %q", strings.Join(path, " "), joined)
		}
		for _, ln := range helpSection(help, "COMMANDS") {
			walk(append(slices.Clone(path), strings.Fields(ln)[0]))
		}
	}
	walk(nil)
	if len(out) < 20 {
		t.Fatalf("only %d examples read from the helps at %d columns: %q", len(out), width, out)
	}
	return out
}

// sectionTitle is a help's section title: USAGE, EXAMPLES, COMMANDS,
// FLAGS.
var sectionTitle = regexp.MustCompile(`^  [A-Z]+$`)

// helpSection is the lines of a help's section (its title a line of
// capitals indented by two spaces, its lines by more), trimmed, blank
// ones left out.
func helpSection(help, title string) []string {
	var out []string
	in := false
	for _, ln := range strings.Split(help, "\n") {
		if sectionTitle.MatchString(ln) {
			in = strings.TrimSpace(ln) == title
			continue
		}
		if in && strings.TrimSpace(ln) != "" {
			out = append(out, strings.TrimSpace(ln))
		}
	}
	return out
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
		case (w == ":2222" || w == "127.0.0.1:8080" || w == ":8080") && how == "serve":
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
