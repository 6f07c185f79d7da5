package table

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestAsk asserts what Ask promises both games' bots: an answer passed
// on, a failure passed on, a bot that never answers turned into
// ErrNoAnswer once its context ends (the context it was handed ends
// too), and a cancelled question given up at once. No timings are
// asserted: a timeout that fires is the only clock read.
func TestAsk(t *testing.T) {
	errBot := errors.New("bot broke")
	release := make(chan struct{}) // the bot that never answers, let go at the end
	t.Cleanup(func() { close(release) })
	for _, tc := range []struct {
		name    string
		decide  func(context.Context) (int, error)
		want    int
		wantErr error
	}{
		{"an answer", func(context.Context) (int, error) { return 7, nil }, 7, nil},
		{"a failure", func(context.Context) (int, error) { return 0, errBot }, 0, errBot},
		{"no answer", func(ctx context.Context) (int, error) {
			<-ctx.Done()
			<-release // no answer, even once told to stop
			return 1, nil
		}, 0, ErrNoAnswer},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Ask(context.Background(), 0, time.Millisecond, tc.decide)
			if !errors.Is(err, tc.wantErr) || got != tc.want {
				t.Errorf("Ask = %d, %v; want %d, %v", got, err, tc.want, tc.wantErr)
			}
		})
	}
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		// A pause of an hour and a bot that waits for its context: a
		// cancelled question must come back anyway.
		_, err := Ask(ctx, time.Hour, time.Hour, func(ctx context.Context) (int, error) {
			<-ctx.Done()
			return 0, ctx.Err()
		})
		if err == nil {
			t.Error("a cancelled question came back without an error")
		}
	})
}
