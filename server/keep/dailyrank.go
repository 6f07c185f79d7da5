package keep

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/daily"
)

// Who the daily's board ranks. Everyone meets the same deals, and the
// bots' play follows from the moves, so a day can be learnt by playing
// it, and an identity costs nothing: a guest connection, or a key made
// a minute ago. So the board ranks a day — and counts it in the field's
// means — only when it is played:
//
//   - with a key (a guest can connect again, and again: practice);
//   - a key the cluster first saw before the day began (00:00 UTC): a
//     key made today to play today's day again is practice; and
//   - from an address (an IPv4 address, an IPv6 /56 unless the server
//     says another: DailyAddr) where no other player who could be ranked
//     had started the day before: a day learnt with another key seen
//     before the day makes that address's later days practice. A guest,
//     or a key new today, starts the day as practice without taking the
//     address's place: a passer-by, or a key made at 00:00, unranks
//     nobody.
//
// Every other day is played all the same, as practice: shown on the
// board, marked, with no place and out of the means. What the rule does
// not stop is one person with several addresses (in as many networks)
// and as many keys seen before the day — an entry ranked for each — or
// a friend told the deals: the board ranks what each identity played,
// and a player's screen shows its own racks and draws. It is a board
// for friends and honest strangers, not a prize.
//
// The records, in the bucket okey_daily beside the day's secret:
//
//	addrsalt.GAME.DATE            a random salt, sealed, made once (as the
//	                              day's secret) and never shown
//	addr.GAME.DATE.MAC            the identity that first started the day
//	                              from an address, sealed; MAC is HMAC-SHA256
//	                              of the address under the day's salt, so
//	                              the key names no address, even to a
//	                              reader who later learns the day's secret
//
// and, in the bucket okey_seen, kept as long as the store:
//
//	id.ID                         when the cluster first saw a key (ID a
//	                              MAC of it: names.go), sealed, made with
//	                              Create: the first writer's time is every
//	                              node's

// Why a day is practice (DailyResult.Practice); "" is a ranked day.
const (
	// PracticeGuest: a guest, whom a second connection cannot prove.
	PracticeGuest = "guest"
	// PracticeNewKey: a key the cluster first saw once the day had begun.
	PracticeNewKey = "new"
	// PracticeAddr: the day was started from the address before, by
	// another identity.
	PracticeAddr = "addr"
)

// DailyStanding is whether id's day d is ranked ("") or why it is
// practice: guest for a guest; for a key, first is when the cluster
// first saw it, and addrFirst is the identity that first started the day
// from its address ("" when the address does not count, as loopback's).
func DailyStanding(d daily.Date, guest bool, first time.Time, addrFirst, id string) string {
	switch {
	case guest:
		return PracticeGuest
	case first.IsZero() || !first.Before(dayStart(d)):
		return PracticeNewKey
	case addrFirst != "" && addrFirst != id:
		return PracticeAddr
	}
	return ""
}

// dayStart is 00:00 UTC of d.
func dayStart(d daily.Date) time.Time {
	t, err := time.Parse(time.DateOnly, d.String())
	if err != nil {
		return time.Time{} // a Date always reads back; no day begins at zero
	}
	return t
}

// seenKey is the key of when id was first seen: id named by a MAC of
// its own (names.go).
func (b *DailyBook) seenKey(id string) string { return "id." + b.names.Of(id, "seen") }

// FirstSeen is when the cluster first saw id: the time kept, or now,
// kept now if none was (a Create: of two nodes seeing a key at once,
// the first writer's time is the one every node reads). earlier, if
// given, is asked only then, for an earlier time the store can show the
// key was about (a store kept before these records were: its ratings).
// A value kept that does not open with the cluster's secret is an
// error, and the caller takes the key as new.
func (b *DailyBook) FirstSeen(ctx context.Context, id string, now time.Time, earlier func() time.Time) (time.Time, error) {
	key := b.seenKey(id)
	read := func() (time.Time, error) {
		kv, err := b.seen.Get(ctx, key)
		if err != nil {
			return time.Time{}, err
		}
		plain, err := b.seal.Open(seenBucket+"/"+key, kv.Value())
		if err != nil {
			return time.Time{}, fmt.Errorf("when %s was first seen: %w", id, err)
		}
		t, err := time.Parse(time.RFC3339Nano, string(plain))
		if err != nil {
			return time.Time{}, fmt.Errorf("when %s was first seen: %w", id, err)
		}
		return t, nil
	}
	t, err := read()
	if !errors.Is(err, jetstream.ErrKeyNotFound) {
		return t, err
	}
	if earlier != nil {
		if e := earlier(); !e.IsZero() && e.Before(now) {
			now = e
		}
	}
	now = now.UTC()
	_, err = b.seen.Create(ctx, key, b.seal.Seal(seenBucket+"/"+key, []byte(now.Format(time.RFC3339Nano))))
	switch {
	case err == nil:
		return now, nil
	case errors.Is(err, jetstream.ErrKeyExists):
		return untilWritten(ctx, read, jetstream.ErrKeyNotFound)
	}
	return time.Time{}, fmt.Errorf("keeping when %s was first seen: %w", id, err)
}

func addrSaltKey(g game.Kind, d daily.Date) string {
	return "addrsalt." + string(g) + "." + d.String()
}

// DailyAddrPrefix is the IPv6 network, in bits, the daily's address
// rule counts a client by unless told otherwise: the network a home or
// a small site is commonly delegated (a /56: 256 networks of /64, each
// holding more addresses than anyone could use), so that one home's
// addresses count as one.
const DailyAddrPrefix = 56

// DailyAddr is the network the daily's address rule counts a client by:
// addr — an address, or an IPv6 network as the per-address limits count
// one ("2001:db8:1:2::/64") — widened to prefix bits if it is IPv6 (an
// IPv4 address counts as itself; a network never narrows). Anything
// else is counted as it is written.
func DailyAddr(addr string, prefix int) string {
	p, err := netip.ParsePrefix(addr)
	if err != nil {
		a, aerr := netip.ParseAddr(addr)
		if aerr != nil {
			return addr
		}
		p = netip.PrefixFrom(a, a.BitLen())
	}
	if a := p.Addr(); a.Is4() || a.Is4In6() || a.IsLoopback() || prefix >= p.Bits() {
		return addr
	}
	wide, err := p.Addr().Prefix(prefix)
	if err != nil {
		return addr
	}
	return wide.String()
}

// addrKey is the key of addr's start of g's day d: a MAC of the address
// under the day's salt, which names no address.
func addrKey(g game.Kind, d daily.Date, salt daily.Secret, addr string) string {
	mac := hmac.New(sha256.New, salt[:])
	mac.Write([]byte(addr))
	return "addr." + string(g) + "." + d.String() + "." + hex.EncodeToString(mac.Sum(nil)[:16])
}

// addrStart is an address's start of a day, sealed in its key.
type addrStart struct {
	ID string `json:"id"`
}

// AddrFirst is the identity that first started g's day d from addr. With
// claim it is id when none had (kept now, with a Create: once an
// address, in the whole cluster); without, "" when none had.
func (b *DailyBook) AddrFirst(ctx context.Context, g game.Kind, d daily.Date, addr, id string, claim bool, rnd io.Reader) (string, error) {
	salt, err := b.secretAt(ctx, addrSaltKey(g, d), rnd)
	if err != nil {
		return "", fmt.Errorf("the day's addresses: %w", err)
	}
	key := addrKey(g, d, salt, addr)
	read := func() (string, error) {
		kv, err := b.kv.Get(ctx, key)
		if err != nil {
			return "", err
		}
		plain, err := b.seal.Open(dailyBucket+"/"+key, kv.Value())
		if err != nil {
			return "", fmt.Errorf("an address's start of the day: %w", err)
		}
		var a addrStart
		if err := json.Unmarshal(plain, &a); err != nil || a.ID == "" {
			return "", fmt.Errorf("an address's start of the day: damaged")
		}
		return a.ID, nil
	}
	first, err := read()
	switch {
	case err == nil:
		return first, nil
	case !errors.Is(err, jetstream.ErrKeyNotFound):
		return "", err
	case !claim:
		return "", nil
	}
	v, err := json.Marshal(addrStart{ID: id})
	if err != nil {
		return "", err
	}
	_, err = b.kv.Create(ctx, key, b.seal.Seal(dailyBucket+"/"+key, v))
	switch {
	case err == nil:
		return id, nil
	case errors.Is(err, jetstream.ErrKeyExists):
		return untilWritten(ctx, read, jetstream.ErrKeyNotFound)
	}
	return "", fmt.Errorf("an address's start of the day: %w", err)
}
