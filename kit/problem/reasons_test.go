package problem

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
)

// A refusal reads in the player's language: English keeps the error's
// own words, another language the catalogue's sentence for a known
// error (wrapped or not) and general words for an unknown one.
func TestReason(t *testing.T) {
	en, tr := i18n.MustLoad("en"), i18n.MustLoad("tr")
	odd := errors.New("something odd")
	for _, tt := range []struct {
		name string
		tr   *i18n.Catalog
		err  error
		want string
	}{
		{"none", tr, nil, ""},
		{"english keeps the error", en, game.ErrMustDraw, game.ErrMustDraw.Error()},
		{"known", tr, game.ErrMustDraw, tr.T("err.why.mustdraw")},
		{"known, wrapped", tr, fmt.Errorf("playing: %w", okey101.ErrNotPair), tr.T("err.why.notpair")},
		{"unknown", tr, odd, tr.T("err.why.other")},
	} {
		if got := Reason(tt.tr, tt.err); got != tt.want {
			t.Errorf("%s: Reason = %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, e := range Known() {
		if _, ok := ReasonKey(e); !ok {
			t.Errorf("%v is known but has no key", e)
		}
	}
	if _, ok := ReasonKey(odd); ok {
		t.Error("an unknown error has a key")
	}
}

// A record refused is said in Turkish with where it is: the line its
// reader refused, or the action its replay did and why, not a bare
// "kayıt bozuk" (a damaged save); in English as the engine says it.
func TestRecordReasonKeepsWhere(t *testing.T) {
	tr, en := i18n.MustLoad("tr"), i18n.MustLoad("en")
	rec := classic.Record{Rules: classic.DefaultRules(), Seed: 7}
	b := rec.Marshal()
	_, parseErr := classic.ParseRecord(append(b, []byte("{\"a\":\"draw\",\"s\":0}\nnot json\n")...))
	_, p101Err := okey101.ParseRecord([]byte("{\"okey\":\"record\",\"version\":1,\"game\":\"101\"}\n\n{\"a\":\"draw\"}\n"))
	g, err := classic.NewGame(classic.DefaultRules(), 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := g.Record()
	r.Actions = append(r.Actions, classic.Action{Kind: classic.ActDiscard, Seat: (g.State().Turn() + 1) % classic.NumSeats, Tile: r.Deals[0].Indicator})
	_, replayErr := r.Replay()
	for _, c := range []struct {
		err  error
		want string
	}{
		{parseErr, "kayıt bozuk: 3. satır"},
		{p101Err, "kayıt bozuk: 2. satır"},
		{replayErr, "kayıt bozuk: 1. hamle"},
	} {
		if c.err == nil {
			t.Fatalf("no error for %q", c.want)
		}
		if got := Reason(tr, c.err); !strings.HasPrefix(got, c.want) {
			t.Errorf("Turkish %q for %q, want it to start %q", got, c.err, c.want)
		}
		if got := Reason(en, c.err); got != c.err.Error() {
			t.Errorf("English %q, the engine says %q", got, c.err)
		}
	}
}
