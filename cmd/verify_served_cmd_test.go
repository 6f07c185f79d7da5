package cmd

import (
	"bytes"
	"strings"
	"testing"

	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"
)

// TestVerifyServedDailyWords: okey verify says why a served daily's hand
// does not verify — a secret that is not the day's, or none — in the
// catalogue's words in Turkish.
func TestVerifyServedDailyWords(t *testing.T) {
	d, _ := daily.ParseDate("2026-11-24")
	var sec, other daily.Secret
	sec[0], other[0] = 1, 2
	set, err := daily.NewServed(game.Classic, d, sec)
	if err != nil {
		t.Fatal(err)
	}
	rec := daily.ClassicRecord(set.Hands[0])
	rec.Meta = set.ServedMeta(set.Hands[0], daily.Commit(game.Classic, d, sec))
	raw := rec.Marshal()
	wrong, err := daily.WithSecret(raw, other)
	if err != nil {
		t.Fatal(err)
	}
	tr := i18n.MustLoad("tr")
	for _, tc := range []struct {
		rec  []byte
		want string
	}{
		{wrong, tr.T("cmd.verify.served.reveal")},
		{raw, tr.T("cmd.verify.served.nosecret")},
	} {
		var out, errb bytes.Buffer
		if code := verifyRun("", true, []string{"-"}, tr, bytes.NewReader(tc.rec), &out, &errb); code != 1 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("exit %d, %q; want %q", code, errb.String(), tc.want)
		}
	}
}
