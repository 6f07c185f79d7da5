package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// tileWord is a tile's name in text: R7, Y13, B1, K9, J.
var tileWord = regexp.MustCompile(`\b([RYBK](1[0-3]|[1-9])|J)\b`)

// seenLog is a debug log that, at each line, also notes every tile the
// player's view holds then (the rack, the indicator and okey, the
// discards, the public history): what the player may know, so far.
type seenLog struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	text slog.Handler
	m    *Model
	seen map[string]bool
}

func newSeenLog() *seenLog {
	l := &seenLog{seen: map[string]bool{}}
	l.text = slog.NewTextHandler(&l.buf, &slog.HandlerOptions{Level: slog.LevelDebug})
	return l
}

func (l *seenLog) Enabled(ctx context.Context, lv slog.Level) bool { return l.text.Enabled(ctx, lv) }
func (l *seenLog) WithAttrs(as []slog.Attr) slog.Handler           { return l } // unused here
func (l *seenLog) WithGroup(string) slog.Handler                   { return l }
func (l *seenLog) Handle(ctx context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.note()
	return l.text.Handle(ctx, r)
}

// note adds the tiles of the player's view now to seen.
func (l *seenLog) note() {
	if l.m == nil {
		return
	}
	var b []byte
	if table101(l.m) != nil {
		b, _ = json.Marshal(table101(l.m).View)
	} else {
		b, _ = json.Marshal(tableClassic(l.m).View)
	}
	for _, w := range tileWord.FindAllString(string(b), -1) {
		l.seen[w] = true
	}
}

// checkNoHidden fails when a line of the log names a tile the player's
// view never held: a tile of another seat's rack or of the wall.
func (l *seenLog) checkNoHidden(t *testing.T) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.note()
	out := l.buf.String()
	for _, want := range []string{"msg=key", "msg=screen", "msg=move", "msg=size"} {
		if !strings.Contains(out, want) {
			t.Errorf("the debug log has no %s line:\n%.2000s", want, out)
		}
	}
	moves := 0
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "msg=move") {
			moves++
		}
		for _, w := range tileWord.FindAllString(line, -1) {
			if !l.seen[w] {
				t.Errorf("the debug log names %s, which the player never saw: %s", w, line)
			}
		}
	}
	if moves < 20 {
		t.Errorf("%d moves logged in a whole hand", moves)
	}
}

// The debug log (--debug-log) gets the keys, the screens and the moves
// of a whole hand, in both games, and never a tile the player may not
// see: another seat's rack, the wall.
func TestDebugLogHasNoHiddenTiles(t *testing.T) {
	t.Run("classic", func(t *testing.T) {
		l := newSeenLog()
		m := newTestModel(t, 100, 30, func(o *Options) { o.Log = slog.New(l) })
		l.m = m
		drain(t, m, m.Init())
		for turns := 0; m.screen == scrPlay; turns++ {
			if turns > 200 {
				t.Fatal("the hand does not end")
			}
			playMyTurn(t, m)
		}
		l.checkNoHidden(t)
	})
	t.Run("101", func(t *testing.T) {
		l := newSeenLog()
		m := newTest101(t, 100, 30, withSeed(8), func(o *Options) { o.Log = slog.New(l) })
		l.m = m
		drain(t, m, m.Init())
		for turns := 0; m.screen == scrPlay; turns++ {
			if turns > 40 {
				t.Fatal("the hand does not end")
			}
			myTurn101(t, m)
		}
		l.checkNoHidden(t)
	})
}

// Without a log nothing is written and nothing is built for it.
func TestNoDebugLogByDefault(t *testing.T) {
	m := newTestModel(t, 80, 24)
	if m.opt.Log != nil {
		t.Fatal("a debug log by default")
	}
	drain(t, m, m.Init())
	playMyTurn(t, m) // no log: nothing to write to, and no panic
}
