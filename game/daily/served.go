package daily

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/record"
)

// The served daily. On okey serve a day's deals must
// not follow from the date, which anyone can compute before playing: the
// server draws a secret of its own for each day and game, shows everyone
// a commitment to it while the day lasts, and reveals it when the day
// closes. Every seed of the day is then
//
//	first 8 bytes, big-endian, of
//	SHA-256("okey served daily v1" 0x00 game 0x00 YYYY-MM-DD 0x00 SECRET 0x00 role)
//
// with SECRET the secret's 64 lowercase hex digits and role as for a
// date's daily ("hand 1", "hand 1 seat 2"); the commitment is
//
//	SHA-256("okey served daily commitment v1" 0x00 game 0x00 YYYY-MM-DD 0x00 SECRET)
//
// The secret is 32 bytes from crypto/rand, so the commitment cannot be
// inverted by trying secrets; game and date are in both hashes, so a
// day's secret and commitment cannot be passed off as another day's.

// SecretLen is the length of a served day's secret.
const SecretLen = 32

// Secret is a served day's secret, drawn by the server.
type Secret [SecretLen]byte

// String is the secret in lowercase hex, as it is revealed.
func (s Secret) String() string { return hex.EncodeToString(s[:]) }

// ErrSecret is a revealed secret that cannot be read.
var ErrSecret = errors.New("not a served daily's secret")

// ParseSecret reads a secret written as String writes it.
func ParseSecret(h string) (Secret, error) {
	var s Secret
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != SecretLen || hex.EncodeToString(b) != h {
		return s, fmt.Errorf("%q: %w (64 lowercase hex digits)", h, ErrSecret)
	}
	copy(s[:], b)
	return s, nil
}

// ServedSeed is the seed named role of the served daily of game on date
// under secret.
func ServedSeed(g game.Kind, date Date, secret Secret, role string) uint64 {
	sum := hashParts(servedLabel, string(g), date.String(), secret.String(), role)
	return binary.BigEndian.Uint64(sum[:8])
}

// NewServed is the served daily of game on date under secret: the same
// hands, rules and bots' roles as New's, every seed ServedSeed's.
func NewServed(g game.Kind, date Date, secret Secret) (Set, error) {
	s, err := newSet(g, date, func(role string) uint64 { return ServedSeed(g, date, secret, role) })
	s.Served = err == nil
	return s, err
}

// Commitment is a served day's commitment to its secret.
type Commitment [sha256.Size]byte

// String is the commitment in hex.
func (c Commitment) String() string { return hex.EncodeToString(c[:]) }

// Short is its first 8 bytes in four groups, as players read it.
func (c Commitment) Short() string { return Fingerprint(c).Short() }

// Commit is the commitment to secret of the served daily of game on date.
func Commit(g game.Kind, date Date, secret Secret) Commitment {
	return hashParts(commitTag, string(g), date.String(), secret.String())
}

// The keys a served daily hand's record carries in its meta: which
// day's hand ("v1 classic 2026-11-24 hand 1") and the day's commitment
// (64 hex digits). The secret is not in the record: it is revealed when
// the day closes, and VerifyServed checks a record against it.
const (
	MetaServed       = record.MetaServedDaily
	MetaServedCommit = "daily_commit"
)

// ServedMeta is the meta of hand h of the served set s, committed to c.
func (s Set) ServedMeta(h Hand, c Commitment) map[string]string {
	return map[string]string{
		MetaServed:       fmt.Sprintf("v%d %s %s hand %d", s.Version, s.Game, s.Date, h.N),
		MetaServedCommit: c.String(),
	}
}

// Why a served daily's record does not verify; test with errors.Is.
var (
	// ErrNotServed: the record names no served daily.
	ErrNotServed = errors.New("not a served daily's record")
	// ErrRevealMismatch: the secret given is not the one the record's
	// commitment was made to.
	ErrRevealMismatch = errors.New("the secret does not match the day's commitment")
)

// ServedHand is what VerifyServed found a record to be.
type ServedHand struct {
	Set    Set
	Hand   Hand
	Commit Commitment
}

// servedNamed reads the served daily a meta names and checks secret
// against its commitment.
func servedNamed(meta map[string]string, secret Secret) (ServedHand, error) {
	v, ok := meta[MetaServed]
	if !ok {
		return ServedHand{}, ErrNotServed
	}
	bad := fmt.Errorf("%w: %s %q", ErrDailyMeta, MetaServed, v)
	f := strings.Fields(v)
	if len(f) != 5 || f[0] != "v"+strconv.Itoa(Version) || f[3] != "hand" {
		return ServedHand{}, bad
	}
	g, err := game.ParseKind(f[1])
	if err != nil {
		return ServedHand{}, bad
	}
	d, err := ParseDate(f[2])
	if err != nil {
		return ServedHand{}, bad
	}
	k, err := strconv.Atoi(f[4])
	if err != nil || k < 1 || k > Hands(g) || f[4] != strconv.Itoa(k) {
		return ServedHand{}, bad
	}
	c, err := hex.DecodeString(meta[MetaServedCommit])
	if err != nil || len(c) != sha256.Size {
		return ServedHand{}, fmt.Errorf("%w: %s %q", ErrDailyMeta, MetaServedCommit, meta[MetaServedCommit])
	}
	out := ServedHand{Commit: Commitment(c)}
	if Commit(g, d, secret) != out.Commit {
		return out, fmt.Errorf("%w: the record's daily (%s %s) was committed to %s", ErrRevealMismatch, g, d, out.Commit.Short())
	}
	s, err := NewServed(g, d, secret)
	if err != nil {
		return out, bad
	}
	out.Set, out.Hand = s, s.Hands[k-1]
	return out, nil
}

// VerifyServedClassic checks a classic record of a served daily against
// the day's revealed secret: the secret is the one committed to, and the
// record's seed, rules and record version are the hand's it names (its
// moves are the referee's to check, by replaying it).
func VerifyServedClassic(rec classic.Record, secret Secret) (ServedHand, error) {
	n, err := servedNamed(rec.Meta, secret)
	if err != nil {
		return n, err
	}
	want := ClassicRecord(n.Hand)
	if n.Set.Game != game.Classic || rec.Seed != want.Seed || rec.Rules != want.Rules || rec.Version != want.Version {
		return n, servedMismatch(rec.Meta, rec.Seed, rec.Rules.String(), rec.Version)
	}
	return n, nil
}

// VerifyServed101 is VerifyServedClassic for a record of 101.
func VerifyServed101(rec okey101.Record, secret Secret) (ServedHand, error) {
	n, err := servedNamed(rec.Meta, secret)
	if err != nil {
		return n, err
	}
	want := Record101(n.Hand)
	if n.Set.Game != game.Okey101 || rec.Seed != want.Seed || rec.Rules != want.Rules || rec.Version != want.Version {
		return n, servedMismatch(rec.Meta, rec.Seed, rec.Rules.String(), rec.Version)
	}
	return n, nil
}

func servedMismatch(meta map[string]string, seed uint64, rules string, version int) error {
	return fmt.Errorf("%w: %q, yet seed %016x, rules %s, record version %d", ErrDailyMismatch, meta[MetaServed], seed, rules, version)
}

// MetaServedSecret is the meta key under which a served daily hand's
// record, handed out after its day, carries the day's revealed secret.
const MetaServedSecret = "daily_secret"

// WithSecret is record (a match record: a JSON header line, then its
// actions) with secret written into its header's meta, for a record
// handed out once the day is over: okey verify then needs nothing else.
// The rest of the record is kept byte for byte.
func WithSecret(record []byte, secret Secret) ([]byte, error) {
	head, rest, _ := bytes.Cut(record, []byte{'\n'})
	var h map[string]json.RawMessage
	if err := json.Unmarshal(head, &h); err != nil {
		return nil, fmt.Errorf("a record's header: %w", err)
	}
	meta := map[string]string{}
	if m, ok := h["meta"]; ok {
		if err := json.Unmarshal(m, &meta); err != nil {
			return nil, fmt.Errorf("a record's meta: %w", err)
		}
	}
	meta[MetaServedSecret] = secret.String()
	m, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	h["meta"] = m
	out, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	return append(append(out, '\n'), rest...), nil
}

// SecretOf is the secret a handed-out record carries (WithSecret).
func SecretOf(meta map[string]string) (Secret, error) {
	v, ok := meta[MetaServedSecret]
	if !ok {
		return Secret{}, fmt.Errorf("%w: the record has no %s (a served daily's records are handed out once the day is over)", ErrSecret, MetaServedSecret)
	}
	return ParseSecret(v)
}
