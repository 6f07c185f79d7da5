package cli

import (
	"bytes"
	"encoding/json"
	"fmt"

	"okey/game/classic"
	"okey/game/daily"
	"okey/game/fair"
	"okey/game/okey101"
	"okey/game/record"
)

// A hand of okey serve's daily (issue 44, point 4) carries no seed's
// commitment of its own: its seed comes from the day's secret, to which
// the day's commitment was shown to every player while the day lasted.
// Handed out after the day ("ssh HOST daily GAME DATE HAND"), its meta
// carries the revealed secret: verifying it checks that the secret
// gives the commitment the record names (Verified.Commit, the one the
// players noted), that the record's seed, rules and version are the
// hand's that secret deals, and that its moves replay. Over reports the
// hand ended (it is the first hand of a match of its own).

// servedDaily reports whether the record b is a served daily's hand, by
// its header's meta.
func servedDaily(b []byte) bool {
	head, _, _ := bytes.Cut(b, []byte{'\n'})
	var h struct {
		Meta map[string]string `json:"meta"`
	}
	if json.Unmarshal(head, &h) != nil {
		return false
	}
	_, ok := h.Meta[daily.MetaServed]
	return ok
}

// verifyServed checks a served daily's hand; gameName is the header's.
func verifyServed(b []byte, gameName string) (Verified, error) {
	if gameName == okey101.GameName {
		rec, err := okey101.ParseRecord(b)
		if err != nil {
			return Verified{}, damaged(err, record.ErrCorrupt)
		}
		v := Verified{Game: okey101.GameName, Seed: rec.Seed}
		sec, err := daily.SecretOf(rec.Meta)
		if err != nil {
			return v, err
		}
		n, err := daily.VerifyServed101(rec, sec)
		v.Commit = fair.Commitment(n.Commit)
		if err != nil {
			return v, err
		}
		g, err := rec.Replay()
		if err != nil {
			return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
		}
		st := g.State()
		v.Hands, v.Over = st.HandNumber(), st.Result() != nil
		return v, nil
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return Verified{}, damaged(err, record.ErrCorrupt)
	}
	v := Verified{Game: "classic", Seed: rec.Seed}
	sec, err := daily.SecretOf(rec.Meta)
	if err != nil {
		return v, err
	}
	n, err := daily.VerifyServedClassic(rec, sec)
	v.Commit = fair.Commitment(n.Commit)
	if err != nil {
		return v, err
	}
	g, err := rec.Replay()
	if err != nil {
		return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
	}
	st := g.State()
	v.Hands, v.Over = st.HandNumber(), st.Result() != nil
	if v.Hands > 1 {
		return v, fmt.Errorf("%w: a daily's hand is its match's first, yet the record goes on to hand %d", ErrDamaged, v.Hands)
	}
	return v, nil
}
