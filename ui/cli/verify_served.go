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

// A hand of okey serve's daily carries no seed's
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
		return verifyServedHand(Verified{Game: okey101.GameName, Seed: rec.Seed}, rec.Meta,
			func(sec daily.Secret) (daily.ServedHand, error) { return daily.VerifyServed101(rec, sec) },
			func() (int, bool, error) {
				g, err := rec.Replay()
				if err != nil {
					return 0, false, err
				}
				// A void deal dealt again is a second hand of the match.
				return g.State().HandNumber(), g.State().Result() != nil, nil
			}, false)
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return Verified{}, damaged(err, record.ErrCorrupt)
	}
	return verifyServedHand(Verified{Game: "classic", Seed: rec.Seed}, rec.Meta,
		func(sec daily.Secret) (daily.ServedHand, error) { return daily.VerifyServedClassic(rec, sec) },
		func() (int, bool, error) {
			g, err := rec.Replay()
			if err != nil {
				return 0, false, err
			}
			return g.State().HandNumber(), g.State().Result() != nil, nil
		}, true)
}

// verifyServedHand is what verifying a served daily's hand does in either
// game: the secret read from meta, the hand checked against it (check,
// the game's), its moves replayed (replay: the hands played, whether
// the last ended). oneHand: the record must stop at its match's first
// hand.
func verifyServedHand(v Verified, meta map[string]string, check func(daily.Secret) (daily.ServedHand, error),
	replay func() (hands int, over bool, err error), oneHand bool) (Verified, error) {
	sec, err := daily.SecretOf(meta)
	if err != nil {
		return v, err
	}
	n, err := check(sec)
	v.Commit = fair.Commitment(n.Commit)
	if err != nil {
		return v, err
	}
	if v.Hands, v.Over, err = replay(); err != nil {
		return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
	}
	if oneHand && v.Hands > 1 {
		return v, fmt.Errorf("%w: a daily's hand is its match's first, yet the record goes on to hand %d", ErrDamaged, v.Hands)
	}
	return v, nil
}
