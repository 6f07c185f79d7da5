package tournaments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"okey/server/keep"
	"okey/server/tables"
)

// One person, one entry. Every tournament takes one entry an address:
// keys, guests and browsers from one address hold one entry between
// them (a team's two count as one), refused at the entry rather than
// found out at a table, unless the operator names the address shared
// (a club's hall: From.Shared). A tournament of duplicate rounds — the
// same racks at every table of a round — asks more, as the daily does
// of its board: it takes only keys the cluster knew before it was
// created (a guest, or a key made for the evening, could be the same
// person at a second table), and its one identity an address holds
// for shared addresses too. The address is kept as a MAC under the
// tournament's own salt, never as it is.

// Why a join is refused under the one-person rule.
var (
	// ErrNotKnown: a duplicate tournament takes keys the cluster knew
	// before it was created.
	ErrNotKnown = errors.New("duplicate rounds take keys this server knew before the tournament was created")
	// ErrAddrTaken: another identity entered the tournament from the
	// same address: one entry per address.
	ErrAddrTaken = errors.New("one entry per address: another player entered this tournament from your address")
)

// From is where a join comes from: the player's address, and when the
// cluster first saw their key (zero: a guest, or not known).
type From struct {
	Addr string
	Seen time.Time
	// Code is the join code the player gave (a private tournament's).
	Code string
	// Shared: the operator named the address as shared by several
	// people (a club's hall), whose one entry an address does not
	// hold; a duplicate tournament's one identity an address still does.
	Shared bool
}

// saltBytes is the size of a tournament's salt for its addresses.
const saltBytes = 16

// addrMark is addr's mark in tournament r: a MAC under its salt ("": an
// address the rule does not count, as the loopback's).
func (r *record) addrMark(addr string) string {
	if !tables.SharedAddr(addr) {
		return ""
	}
	salt := r.Salt
	if len(salt) == 0 {
		salt = []byte(r.ID) // a tournament kept before salts
	}
	mac := hmac.New(sha256.New, salt)
	mac.Write([]byte(addr))
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// admits says whether tournament r takes player coming from from under
// the one-person rule, and the address's mark the owner claims for them
// ("": none). partner is whom the player asks to team with ("": none):
// a team from one address is one entry.
func (r *record) admits(player string, from From, partner string) (string, error) {
	sealed := r.T.System().Scoring.Sealed()
	if sealed && (strings.HasPrefix(player, keep.GuestPrefix) || from.Seen.IsZero() || !from.Seen.Before(r.Created)) {
		return "", fmt.Errorf("%s: %w", r.ID, ErrNotKnown)
	}
	if from.Shared && !sealed {
		return "", nil
	}
	mark := r.addrMark(from.Addr)
	if !r.free(mark, player, partner) {
		return "", fmt.Errorf("%s: %w", r.ID, ErrAddrTaken)
	}
	return mark, nil
}

// free says whether the address mark of a join is not another entry's:
// no one's, player's own (or their team's), or, but in duplicate
// rounds, that of the partner they ask to team with.
func (r *record) free(mark, player, partner string) bool {
	by, ok := r.Addrs[mark]
	switch {
	case mark == "" || !ok || by == player || r.T.Unit(by) == r.T.Unit(player):
		return true
	case partner != "" && !r.T.System().Scoring.Sealed():
		return by == partner || r.T.Unit(by) == r.T.Unit(partner)
	}
	return false
}

// rides says whether player, asking a partner from mark, comes from
// the address of another's entry (the partner's, as free lets only
// them): the ask is then their only entry (tourney's Invite.Entry), and
// ended other than in the two's team it takes them out, so that the
// address never holds two entries.
func (r *record) rides(mark, player string) bool {
	by, ok := r.Addrs[mark]
	return mark != "" && ok && by != player && r.T.Unit(by) != r.T.Unit(player)
}

// claim keeps the address mark of a join the owner took for player,
// unless the mark is another's already: the one who entered from it
// keeps it (a partner from their address rides on their entry).
func (r *record) claim(mark, player string) {
	if mark == "" {
		return
	}
	if r.Addrs == nil {
		r.Addrs = map[string]string{}
	}
	if _, held := r.Addrs[mark]; !held {
		r.Addrs[mark] = player
	}
}
