package table

import (
	"context"
	"errors"
	"testing"
	"time"

	"okey/kit/i18n"
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
			// A millisecond for the bot that does not answer (its
			// timing out is what is tested); a minute for the others,
			// whose answer must win however loaded the machine.
			timeout := time.Minute
			if tc.wantErr == ErrNoAnswer {
				timeout = time.Millisecond
			}
			got, err := Ask(context.Background(), 0, timeout, tc.decide)
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

// TestFail asserts the count of a bot's failures in a row: told as a
// failure until the MaxBotFailures-th, which replaces the bot and
// starts the count again, each seat counted alone.
func TestFail(t *testing.T) {
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	l := plainLook(tr)
	why := errors.New("bot broke")
	failed := make([]int, 4)
	for i := 1; i <= 2*MaxBotFailures; i++ {
		replace, news := Fail(failed, 2, l, why)
		wantKey := "status.botfail"
		if want := i%MaxBotFailures == 0; replace != want {
			t.Errorf("failure %d: replace %v, want %v", i, replace, want)
		} else if want {
			wantKey = "status.botreplaced"
		}
		if want := tr.T(wantKey, l.Words.SeatName(2), "bot broke"); news != want {
			t.Errorf("failure %d: told %q, want %q", i, news, want)
		}
	}
	if failed[1] != 0 || failed[3] != 0 || failed[2] != 0 {
		t.Errorf("counts %v, want all 0 after two replacements", failed)
	}
}
