package keep

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// TestInboxHandsEachRequestItsOwn: two requests through one inbox, each
// answered twice and on its two attempts' subjects, get their own
// answers in the order they came; a request closed gets none after.
func TestInboxHandsEachRequestItsOwn(t *testing.T) {
	t.Parallel()
	k, _ := loggedOnce(t, "1")
	nc := k.eng.NC
	in := NewInbox(nc)
	const subj = "OKEY.TEST.TWICE"
	sub, err := nc.Subscribe(subj, func(m *nats.Msg) {
		_ = nc.Publish(m.Reply, append([]byte("first "), m.Data...))
		_ = nc.Publish(m.Reply, append([]byte("second "), m.Data...))
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	a, err := in.Ask()
	if err != nil {
		t.Fatal(err)
	}
	b, err := in.Ask()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		ask  *Ask
		body string
	}{{a, "a1"}, {b, "b1"}, {a, "a2"}} {
		if err := nc.PublishRequest(subj, r.ask.Reply(), []byte(r.body)); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	read := func(ask *Ask, n int) []string {
		var got []string
		for len(got) < n {
			if m := ask.Next(); m != nil {
				got = append(got, string(m.Data))
				continue
			}
			select {
			case <-ask.Ready():
			case <-ctx.Done():
				t.Fatalf("answers read: %q, want %d", got, n)
			}
		}
		return got
	}
	b.Close()
	got := read(a, 4)
	// Each attempt's two answers in order; the attempts' among each other as they came.
	if first, second := slices.Index(got, "first a1"), slices.Index(got, "second a1"); first < 0 || second < first {
		t.Errorf("the first attempt's answers: %q", got)
	}
	if first, second := slices.Index(got, "first a2"), slices.Index(got, "second a2"); first < 0 || second < first {
		t.Errorf("the second attempt's answers: %q", got)
	}
	if m := b.Next(); m != nil && string(m.Data) != "first b1" && string(m.Data) != "second b1" {
		t.Errorf("a closed request was handed %q", m.Data)
	}
	a.Close()
	if len(in.sent) != 0 {
		t.Errorf("%d reply subjects still kept after both requests closed", len(in.sent))
	}
}
