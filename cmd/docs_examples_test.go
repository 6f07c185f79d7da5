package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// Every okey command line in a code block of the README and of docs/
// is run by TestDocumentedExamples and its exit status checked (issue
// 42, point 9): an example that no longer works as written fails the
// suite. (The docExamples of the -h texts have their own test.)

// How an example is run.
const (
	// exRun runs it as written; its exit status must be code.
	exRun = iota
	// exPlay is the full-screen game: run as written without a
	// terminal, its flags are all checked before it asks for one, so
	// it must stop at that (exit 1, "terminal") — a flag it refused
	// would exit 2.
	exPlay
	// exStart is a long run (thousands of hands, a whole review): run
	// as written, stopped after a while as ctrl+c would; it must have
	// started (not a usage error) and stopped as interrupted.
	exStart
	// exParse cannot run here (it listens on a machine's own addresses
	// and ports, or loads a server for minutes): its command line must
	// be one okey takes — the command found, its flags and arguments
	// accepted.
	exParse
)

// example is what an example must do.
type example struct {
	how  int
	code int // exRun's exit status
	// shell gives the okey command line of a line that is a shell's
	// (a loop's variable, a command substitution), made in dir.
	shell func(dir string) []string
}

// docExamples are the documented command lines, as the documents write
// them (without a trailing comment), each with what it must do.
var docExamples = map[string]example{
	// README.md
	"okey":                             {how: exPlay},
	"okey --game 101":                  {how: exPlay},
	"okey --lang tr":                   {how: exPlay},
	"okey --bots easy,hard,normal":     {how: exPlay},
	"okey --names Ayşe,Mehmet,Zeynep":  {how: exPlay},
	"okey --speed fast":                {how: exPlay},
	"okey --rules points=10,no_wrap":   {how: exPlay},
	"okey --seed 42":                   {how: exPlay},
	"okey -h":                          {how: exRun},
	"okey --version":                   {how: exRun},
	"okey --speed slow":                {how: exPlay},
	"okey --rules simple,points=10":    {how: exPlay},
	"okey --points 10":                 {how: exPlay},
	"okey --state-dir /tmp/okey":       {how: exPlay},
	"okey --debug-log /tmp/okey.log":   {how: exPlay},
	"okey help hand":                   {how: exRun},
	"okey dirs":                        {how: exRun},
	"okey completion bash":             {how: exRun},
	"okey man | man -l -":              {how: exRun},
	"okey serve --debug-log serve.log": {how: exParse},
	"okey serve":                       {how: exParse},
	// The browser door: it listens (8080, 443 may be taken), or needs a
	// certificate, a proxy (docs/serving.md, "In a browser").
	"okey serve --web 127.0.0.1:8080":                                                 {how: exParse},
	"okey serve --web :443 --web-cert fullchain.pem --web-key privkey.pem":            {how: exParse},
	"okey serve --web 127.0.0.1:8080 --web-proxy 127.0.0.1 --web-origin okey.example": {how: exParse},
	"okey serve --web :8080 --web-insecure-lan":                                       {how: exParse},
	"okey serve secret okey.secret":                                                   {how: exRun},
	// docs/cluster.md: the secret changed with the cluster up, each step
	// on a file of the nodes' (keep's TestSecretSteps runs the steps).
	"okey serve secret --add okey.secret":                                   {how: exParse},
	"okey serve secret --promote okey.secret":                               {how: exParse},
	"okey serve secret --drop okey.secret":                                  {how: exParse},
	"okey hand --indicator R4 R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 K13 K1 R5 J": {how: exRun},
	"okey hand --deal 4 > hands.txt":                                        {how: exRun},
	"okey hand --json < hands.txt":                                          {how: exRun},
	"okey hand --game 101 --indicator R4 R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K12 K13 R5 J Y12 Y12 B1 B2 K3 K4 K5 K6": {how: exRun},
	"okey hand --game 101 --deal 1000 > racks.txt":                                                            {how: exRun},
	"okey hand --game 101 --json < racks.txt":                                                                 {how: exRun},
	"okey sim --game 101 --bots normal,easy,easy,easy --hands 8000 --seed 1":                                  {how: exStart},
	"okey sim --game 101 --bots hard,normal,normal,normal --matches 400 --seed 3":                             {how: exStart},
	"okey sim --bots hard,normal,normal,normal --matches 2000 --seed 1":                                       {how: exStart},
	"okey sim --bots hard,normal,normal,normal --hands 20000 --seed 1":                                        {how: exStart},
	"okey sim --bots search-4x-c2,normal,normal,normal --hands 1600 --seed 21 --workers 1 --json":             {how: exStart},
	"okey sim --bots hard,normal,normal,normal --hands 1600 --seed 21 --json":                                 {how: exStart},
	"okey sim --bots hard,normal,normal,normal --matches 2000 --json":                                         {how: exStart},
	"okey sim --bots easy --hands 8 --seed 7 --record easy/":                                                  {how: exRun},
	"okey review": {how: exStart},
	"okey review --seat 2 --hand 3 match.okey":     {how: exRun},
	"okey review --json match.okey > review.jsonl": {how: exStart},
	"okey review --hints match.okey":               {how: exStart},
	"okey review --json --seed 1 --seat $seat $(ls DIR/hand-*.okey | awk -v s=$seat 'NR%4==(s+1)%4')": {how: exStart,
		shell: func(dir string) []string { // seat 0, its hands of DIR (easy/ here)
			hands, _ := filepath.Glob(filepath.Join(dir, "easy", "hand-*.okey"))
			args := []string{"okey", "review", "--json", "--seed", "1", "--seat", "0"}
			for i, h := range hands {
				if (i+1)%4 == 1 {
					args = append(args, h)
				}
			}
			return args
		}},
	// docs/cluster.md: other machines' addresses; docs/studies/cluster-runs.md:
	// minutes of load.
	"okey serve --addr :2222 --cluster 10.0.0.1:6222 --node a --routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222 --cluster-secret okey.secret": {how: exParse},
	"okey serve --addr :2222 --cluster 10.0.0.2:6222 --node b --routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222 --cluster-secret okey.secret": {how: exParse},
	"okey serve --addr :2222 --cluster 10.0.0.3:6222 --node c --routes 10.0.0.1:6222,10.0.0.2:6222,10.0.0.3:6222 --cluster-secret okey.secret": {how: exParse},
	"okey serve --nats tls://nats1:4222,tls://nats2:4222 --nats-creds okey.creds --nats-ca ca.pem --cluster-secret okey.secret":                {how: exParse},
	"okey load --nodes 3 --sessions 100,250,500 --play 60s --ssh-port 2510 --cluster-port 6510":                                                {how: exParse},
	"okey load --nodes 3 --sessions 750,1000 --play 60s --ssh-port 2530 --cluster-port 6530":                                                   {how: exParse},
	"okey load --nodes 1 --sessions 100,250,500 --play 60s --ssh-port 2520":                                                                    {how: exParse},
	"okey load --nodes 1 --sessions 750 --play 60s --ssh-port 2540":                                                                            {how: exParse},
	"okey load --nodes 3 --sessions 1000 --play 120s --ssh-port 25400 --cluster-port 25500":                                                    {how: exParse},
	"okey load --nodes 1 --sessions 1000,1500 --play 60s --ssh-port 25400":                                                                     {how: exParse},
	"okey load --nodes 3 --sessions 1000 --play 60s [--burn 1.5]":                                                                              {how: exParse},
	"okey load --sessions 750 --play 60s [--burn 1.5]":                                                                                         {how: exParse},
	"okey load --nodes 3 --sessions 1000 --play 45s --burn 2":                                                                                  {how: exParse},
	"okey load --nodes 3 --sessions 1000 --play 45s":                                                                                           {how: exParse},
	"okey load --nodes 3 --sessions 200 --tournament arena --play 2m":                                                                          {how: exParse},
	"okey load --nodes 3 --sessions 200 --tournament arena --play 2m --kill-node-at 60s":                                                       {how: exParse},
	"okey load --nodes 3 --sessions 1000 --play 60s --burn 2 [--busy 0]":                                                                       {how: exParse},
	"okey load --nodes 3 --sessions 200 --tournament arena --kill-node-at 60s --play 2m --burn 2":                                              {how: exParse},
	"okey load --nodes 3 --sessions 200 --tournament arena --play 2m --join-burst":                                                             {how: exParse},
	"okey load --nodes 3 --sessions 198 --tournament swiss --rounds 3":                                                                         {how: exParse},
	// docs/tournament-flow.md: a tournament's files from a server.
	"okey tournament standings t.json *.okey": {how: exParse},
	// docs/daily.md: days long over, so that par can be printed.
	"okey daily --fingerprint":     {how: exRun},
	"okey daily":                   {how: exPlay},
	"okey daily --game 101":        {how: exPlay},
	"okey daily --date 2026-11-20": {how: exPlay},
	"okey daily --share":           {how: exRun, code: 1}, // no daily played here
	"okey daily --date 2026-11-24 --game 101 --fingerprint": {how: exRun},
	"okey daily --date 2026-11-23 --par":                    {how: exRun},
	"okey daily --date 2026-11-23 --game 101 --par --json":  {how: exRun},
	"okey daily --date 2026-11-24 --fingerprint":            {how: exRun},
	"okey daily --date 2026-11-23 --game 101 --par":         {how: exRun},
	// docs/load.md
	"okey load --sessions 100":                                                     {how: exParse},
	"okey load --sessions 100,250,500,750 --play 120s":                             {how: exParse},
	"okey load --sessions 248 --cpuprofile cpu.out --heapprofile heap.out":         {how: exParse},
	"okey load --addr host:2222 --pid 1234 --sessions 100":                         {how: exParse},
	"okey load --nodes 3 --sessions 100,250,500 --play 60s":                        {how: exParse},
	"okey load --web --sessions 100 --play 60s":                                    {how: exParse},
	"okey load --addr 127.0.0.1:2501,127.0.0.1:2502,127.0.0.1:2503 --pid 11,12,13": {how: exParse},
	"okey load --nodes 3 --sessions 1000 --burn 1.5":                               {how: exParse},
	"okey load --nodes 3 --nats nats://u:p@127.0.0.1:4222 --sessions 1000":         {how: exParse},
}

// documents are the files whose code blocks hold docExamples: the
// README, the pages of docs/ and the studies of docs/studies/, whose
// command lines must run as written too (from the module's root, this
// package's parent).
func documents(t *testing.T) []string {
	docs, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	studies, err := filepath.Glob("../docs/studies/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append(append([]string{"../README.md"}, docs...), studies...)
}

// comment is a trailing shell comment.
var comment = regexp.MustCompile(`\s+#\s.*$`)

// documented are the okey command lines in the code blocks of the
// documents, in their order, without their trailing comments.
func documented(t *testing.T) []string {
	var out []string
	for _, doc := range documents(t) {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		in := false
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				in = !in
				continue
			}
			line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "$ "))
			if !in || line != "okey" && !strings.HasPrefix(line, "okey ") {
				continue
			}
			line = strings.TrimSpace(comment.ReplaceAllString(line, ""))
			if !slices.Contains(out, line) {
				out = append(out, line)
			}
		}
	}
	return out
}

// TestDocumentedExamples runs every documented example (see docExamples).
func TestDocumentedExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bots and reviews for half a minute")
	}
	found := documented(t)
	for _, ex := range found {
		if _, ok := docExamples[ex]; !ok {
			t.Errorf("%q is documented, but TestDocumentedExamples does not know what it must do: add it to docExamples", ex)
		}
	}
	for ex := range docExamples {
		if !slices.Contains(found, ex) {
			t.Errorf("%q is in docExamples, but no document shows it any more", ex)
		}
	}
	// One directory, one home for all, in the documents' order: an
	// example may make the file a later one reads (racks.txt).
	dir := t.TempDir()
	t.Chdir(dir)
	home := filepath.Join(dir, "home")
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	t.Setenv("LANG", "C")
	t.Setenv("LC_ALL", "")
	prepare(t, dir)
	for _, ex := range found {
		want, ok := docExamples[ex]
		if !ok {
			continue
		}
		t.Run(ex, func(t *testing.T) {
			args, stdin, stdout := commandLine(t, dir, ex, want)
			switch want.how {
			case exParse:
				if err := accepted(args); err != nil {
					t.Fatalf("not a command line okey takes: %v", err)
				}
				return
			case exStart:
				ctx, cancel := context.WithTimeout(context.Background(), time.Second)
				defer cancel()
				var errb bytes.Buffer
				code := run(ctx, args, stdin, stdout, &errb)
				if ctx.Err() == nil {
					t.Fatalf("ended before it was stopped (exit %d): %s", code, errb.String())
				}
				if !interrupted(code) {
					t.Fatalf("stopped: exit %d, want an interrupted run's: %s", code, errb.String())
				}
				return
			}
			var errb bytes.Buffer
			code := run(context.Background(), args, stdin, stdout, &errb)
			wantCode, wantSaid := want.code, ""
			if want.how == exPlay {
				wantCode, wantSaid = 1, "terminal"
			}
			if code != wantCode || !strings.Contains(errb.String(), wantSaid) {
				t.Fatalf("exit %d, want %d: %s", code, wantCode, errb.String())
			}
		})
	}
}

// interrupted reports whether code is an interrupted run's exit status:
// 130, as for ctrl+c, or 1 as the commands said it
// before that.
func interrupted(code int) bool { return code == 130 || code == 1 }

// prepare makes in dir what the docExamples read and no example makes:
// a match record (match.okey) and a finished match in the state
// directory (for okey review without a file). A file of racks an
// example reads (hands.txt, racks.txt) is made by an example shown
// before it.
func prepare(t *testing.T, dir string) {
	t.Helper()
	rec := filepath.Join(dir, "rec")
	if code := run(context.Background(), []string{"sim", "--bots", "easy", "--matches", "1", "--seed", "7", "--record", rec}, strings.NewReader(""), &bytes.Buffer{}, os.Stderr); code != 0 {
		t.Fatalf("okey sim --matches 1 --record: exit %d", code)
	}
	recs, _ := filepath.Glob(filepath.Join(rec, "*.okey"))
	if len(recs) != 1 {
		t.Fatalf("okey sim --matches 1 --record wrote %v", recs)
	}
	b, err := os.ReadFile(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	finished := filepath.Join(os.Getenv("XDG_STATE_HOME"), "okey", "matches", "20250101-120000-finished.okey")
	for _, p := range []string{filepath.Join(dir, "match.okey"), finished} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// commandLine is the example ex as okey's arguments, its standard input
// (a file after <, else nothing) and output (a file after >, else
// kept in memory); what follows a pipe is the shell's, not okey's.
func commandLine(t *testing.T, dir, ex string, want example) (args []string, stdin *bytes.Reader, stdout *fileOrBuffer) {
	t.Helper()
	stdin, stdout = bytes.NewReader(nil), &fileOrBuffer{}
	if want.shell != nil {
		return want.shell(dir)[1:], stdin, stdout
	}
	ex, _, _ = strings.Cut(ex, " | ")
	// [--burn 1.5] is an option the example may be run with: it is.
	ex = strings.NewReplacer("[", "", "]", "").Replace(ex)
	if before, file, ok := strings.Cut(ex, " < "); ok {
		b, err := os.ReadFile(filepath.Join(dir, strings.TrimSpace(file)))
		if err != nil {
			t.Fatal(err)
		}
		ex, stdin = before, bytes.NewReader(b)
	}
	if before, file, ok := strings.Cut(ex, " > "); ok {
		ex, stdout.path = before, filepath.Join(dir, strings.TrimSpace(file))
		t.Cleanup(stdout.close)
	}
	return strings.Fields(ex)[1:], stdin, stdout
}

// fileOrBuffer is an example's standard output: the file it is sent to
// (written as it comes, for a later example to read), or memory.
type fileOrBuffer struct {
	path string
	f    *os.File
	buf  bytes.Buffer
}

func (w *fileOrBuffer) Write(p []byte) (int, error) {
	if w.path == "" {
		return w.buf.Write(p)
	}
	if w.f == nil {
		f, err := os.Create(w.path)
		if err != nil {
			return 0, err
		}
		w.f = f
	}
	return w.f.Write(p)
}

func (w *fileOrBuffer) close() {
	if w.f != nil {
		w.f.Close()
	}
}

// accepted reports whether okey takes args as a command line: the
// command found, its flags parsed and its arguments valid — what it
// checks before it does anything.
func accepted(args []string) error {
	e := newEnv(args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}, os.Getenv)
	root := newRoot(e)
	c, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if err := c.ParseFlags(rest); err != nil {
		return err
	}
	return validArgs(c)
}

// validArgs checks the arguments left after the flags as c does.
func validArgs(c *cobra.Command) error { return c.ValidateArgs(c.Flags().Args()) }
