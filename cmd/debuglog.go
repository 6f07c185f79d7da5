package cmd

import (
	"log/slog"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// openDebugLog opens the debug log a bug report can carry: path
// (--debug-log), else $OKEY_DEBUG_LOG, else none — then the logger is
// nil, which the table and the server take for "log nothing", at no
// cost. The first line says which okey wrote it. A game's log starts
// anew each run; a server's (appendTo) keeps what earlier runs wrote.
func openDebugLog(path string, getenv func(string) string, command string, appendTo bool) (*slog.Logger, func(), error) {
	if path == "" {
		path = getenv("OKEY_DEBUG_LOG")
	}
	if path == "" {
		return nil, func() {}, nil
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o600)
	if err != nil {
		return nil, func() {}, err
	}
	log := slog.New(slog.NewTextHandler(f, &slog.HandlerOptions{Level: slog.LevelDebug}))
	log.Info("okey", "version", currentVersion().String(), "command", command, "go", runtime.Version(), "os", runtime.GOOS+"/"+runtime.GOARCH)
	return log, func() { f.Close() }, nil
}

// commandLine is the command line as typed, each word quoted when it
// needs to be, for the debug log's first line.
func (e *env) commandLine() string {
	words := []string{"okey"}
	for _, a := range e.args {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\$") {
			a = strconv.Quote(a)
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// orDiscard is log, or a logger that writes nothing when log is nil.
func orDiscard(log *slog.Logger) *slog.Logger {
	if log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return log
}
