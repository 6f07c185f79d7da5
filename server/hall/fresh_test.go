package hall

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"okey/server/keep"
)

// TestWordsBetweenNodesAreTakenOnce: what a node says to another (a
// request, a message to a member, a table opened or moved) opens once
// on the node it is for: put back by a writer of the subjects without
// the secret, it is refused as heard; on a node started after it was
// said (which heard nothing before), or once older than freshFor, as
// not fresh; for another place, or sealed with another secret, as not
// sealed. Its answer opens only for its own nonce.
func TestWordsBetweenNodesAreTakenOnce(t *testing.T) {
	secret, err := keep.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	other, err := keep.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	clock := func(d time.Duration) func() time.Time { return func() time.Time { return now.Add(d) } }
	sender := newFreshness(secret.NewSealer(), clock(0))
	place := tableSubject("1")
	said, n := sender.Seal(place, "a", []byte("chat hello"))

	a := newFreshness(secret.NewSealer(), clock(0))
	got, to, heard, err := a.Open(place, said)
	if err != nil || !bytes.Equal(got, []byte("chat hello")) || to != "a" || heard != n {
		t.Fatalf("opened as %q for %q (%v)", got, to, err)
	}
	if _, _, _, err := a.Open(place, said); !errors.Is(err, errHeard) {
		t.Errorf("put back: %v, want heard", err)
	}
	restarted := newFreshness(secret.NewSealer(), clock(time.Second))
	if _, _, _, err := restarted.Open(place, said); !errors.Is(err, errNotFresh) {
		t.Errorf("put back on a node started since: %v, want not fresh", err)
	}
	late := newFreshness(secret.NewSealer(), clock(freshFor+time.Second))
	late.since = time.Time{}
	if _, _, _, err := late.Open(place, said); !errors.Is(err, errNotFresh) {
		t.Errorf("put back past freshFor: %v, want not fresh", err)
	}
	foreign, _ := newFreshness(other.NewSealer(), clock(0)).Seal(place, "a", []byte("chat hello"))
	for name, c := range map[string]struct {
		place string
		b     []byte
	}{
		"another place":  {tableSubject("2"), said},
		"another secret": {place, foreign},
		"cut short":      {place, said[:len(said)-3]},
		"plain":          {place, []byte("chat hello")},
	} {
		if _, _, _, err := newFreshness(secret.NewSealer(), clock(0)).Open(c.place, c.b); !errors.Is(err, errNotSealed) {
			t.Errorf("%s: %v, want not sealed", name, err)
		}
	}

	// Past freshFor, a nonce is no longer kept: its stamp refuses it.
	a.now = clock(freshFor + 2*time.Second)
	if _, _, _, err := a.Open(place, said); !errors.Is(err, errNotFresh) {
		t.Errorf("put back later still: %v, want not fresh", err)
	}
	if len(a.heard) != 0 {
		t.Errorf("%d nonces kept past freshFor", len(a.heard))
	}

	// The answer is sealed for the request's nonce.
	answer := secret.NewSealer().Seal(answerPlace(replyPlace("1"), n), []byte("ok"))
	if _, err := secret.NewSealer().Open(answerPlace(replyPlace("1"), n), answer); err != nil {
		t.Errorf("the answer to its request: %v", err)
	}
	_, n2 := sender.Seal(place, "a", []byte("chat again"))
	if _, err := secret.NewSealer().Open(answerPlace(replyPlace("1"), n2), answer); err == nil {
		t.Error("an answer put back answers another request")
	}
}
