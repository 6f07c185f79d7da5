package cli

import (
	"context"
	"errors"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/daily"
	"okey/game/fair"
	"okey/game/okey101"
)

// servedHand plays hand k of the served daily of g on 2026-11-24 under
// secret with hard bots in every seat, and returns its record as the
// server hands it out after the day (the secret in its meta).
func servedHand(t *testing.T, g game.Kind, secret daily.Secret, k int) []byte {
	t.Helper()
	d, _ := daily.ParseDate("2026-11-24")
	set, err := daily.NewServed(g, d, secret)
	if err != nil {
		t.Fatal(err)
	}
	h := set.Hands[k-1]
	meta := set.ServedMeta(h, daily.Commit(g, d, secret))
	var raw []byte
	if g == game.Classic {
		rec := daily.ClassicRecord(h)
		rec.Meta = meta
		gm, err := rec.Game()
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]botsclassic.Bot, 4)
		for s := range bots {
			bots[s], _ = botsclassic.New("hard", botsclassic.Options{Seed: h.Bots[s]})
		}
		for gm.State().Phase() == game.Playing {
			st := gm.State()
			a, err := bots[st.Turn()].Decide(context.Background(), st.View(st.Turn()))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := gm.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		full := gm.Record()
		raw = full.Marshal()
	} else {
		rec := daily.Record101(h)
		rec.Meta = meta
		gm, err := rec.Game()
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]bots101.Bot, 4)
		for s := range bots {
			bots[s], _ = bots101.New("hard", bots101.Options{Seed: h.Bots[s]})
		}
		for gm.State().Phase() != game.MatchOver {
			st := gm.State()
			if st.Phase() == game.HandOver {
				if _, _, err := gm.Apply(okey101.NextHand()); err != nil {
					t.Fatal(err)
				}
				continue
			}
			a, err := bots[st.Turn()].Decide(context.Background(), st.View(st.Turn()))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := gm.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		full := gm.Record()
		raw = full.Marshal()
	}
	out, err := daily.WithSecret(raw, secret)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVerifyServedDaily: a served daily's hand, handed out with the
// day's secret, verifies — its commitment the day's, the hand over —
// in both games; with another secret, with none, or with its seed moved
// to another hand's, it does not.
func TestVerifyServedDaily(t *testing.T) {
	var sec, other daily.Secret
	sec[3], other[3] = 7, 8
	d, _ := daily.ParseDate("2026-11-24")
	for _, g := range game.Kinds() {
		t.Run(string(g), func(t *testing.T) {
			b := servedHand(t, g, sec, 2)
			v, err := Verify(b)
			if err != nil {
				t.Fatal(err)
			}
			if v.Commit != fair.Commitment(daily.Commit(g, d, sec)) || !v.Over || v.Game != g {
				t.Errorf("verified: %+v", v)
			}
			swapped := strings.Replace(string(b), sec.String(), other.String(), 1)
			if _, err := Verify([]byte(swapped)); !errors.Is(err, daily.ErrRevealMismatch) {
				t.Errorf("another secret: %v", err)
			}
			none := strings.Replace(string(b), `"`+daily.MetaServedSecret+`"`, `"no_secret"`, 1)
			if _, err := Verify([]byte(none)); !errors.Is(err, daily.ErrSecret) {
				t.Errorf("no secret: %v", err)
			}
			moved := strings.Replace(string(b), `hand 2"`, `hand 1"`, 1)
			if _, err := Verify([]byte(moved)); !errors.Is(err, daily.ErrDailyMismatch) {
				t.Errorf("another hand named: %v", err)
			}
		})
	}
}
