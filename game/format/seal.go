package format

import (
	"encoding/binary"
	"encoding/hex"

	"okey/game/fair"
)

// Seal is a match's secret, the seed and the salt, the commitment to
// them that is shown while the match is played, and the key of its
// bots' random sources.
type Seal struct {
	Seed   uint64
	Salt   []byte
	Commit fair.Commitment
	// BotKey keys the bots' random sources for the match: drawn beside
	// the seed, never from it, so that nothing a bot does is a function
	// of the deals' secret.
	BotKey uint64
	// None: the match has no commitment of its own (a daily's hand,
	// whose day's is shown; a match begun before commitments).
	None bool
}

// SealBytes is how many random bytes a fresh seal is made of: the seed,
// the salt and the bots' key.
const SealBytes = 8 + fair.SaltLen + 8

// SealFrom is the seal made of b, random bytes the caller drew (at a
// served table from crypto/rand): the seed, the salt and the bots' key
// in that order, and the commitment to the seed and salt.
func SealFrom(b [SealBytes]byte) Seal {
	s := Seal{
		Seed:   binary.BigEndian.Uint64(b[:8]),
		Salt:   append([]byte(nil), b[8:8+fair.SaltLen]...),
		BotKey: binary.BigEndian.Uint64(b[8+fair.SaltLen:]),
	}
	s.Commit = fair.Commit(s.Seed, s.Salt)
	return s
}

// SealOf is the seal a record's header carries (its seed and meta): a
// header without a valid commitment gives a seal marked None. The bots'
// key is not in a record; the caller sets it from what it kept.
func SealOf(seed uint64, meta map[string]string) Seal {
	c, err := fair.Check(seed, meta)
	if err != nil {
		return Seal{None: true}
	}
	salt, _ := hex.DecodeString(meta[fair.MetaSalt]) // fair.Check read it
	return Seal{Seed: seed, Salt: salt, Commit: c}
}

// Meta is what a record's meta says of the seal: the commitment and
// the salt (never the seed, which the record's header holds); nil for a
// seal without a commitment.
func (s Seal) Meta() map[string]string {
	if s.None {
		return nil
	}
	return fair.Meta(s.Seed, s.Salt)
}

// Reveal is the seal as shown: its commitment's short form, and with
// secret its seed and salt too.
func (s Seal) Reveal(secret bool) Shown {
	if s.None {
		return Shown{}
	}
	sh := Shown{Commit: s.Commit.Short()}
	if secret {
		sh.Seed, sh.Salt = formatSeed(s.Seed), hex.EncodeToString(s.Salt)
	}
	return sh
}
