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

// One person, one seat. Every tournament's table seats one player an
// address, as any table does (server/tables). A tournament of duplicate
// rounds — the same racks at every table of a round — asks more, as the
// daily does of its board: it takes only keys the cluster knew before it
// was created (a guest, or a key made for the evening, could be the
// same person at a second table), and one identity an address over the
// whole tournament. The address is kept as a MAC under the
// tournament's own salt, never as it is.

// Why a join is refused under the one-person rule.
var (
	// ErrNotKnown: a duplicate tournament takes keys the cluster knew
	// before it was created.
	ErrNotKnown = errors.New("duplicate rounds take keys this server knew before the tournament was created")
	// ErrAddrTaken: another identity joined the duplicate tournament
	// from the same address.
	ErrAddrTaken = errors.New("another player joined this tournament from your address")
)

// From is where a join comes from: the player's address, and when the
// cluster first saw their key (zero: a guest, or not known).
type From struct {
	Addr string
	Seen time.Time
	// Code is the join code the player gave (a private tournament's).
	Code string
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
// ("": none).
func (r *record) admits(player string, from From) (string, error) {
	if !r.T.System().Scoring.Sealed() {
		return "", nil
	}
	if strings.HasPrefix(player, keep.GuestPrefix) || from.Seen.IsZero() || !from.Seen.Before(r.Created) {
		return "", fmt.Errorf("%s: %w", r.ID, ErrNotKnown)
	}
	mark := r.addrMark(from.Addr)
	if by, ok := r.Addrs[mark]; ok && mark != "" && by != r.T.Unit(player) && by != player {
		return "", fmt.Errorf("%s: %w", r.ID, ErrAddrTaken)
	}
	return mark, nil
}

// free says whether the address mark of a join the owner takes is not
// another player's (who joined from there meanwhile, by another node).
func (r *record) free(mark, player string) bool {
	by, ok := r.Addrs[mark]
	return mark == "" || !ok || by == player
}

// claim keeps the address mark of a join the owner took for player.
func (r *record) claim(mark, player string) {
	if mark == "" {
		return
	}
	if r.Addrs == nil {
		r.Addrs = map[string]string{}
	}
	r.Addrs[mark] = player
}
