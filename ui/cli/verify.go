package cli

import (
	"errors"
	"fmt"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
	"okey/game/fair"
	"okey/game/okey101"
	"okey/game/record"
)

// Verify is okey verify's engine: it checks one match record served by
// okey serve. The record's seed and salt must hash to the commitment its
// meta says the players were shown (package game/fair), and the record
// must replay under the engine's own loader — every deal the one the
// seed deals, every move legal in it. A player who noted the
// commitment at the deal compares it with Verified.Commit.
func Verify(b []byte) (Verified, error) {
	h, err := record.ReadHeader(b)
	if err != nil && !errors.Is(err, record.ErrGame) {
		return Verified{}, fmt.Errorf("%w: its first line is not a match record's header", ErrDamaged)
	}
	if h.Format() == record.ServedDaily {
		return verifyServed(b, h.Kind)
	}
	switch h.Kind {
	case game.Classic:
		return verifyClassic(b)
	case game.Okey101:
		return verify101(b)
	}
	return Verified{}, fmt.Errorf("%w: a record of the game %q, which this okey does not know", ErrDamaged, h.Kind)
}

func verifyClassic(b []byte) (Verified, error) {
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return Verified{}, damaged(err, record.ErrCorrupt)
	}
	v := Verified{Game: game.Classic, Seed: rec.Seed}
	if v.Duplicate, err = duplicateOf(rec.Meta); err != nil {
		return v, err
	}
	if _, isDaily := rec.Meta[daily.MetaDaily]; isDaily {
		n, err := daily.IdentifyClassic(rec)
		if err != nil {
			return v, err
		}
		v.Daily = &n
	} else if v.Commit, err = fair.Check(rec.Seed, rec.Meta); err != nil {
		return v, err
	}
	if _, err := rec.Start(); err != nil {
		return v, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	g, err := rec.Replay()
	if err != nil {
		return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
	}
	st := g.State()
	v.Hands, v.Over = st.HandNumber(), st.Phase() == game.MatchOver
	if v.Daily != nil { // the daily's hand is its match's first
		v.Over = st.HandNumber() > 1 || st.Result() != nil
	}
	if v.Duplicate != nil { // so is a duplicate table's, which the table ends there
		if st.HandNumber() > 1 {
			return v, fmt.Errorf("%w: a duplicate table's hand is its match's first, yet the record goes on to hand %d", ErrDamaged, st.HandNumber())
		}
		v.Over = st.Result() != nil
	}
	return v, nil
}

func verify101(b []byte) (Verified, error) {
	rec, err := okey101.ParseRecord(b)
	if err != nil {
		return Verified{}, damaged(err, record.ErrCorrupt)
	}
	v := Verified{Game: game.Okey101, Seed: rec.Seed}
	// A duplicate table's hand of 101 is a match of one hand (hands=1):
	// its match over is its hand ended.
	if v.Duplicate, err = duplicateOf(rec.Meta); err != nil {
		return v, err
	}
	if v.Duplicate != nil && rec.Rules.Hands != 1 {
		return v, fmt.Errorf("%w: a duplicate table's hand of 101 is a match of one hand, yet its rules say %d", ErrDamaged, rec.Rules.Hands)
	}
	if _, isDaily := rec.Meta[daily.MetaDaily]; isDaily {
		n, err := daily.Identify101(rec)
		if err != nil {
			return v, err
		}
		v.Daily = &n
	} else if v.Commit, err = fair.Check(rec.Seed, rec.Meta); err != nil {
		return v, err
	}
	if _, err := rec.Start(); err != nil {
		return v, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	g, err := rec.Replay()
	if err != nil {
		return v, replayErr(err, record.ErrMismatch, record.ErrCorrupt)
	}
	st := g.State()
	v.Hands, v.Over = st.HandNumber(), st.Phase() == game.MatchOver
	return v, nil
}
