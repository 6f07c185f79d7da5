package hall

import (
	"context"
	"testing"
	"time"
)

// TestATakeoverTheStoreDidNotAnswerIsTriedAgain: a takeover cut short
// by a store that did not answer is tried again, its slot free between
// the tries (the other tables' takeovers go on), until it is done or
// the tries run out; one that ends for another reason (the table held
// by another node, closed, refused) is not.
func TestATakeoverTheStoreDidNotAnswerIsTriedAgain(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range []struct {
		name        string
		unanswered  int // tries the store does not answer
		tries, want int
	}{
		{"taken at once", 0, 5, 1},
		{"taken at the third", 2, 5, 3},
		{"never answered", 100, 5, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			slots := make(chan struct{}, 1)
			calls := 0
			got := tryAgain(ctx, slots, time.Millisecond, c.tries, func() bool {
				calls++
				if len(slots) != 1 {
					t.Errorf("try %d made without its slot", calls)
				}
				return calls <= c.unanswered
			})
			if got != c.want || calls != c.want {
				t.Errorf("tried %d times (said %d), want %d", calls, got, c.want)
			}
			if len(slots) != 0 {
				t.Error("a slot still held after the tries")
			}
		})
	}
	t.Run("its slot free between tries", func(t *testing.T) {
		slots := make(chan struct{}, 1)
		other := make(chan bool, 1)
		calls := 0
		tryAgain(ctx, slots, 200*time.Millisecond, 2, func() bool {
			calls++
			if calls == 1 {
				go func() {
					// Another table's takeover, waiting for the slot.
					select {
					case slots <- struct{}{}:
						<-slots
						other <- true
					case <-time.After(10 * time.Second):
						other <- false
					}
				}()
			}
			return true
		})
		if !<-other {
			t.Error("another takeover never had the slot while this one waited to try again")
		}
	})
	t.Run("ended with its context", func(t *testing.T) {
		ended, stop := context.WithCancel(ctx)
		stop()
		if n := tryAgain(ended, make(chan struct{}), time.Millisecond, 5, func() bool { return true }); n != 0 {
			t.Errorf("tried %d times after its context ended", n)
		}
	})
}
