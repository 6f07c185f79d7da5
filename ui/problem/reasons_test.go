package problem

import (
	"errors"
	"fmt"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/ui/i18n"
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
